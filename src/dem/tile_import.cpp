// Import: find the inputs, decode each tile, fill its voids, write it, update the manifest.
#include "dem/tile_import.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dem/geotiff_reader.h"
#include "dem/hgt_reader.h"
#include "dem/manifest.h"
#include "dem/void_fill.h"
#include "geo/zip_archive.h"
#include "util/durable_files.h"

namespace cairn::dem {
namespace {

namespace fs = std::filesystem;

// A zip of many tiles is read whole into memory; entries are decompressed one at a time.
constexpr uint64_t kMaxInputBytes = 2ull << 30;
constexpr uint64_t kMaxEntryBytes = 320ull << 20;

enum class Kind { kHgt, kGeoTiff, kZip, kOther };

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

bool EndsWith(const std::string& text, const std::string& suffix) {
  return text.size() >= suffix.size() &&
         text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

Kind KindOf(const std::string& name) {
  const std::string lower = Lower(name);
  if (EndsWith(lower, ".hgt")) return Kind::kHgt;
  if (EndsWith(lower, ".tif") || EndsWith(lower, ".tiff")) return Kind::kGeoTiff;
  if (EndsWith(lower, ".zip")) return Kind::kZip;
  return Kind::kOther;
}

// The last path segment of a zip entry's name (only ever parsed, never used as a path).
std::string BaseName(const std::string& entry) {
  const size_t slash = entry.find_last_of("/\\");
  return slash == std::string::npos ? entry : entry.substr(slash + 1);
}

util::Result<std::string> ReadWholeFile(const std::string& path) {
  std::error_code ec;
  const auto size = fs::file_size(path, ec);
  if (ec) return util::Error::InvalidArgument("cannot read: " + ec.message());
  if (size > kMaxInputBytes) return util::Error::InvalidArgument("larger than 2 GB");
  std::ifstream in(path, std::ios::binary);
  if (!in) return util::Error::InvalidArgument("cannot open it");
  std::string bytes(size, '\0');
  if (!in.read(bytes.data(), static_cast<std::streamsize>(size))) {
    return util::Error::InvalidArgument("cannot read it whole");
  }
  return bytes;
}

// The inputs named: files as given, folders' tile files in name order.
std::vector<std::string> Expand(const std::vector<std::string>& paths, ImportReport& report) {
  std::vector<std::string> files;
  for (const std::string& path : paths) {
    std::error_code ec;
    if (!fs::is_directory(path, ec)) {
      files.push_back(path);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::end(it);
         it.increment(ec)) {
      if (!it->is_regular_file(ec)) continue;
      const std::string name = it->path().filename().string();
      if (name.empty() || name[0] == '.') continue;
      if (KindOf(name) == Kind::kOther) {
        ++report.other_files;
      } else {
        found.push_back(it->path().string());
      }
    }
    if (ec)
      report.outcomes.push_back({path, std::nullopt, "cannot read the folder: " + ec.message()});
    std::sort(found.begin(), found.end());
    files.insert(files.end(), found.begin(), found.end());
  }
  return files;
}

// Adds the outcome of one tile's bytes to `report`, writing the tile when it is good.
void ImportOne(const std::string& dem_dir, const std::string& input, const std::string& name,
               Kind kind, std::string_view bytes, std::vector<std::string>& manifest,
               ImportReport& report) {
  ImportOutcome outcome{input};
  auto decoded = kind == Kind::kHgt ? ReadHgt(name, bytes) : ReadGeoTiff(name, bytes);
  if (!decoded.ok()) {
    outcome.refusal = decoded.error().message;
    report.outcomes.push_back(std::move(outcome));
    return;
  }
  DecodedTile& tile = *decoded;
  auto filled = FillVoids(tile.grid.rows, tile.grid.cols, tile.heights);
  if (!filled.ok()) {
    outcome.refusal = filled.error().message;
    report.outcomes.push_back(std::move(outcome));
    return;
  }
  outcome.voids_filled = *filled;
  auto written = WriteTileFile(dem_dir, tile);
  if (!written.ok()) {
    outcome.refusal = written.error().message;
    report.outcomes.push_back(std::move(outcome));
    return;
  }
  const std::string& file = written->file_name;
  outcome.replaced = std::find(manifest.begin(), manifest.end(), file) != manifest.end();
  if (!outcome.replaced) manifest.push_back(file);
  outcome.tile = std::move(written).value();
  report.outcomes.push_back(std::move(outcome));
}

void ImportZip(const std::string& dem_dir, const std::string& path, std::string_view bytes,
               std::vector<std::string>& manifest, ImportReport& report) {
  // Flat tiles compress far beyond a document's ratio; the entry size bounds memory instead.
  geo::ZipLimits limits{.max_entries = 10'000,
                        .max_entry_bytes = kMaxEntryBytes,
                        .max_total_bytes = ~0ull,
                        .max_ratio = 1e9};
  auto zip = geo::ZipReader::Open(bytes, limits);
  if (!zip.ok()) {
    report.outcomes.push_back({path, std::nullopt, "not a readable zip: " + zip.error().message});
    return;
  }
  bool any = false;
  for (size_t i = 0; i < zip->entries().size(); ++i) {
    const geo::ZipEntry& entry = zip->entries()[i];
    const std::string name = BaseName(entry.name);
    const Kind kind = KindOf(name);
    if (entry.is_directory || (kind != Kind::kHgt && kind != Kind::kGeoTiff)) continue;
    any = true;
    const std::string input = path + ":" + geo::PrintableEntryName(entry.name);
    auto content = zip->ReadEntry(i);
    if (!content.ok()) {
      report.outcomes.push_back({input, std::nullopt, content.error().message});
      continue;
    }
    ImportOne(dem_dir, input, name, kind, *content, manifest, report);
  }
  if (!any) report.outcomes.push_back({path, std::nullopt, "the zip holds no .hgt or .tif tile"});
}

// Temporary files of an import that was killed (util::ReplaceFileDurably's hidden ones): no
// tile refers to them.
void RemoveLeftovers(const std::string& dem_dir) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dem_dir, ec)) {
    if (entry.path().filename().string().rfind('.', 0) == 0) fs::remove(entry.path(), ec);
  }
}

}  // namespace

size_t ImportReport::Refused() const {
  return static_cast<size_t>(std::count_if(outcomes.begin(), outcomes.end(),
                                           [](const ImportOutcome& o) { return !o.tile; }));
}

util::Result<ImportReport> ImportTiles(const std::string& dem_dir,
                                       const std::vector<std::string>& paths) {
  std::error_code ec;
  const bool created = fs::create_directory(dem_dir, ec);
  if (ec) return util::FileSystemError("cannot create", dem_dir, ec.value());
  const int lock = ::open(dem_dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (lock < 0) return util::FileSystemError("cannot open", dem_dir);
  ::flock(lock, LOCK_EX);  // released by close, or by the kernel if this process dies
  struct Unlock {
    int fd;
    ~Unlock() { ::close(fd); }
  } unlock{lock};
  RemoveLeftovers(dem_dir);
  CAIRN_ASSIGN_OR_RETURN(std::vector<std::string> manifest, ReadManifest(dem_dir));
  const size_t listed = manifest.size();

  ImportReport report;
  for (const std::string& path : Expand(paths, report)) {
    const Kind kind = KindOf(path);
    std::error_code exists_ec;
    if (!fs::exists(path, exists_ec)) {
      report.outcomes.push_back({path, std::nullopt, "no such file or folder"});
      continue;
    }
    if (kind == Kind::kOther) {
      report.outcomes.push_back(
          {path, std::nullopt, "not a terrain tile (.hgt, .zip, .tif or .tiff)"});
      continue;
    }
    auto bytes = ReadWholeFile(path);
    if (!bytes.ok()) {
      report.outcomes.push_back({path, std::nullopt, bytes.error().message});
      continue;
    }
    const std::string name = fs::path(path).filename().string();
    if (kind == Kind::kZip) {
      ImportZip(dem_dir, path, *bytes, manifest, report);
    } else {
      ImportOne(dem_dir, path, name, kind, *bytes, manifest, report);
    }
  }
  const bool any_imported = report.Refused() < report.outcomes.size();
  if (any_imported) {
    // Written even when only replacements came in: the new inode tells servers to remap.
    CAIRN_RETURN_IF_ERROR(WriteManifest(dem_dir, manifest));
  } else if (created && listed == 0) {
    fs::remove(dem_dir, ec);  // nothing came of it: leave no empty folder
  }
  return report;
}

util::Result<std::vector<TileInfo>> ListTiles(const std::string& dem_dir,
                                              std::vector<std::string>* problems) {
  CAIRN_ASSIGN_OR_RETURN(std::vector<std::string> names, ReadManifest(dem_dir));
  std::vector<TileInfo> tiles;
  for (const std::string& name : names) {
    auto info = ReadTileInfo(dem_dir, name);
    if (info.ok()) {
      tiles.push_back(std::move(info).value());
    } else if (problems) {
      problems->push_back(info.error().message);
    }
  }
  return tiles;
}

}  // namespace cairn::dem
