// PMTiles v3 archives written byte by byte for tests: the 127-byte header (fields as the v3
// specification lays them out, little-endian) followed by the sections it points at.
#pragma once

#include <cstdint>
#include <string>

namespace cairn::test_support {

struct PmtilesFields {
  int version = 3;
  int tile_type = 2;  // 1 mvt, 2 png, 3 jpeg, 4 webp, 5 avif
  int min_zoom = 0;
  int max_zoom = 2;
  double min_lon = 5.9, min_lat = 45.8, max_lon = 10.5, max_lat = 47.8;
  int center_zoom = 1;
  double center_lon = 8.2, center_lat = 46.8;
  std::string root = std::string(8, '\1');  // the root directory's bytes (not checked here)
  std::string metadata = "{}";
  std::string tiles = std::string(64, 't');
  uint64_t tiles_length_extra = 0;  // claims more tile bytes than follow (a cut-short file)
};

inline void PutUint(std::string& out, size_t at, uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out[at + i] = static_cast<char>((value >> (8 * i)) & 0xff);
}

// Header, root directory, metadata and tile data, in that order.
inline std::string PmtilesBytes(const PmtilesFields& f = {}) {
  std::string out(127, '\0');
  out.replace(0, 7, "PMTiles");
  out[7] = static_cast<char>(f.version);
  const uint64_t root = 127, metadata = root + f.root.size();
  const uint64_t tiles = metadata + f.metadata.size();
  PutUint(out, 8, root, 8);
  PutUint(out, 16, f.root.size(), 8);
  PutUint(out, 24, metadata, 8);
  PutUint(out, 32, f.metadata.size(), 8);
  PutUint(out, 40, tiles, 8);  // no leaf directories
  PutUint(out, 48, 0, 8);
  PutUint(out, 56, tiles, 8);
  PutUint(out, 64, f.tiles.size() + f.tiles_length_extra, 8);
  PutUint(out, 72, 1, 8);
  PutUint(out, 80, 1, 8);
  PutUint(out, 88, 1, 8);
  out[96] = 1;  // clustered
  out[97] = 1;  // internal compression: none
  out[98] = 1;  // tile compression: none
  out[99] = static_cast<char>(f.tile_type);
  out[100] = static_cast<char>(f.min_zoom);
  out[101] = static_cast<char>(f.max_zoom);
  auto degrees = [&](size_t at, double value) {
    PutUint(out, at, static_cast<uint32_t>(static_cast<int32_t>(value * 10'000'000.0)), 4);
  };
  degrees(102, f.min_lon);
  degrees(106, f.min_lat);
  degrees(110, f.max_lon);
  degrees(114, f.max_lat);
  out[118] = static_cast<char>(f.center_zoom);
  degrees(119, f.center_lon);
  degrees(123, f.center_lat);
  return out + f.root + f.metadata + f.tiles;
}

}  // namespace cairn::test_support
