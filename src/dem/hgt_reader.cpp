// Decoding SRTM .hgt tiles.
#include "dem/hgt_reader.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "dem/tile_name.h"

namespace cairn::dem {

util::Result<DecodedTile> ReadHgt(std::string_view name, std::string_view bytes) {
  const auto corner = ParseSrtmName(name);
  if (!corner) {
    return util::Error::InvalidArgument(
        "not an SRTM tile name (expected the south-west corner, e.g. N46E008.hgt)");
  }
  int samples = 0;
  if (bytes.size() == 2ull * kSrtm1Samples * kSrtm1Samples) {
    samples = kSrtm1Samples;
  } else if (bytes.size() == 2ull * kSrtm3Samples * kSrtm3Samples) {
    samples = kSrtm3Samples;
  } else {
    return util::Error::InvalidArgument(
        "wrong size for an SRTM tile: " + std::to_string(bytes.size()) + " bytes (a 1 arc-second " +
        "tile has " + std::to_string(2ull * kSrtm1Samples * kSrtm1Samples) +
        ", a 3 arc-second one " + std::to_string(2ull * kSrtm3Samples * kSrtm3Samples) + ")");
  }
  DecodedTile tile;
  tile.type = SampleType::kInt16;
  tile.source = std::string(name);
  GridGeometry& grid = tile.grid;
  grid.rows = grid.cols = samples;
  grid.rows_per_degree = grid.cols_per_degree = samples - 1;
  grid.first_lat = corner->lat + 1;
  grid.first_lon = corner->lon;
  grid.coverage = {static_cast<double>(corner->lat), static_cast<double>(corner->lon),
                   corner->lat + 1.0, corner->lon + 1.0};
  const size_t count = static_cast<size_t>(samples) * samples;
  tile.heights.resize(count);
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  for (size_t i = 0; i < count; ++i) {
    const auto value = static_cast<int16_t>((data[2 * i] << 8) | data[2 * i + 1]);
    const auto height = static_cast<float>(value);
    const bool valid = height >= kLowestHeight && height <= kHighestHeight;
    tile.heights[i] = valid ? height : std::numeric_limits<float>::quiet_NaN();
  }
  return tile;
}

}  // namespace cairn::dem
