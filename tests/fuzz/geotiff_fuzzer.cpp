// libFuzzer target for the GeoTIFF terrain reader (dem::ReadGeoTiff, libtiff underneath), which
// `cairn dem add` runs over files downloaded from anywhere: any bytes are read or refused with
// InvalidArgument, never a crash, a hang or an allocation the input cannot back. What it accepts
// must be a grid the rest of the import takes: voids filled, written as a tile file, mapped, and
// looked up at its samples to the values decoded.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dem/geotiff_reader.h"
#include "dem/tile_file.h"
#include "dem/tile_name.h"
#include "dem/tile_set.h"
#include "dem/void_fill.h"
#include "fuzz_check.h"
#include "scratch_dir.h"

namespace {

using cairn::dem::DecodedTile;
using cairn::dem::GridGeometry;

// The decoded grid: the sizes and positions promised by tile_grid.h.
void CheckGrid(const DecodedTile& tile) {
  const GridGeometry& g = tile.grid;
  CHECK(g.rows >= 2 && g.cols >= 2);
  CHECK(static_cast<uint64_t>(g.rows) * g.cols <= cairn::dem::kMaxGeoTiffSamples);
  CHECK(tile.heights.size() == static_cast<size_t>(g.rows) * g.cols);
  CHECK(tile.type == cairn::dem::SampleType::kInt16 ||
        tile.type == cairn::dem::SampleType::kFloat32);
  CHECK(std::isfinite(g.first_lat) && std::isfinite(g.first_lon));
  CHECK(cairn::dem::IsPlausibleResolution(g.rows_per_degree));
  CHECK(cairn::dem::IsPlausibleResolution(g.cols_per_degree));
  const auto& box = g.coverage;
  CHECK(box.south <= box.north && box.west <= box.east);
  CHECK(box.south >= -90 && box.north <= 90 && box.west >= -180 && box.east <= 180);
  for (float h : tile.heights) {
    CHECK(std::isnan(h) || (h >= cairn::dem::kLowestHeight && h <= cairn::dem::kHighestHeight));
  }
  // The import stores it under this name, and the manifest lists only names it accepts.
  CHECK(cairn::dem::IsTileFileName(cairn::dem::TileFileName(g)));
}

// Writes the filled tile as `cairn dem add` does (on tmpfs its fsyncs cost nothing) and
// looks it up at every sample.
void CheckRoundTrip(const DecodedTile& tile) {
  const std::string& dir = cairn::fuzz::ScratchDir("geotiff");
  auto written = cairn::dem::WriteTileFile(dir, tile);
  CHECK(written.ok());  // voids filled, heights in range: nothing left to refuse
  CHECK(written->file_name == cairn::dem::TileFileName(tile.grid));
  auto mapped = cairn::dem::MappedTile::Open(dir, written->file_name);
  std::filesystem::remove(dir + "/" + written->file_name);
  CHECK(mapped.ok());
  std::vector<std::unique_ptr<cairn::dem::MappedTile>> tiles;
  tiles.push_back(std::move(mapped).value());
  const cairn::dem::TileSet set(std::move(tiles));
  const GridGeometry& g = tile.grid;
  const bool whole = tile.type == cairn::dem::SampleType::kInt16;
  const auto [low, high] = std::minmax_element(tile.heights.begin(), tile.heights.end());
  // A sample's position computed back from the per-degree counts lands a rounding beside it,
  // which the bilinear blend turns into a tiny share of its neighbours.
  const double tolerance = 0.01 + 1e-4 * (*high - *low);
  for (int32_t r = 0; r < g.rows; ++r) {
    for (int32_t c = 0; c < g.cols; ++c) {
      const double lat = g.first_lat - r / g.rows_per_degree;
      const double lon = g.first_lon + c / g.cols_per_degree;
      if (!g.coverage.Contains(lat, lon)) continue;  // clipped at the globe's edge
      const float h = tile.heights[static_cast<size_t>(r) * g.cols + c];
      const double stored = whole ? static_cast<double>(std::lround(h)) : h;
      CHECK(std::abs(set.HeightAt(lat, lon) - stored) <= tolerance);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto tile = cairn::dem::ReadGeoTiff("fuzz.tif", bytes);
  if (!tile.ok()) {
    CHECK(tile.error().kind == cairn::util::ErrorKind::kInvalidArgument);
    CHECK(!tile.error().message.empty());
    return 0;
  }
  CheckGrid(*tile);
  auto filled = cairn::dem::FillVoids(tile->grid.rows, tile->grid.cols, tile->heights);
  if (!filled.ok()) return 0;  // no valid height at all
  for (float h : tile->heights) {
    CHECK(h >= cairn::dem::kLowestHeight && h <= cairn::dem::kHighestHeight);
  }
  // Small grids only: a large one written and read back each run would slow the search.
  if (tile->heights.size() <= 1u << 16) CheckRoundTrip(*tile);
  return 0;
}
