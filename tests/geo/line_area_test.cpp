#include "geo/line_area.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

namespace cairn::geo {
namespace {

// A box around Garmisch-Partenkirchen: lat 47.4..47.6, lon 11.0..11.2.
constexpr BoundingBox kGarmisch{.south = 47.4, .west = 11.0, .north = 47.6, .east = 11.2};

TEST_CASE("a line crossing a box without a point in it is found", "[geo][line_area]") {
  // From west of the box to east of it: no point inside, the stretch passes through.
  const std::vector<LatLon> crossing = {{47.5, 10.8}, {47.5, 11.4}};
  CHECK(LineCrossesBox(crossing, kGarmisch));
  // Corner to corner diagonally outside: misses the box although its bounds overlap it.
  const std::vector<LatLon> corner = {{47.3, 11.15}, {47.45, 11.35}};
  CHECK_FALSE(LineCrossesBox(corner, kGarmisch));
  // Wholly inside, on an edge, and wholly outside.
  CHECK(LineCrossesBox(std::vector<LatLon>{{47.5, 11.1}}, kGarmisch));
  CHECK(LineCrossesBox(std::vector<LatLon>{{47.6, 11.3}, {47.6, 10.9}}, kGarmisch));
  CHECK_FALSE(LineCrossesBox(std::vector<LatLon>{{48.0, 11.1}, {48.1, 11.1}}, kGarmisch));
  CHECK_FALSE(LineCrossesBox(std::vector<LatLon>{}, kGarmisch));
  // A vertical stretch (no change in longitude) through the box.
  CHECK(LineCrossesBox(std::vector<LatLon>{{47.0, 11.1}, {48.0, 11.1}}, kGarmisch));
}

TEST_CASE("boxes and lines over the antimeridian", "[geo][line_area]") {
  // A box from 170° E over 180° to 170° W.
  const BoundingBox pacific{.south = -20, .west = 170, .north = -10, .east = -170};
  CHECK(LineCrossesBox(std::vector<LatLon>{{-15, 175}}, pacific));
  CHECK(LineCrossesBox(std::vector<LatLon>{{-15, -175}}, pacific));
  CHECK_FALSE(LineCrossesBox(std::vector<LatLon>{{-15, 0}, {-15, 10}}, pacific));
  // A stretch from 165° E to 165° W goes the short way, over the box's middle.
  CHECK(LineCrossesBox(std::vector<LatLon>{{-15, 165}, {-15, -165}}, pacific));
  // The same stretch seen by a plain box just east of the antimeridian.
  const BoundingBox east_of_180{.south = -20, .west = -179, .north = -10, .east = -170};
  CHECK(LineCrossesBox(std::vector<LatLon>{{-15, 165}, {-15, -165}}, east_of_180));
  // Not the long way round: a box at 0° is not crossed by it.
  const BoundingBox greenwich{.south = -20, .west = -5, .north = -10, .east = 5};
  CHECK_FALSE(LineCrossesBox(std::vector<LatLon>{{-15, 165}, {-15, -165}}, greenwich));
}

TEST_CASE("the distance from a point to a line counts the stretches between points",
          "[geo][line_area]") {
  // A line 0.02° of longitude long at 47.5° N; the point 0.01° north of its middle.
  const std::vector<LatLon> line = {{47.5, 11.0}, {47.5, 11.02}};
  const LatLon above_middle{47.51, 11.01};
  const double expected = DistanceMeters(47.5, 11.01, 47.51, 11.01);  // about 1112 m
  CHECK(DistanceToLineMeters(line, above_middle) == Approx(expected).epsilon(0.002));
  // Beyond the end, the nearest point is the end itself.
  const LatLon past_end{47.5, 11.05};
  CHECK(DistanceToLineMeters(line, past_end) ==
        Approx(DistanceMeters(47.5, 11.02, 47.5, 11.05)).epsilon(0.002));
  CHECK(DistanceToLineMeters(std::vector<LatLon>{{1, 2}}, {1, 2}) == Approx(0).margin(1e-9));
  CHECK(std::isinf(DistanceToLineMeters(std::vector<LatLon>{}, {1, 2})));
}

}  // namespace
}  // namespace cairn::geo
