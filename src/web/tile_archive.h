// A PMTiles v3 archive of map tiles (--tiles-file): its header checked at start, and the open file
// the web app reads with range requests.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "util/file_handle.h"
#include "util/result.h"

namespace cairn::web {

// Where the web app fetches the archive (byte ranges of it, as the PMTiles readers do).
inline constexpr std::string_view kTileArchivePath = "/tiles/map.pmtiles";

// The kinds of tiles the web app draws: Mapbox vector tiles or raster images.
enum class TileType { kMvt, kPng, kJpeg, kWebp };

// "mvt", "png", "jpeg" or "webp".
std::string_view TileTypeName(TileType type);

// What the web app needs of the archive's 127-byte header (the PMTiles v3 specification's
// fields; positions in degrees, which the file stores as 1e-7 degrees).
struct PmtilesHeader {
  TileType tile_type = TileType::kPng;
  int min_zoom = 0;
  int max_zoom = 0;
  double min_lon = 0, min_lat = 0, max_lon = 0, max_lat = 0;
  int center_zoom = 0;
  double center_lon = 0, center_lat = 0;
};

inline constexpr size_t kPmtilesHeaderSize = 127;

// Reads the header at the start of a `file_size`-byte archive. InvalidArgument, with a message
// a person can act on, unless `bytes` (at least the first 127 bytes) start with "PMTiles" and
// version 3, the tiles are mvt, png, jpeg or webp, the zooms lie in 0..30 with min <= max, the
// bounds are a box on the globe, and the root directory, metadata and tile data lie within the
// file.
util::Result<PmtilesHeader> ParsePmtilesHeader(std::string_view bytes, uint64_t file_size);

struct TileArchive {
  std::shared_ptr<const util::FileHandle> file;
  PmtilesHeader header;
  std::string etag;  // strong, from the file's size and modification time, with its quotes
  int64_t modified_unix_seconds = 0;
};

// Opens `path` and checks its header. The error names the path and what is wrong.
util::Result<TileArchive> OpenTileArchive(const std::string& path);

}  // namespace cairn::web
