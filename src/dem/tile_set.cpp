// The tile index (one-degree cells) and bilinear lookups.
#include "dem/tile_set.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cairn::dem {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
// How far (in samples) a position may fall outside a grid and still count as on its edge:
// positions computed from another grid's per-degree counts carry rounding errors.
constexpr double kEdgeSlack = 1e-6;

int32_t CellKey(int lat, int lon) { return (lat + 90) * 360 + (lon + 180); }

int CellLat(double lat) { return std::clamp(static_cast<int>(std::floor(lat)), -90, 89); }
int CellLon(double lon) { return std::clamp(static_cast<int>(std::floor(lon)), -180, 179); }

double Bilinear(double h00, double h01, double h10, double h11, double dr, double dc) {
  const double top = h00 + (h01 - h00) * dc;
  const double bottom = h10 + (h11 - h10) * dc;
  return top + (bottom - top) * dr;
}

}  // namespace

TileSet::TileSet(std::vector<std::unique_ptr<MappedTile>> tiles) : mapped_(std::move(tiles)) {
  tiles_.reserve(mapped_.size());
  for (const auto& m : mapped_) {
    const GridGeometry& g = m->info().grid;
    tiles_.push_back({g.coverage, g.first_lat, g.first_lon, g.rows_per_degree, g.cols_per_degree,
                      g.rows, g.cols, m->info().type, m->samples()});
  }
  for (const Tile& tile : tiles_) {
    for (int lat = CellLat(tile.coverage.south); lat <= CellLat(tile.coverage.north); ++lat) {
      for (int lon = CellLon(tile.coverage.west); lon <= CellLon(tile.coverage.east); ++lon) {
        cells_[CellKey(lat, lon)].push_back(&tile);
      }
    }
  }
  // Finest first; at equal resolution the later tile (the newer import) first.
  for (auto& [key, candidates] : cells_) {
    std::sort(candidates.begin(), candidates.end(), [](const Tile* a, const Tile* b) {
      if (a->rows_per_degree != b->rows_per_degree) return a->rows_per_degree > b->rows_per_degree;
      return a > b;  // tiles_ keeps the given order
    });
  }
}

std::vector<TileInfo> TileSet::Infos() const {
  std::vector<TileInfo> infos;
  for (const auto& m : mapped_) infos.push_back(m->info());
  return infos;
}

const TileSet::Candidates* TileSet::CellOf(double lat, double lon) const {
  auto it = cells_.find(CellKey(CellLat(lat), CellLon(lon)));
  return it == cells_.end() ? nullptr : &it->second;
}

double TileSet::Sample(const Tile& tile, int64_t row, int64_t col) const {
  const int64_t index = row * tile.cols + col;
  if (tile.type == SampleType::kInt16) return static_cast<const int16_t*>(tile.samples)[index];
  return static_cast<const float*>(tile.samples)[index];
}

double TileSet::InsideSamples(const Tile& tile, double lat, double lon) const {
  double fr = (tile.first_lat - lat) * tile.rows_per_degree;
  double fc = (lon - tile.first_lon) * tile.cols_per_degree;
  const double last_row = tile.rows - 1, last_col = tile.cols - 1;
  if (!(fr >= -kEdgeSlack && fr <= last_row + kEdgeSlack && fc >= -kEdgeSlack &&
        fc <= last_col + kEdgeSlack)) {
    return kNaN;
  }
  fr = std::clamp(fr, 0.0, last_row);
  fc = std::clamp(fc, 0.0, last_col);
  // The last row and column interpolate in the cell before them.
  const int64_t r = std::min(static_cast<int64_t>(fr), static_cast<int64_t>(tile.rows) - 2);
  const int64_t c = std::min(static_cast<int64_t>(fc), static_cast<int64_t>(tile.cols) - 2);
  const int64_t i = r * tile.cols + c;
  double h00, h01, h10, h11;
  if (tile.type == SampleType::kInt16) {
    const auto* s = static_cast<const int16_t*>(tile.samples);
    h00 = s[i], h01 = s[i + 1], h10 = s[i + tile.cols], h11 = s[i + tile.cols + 1];
  } else {
    const auto* s = static_cast<const float*>(tile.samples);
    h00 = s[i], h01 = s[i + 1], h10 = s[i + tile.cols], h11 = s[i + tile.cols + 1];
  }
  return Bilinear(h00, h01, h10, h11, fr - r, fc - c);
}

double TileSet::AcrossEdge(const Tile& tile, double lat, double lon) const {
  const double fr = (tile.first_lat - lat) * tile.rows_per_degree;
  const double fc = (lon - tile.first_lon) * tile.cols_per_degree;
  const auto r0 = static_cast<int64_t>(std::floor(fr));
  const auto c0 = static_cast<int64_t>(std::floor(fc));
  double corner[2][2];
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      const int64_t r = r0 + i, c = c0 + j;
      if (r >= 0 && r < tile.rows && c >= 0 && c < tile.cols) {
        corner[i][j] = Sample(tile, r, c);
        continue;
      }
      // A sample position beyond this tile: a neighbour's value there, if one holds it.
      const double sample_lat = tile.first_lat - r / tile.rows_per_degree;
      const double sample_lon = tile.first_lon + c / tile.cols_per_degree;
      double h = kNaN;
      if (const Candidates* others = CellOf(sample_lat, sample_lon)) {
        for (const Tile* other : *others) {
          if (other == &tile) continue;
          h = InsideSamples(*other, sample_lat, sample_lon);
          if (!std::isnan(h)) break;
        }
      }
      if (std::isnan(h)) {
        h = Sample(tile, std::clamp<int64_t>(r, 0, tile.rows - 1),
                   std::clamp<int64_t>(c, 0, tile.cols - 1));
      }
      corner[i][j] = h;
    }
  }
  return Bilinear(corner[0][0], corner[0][1], corner[1][0], corner[1][1], fr - r0, fc - c0);
}

double TileSet::Interpolate(const Tile& tile, double lat, double lon) const {
  const double h = InsideSamples(tile, lat, lon);
  return std::isnan(h) ? AcrossEdge(tile, lat, lon) : h;
}

double TileSet::HeightAt(double lat, double lon) const {
  if (!std::isfinite(lat) || !std::isfinite(lon)) return kNaN;
  const Candidates* candidates = CellOf(lat, lon);
  if (!candidates) return kNaN;
  for (const Tile* tile : *candidates) {
    if (tile->coverage.Contains(lat, lon)) return Interpolate(*tile, lat, lon);
  }
  return kNaN;
}

void TileSet::Heights(std::span<const geo::LatLon> points, std::span<double> heights) const {
  // The last point's cell and its candidates: along a line, most points share them.
  int last_lat = 1000, last_lon = 1000;
  const Candidates* candidates = nullptr;
  for (size_t i = 0; i < points.size(); ++i) {
    const double lat = points[i].lat, lon = points[i].lon;
    heights[i] = kNaN;
    if (!std::isfinite(lat) || !std::isfinite(lon)) continue;
    const int cell_lat = CellLat(lat), cell_lon = CellLon(lon);
    if (cell_lat != last_lat || cell_lon != last_lon) {
      candidates = CellOf(lat, lon);
      last_lat = cell_lat;
      last_lon = cell_lon;
    }
    if (!candidates) continue;
    for (const Tile* tile : *candidates) {
      if (tile->coverage.Contains(lat, lon)) {
        heights[i] = Interpolate(*tile, lat, lon);
        break;
      }
    }
  }
}

}  // namespace cairn::dem
