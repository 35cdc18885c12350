// Resampling and the discrete Fréchet distance against lines whose answers are known by hand.
#include "geo/line_similarity.h"

#include <catch2/catch.hpp>

namespace cairn::geo {
namespace {

// A line north along 11°E from 47°N, `n` points `step` degrees apart.
std::vector<LatLon> North(int n, double step, double lon = 11.0) {
  std::vector<LatLon> out;
  for (int i = 0; i < n; ++i) out.push_back({47.0 + step * i, lon});
  return out;
}

TEST_CASE("a line resampled keeps its ends and spaces its points evenly", "[geo][similarity]") {
  const std::vector<LatLon> line = North(2, 0.01);  // about 1112 m
  const std::vector<LatLon> every100 = ResampleLine(line, 100, 1000);
  CHECK(every100.size() == 13);  // 0, 100, ..., 1100 and the end
  CHECK(every100.front() == line.front());
  CHECK(every100.back() == line.back());
  CHECK(DistanceMeters(every100[0], every100[1]) == Approx(100).margin(0.5));
  // Too many points: the spacing grows to fit.
  CHECK(ResampleLine(line, 1, 50).size() == 50);
  CHECK(ResampleLine(std::vector<LatLon>{{47, 11}}, 10, 100).size() == 1);
}

TEST_CASE("the discrete Frechet distance of lines with known answers", "[geo][similarity]") {
  const std::vector<LatLon> a = North(11, 0.001);
  CHECK(DiscreteFrechetMeters(a, a) == 0);
  // The same line 0.001° of longitude east: everywhere about 75.8 m away at 47°N.
  const double offset = DistanceMeters(47, 11, 47, 11.001);
  CHECK(DiscreteFrechetMeters(a, North(11, 0.001, 11.001)) == Approx(offset).epsilon(0.002));
  // Reversed, the walkers start at opposite ends: the leash is the line's length.
  std::vector<LatLon> reversed(a.rbegin(), a.rend());
  CHECK(DiscreteFrechetMeters(a, reversed) ==
        Approx(DistanceMeters(a.front(), a.back())).epsilon(0.002));
  // A detour of 0.002° (222 m) in the middle of one line is what the leash must reach.
  std::vector<LatLon> detour = a;
  detour[5].lon += 0.003;
  CHECK(DiscreteFrechetMeters(a, detour) ==
        Approx(DistanceMeters(47.005, 11, 47.005, 11.003)).epsilon(0.002));
  CHECK(DiscreteFrechetMeters(a, std::vector<LatLon>{}) == std::numeric_limits<double>::infinity());
}

}  // namespace
}  // namespace cairn::geo
