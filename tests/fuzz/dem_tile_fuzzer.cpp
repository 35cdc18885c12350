// libFuzzer target for the tile files of DIR/dem/ (dem::MappedTile::Open, dem::ReadTileInfo) and
// the lookups over them (dem::TileSet). Cairn writes these files itself, but one damaged on disk,
// truncated, or copied from a machine of the other byte order must be refused; one that opens
// must answer every lookup inside its coverage from its own samples, never read past the mapping.
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "dem/tile_file.h"
#include "dem/tile_set.h"
#include "fuzz_check.h"
#include "geo/geodesy.h"
#include "scratch_dir.h"

namespace {

using cairn::dem::GridGeometry;
using cairn::dem::SampleType;

double SampleOf(const cairn::dem::MappedTile& tile, size_t index) {
  if (tile.info().type == SampleType::kInt16) {
    int16_t v;
    std::memcpy(&v, static_cast<const char*>(tile.samples()) + 2 * index, 2);
    return v;
  }
  float v;
  std::memcpy(&v, static_cast<const char*>(tile.samples()) + 4 * index, 4);
  return v;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Tiles are opened by folder and name, so each input becomes the one tile of a folder.
  const std::string& dir = cairn::fuzz::ScratchDir("dem-tile");
  static const std::string name = "N46E008-1as.dem";
  FILE* file = std::fopen((dir + "/" + name).c_str(), "wb");
  if (file == nullptr) return 0;
  std::fwrite(data, 1, size, file);
  std::fclose(file);

  auto info = cairn::dem::ReadTileInfo(dir, name);
  auto opened = cairn::dem::MappedTile::Open(dir, name);
  CHECK(info.ok() == opened.ok());
  if (!opened.ok()) {
    CHECK(opened.error().kind == cairn::util::ErrorKind::kInvalidArgument);
    return 0;
  }
  const cairn::dem::TileInfo tile_info = (*opened)->info();
  const GridGeometry& g = tile_info.grid;
  CHECK(info->grid.rows == g.rows && info->grid.cols == g.cols && info->type == tile_info.type);
  CHECK(tile_info.file_bytes == size);
  const size_t count = static_cast<size_t>(g.rows) * g.cols;
  // Every sample read (ASan sees a read past the mapping); their range bounds any blend of them.
  // A damaged float tile may hold NaN or infinities: it answers those, which only mean "no
  // height" to the callers, so its answers are not checked.
  double low = INFINITY, high = -INFINITY;
  bool finite = true;
  for (size_t i = 0; i < count; ++i) {
    const double h = SampleOf(**opened, i);
    finite = finite && std::isfinite(h);
    low = std::min(low, h);
    high = std::max(high, h);
  }
  std::vector<std::unique_ptr<cairn::dem::MappedTile>> tiles;
  tiles.push_back(std::move(opened).value());
  const cairn::dem::TileSet set(std::move(tiles));

  // Each sample's position, the midpoints between samples, and the coverage's corners and
  // centre: one lookup each, and all of them again along a line.
  std::vector<cairn::geo::LatLon> points;
  for (int32_t r = 0; r < g.rows; ++r) {
    for (int32_t c = 0; c < g.cols; ++c) {
      points.push_back({g.first_lat - r / g.rows_per_degree, g.first_lon + c / g.cols_per_degree});
      points.push_back({g.first_lat - (r + 0.5) / g.rows_per_degree,
                        g.first_lon + (c + 0.5) / g.cols_per_degree});
    }
  }
  const auto& box = g.coverage;
  for (double lat : {box.south, (box.south + box.north) / 2, box.north}) {
    for (double lon : {box.west, (box.west + box.east) / 2, box.east}) points.push_back({lat, lon});
  }
  // Blends of samples far apart in size (a damaged tile's 1e24 beside 5) round by the larger.
  const double slack = 1e-6 + 1e-9 * (std::abs(low) + std::abs(high));
  std::vector<double> along(points.size());
  set.Heights(points, along);
  for (size_t i = 0; i < points.size(); ++i) {
    const double h = set.HeightAt(points[i].lat, points[i].lon);
    CHECK(h == along[i] || (std::isnan(h) && std::isnan(along[i])));
    if (!box.Contains(points[i].lat, points[i].lon)) continue;
    // Inside the coverage a tile of finite samples answers, within their range.
    if (finite) CHECK(h >= low - slack && h <= high + slack);
  }
  return 0;
}
