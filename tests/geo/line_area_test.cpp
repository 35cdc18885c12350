#include "geo/line_area.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <vector>

#include "geo/polyline.h"

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

TEST_CASE("a line astride the meridian opposite a point is half a world from it",
          "[geo][line_area]") {
  // From (34° S, 66° W), 113.5° E lies 179.5° to the east and 114.5° E 179.5° to the west: each
  // end alone is half a world away, and the stretch between them (on the far side of the
  // Earth) must not be drawn back across the point.
  const std::vector<LatLon> far_side = {{-34, 113.5}, {-34.1, 114.5}};
  const LatLon point{-34, -66};
  CHECK(DistanceToLineMeters(far_side, point) > 1e7);
  CHECK_FALSE(EncodedLineWithin(EncodePolyline(far_side), point, 100e3));
  // The same stretch crossing the antimeridian near a point is still near it.
  const std::vector<LatLon> across = {{-34, 179.9}, {-34, -179.9}};
  CHECK(DistanceToLineMeters(across, {-34.01, 180}) ==
        Approx(DistanceMeters(-34, 180, -34.01, 180)).epsilon(0.01));
}

TEST_CASE("the tests on an encoded line answer as on the decoded line", "[geo][line_area]") {
  // Random walks and boxes around the antimeridian and in the Alps, boxes of every size: the
  // point-by-point reading must agree with the whole line's answer every time.
  std::mt19937 random(11);
  std::uniform_real_distribution<double> unit(0, 1);
  int crossing = 0, within = 0;
  for (int round = 0; round < 2000; ++round) {
    const bool antimeridian = round % 2 == 0;
    const double centre_lon = antimeridian ? 179.5 : 11.0;
    std::vector<LatLon> line;
    LatLon p{47 + unit(random), centre_lon + unit(random) * 2 - 1};
    for (int i = 0, n = 1 + static_cast<int>(unit(random) * 30); i < n; ++i) {
      line.push_back(p);
      p.lat = std::clamp(p.lat + (unit(random) - 0.5) * 0.2, -90.0, 90.0);
      p.lon += (unit(random) - 0.5) * 0.2;
      if (p.lon > 180) p.lon -= 360;
      if (p.lon < -180) p.lon += 360;
    }
    const std::string encoded = EncodePolyline(line);
    auto decoded = DecodePolyline(encoded);
    REQUIRE(decoded.ok());
    const double size = 0.01 + unit(random) * 0.5;
    const double south = 47 + unit(random) - size / 2;
    double west = centre_lon + unit(random) * 2 - 1 - size / 2;
    if (west > 180) west -= 360;
    double east = west + size;
    if (east > 180) east -= 360;
    const BoundingBox box{.south = south, .west = west, .north = south + size, .east = east};
    INFO("round " << round << " line " << encoded);
    const bool crosses = LineCrossesBox(*decoded, box);
    crossing += crosses;
    CHECK(EncodedLineCrossesBox(encoded, box) == crosses);
    CHECK(EncodedPointInBox(encoded, box) == AnyPointInBox(*decoded, box));
    const LatLon centre{south + size / 2, west + size / 2};
    const double meters = size * 50000;
    const bool near = DistanceToLineMeters(*decoded, centre) <= meters;
    within += near;
    CHECK(EncodedLineWithin(encoded, centre, meters) == near);
  }
  // Both answers come up often enough for the agreement to mean something.
  CHECK(crossing > 100);
  CHECK(crossing < 1800);
  CHECK(within > 100);
  CHECK(within < 1800);
  CHECK_FALSE(EncodedLineCrossesBox("", kGarmisch));
  CHECK_FALSE(EncodedLineWithin("", {47.5, 11.1}, 1e6));
}

TEST_CASE("a box whose edge runs through a point of an encoded line holds that point",
          "[geo][line_area]") {
  // The encoded tests compare in the line's own units: a box edge exactly on a decoded point
  // keeps it (edges are included), the next double beyond it does not, as in degrees.
  const std::vector<LatLon> line{{47.12345, 11.54321}, {47.2, 11.6}, {47.3, 11.7}};
  const std::string encoded = EncodePolyline(line);
  const auto decoded = DecodePolyline(encoded);
  REQUIRE(decoded.ok());
  const LatLon p = decoded->front();
  const auto beyond = [](double edge, double away) { return std::nextafter(edge, away); };
  const std::vector<BoundingBox> boxes{
      {.south = p.lat, .west = p.lon, .north = p.lat, .east = p.lon},  // the point alone
      {.south = p.lat - 0.01, .west = p.lon - 0.01, .north = p.lat, .east = p.lon},
      {.south = beyond(p.lat, 90), .west = p.lon - 0.01, .north = p.lat + 0.001, .east = p.lon},
      {.south = p.lat - 0.01, .west = beyond(p.lon, 180), .north = p.lat, .east = p.lon + 0.001},
      {.south = p.lat - 0.01, .west = p.lon - 0.01, .north = beyond(p.lat, -90), .east = p.lon},
      {.south = p.lat - 0.01, .west = p.lon - 0.01, .north = p.lat, .east = beyond(p.lon, -180)},
      // Across the antimeridian, holding the point's longitude on its western side.
      {.south = p.lat, .west = p.lon, .north = p.lat, .east = -170},
      {.south = p.lat, .west = beyond(p.lon, 180), .north = p.lat, .east = -170},
  };
  for (size_t i = 0; i < boxes.size(); ++i) {
    INFO("box " << i);
    const bool holds = AnyPointInBox(std::span(*decoded).first(1), boxes[i]);
    CHECK(holds == (i < 2 || i == 6));
    CHECK(EncodedPointInBox(EncodePolyline(std::span(line).first(1)), boxes[i]) == holds);
    CHECK(EncodedLineCrossesBox(encoded, boxes[i]) == LineCrossesBox(*decoded, boxes[i]));
  }
}

}  // namespace
}  // namespace cairn::geo
