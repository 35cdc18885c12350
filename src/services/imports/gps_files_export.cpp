// Walking an archive's GPS files, with the photos and names their export style gives them.
#include "services/imports/gps_files_export.h"

#include <cctype>

#include "util/sha256.h"

namespace cairn::services::imports {
namespace {

bool IsPassedOver(const std::string& name) {
  if (name.starts_with("__MACOSX/")) return true;
  const std::string base = BaseName(name);
  return base.empty() || base[0] == '.';
}

std::string FolderOf(const std::string& name) {
  const size_t slash = name.rfind('/');
  return slash == std::string::npos ? "" : name.substr(0, slash + 1);
}

bool AllDigits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// "2021-05-01_123456789_Around the lake.gpx" -> date, id, name.
struct KomootName {
  std::string date, id, name;
};
std::optional<KomootName> ParseKomootName(const std::string& base) {
  const size_t dot = base.rfind('.');
  const std::string stem = base.substr(0, dot);
  if (stem.size() < 12 || stem[4] != '-' || stem[7] != '-' || stem[10] != '_') return std::nullopt;
  if (!AllDigits(stem.substr(0, 4)) || !AllDigits(stem.substr(5, 2)) ||
      !AllDigits(stem.substr(8, 2))) {
    return std::nullopt;
  }
  const size_t id_end = stem.find('_', 11);
  const std::string id =
      stem.substr(11, id_end == std::string::npos ? std::string::npos : id_end - 11);
  if (!AllDigits(id)) return std::nullopt;
  KomootName out{stem.substr(0, 10), id, ""};
  if (id_end != std::string::npos) out.name = stem.substr(id_end + 1);
  for (char& c : out.name) {
    if (c == '_') c = ' ';
  }
  return out;
}

class GpsFilesSource : public ActivitySource {
 public:
  GpsFilesSource(ExportArchive archive, GpsFilesStyle style, std::vector<size_t> files)
      : archive_(std::move(archive)), style_(style), files_(std::move(files)) {}

  size_t ExpectedCount() const override { return files_.size(); }

  util::Result<std::optional<SourceItem>> Next() override {
    if (next_ >= files_.size()) return std::optional<SourceItem>();
    const size_t index = files_[next_++];
    const std::string& name = archive_.entries()[index].name;
    return std::optional<SourceItem>(
        SourceItem{.label = geo::PrintableEntryName(name), .activity = ReadActivity(index)});
  }

 private:
  util::Result<Activity> ReadActivity(size_t index) {
    const std::string name = archive_.entries()[index].name;
    CAIRN_ASSIGN_OR_RETURN(std::string bytes, archive_.Read(index, kMaxTrackBytes));
    Activity activity{.file_name = BaseName(name)};
    activity.external_id = "sha256:" + util::Sha256Hex(bytes);
    activity.track_bytes = std::move(bytes);
    if (style_ == GpsFilesStyle::kKomoot) {
      if (auto komoot = ParseKomootName(activity.file_name)) {
        activity.external_id = "komoot:" + komoot->id;
        activity.date = komoot->date;
        activity.name = komoot->name;
      }
    }
    if (style_ == GpsFilesStyle::kWanderer)
      AddPhotos(archive_, PhotosOf(name), activity, activity.warnings);
    return activity;
  }

  // The photos in the GPS file's folder or its photos/ subfolder, when no other GPS file shares
  // that folder (a flat archive of many trails gives no photo to any of them).
  std::vector<size_t> PhotosOf(const std::string& gps_name) const {
    const std::string folder = FolderOf(gps_name);
    std::vector<size_t> photos;
    if (folder.empty()) return photos;
    const auto& entries = archive_.entries();
    for (size_t i : files_) {
      if (entries[i].name != gps_name && FolderOf(entries[i].name) == folder) return photos;
    }
    for (size_t i = 0; i < entries.size(); ++i) {
      const std::string& name = entries[i].name;
      const std::string in = FolderOf(name);
      if (IsPhotoFileName(name) && !IsPassedOver(name) &&
          (in == folder || in == folder + "photos/")) {
        photos.push_back(i);
      }
    }
    return photos;
  }

  ExportArchive archive_;
  GpsFilesStyle style_;
  std::vector<size_t> files_;
  size_t next_ = 0;
};

}  // namespace

util::Result<std::unique_ptr<ActivitySource>> OpenGpsFilesExport(ExportArchive archive,
                                                                 GpsFilesStyle style) {
  std::vector<size_t> files;
  const auto& entries = archive.entries();
  for (size_t i = 0; i < entries.size(); ++i) {
    if (!entries[i].is_directory && !IsPassedOver(entries[i].name) &&
        IsGpsFileName(entries[i].name)) {
      files.push_back(i);
    }
  }
  if (files.empty()) {
    return util::Error::InvalidArgument(
        "the archive holds no GPS file (GPX, FIT, TCX, KML, KMZ or GeoJSON)");
  }
  return std::unique_ptr<ActivitySource>(
      new GpsFilesSource(std::move(archive), style, std::move(files)));
}

}  // namespace cairn::services::imports
