// Member lookup and bounded reads over geo::ZipReader.
#include "services/imports/export_archive.h"

#include <algorithm>
#include <cctype>

#include "geo/gunzip.h"

namespace cairn::services::imports {
namespace {

// An export holds every activity a person ever recorded: far more, and larger, than an upload.
geo::ZipLimits ExportLimits() {
  geo::ZipLimits limits;
  limits.max_entries = 500'000;
  limits.max_entry_bytes = kMaxNestedArchiveBytes;
  limits.max_total_bytes = uint64_t{1} << 40;
  return limits;
}

std::string Lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

util::Result<ExportArchive> ExportArchive::OpenFile(const std::string& path) {
  CAIRN_ASSIGN_OR_RETURN(geo::ZipReader reader, geo::ZipReader::OpenFile(path, ExportLimits()));
  return ExportArchive(nullptr, std::move(reader));
}

util::Result<ExportArchive> ExportArchive::OpenBytes(std::string bytes) {
  auto owned = std::make_unique<std::string>(std::move(bytes));
  CAIRN_ASSIGN_OR_RETURN(geo::ZipReader reader, geo::ZipReader::Open(*owned, ExportLimits()));
  return ExportArchive(std::move(owned), std::move(reader));
}

std::optional<size_t> ExportArchive::Find(std::string_view name) const {
  const auto& all = entries();
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].name == name) return i;
  }
  const std::string suffix = "/" + std::string(name);
  for (size_t i = 0; i < all.size(); ++i) {
    if (all[i].name.ends_with(suffix)) return i;
  }
  return std::nullopt;
}

util::Result<std::string> ExportArchive::Read(size_t index, size_t max_bytes) {
  if (index >= entries().size()) return util::Error::Internal("no member " + std::to_string(index));
  const std::string& name = entries()[index].name;
  const bool gzipped = Lower(name).ends_with(".gz");
  if (!gzipped && entries()[index].declared_size > max_bytes) {
    return util::Error::TooLarge("larger than " + std::to_string(max_bytes >> 20) + " MB");
  }
  CAIRN_ASSIGN_OR_RETURN(std::string bytes, reader_.ReadEntry(index));
  if (!gzipped) {
    if (bytes.size() > max_bytes) {
      return util::Error::TooLarge("larger than " + std::to_string(max_bytes >> 20) + " MB");
    }
    return bytes;
  }
  return geo::Gunzip(bytes, max_bytes);
}

std::string BaseName(std::string_view member) {
  const size_t slash = member.find_last_of("/\\");
  std::string base(slash == std::string_view::npos ? member : member.substr(slash + 1));
  if (Lower(base).ends_with(".gz")) base.resize(base.size() - 3);
  return base;
}

std::string ExtensionOf(std::string_view member) {
  const std::string base = BaseName(member);
  const size_t dot = base.rfind('.');
  return dot == std::string::npos || dot == 0 ? "" : Lower(base.substr(dot));
}

bool IsGpsFileName(std::string_view member) {
  static const char* const kGps[] = {".gpx", ".fit", ".tcx", ".kml", ".kmz", ".geojson"};
  const std::string extension = ExtensionOf(member);
  return std::any_of(std::begin(kGps), std::end(kGps),
                     [&](const char* known) { return extension == known; });
}

bool IsPhotoFileName(std::string_view member) {
  static const char* const kPhotos[] = {".jpg", ".jpeg", ".png", ".webp"};
  const std::string extension = ExtensionOf(member);
  return std::any_of(std::begin(kPhotos), std::end(kPhotos),
                     [&](const char* known) { return extension == known; });
}

void AddPhotos(ExportArchive& archive, const std::vector<size_t>& members, Activity& activity,
               std::vector<std::string>& skipped) {
  for (size_t index : members) {
    if (activity.photos.size() >= kMaxPhotosPerActivity) {
      skipped.push_back("more than " + std::to_string(kMaxPhotosPerActivity) +
                        " photos: the rest were left out");
      return;
    }
    const std::string& name = archive.entries()[index].name;
    auto bytes = archive.Read(index, kMaxPhotoBytes);
    if (!bytes.ok()) {
      skipped.push_back(geo::PrintableEntryName(name) + ": " + bytes.error().message);
      continue;
    }
    activity.photos.push_back({BaseName(name), std::move(bytes).value()});
  }
}

}  // namespace cairn::services::imports
