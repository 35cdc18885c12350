#include "geo/grid_cells.h"

#include <algorithm>
#include <cmath>

#include "geo/polyline.h"

namespace cairn::geo {
namespace {

constexpr int64_t kRowOffset = 9000;
constexpr int64_t kColumnOffset = 18000;
constexpr int64_t kRowStride = 100000;

}  // namespace

int64_t GridCellOf(LatLon point) {
  const double lat = std::clamp(point.lat, -90.0, 89.999999);
  const double lon = std::clamp(point.lon, -180.0, 179.999999);
  const auto row = static_cast<int64_t>(std::floor(lat / kGridCellDegrees));
  const auto column = static_cast<int64_t>(std::floor(lon / kGridCellDegrees));
  return (row + kRowOffset) * kRowStride + (column + kColumnOffset);
}

LatLon GridCellCorner(int64_t cell) {
  const int64_t row = cell / kRowStride - kRowOffset;
  const int64_t column = cell % kRowStride - kColumnOffset;
  // Rounded to the grid's two decimals, so 0.07 is not 0.07000000000000001.
  return {std::round(static_cast<double>(row) * kGridCellDegrees * 100) / 100,
          std::round(static_cast<double>(column) * kGridCellDegrees * 100) / 100};
}

std::vector<int64_t> GridCellsOfLine(const std::vector<LatLon>& points) {
  std::vector<int64_t> cells;
  for (size_t i = 0; i < points.size() && cells.size() < 4 * kMaxGridCellsPerLine; ++i) {
    cells.push_back(GridCellOf(points[i]));
    if (i == 0) continue;
    const LatLon& a = points[i - 1];
    const LatLon& b = points[i];
    const double span = std::max(std::abs(b.lat - a.lat), std::abs(b.lon - a.lon));
    if (span > kGridGapDegrees) continue;
    // Half a cell per sample: a step cannot jump over a cell it crosses by more than a corner.
    const int steps = static_cast<int>(std::ceil(span / (kGridCellDegrees / 2)));
    for (int s = 1; s < steps; ++s) {
      const double f = static_cast<double>(s) / steps;
      cells.push_back(GridCellOf({a.lat + (b.lat - a.lat) * f, a.lon + (b.lon - a.lon) * f}));
    }
  }
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  if (cells.size() > kMaxGridCellsPerLine) cells.resize(kMaxGridCellsPerLine);
  return cells;
}

std::vector<int64_t> GridCellsOfEncodedLine(std::string_view polyline) {
  std::vector<LatLon> points;
  PolylineReader reader(polyline);
  LatLon point;
  while (reader.Next(point)) points.push_back(point);
  return GridCellsOfLine(points);
}

}  // namespace cairn::geo
