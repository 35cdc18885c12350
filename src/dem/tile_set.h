// An immutable set of mapped tiles and the height lookups over it: bilinear interpolation
// between the four samples around a point, across tile borders where a tile's own samples end.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "dem/tile_file.h"
#include "geo/geodesy.h"

namespace cairn::dem {

class TileSet {
 public:
  // Takes the tiles; where tiles overlap, the finest answers (the later one at equal
  // resolution).
  explicit TileSet(std::vector<std::unique_ptr<MappedTile>> tiles);

  // The height in metres at a point, interpolated; NaN where no tile covers it (or the
  // coordinates are not finite). Reads only mapped memory: never blocks on anything but a page
  // fault. Thread-safe.
  double HeightAt(double lat, double lon) const;

  // HeightAt for each point, into `heights` (same size). Points in order along a line are
  // fastest: the last cell's tiles are kept. No allocation. Thread-safe.
  void Heights(std::span<const geo::LatLon> points, std::span<double> heights) const;

  size_t size() const { return tiles_.size(); }
  // The tiles' headers, in the order given.
  std::vector<TileInfo> Infos() const;

 private:
  struct Tile {
    GeoBox coverage;
    double first_lat, first_lon, rows_per_degree, cols_per_degree;
    int32_t rows, cols;
    SampleType type;
    const void* samples;
  };
  using Candidates = std::vector<const Tile*>;

  // The tiles whose coverage touches the one-degree cell of (lat, lon), best first; null if none.
  const Candidates* CellOf(double lat, double lon) const;
  double Sample(const Tile& tile, int64_t row, int64_t col) const;
  // The height from `tile`'s own samples, or NaN when the point lies outside their extent
  // (by more than rounding).
  double InsideSamples(const Tile& tile, double lat, double lon) const;
  // The height at a point inside `tile`'s coverage but beyond its samples (the outer half pixel
  // of a pixel-is-area tile): the missing samples come from neighbouring tiles, or repeat the
  // tile's edge where there is none.
  double AcrossEdge(const Tile& tile, double lat, double lon) const;
  double Interpolate(const Tile& tile, double lat, double lon) const;

  std::vector<std::unique_ptr<MappedTile>> mapped_;
  std::vector<Tile> tiles_;
  std::unordered_map<int32_t, Candidates> cells_;
};

}  // namespace cairn::dem
