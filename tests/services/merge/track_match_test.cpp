// The duplicate rules on synthetic lines: ends, lengths, direction, shape, and the grid that
// keeps maintenance from comparing every pair.
#include "services/merge/track_match.h"

#include <catch2/catch.hpp>
#include <set>

namespace cairn::services {
namespace {

using geo::LatLon;

// A walk from (lat, lon) `n` steps of (dlat, dlon) degrees.
TrackLine Walk(double lat, double lon, int n, double dlat, double dlon) {
  TrackLine line;
  for (int i = 0; i <= n; ++i) line.points.push_back({lat + dlat * i, lon + dlon * i});
  return line;
}

TrackLine Joined(TrackLine a, const TrackLine& b) {
  a.points.insert(a.points.end(), b.points.begin() + 1, b.points.end());
  return a;
}

TrackLine Reversed(TrackLine line) {
  std::reverse(line.points.begin(), line.points.end());
  return line;
}

TEST_CASE("the same walk recorded twice matches, moved, reversed or another way does not",
          "[services][merge]") {
  const TrackLine walk = Walk(47, 11, 40, 0.0005, 0.0002);  // about 2.3 km north-north-east
  // 40 m east all along (a second device's drift), and starting 100 m late.
  TrackLine shifted = Walk(47.0009, 11.0005, 38, 0.0005, 0.0002);
  const TrackComparison same = CompareTracks(walk, shifted, Shape::kEndsFirst);
  CHECK(IsStrongMatch(same));
  CHECK(same.frechet_m < 60);
  CHECK(MatchScore(same) > 0.5);
  CHECK(MatchWarnings(same).empty());

  // A to B against B to A: the ends are far apart.
  const TrackComparison reversed = CompareTracks(walk, Reversed(walk), Shape::kEndsFirst);
  CHECK_FALSE(IsStrongMatch(reversed));
  CHECK(MatchWarnings(reversed) == std::vector<std::string>{"startpoints_far_apart",
                                                            "endpoints_far_apart",
                                                            "geometry_differs"});
  // An out-and-back against its way out: the ends differ, so do the lengths.
  const TrackComparison out_and_back =
      CompareTracks(walk, Joined(walk, Reversed(walk)), Shape::kAlways);
  CHECK_FALSE(IsStrongMatch(out_and_back));
  CHECK(out_and_back.end_gap_m > kEndpointToleranceMeters);

  // A loop and the same loop walked the other way round: same ends, same length, other shape.
  const TrackLine loop =
      Joined(Joined(Walk(47, 11, 10, 0.001, 0), Walk(47.01, 11, 10, 0, 0.001)),
             Joined(Walk(47.01, 11.01, 10, -0.001, 0), Walk(47, 11.01, 10, 0, -0.001)));
  CHECK(IsStrongMatch(CompareTracks(loop, loop, Shape::kEndsFirst)));
  const TrackComparison other_way = CompareTracks(loop, Reversed(loop), Shape::kEndsFirst);
  CHECK(other_way.start_gap_m == 0);
  CHECK(other_way.lengths_agree);
  CHECK_FALSE(IsStrongMatch(other_way));

  // Same start and end, another way between them (over the next ridge, 1 km east).
  const TrackLine east = Joined(Joined(Walk(47, 11, 5, 0, 0.002), Walk(47, 11.01, 20, 0.001, 0)),
                                Walk(47.02, 11.01, 5, 0, -0.002));
  const TrackLine west = Walk(47, 11, 20, 0.001, 0);
  const TrackComparison ridge =
      CompareTracks(Joined(west, Walk(47.02, 11, 1, 0, 0)), east, Shape::kAlways);
  CHECK_FALSE(IsStrongMatch(ridge));
  CHECK(ridge.frechet_m > 700);
}

TEST_CASE("lengths may differ by 2 km or by 20 percent", "[services][merge]") {
  TrackLine a = Walk(47, 11, 10, 0.001, 0), b = a;
  a.distance_m = 10'000, b.distance_m = 12'400;  // 2.4 km but 19 %
  CHECK(CompareTracks(a, b, Shape::kEndsFirst).lengths_agree);
  a.distance_m = 5'000, b.distance_m = 7'100;  // 2.1 km and 30 %
  const TrackComparison c = CompareTracks(a, b, Shape::kEndsFirst);
  CHECK_FALSE(c.lengths_agree);
  CHECK_FALSE(IsStrongMatch(c));
  CHECK(c.frechet_m == std::numeric_limits<double>::infinity());  // never measured
  CHECK(MatchWarnings(CompareTracks(a, TrackLine{}, Shape::kAlways)) ==
        std::vector<std::string>{"missing_geometry"});
}

TEST_CASE("only trails starting and ending in nearby grid cells are compared",
          "[services][merge]") {
  std::vector<TrackLine> lines = {
      Walk(47, 11, 10, 0.001, 0),        // 0
      Walk(47.004, 11.0, 10, 0.001, 0),  // 1: starts 445 m north of 0, ends likewise
      Walk(47, 11, 10, 0.001, 0.001),    // 2: same start as 0, ends 760 m east of it
      Walk(47.02, 11, 10, -0.001, 0),    // 3: 0 reversed
      Walk(47, 11.0069, 10, 0.001, 0),   // 4: 523 m east of 0
      TrackLine{},                       // 5: no track
      Walk(60, 11, 10, 0.001, 0),        // 6 and 7: 60°N, 450 m apart in longitude
      Walk(60, 11.0081, 10, 0.001, 0),
  };
  const auto pairs = CandidatePairs(lines);
  const std::set<std::pair<size_t, size_t>> found(pairs.begin(), pairs.end());
  // Every pair within the tolerance is among them (cells are coarse: a few farther ones too).
  for (auto pair : {std::pair<size_t, size_t>{0, 1}, {0, 4}, {1, 4}, {6, 7}}) {
    CHECK(found.count(pair) == 1);
  }
  // Never a reversed trail, one without a track, or one from another region.
  for (const auto& [i, j] : pairs) {
    CHECK(i < j);
    CHECK(i != 3);
    CHECK(j != 3);
    CHECK(j != 5);
    CHECK((i < 6) == (j < 6));
  }
}

}  // namespace
}  // namespace cairn::services
