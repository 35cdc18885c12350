// The grid cells of a line: corners, steps sampled every half cell, gaps, and the cap.
#include "geo/grid_cells.h"

#include <catch2/catch.hpp>

#include "geo/polyline.h"

namespace cairn::geo {
namespace {

TEST_CASE("a cell round-trips to its south-west corner, on both sides of 0", "[geo]") {
  CHECK(GridCellCorner(GridCellOf({47.0149, 11.0051})).lat == Approx(47.01));
  CHECK(GridCellCorner(GridCellOf({47.0149, 11.0051})).lon == Approx(11.0));
  CHECK(GridCellCorner(GridCellOf({-33.505, -0.001})).lat == Approx(-33.51));
  CHECK(GridCellCorner(GridCellOf({-33.505, -0.001})).lon == Approx(-0.01));
  CHECK(GridCellOf({90, 180}) > GridCellOf({-90, -180}));
}

TEST_CASE("a line's cells include those its steps cross, each once, but not across gaps", "[geo]") {
  // 3.3 km north: four cells; back again adds none.
  CHECK(GridCellsOfLine({{47.001, 11.001}, {47.031, 11.001}, {47.001, 11.001}}).size() == 4);
  // A 0.5° jump is a gap: only its two ends.
  CHECK(GridCellsOfLine({{47.001, 11.001}, {47.501, 11.001}}).size() == 2);
  CHECK(GridCellsOfLine({}).empty());
  const std::vector<LatLon> line = {{47.001, 11.001}, {47.031, 11.001}};
  CHECK(GridCellsOfEncodedLine(EncodePolyline(line)) == GridCellsOfLine(line));
  CHECK(GridCellsOfEncodedLine("not a line \x01").size() <= 1);
}

TEST_CASE("a line has at most kMaxGridCellsPerLine cells", "[geo]") {
  std::vector<LatLon> zigzag;
  for (int i = 0; i < 3000; ++i) zigzag.push_back({10 + i * 0.05, i % 2 ? 20.0 : 20.09});
  CHECK(GridCellsOfLine(zigzag).size() <= kMaxGridCellsPerLine);
}

}  // namespace
}  // namespace cairn::geo
