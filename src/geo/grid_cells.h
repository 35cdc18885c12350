// The grid cells of about 1 km a map line passes through: "the places someone has been" of a
// profile's statistics, kept per user by schema.sql's statistics triggers.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "geo/geodesy.h"

namespace cairn::geo {

// Cells are kGridCellDegrees square in latitude and longitude: 0.01° is 1.1 km north–south and
// 1.1 km × cos(latitude) east–west, fine enough to show the valleys one walked, coarse enough that
// a thousand walks are a few thousand cells.
inline constexpr double kGridCellDegrees = 0.01;
// Steps longer than this (about 11 km) are gaps between parts of a line (a train ride between two
// walks), not ground covered: only their ends count.
inline constexpr double kGridGapDegrees = 0.1;
// At most this many cells per line, so one hostile file cannot write millions of rows.
inline constexpr size_t kMaxGridCellsPerLine = 20000;

// A cell as one integer: (row + 9000) * 100000 + (column + 18000), where row and column are the
// cell's south-west corner divided by kGridCellDegrees (floor). Rows and columns stay positive.
int64_t GridCellOf(LatLon point);
// The south-west corner of `cell`, in degrees.
LatLon GridCellCorner(int64_t cell);

// The cells the line through `points` passes through, sorted, each once: every point's cell and
// those along each step up to kGridGapDegrees long (sampled every half cell). At most
// kMaxGridCellsPerLine. Pure.
std::vector<int64_t> GridCellsOfLine(const std::vector<LatLon>& points);

// The same for an encoded map line (geo/polyline.h); a line that does not decode gives the cells
// of the points read before the fault. Pure.
std::vector<int64_t> GridCellsOfEncodedLine(std::string_view polyline);

}  // namespace cairn::geo
