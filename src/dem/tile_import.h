// `cairn dem add`: turning SRTM and GeoTIFF files (loose, zipped, or in folders) into tile files
// of DIR/dem/ and listing them in its manifest.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "dem/tile_file.h"
#include "util/result.h"

namespace cairn::dem {

// What became of one input tile (a file, or one entry of a zip).
struct ImportOutcome {
  std::string input;             // "path/N46E008.hgt" or "path/tiles.zip:N46E008.hgt"
  std::optional<TileInfo> tile;  // set when imported
  std::string refusal;           // why not, when not imported
  size_t voids_filled = 0;
  bool replaced = false;  // a tile of the same cell and resolution was there before
};

struct ImportReport {
  std::vector<ImportOutcome> outcomes;
  size_t other_files = 0;  // files in the folders given that are no terrain tiles, left alone
  size_t Refused() const;
};

// Imports every tile named by `paths` into `dem_dir` (created if missing; its parent must
// exist): files by their extension (.hgt, .zip with .hgt or .tif entries, .tif/.tiff), folders
// recursively (other files there are counted, not refused). Each tile is read, checked, its
// voids filled and written atomically; a refused tile leaves nothing behind. The manifest is
// rewritten once at the end, so a running server switches to the new tiles in one step.
// Holds an exclusive flock(2) on `dem_dir` while it runs: two imports never interleave.
// Errors only for the folder itself (it cannot be created, locked or its manifest written);
// problems with inputs are outcomes.
util::Result<ImportReport> ImportTiles(const std::string& dem_dir,
                                       const std::vector<std::string>& paths);

// The tiles listed in `dem_dir`'s manifest, read from their headers; a listed file that is
// missing or damaged is returned with its problem in `problems`.
util::Result<std::vector<TileInfo>> ListTiles(const std::string& dem_dir,
                                              std::vector<std::string>* problems);

}  // namespace cairn::dem
