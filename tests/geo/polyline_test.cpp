// Google encoded polylines: the documented example, round trips, and malformed input.
#include "geo/polyline.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

namespace cairn::geo {
namespace {

TEST_CASE("the example from Google's documentation encodes and decodes", "[geo][polyline]") {
  const std::vector<LatLon> points = {{38.5, -120.2}, {40.7, -120.95}, {43.252, -126.453}};
  const std::string encoded = "_p~iF~ps|U_ulLnnqC_mqNvxq`@";
  CHECK(EncodePolyline(points) == encoded);
  const auto decoded = DecodePolyline(encoded);
  REQUIRE(decoded.ok());
  REQUIRE(decoded->size() == points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    CHECK(std::fabs((*decoded)[i].lat - points[i].lat) < 1e-9);
    CHECK(std::fabs((*decoded)[i].lon - points[i].lon) < 1e-9);
  }
  // The documentation's single value: -179.9832104 is "`~oia@" (here as a longitude after 0°).
  CHECK(EncodePolyline(std::vector<LatLon>{{0, -179.9832104}}) == "?`~oia@");
}

TEST_CASE("polylines round-trip within half the last digit, jumps and signs included",
          "[geo][polyline]") {
  std::vector<LatLon> points = {{0, 0},
                                {-90, -180},
                                {90, 180},
                                {-0.000004, 0.000006},
                                {46.123456, 7.654321},
                                {-33.9, 18.4},
                                {89.999999, -179.999999}};
  uint32_t noise = 7;
  for (int i = 0; i < 1000; ++i) {
    noise = noise * 1664525u + 1013904223u;
    const double a = static_cast<double>(noise) / 4294967296.0;
    noise = noise * 1664525u + 1013904223u;
    const double b = static_cast<double>(noise) / 4294967296.0;
    points.push_back({180 * a - 90, 360 * b - 180});
  }
  for (int precision : {5, 6}) {
    INFO(precision);
    const double half_digit = 0.5 * std::pow(10.0, -precision) + 1e-12;
    const auto decoded = DecodePolyline(EncodePolyline(points, precision), precision);
    REQUIRE(decoded.ok());
    REQUIRE(decoded->size() == points.size());
    for (size_t i = 0; i < points.size(); ++i) {
      CHECK(std::fabs((*decoded)[i].lat - points[i].lat) <= half_digit);
      CHECK(std::fabs((*decoded)[i].lon - points[i].lon) <= half_digit);
    }
  }
}

TEST_CASE("an empty line is an empty polyline", "[geo][polyline]") {
  CHECK(EncodePolyline(std::vector<LatLon>{}).empty());
  const auto decoded = DecodePolyline("");
  REQUIRE(decoded.ok());
  CHECK(decoded->empty());
}

TEST_CASE("points that are not finite or out of range are left out", "[geo][polyline]") {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<LatLon> points = {{38.5, -120.2}, {nan, 1},        {1, inf},
                                      {91, 0},        {40.7, -120.95}, {43.252, -126.453}};
  CHECK(EncodePolyline(points) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@");
}

TEST_CASE("malformed polylines are rejected with the byte offset", "[geo][polyline]") {
  struct Case {
    const char* encoded;
    const char* message;
  };
  const Case cases[] = {
      {"_p~iF ps|U", "Polyline: at byte offset 5: not a polyline character"},
      {"_p~iF~ps", "Polyline: at byte offset 5: the last value is cut short"},
      {"_p~iF", "Polyline: at byte offset 0: a latitude has no longitude"},
      {"_p~iF~ps|U_p~iF?_p~iF?", "Polyline: at byte offset 16: the latitude leaves [-90, 90]"},
      {"???_gjaR?_gjaR", "Polyline: at byte offset 9: the longitude leaves [-180, 180]"},
      {"~~~~~~~~~~~~~~~~?", "Polyline: at byte offset 0: a value is too long"},
      {"\x7f", "Polyline: at byte offset 0: not a polyline character"},
  };
  for (const Case& c : cases) {
    INFO(c.encoded);
    const auto decoded = DecodePolyline(c.encoded);
    REQUIRE_FALSE(decoded.ok());
    CHECK(decoded.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK(decoded.error().message == c.message);
  }
}

TEST_CASE("a polyline read point by point gives the decoded points, then the same fault",
          "[geo][polyline]") {
  const std::vector<LatLon> line = {{38.5, -120.2}, {40.7, -120.95}, {43.252, -126.453}};
  const std::string encoded = EncodePolyline(line);  // the reader views it
  PolylineReader whole(encoded);
  std::vector<LatLon> read;
  for (LatLon point; whole.Next(point);) read.push_back(point);
  CHECK_FALSE(whole.error().has_value());
  REQUIRE(read.size() == line.size());
  for (size_t i = 0; i < line.size(); ++i) {
    CHECK(read[i].lat == Approx(line[i].lat).margin(1e-9));
    CHECK(read[i].lon == Approx(line[i].lon).margin(1e-9));
  }
  // Two good points, then a character outside the alphabet: both points come, then the fault.
  PolylineReader broken("_p~iF~ps|U_ulLnnqC \x7f");
  LatLon point;
  CHECK(broken.Next(point));
  CHECK(broken.Next(point));
  CHECK(point.lat == Approx(40.7));
  CHECK_FALSE(broken.Next(point));
  REQUIRE(broken.error().has_value());
  CHECK(broken.error()->message == "Polyline: at byte offset 18: not a polyline character");
  CHECK_FALSE(broken.Next(point));  // stays at the fault
}

}  // namespace
}  // namespace cairn::geo
