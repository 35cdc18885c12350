// Trail statistics on small tracks built by hand, with values worked out on paper.
#include "geo/statistics.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

namespace cairn::geo {
namespace {

// On the equator the geodesic is the equator: 0.001° of longitude is exactly a * pi / 180000.
constexpr double kMilliDegreeOnEquatorM = 111.31949079327359;
constexpr int64_t kSecond = 1000;
// 2024-02-29T12:00:00Z
constexpr int64_t kNoon = 1709208000000;

TrackPoint At(double lat, double lon, double ele = kNoElevation, int64_t time_ms = kNoTime) {
  return {lat, lon, ele, time_ms};
}

// A point on the equator `meters` east of 0°.
TrackPoint East(double meters, double ele = kNoElevation, int64_t time_ms = kNoTime) {
  return At(0, meters / kMilliDegreeOnEquatorM * 0.001, ele, time_ms);
}

TrackPart Part(std::vector<Segment> segments, PartKind kind = PartKind::kTrack) {
  TrackPart part;
  part.kind = kind;
  part.segments = std::move(segments);
  return part;
}

Track WithParts(std::vector<TrackPart> parts) {
  Track track;
  track.parts = std::move(parts);
  return track;
}

Track OneSegment(Segment points) { return WithParts({Part({std::move(points)})}); }

// Elevations only, one a second, standing still.
Track Elevations(std::vector<double> elevations) {
  Segment points;
  for (double ele : elevations) points.push_back(East(0, ele));
  return OneSegment(points);
}

TEST_CASE("an empty track has zero totals and no start, bounds, times or elevations",
          "[geo][statistics]") {
  for (const Track& track : {Track{}, WithParts({Part({Segment{}, Segment{}})})}) {
    const TrackStatistics stats = ComputeStatistics(track);
    CHECK(stats.distance_m == 0);
    CHECK(stats.elevation_gain_m == 0);
    CHECK(stats.elevation_loss_m == 0);
    CHECK_FALSE(stats.elapsed_s);
    CHECK_FALSE(stats.moving_s);
    CHECK_FALSE(stats.start);
    CHECK_FALSE(stats.bounds);
    CHECK(stats.start_time_ms == kNoTime);
    CHECK(std::isnan(stats.min_elevation_m));
    CHECK(std::isnan(stats.max_elevation_m));
    CHECK(stats.points == 0);
  }
}

TEST_CASE("a single point is the start, the bounds and the date, with no distance",
          "[geo][statistics]") {
  const TrackStatistics stats = ComputeStatistics(OneSegment({At(46.5, 7.9, 1200, kNoon)}));
  CHECK(stats.distance_m == 0);
  CHECK(stats.start == LatLon{46.5, 7.9});
  CHECK(stats.bounds == BoundingBox{46.5, 7.9, 46.5, 7.9});
  CHECK(stats.start_time_ms == kNoon);
  CHECK(stats.elapsed_s == 0);
  CHECK(stats.moving_s == 0);
  CHECK(stats.min_elevation_m == 1200);
  CHECK(stats.max_elevation_m == 1200);
  CHECK(stats.points == 1);
}

TEST_CASE("distance is summed inside segments, never across segments or parts",
          "[geo][statistics]") {
  // Two 111 m steps per segment; the segments and parts are 1000 km apart.
  const Segment here = {At(0, 0), At(0, 0.001), At(0, 0.002)};
  const Segment there = {At(9, 0), At(9, 0.001)};
  const double there_m = DistanceMeters(9, 0, 9, 0.001);
  CHECK(ComputeStatistics(OneSegment(here)).distance_m ==
        Approx(2 * kMilliDegreeOnEquatorM).epsilon(1e-9));
  CHECK(ComputeStatistics(WithParts({Part({here, there})})).distance_m ==
        Approx(2 * kMilliDegreeOnEquatorM + there_m).epsilon(1e-9));
  CHECK(ComputeStatistics(WithParts({Part({here}), Part({there})})).distance_m ==
        Approx(2 * kMilliDegreeOnEquatorM + there_m).epsilon(1e-9));
}

TEST_CASE("a step longer than the pause threshold adds no distance and no moving time",
          "[geo][statistics]") {
  // One point a second, 1 m apart, then the recorder is off while the walker moves 1 km.
  Segment points;
  for (int i = 0; i <= 10; ++i) points.push_back(East(i, kNoElevation, kNoon + i * kSecond));
  const int64_t resumed = kNoon + 10 * kSecond + static_cast<int64_t>(kPauseMinSeconds) * kSecond;
  SECTION("a gap of exactly the threshold is still a step") {
    points.push_back(East(1010, kNoElevation, resumed));
    const TrackStatistics stats = ComputeStatistics(OneSegment(points));
    CHECK(stats.distance_m == Approx(1010).epsilon(1e-9));
    CHECK(stats.moving_s == Approx(10 + kPauseMinSeconds));
  }
  SECTION("a second more is a pause") {
    points.push_back(East(1010, kNoElevation, resumed + kSecond));
    points.push_back(East(1011, kNoElevation, resumed + 2 * kSecond));
    const TrackStatistics stats = ComputeStatistics(OneSegment(points));
    CHECK(stats.distance_m == Approx(11).epsilon(1e-9));
    CHECK(stats.moving_s == Approx(11));
    CHECK(stats.elapsed_s == Approx(10 + kPauseMinSeconds + 2));  // pauses are elapsed time
  }
}

TEST_CASE("a tracker logging every ten minutes keeps its steps", "[geo][statistics]") {
  // The pause threshold follows the segment's median interval (20 x 600 s here).
  Segment points;
  for (int i = 0; i <= 6; ++i)
    points.push_back(East(800.0 * i, kNoElevation, kNoon + i * 600 * kSecond));
  const TrackStatistics stats = ComputeStatistics(OneSegment(points));
  CHECK(stats.distance_m == Approx(4800).epsilon(1e-9));
  CHECK(stats.moving_s == Approx(3600));
}

TEST_CASE("points without elevation are skipped, never read as 0 m", "[geo][statistics]") {
  const TrackStatistics stats =
      ComputeStatistics(Elevations({100, kNoElevation, 106, kNoElevation, kNoElevation, 100}));
  CHECK(stats.elevation_gain_m == 6);
  CHECK(stats.elevation_loss_m == 6);
  CHECK(stats.min_elevation_m == 100);
  CHECK(stats.max_elevation_m == 106);
  // A track with no elevation at all.
  const TrackStatistics flat = ComputeStatistics(Elevations({kNoElevation, kNoElevation}));
  CHECK(flat.elevation_gain_m == 0);
  CHECK(std::isnan(flat.min_elevation_m));
}

TEST_CASE("a climb counts once it reaches the hysteresis from the last counted elevation",
          "[geo][statistics]") {
  REQUIRE(kElevationHysteresisMeters == 5);
  struct Case {
    std::vector<double> elevations;
    double gain, loss;
  };
  const Case cases[] = {
      {{100, 104.99}, 0, 0},
      {{100, 105}, 5, 0},
      {{100, 95}, 0, 5},
      {{100, 95.01}, 0, 0},
      // Noise under the threshold around a level never counts, however long.
      {{100, 103, 99, 102, 97, 101, 98, 102}, 0, 0},
      // 103 is under it; 106 counts 6; 102 is under it; 101 counts -5; 96 counts -5.
      {{100, 103, 106, 102, 101, 96}, 6, 10},
      // A slow climb in 1 m steps counts in whole steps of 5 m; the last 2 m are not reached.
      {{100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112}, 10, 0},
  };
  for (const Case& c : cases) {
    const TrackStatistics stats = ComputeStatistics(Elevations(c.elevations));
    CHECK(stats.elevation_gain_m == Approx(c.gain));
    CHECK(stats.elevation_loss_m == Approx(c.loss));
  }
}

// Elevations in steps of `step` metres: `runs` alternates up and down, in numbers of steps.
std::vector<double> Runs(double start, double step, std::vector<int> runs) {
  std::vector<double> elevations = {start};
  for (size_t r = 0; r < runs.size(); ++r) {
    for (int i = 0; i < runs[r]; ++i) {
      elevations.push_back(elevations.back() + (r % 2 == 0 ? step : -step));
    }
  }
  return elevations;
}

TEST_CASE("smooth altitude on a calm day counts with the 1 m threshold", "[geo][statistics]") {
  REQUIRE(kSmoothHysteresisMeters == 1);
  // A barometer on rolling ground: three 3 m rises and three 3 m drops in 0.25 m steps. 72
  // changes, 5 reversals (7 %): smooth. The 5 m rule would show 0 m; the device shows 9 m.
  const TrackStatistics rolling =
      ComputeStatistics(Elevations(Runs(100, 0.25, {12, 12, 12, 12, 12, 12})));
  CHECK(rolling.smooth_elevation_parts == 1);
  CHECK(rolling.elevation_gain_m == Approx(9));
  CHECK(rolling.elevation_loss_m == Approx(9));
  // A gentle ride climbing 4, 3 and 2 m with 0.75 m dips between (42 changes, 4 reversals):
  // the 1 m rule counts 4 + 2 + 1 = 7 m, the 5 m rule counted 5 m.
  const TrackStatistics gentle = ComputeStatistics(Elevations(Runs(100, 0.25, {16, 3, 12, 3, 8})));
  CHECK(gentle.smooth_elevation_parts == 1);
  CHECK(gentle.elevation_gain_m == Approx(7));
}

TEST_CASE("jittery altitude keeps the 5 m threshold", "[geo][statistics]") {
  // GPS altitude climbing 10 m through jitter: +1.5, -1.0, +1.5, ... 40 changes, 39 reversals.
  std::vector<double> elevations = {100};
  for (int i = 0; i < 20; ++i) {
    elevations.push_back(elevations.back() + 1.5);
    elevations.push_back(elevations.back() - 1.0);
  }
  const TrackStatistics stats = ComputeStatistics(Elevations(elevations));
  CHECK(stats.smooth_elevation_parts == 0);
  CHECK(stats.elevation_gain_m == Approx(10));  // with 1 m it would be 30 up and 19 down
  CHECK(stats.elevation_loss_m == 0);
  // Too few changes to judge the noise (19 of 20): the 5 m rule, whatever their shape.
  const TrackStatistics short_climb = ComputeStatistics(Elevations(Runs(100, 0.25, {19})));
  CHECK(short_climb.smooth_elevation_parts == 0);
  CHECK(short_climb.elevation_gain_m == 0);
  const TrackStatistics judged = ComputeStatistics(Elevations(Runs(100, 0.25, {20})));
  CHECK(judged.smooth_elevation_parts == 1);
  CHECK(judged.elevation_gain_m == Approx(5));
}

TEST_CASE("each part is judged on its own altitude", "[geo][statistics]") {
  Segment smooth, jittery;
  for (double ele : Runs(100, 0.25, {12, 12, 12, 12, 12, 12})) smooth.push_back(East(0, ele));
  for (int i = 0; i < 40; ++i) jittery.push_back(East(0, i % 2 == 0 ? 100 : 104));
  const TrackStatistics stats = ComputeStatistics(WithParts({Part({smooth}), Part({jittery})}));
  CHECK(stats.smooth_elevation_parts == 1);
  CHECK(stats.elevation_gain_m == Approx(9));  // the jittery part's 4 m never reach 5 m
}

TEST_CASE("the elevation filter carries over segments but restarts with each part",
          "[geo][statistics]") {
  // Within a part the recorder paused where it stood: 100 -> 103 | 106 is one climb of 6 m.
  const Segment first = {East(0, 100), East(1, 103)};
  const Segment second = {East(2, 106)};
  CHECK(ComputeStatistics(WithParts({Part({first, second})})).elevation_gain_m == Approx(6));
  // Another part is another recording: the jump from 103 to 106 (or to 500) is no climb.
  const Segment elsewhere = {East(2, 500), East(3, 501)};
  CHECK(ComputeStatistics(WithParts({Part({first}), Part({second})})).elevation_gain_m == 0);
  CHECK(ComputeStatistics(WithParts({Part({first}), Part({elsewhere})})).elevation_gain_m == 0);
}

TEST_CASE("elevation gain is not gated by horizontal distance", "[geo][statistics]") {
  // A 1 Hz climb with steps of 0.5 m (wanderer skips points less than 5 m from the previous one
  // and reports 0 m here).
  Segment points;
  for (int i = 0; i <= 100; ++i)
    points.push_back(East(0.5 * i, 1000 + 0.25 * i, kNoon + i * kSecond));
  CHECK(ComputeStatistics(OneSegment(points)).elevation_gain_m == Approx(25));
}

TEST_CASE("moving time drops stops of 15 s or more and keeps shorter ones", "[geo][statistics]") {
  REQUIRE(kMinStopSeconds == 15);
  // One point a second: 10 s walking at 1 m/s, 10 s standing, 10 s walking, 20 s standing,
  // 10 s walking.
  Segment points;
  double meters = 0;
  int64_t time = kNoon;
  points.push_back(East(meters, kNoElevation, time));
  const auto walk = [&](int seconds, double speed) {
    for (int i = 0; i < seconds; ++i) {
      meters += speed;
      time += kSecond;
      points.push_back(East(meters, kNoElevation, time));
    }
  };
  walk(10, 1);
  walk(10, 0);
  walk(10, 1);
  walk(20, 0);
  walk(10, 1);
  const TrackStatistics stats = ComputeStatistics(OneSegment(points));
  CHECK(stats.elapsed_s == Approx(60));
  CHECK(stats.moving_s == Approx(40));
  CHECK(stats.distance_m == Approx(30).epsilon(1e-9));
}

TEST_CASE("a step is moving from 1 km/h", "[geo][statistics]") {
  const auto moving_s = [](double meters) {
    return *ComputeStatistics(OneSegment({East(0, kNoElevation, kNoon),
                                          East(meters, kNoElevation, kNoon + 20 * kSecond)}))
                .moving_s;
  };
  CHECK(moving_s(20 / 3.6 * 1.0001) == 20);  // just over 1 km/h for 20 s
  CHECK(moving_s(20 / 3.6 * 0.9999) == 0);   // just under: a 20 s stop
}

TEST_CASE("elapsed time sums the outings: parts under 30 minutes apart are one",
          "[geo][statistics]") {
  constexpr int64_t kMinute = 60 * kSecond;
  constexpr int64_t kDay = 86400 * kSecond;
  auto timed = [](double meters, int64_t time_ms) { return East(meters, kNoElevation, time_ms); };
  SECTION("a walk cut into parts with stops under 30 minutes runs from its first to last time") {
    const Track track = WithParts({
        Part({{timed(0, kNoon), timed(10, kNoon + 10 * kMinute)}}),
        // 29 minutes later: the same outing; the stop counts.
        Part({{timed(20, kNoon + 39 * kMinute), timed(30, kNoon + 50 * kMinute)}}),
    });
    const TrackStatistics stats = ComputeStatistics(track);
    CHECK(stats.elapsed_s == Approx(50 * 60));
    CHECK(stats.outings == 1);
  }
  SECTION("a gap of 31 minutes starts a new outing; the gap does not count") {
    const Track track = WithParts({
        Part({{timed(0, kNoon), timed(10, kNoon + 10 * kMinute)}}),
        Part({{timed(20, kNoon + 41 * kMinute), timed(30, kNoon + 52 * kMinute)}}),
    });
    const TrackStatistics stats = ComputeStatistics(track);
    CHECK(stats.elapsed_s == Approx(21 * 60));
    CHECK(stats.outings == 2);
  }
  SECTION("a two-point blip hours before the walk does not stretch it") {
    const Track track = WithParts({
        Part({{timed(0, kNoon - 5 * 3600 * kSecond),
               timed(1, kNoon - 5 * 3600 * kSecond + 20 * kSecond)}}),
        Part({{timed(10, kNoon), timed(20, kNoon + 2 * 3600 * kSecond)}}),
    });
    const TrackStatistics stats = ComputeStatistics(track);
    CHECK(stats.elapsed_s == Approx(2 * 3600 + 20));
    CHECK(stats.start_time_ms == kNoon - 5 * 3600 * kSecond);
  }
  SECTION("parts without times add nothing, and neither do the days between recordings") {
    const Track track = WithParts({
        Part({{timed(0, kNoon), timed(1, kNoon + 10 * kSecond)}}),
        Part({{East(2), East(3)}}),
        Part({{timed(4, kNoon + kDay)}, {timed(5, kNoon + kDay + 20 * kSecond)}}),
    });
    const TrackStatistics stats = ComputeStatistics(track);
    CHECK(stats.elapsed_s == Approx(30));
    CHECK(stats.start_time_ms == kNoon);
  }
  SECTION("a part that overlaps the outing before it stays in it") {
    const Track track = WithParts({
        Part({{timed(0, kNoon), timed(10, kNoon + 20 * kMinute)}}),
        Part({{timed(20, kNoon + 5 * kMinute), timed(30, kNoon + 10 * kMinute)}}),
    });
    CHECK(ComputeStatistics(track).elapsed_s == Approx(20 * 60));
  }
  SECTION("a clock that runs backwards gives no elapsed time rather than a negative one") {
    const TrackStatistics stats =
        ComputeStatistics(OneSegment({timed(0, kNoon), timed(1, kNoon - kSecond)}));
    CHECK_FALSE(stats.elapsed_s);
    CHECK(stats.moving_s == 0);
  }
  SECTION("no times at all") {
    const TrackStatistics stats = ComputeStatistics(OneSegment({East(0), East(10)}));
    CHECK_FALSE(stats.elapsed_s);
    CHECK_FALSE(stats.moving_s);
    CHECK(stats.start_time_ms == kNoTime);
    CHECK(stats.outings == 0);
  }
}

TEST_CASE("times no device clock could produce give no start, duration or moving time",
          "[geo][statistics]") {
  // gpxpy's Mojstrovka.gpx: points stamped 1901-12-13T20:45:52.207Z (-2^31 seconds and a bit)
  // by a clock that was never set.
  constexpr int64_t k1901 = -2147483647793;
  SECTION("before 1990") {
    const TrackStatistics stats = ComputeStatistics(
        OneSegment({East(0, kNoElevation, k1901), East(30, kNoElevation, k1901 + 30 * kSecond)}));
    CHECK(stats.start_time_ms == kNoTime);
    CHECK_FALSE(stats.elapsed_s);
    CHECK_FALSE(stats.moving_s);
    CHECK(stats.distance_m == Approx(30));  // the positions are still the walk
  }
  SECTION("after 2099") {
    constexpr int64_t k2100 = 4102444800000;
    const TrackStatistics stats = ComputeStatistics(
        OneSegment({East(0, kNoElevation, k2100), East(30, kNoElevation, k2100 + kSecond)}));
    CHECK(stats.start_time_ms == kNoTime);
    CHECK_FALSE(stats.elapsed_s);
  }
  SECTION("every point stamped with the same instant") {
    const TrackStatistics stats =
        ComputeStatistics(OneSegment({East(0, kNoElevation, kNoon), East(30, kNoElevation, kNoon),
                                      East(60, kNoElevation, kNoon)}));
    CHECK(stats.start_time_ms == kNoTime);
    CHECK_FALSE(stats.elapsed_s);
    CHECK_FALSE(stats.moving_s);
  }
  SECTION("one timed point is a start without a duration") {
    const TrackStatistics stats =
        ComputeStatistics(OneSegment({East(0, kNoElevation, kNoon), East(30)}));
    CHECK(stats.start_time_ms == kNoon);
    CHECK(stats.elapsed_s == Approx(0));
  }
  CHECK(IsPlausibleTime(kNoon));
  CHECK(IsPlausibleTime(kEarliestPlausibleMs));
  CHECK_FALSE(IsPlausibleTime(kEarliestPlausibleMs - 1));
  CHECK_FALSE(IsPlausibleTime(kNoTime));
  CHECK_FALSE(IsPlausibleTime(0));
}

TEST_CASE("dates are UTC calendar days", "[geo][statistics]") {
  CHECK(DateOf(0) == "1970-01-01");
  CHECK(DateOf(-1) == "1969-12-31");
  CHECK(DateOf(kNoon) == "2024-02-29");
  CHECK(DateOf(-2147472000001) == "1901-12-13");  // its last millisecond
  CHECK(DateOf(-62135596800000) == "0001-01-01");
  CHECK(DateOf(253402300799999) == "9999-12-31");
  CHECK_FALSE(DateOf(-62135596800001));
  CHECK_FALSE(DateOf(253402300800000));
  CHECK_FALSE(DateOf(kNoTime));
  CHECK_FALSE(DateOf(std::numeric_limits<int64_t>::max()));
}

TEST_CASE("a track over the antimeridian gets a narrow box with west east of east",
          "[geo][statistics]") {
  const TrackStatistics stats = ComputeStatistics(
      OneSegment({At(-16.9, 179.8), At(-17.0, 179.95), At(-17.1, -179.9), At(-17.2, -179.7)}));
  REQUIRE(stats.bounds);
  CHECK(stats.bounds->south == -17.2);
  CHECK(stats.bounds->west == 179.8);
  CHECK(stats.bounds->north == -16.9);
  CHECK(stats.bounds->east == Approx(-179.7).epsilon(1e-12));  // via 180.3 - 360
  CHECK(stats.bounds->CrossesAntimeridian());
  // Measured across 180°: three short steps, not three trips round the world.
  CHECK(stats.distance_m < 70000);
  // A track near Greenwich keeps the ordinary box.
  const TrackStatistics greenwich =
      ComputeStatistics(OneSegment({At(51.47, -0.01), At(51.48, 0.02)}));
  CHECK(*greenwich.bounds == BoundingBox{51.47, -0.01, 51.48, 0.02});
  CHECK_FALSE(greenwich.bounds->CrossesAntimeridian());
}

TEST_CASE("a track over the equator is bounded on both sides of it", "[geo][statistics]") {
  const TrackStatistics stats =
      ComputeStatistics(OneSegment({At(0.001, 32.5), At(0, 32.5), At(-0.001, 32.5)}));
  CHECK(*stats.bounds == BoundingBox{-0.001, 32.5, 0.001, 32.5});
  // 0.002° of latitude at the equator: twice M(0) * pi / 180000.
  CHECK(stats.distance_m == Approx(2 * 110.57427582).epsilon(1e-6));
}

TEST_CASE("bounds hold every point of every part and every waypoint", "[geo][statistics]") {
  Track track = WithParts(
      {Part({{At(46.0, 7.0), At(46.1, 7.1)}}), Part({{At(45.9, 7.2)}}, PartKind::kRoute)});
  Waypoint hut;
  hut.lat = 46.3;
  hut.lon = 6.9;
  track.waypoints.push_back(hut);
  CHECK(*ComputeStatistics(track).bounds == BoundingBox{45.9, 6.9, 46.3, 7.2});
}

TEST_CASE("the recording is the line, and routes count when there is no recording",
          "[geo][statistics]") {
  const Segment planned = {At(0, 0, 10), At(0, 0.002, 20)};
  const Segment walked = {At(0, 0.010, 30), At(0, 0.011, 40)};
  SECTION("a route beside a track adds nothing to the track's numbers") {
    const Track track = WithParts({Part({planned}, PartKind::kRoute), Part({walked})});
    CHECK(LinePartKind(track) == PartKind::kTrack);
    const TrackStatistics stats = ComputeStatistics(track);
    CHECK(stats.distance_m == Approx(kMilliDegreeOnEquatorM).epsilon(1e-9));
    CHECK(stats.start == LatLon{0, 0.010});
    CHECK(stats.elevation_gain_m == 10);
    CHECK(stats.min_elevation_m == 30);
    CHECK(stats.points == 4);
  }
  SECTION("a route alone is the line") {
    const Track track = WithParts({Part({planned}, PartKind::kRoute), Part({Segment{}})});
    CHECK(LinePartKind(track) == PartKind::kRoute);
    const TrackStatistics stats = ComputeStatistics(track);
    CHECK(stats.distance_m == Approx(2 * kMilliDegreeOnEquatorM).epsilon(1e-9));
    CHECK(stats.start == LatLon{0, 0});
    CHECK(stats.elevation_gain_m == 10);
  }
}

TEST_CASE("the start is the line's first point, else the first waypoint", "[geo][statistics]") {
  const Track track = WithParts({Part({Segment{}, {At(46.5, 7.9), At(46.6, 7.9)}})});
  CHECK(ComputeStatistics(track).start == LatLon{46.5, 7.9});
  Track waypoints_only;
  Waypoint summit;
  summit.lat = 46.55;
  summit.lon = 7.96;
  waypoints_only.waypoints = {summit, Waypoint{}};
  const TrackStatistics stats = ComputeStatistics(waypoints_only);
  CHECK(stats.start == LatLon{46.55, 7.96});
  CHECK(stats.distance_m == 0);
  CHECK(stats.points == 0);
}

}  // namespace
}  // namespace cairn::geo
