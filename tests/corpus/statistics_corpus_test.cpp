// Statistics over the shared corpus, against the values in ../shared/gpsdata/MANIFEST.md: those
// the source projects' own tests assert (T), the devices' stored totals (D, with the tolerance
// each comment justifies) and the peers' measured values (M), where our choices differ on
// purpose and docs/STATISTICS.md says why.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "geo/profile.h"
#include "geo/readers.h"
#include "geo/statistics.h"

namespace cairn::geo {
namespace {

const std::string kData = CAIRN_GPSDATA;

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TrackStatistics StatisticsOf(const std::string& relative_path) {
  auto track = ReadTrackFile(Slurp(kData + "/" + relative_path));
  INFO(relative_path);
  REQUIRE(track.ok());
  return ComputeStatistics(*track);
}

TEST_CASE("every file of the corpus imports or is rejected with a reason, never worse",
          "[corpus][statistics]") {
  size_t read = 0, rejected = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kData)) {
    if (!entry.is_regular_file()) continue;
    const std::string path = entry.path().string();
    INFO(path);
    auto track = ReadTrackFile(Slurp(path));
    if (track.ok()) {
      ++read;
      const TrackStatistics stats = ComputeStatistics(*track);
      CHECK(std::isfinite(stats.distance_m));
      CHECK(stats.distance_m >= 0);
      CHECK(stats.elevation_gain_m >= 0);
      CHECK(stats.elevation_loss_m >= 0);
      if (stats.elapsed_s) CHECK(*stats.elapsed_s >= 0);
      if (stats.moving_s && stats.elapsed_s) CHECK(*stats.moving_s <= *stats.elapsed_s + 1e-6);
    } else {
      ++rejected;
      CHECK(track.error().kind == util::ErrorKind::kInvalidArgument);
      CHECK_FALSE(track.error().message.empty());
    }
  }
  // 36 GPS files read (damaged FIT files salvaged with warnings); the 3 deliberately bad
  // togeojson files, MANIFEST.md and the 2 truth CSVs are refused.
  CHECK(read == 35);
  CHECK(rejected == 6);
}

TEST_CASE("every corpus file's elevation profile ends at its distance, also downsampled",
          "[corpus][statistics]") {
  size_t profiles = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kData)) {
    if (!entry.is_regular_file()) continue;
    auto track = ReadTrackFile(Slurp(entry.path().string()));
    if (!track.ok()) continue;
    INFO(entry.path().string());
    const std::vector<ProfilePoint> profile = ElevationProfile(*track);
    if (profile.empty()) continue;
    ++profiles;
    CHECK(profile.back().distance_m == ComputeStatistics(*track).distance_m);
    const std::vector<ProfilePoint> small = DownsampleProfile(profile, 100);
    CHECK(small.size() <= 100);
    CHECK(small.back().distance_m == profile.back().distance_m);
    for (size_t i = 1; i < small.size(); ++i) {
      CHECK(small[i].distance_m >= small[i - 1].distance_m);
    }
  }
  CHECK(profiles > 30);
}

TEST_CASE("FitTrackee's fixture gives the values FitTrackee's own API test asserts",
          "[corpus][statistics]") {
  const TrackStatistics s =
      StatisticsOf("FitTrackee/fittrackee/tests/fixtures/fixtures_workouts.gpx_file.gpx");
  // T: duration and moving 0:04:10, altitudes 975..998, bounds [44.67822, 6.07355, 44.68095,
  // 6.07442]: exact.
  CHECK(s.elapsed_s == Approx(250));
  CHECK(s.moving_s == Approx(250));
  CHECK(s.min_elevation_m == 975);
  CHECK(s.max_elevation_m == 998);
  REQUIRE(s.bounds);
  CHECK(s.bounds->south == Approx(44.67822));
  CHECK(s.bounds->west == Approx(6.07355));
  CHECK(s.bounds->north == Approx(44.68095));
  CHECK(s.bounds->east == Approx(6.07442));
  // T: 0.32 km, but FitTrackee's is 3D (gpxpy moving+stopped); ours is 2D on the ellipsoid, as
  // the API's distance is: 316.7 m (GeographicLib: 316.7), the same 0.32 km once rounded.
  CHECK(s.distance_m == Approx(316.7).margin(0.1));
  CHECK(std::round(s.distance_m / 10) / 100 == Approx(0.32));
  // T: +0.4 / -23.4 m from gpxpy's 3-tap smoothing. Our 5 m hysteresis gives 0 / 23; both are
  // within half a metre, the noise of the barometer's 0.2 m steps in this file.
  CHECK(s.elevation_gain_m == Approx(0.4).margin(0.5));
  CHECK(s.elevation_loss_m == Approx(23.4).margin(0.5));
}

TEST_CASE("distances stay within 1% of what the devices stored", "[corpus][statistics]") {
  // D: devices measure with wheel sensors or filtered positions and their own Earth model; the
  // radius choice alone moves totals by 0.3% (gps-peers.md 2.1). 1% bounds the sum of both; we
  // measured -0.72% to +0.68% over these files.
  struct Case {
    std::string file;
    double device_m;
  };
  const std::vector<Case> cases = {
      {"gpsbabel/reference/track/garmin-edge-800.fit", 25196.98},
      {"gpsbabel/reference/track/wahoo-element-bolt.fit", 4745.32},
      {"python-fitparse/tests/files/2019-02-17-062644-ELEMNT-297E-195-0.fit", 78940.55},
      {"python-fitparse/tests/files/activity-small-fenix2-run.fit", 9008.22},
      {"python-fitparse/tests/files/coros-pace-2-cycling-misaligned-fields.fit", 32145.76},
      {"python-fitparse/tests/files/garmin-edge-820-bike.fit", 457.12},
      {"python-fitparse/tests/files/garmin-fenix-5-walk.fit", 67.85},
      {"gpsbabel/reference/track/history.tcx", 56818.26},
      {"gpsbabel/reference/track/gtrnctr_power.tcx", 39683.43},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    CHECK(StatisticsOf(c.file).distance_m == Approx(c.device_m).epsilon(0.01));
  }
  // The ELEMNT ride stopped for 10 000 s: counted over the pauses it would be 81 155 m (+2.8%).
  CHECK(StatisticsOf("python-fitparse/tests/files/2019-02-17-062644-ELEMNT-297E-195-0.fit")
            .distance_m < 80000);
}

// Whether `ours` is within max(15 %, 10 m) of the device's total: the target of
// docs/STATISTICS.md.
bool NearDevice(double ours, double device) {
  return std::fabs(ours - device) <= std::max(10.0, 0.15 * device);
}

// The largest rise from any point to a later one: any gain computed from these points is at
// least this.
double LargestRise(const std::string& relative_path) {
  auto track = ReadTrackFile(Slurp(kData + "/" + relative_path));
  REQUIRE(track.ok());
  double lowest = kNoElevation, rise = 0;
  for (const TrackPart& part : track->parts) {
    for (const Segment& segment : part.segments) {
      for (const TrackPoint& point : segment) {
        if (!point.HasElevation()) continue;
        lowest = std::fmin(lowest, point.ele);
        rise = std::max(rise, point.ele - lowest);
      }
    }
  }
  return rise;
}

TEST_CASE("elevation gain is within max(15%, 10 m) of the device on every corpus file",
          "[corpus][statistics]") {
  // D: the session totals the devices stored. The Edge 800 and the Coros store smooth
  // barometric altitude and are counted with the 1 m threshold; the ELEMNT, the Wahoo and the
  // Fenix 5 jitter by 0.2 m and keep the 5 m one (docs/STATISTICS.md has the table).
  struct Case {
    std::string file;
    double ascent_m, descent_m;
    bool smooth;
  };
  const std::vector<Case> cases = {
      {"gpsbabel/reference/track/garmin-edge-800.fit", 132, 116, true},
      {"gpsbabel/reference/track/wahoo-element-bolt.fit", 51, 0, false},
      {"python-fitparse/tests/files/coros-pace-2-cycling-misaligned-fields.fit", 938, 1231, true},
      {"python-fitparse/tests/files/2019-02-17-062644-ELEMNT-297E-195-0.fit", 185, 89, false},
      {"python-fitparse/tests/files/garmin-fenix-5-walk.fit", 1, 0, false},
  };
  for (const Case& c : cases) {
    INFO(c.file);
    const TrackStatistics s = StatisticsOf(c.file);
    CHECK(NearDevice(s.elevation_gain_m, c.ascent_m));
    CHECK(NearDevice(s.elevation_loss_m, c.descent_m));
    CHECK((s.smooth_elevation_parts > 0) == c.smooth);
  }
  // The Edge 800 was 93 / 73 m with the 5 m threshold for everything (before issue 15).
  CHECK(StatisticsOf("gpsbabel/reference/track/garmin-edge-800.fit").elevation_gain_m > 112);
  // The Coros file lacks altitude on some records: treated as 0, as wanderer does, it would
  // give +3292 / -3594 m. Skipped, it stays near the device's 938 / 1231.
  CHECK(StatisticsOf("python-fitparse/tests/files/coros-pace-2-cycling-misaligned-fields.fit")
            .elevation_gain_m < 1100);
  // The one exception, where the device disagrees with its own records: the Fenix 2 says it
  // climbed 64 m, but its records rise 87 m from a low to a later high, so no count of
  // these points can be as low as the device's. Pinned so a change is noticed.
  const std::string fenix = "python-fitparse/tests/files/activity-small-fenix2-run.fit";
  CHECK(LargestRise(fenix) > 64 + 20);
  CHECK(StatisticsOf(fenix).elevation_gain_m == Approx(133.0).margin(1));
}

TEST_CASE("multi-track files are not joined into one line", "[corpus][statistics]") {
  // M: gpxpy sums within segments: korita 14 913.7 m, cerknicko 4 580.1 m, gxmultitrack 85 km.
  // wanderer joins every track and segment: 27 592 m, 13 518.6 m, 170 km. We stay with gpxpy
  // (our ellipsoid is within 0.3% of its sphere).
  CHECK(StatisticsOf("gpxpy/test_files/korita-zbevnica.gpx").distance_m ==
        Approx(14913.7).epsilon(0.003));
  CHECK(StatisticsOf("gpxpy/test_files/cerknicko-jezero.gpx").distance_m ==
        Approx(4580.1).epsilon(0.003));
  CHECK(StatisticsOf("togeojson/test/data/gxmultitrack.kml").distance_m ==
        Approx(85254.6).epsilon(0.003));
  // M: on long logs with stops, gpxpy also counts the straight jumps across pauses (the MTK
  // logger's 26 hours give 167 072 m); we do not, by design (docs/STATISTICS.md, pauses).
  const TrackStatistics mtk =
      StatisticsOf("gpsbabel/reference/track/mtk_logger_m241_multiple_tracks.gpx");
  CHECK(mtk.distance_m < 167072 * 0.9);  // so also a tenth of wanderer's joined 1 367 km
  CHECK(mtk.distance_m > 100000);        // but the 26 hours of walking are there
  // T: files without elevations have no gain or loss, and no made-up altitudes.
  const TrackStatistics flat =
      StatisticsOf("gpxpy/test_files/cerknicko-jezero-without-elevations.gpx");
  CHECK(flat.elevation_gain_m == 0);
  CHECK(flat.elevation_loss_m == 0);
  CHECK(std::isnan(flat.min_elevation_m));
  // "without times" is nearly so: only the last track's 5 points carry times, 57 s apart. gpxpy
  // gives no duration at all once a segment lacks times; we count the parts that have them.
  CHECK(StatisticsOf("gpxpy/test_files/cerknicko-without-times.gpx").elapsed_s == Approx(57));
}

TEST_CASE("one outing cut into tracks keeps the stops between them", "[corpus][statistics]") {
  // One walk from 14:23:59 to 16:23:49 recorded as eight tracks with stops between them. gpxpy
  // and our first pass summed each track's own time (4 239 s); the outing lasted 7 190 s.
  const TrackStatistics walk = StatisticsOf("gpxpy/test_files/cerknicko-jezero.gpx");
  REQUIRE(walk.elapsed_s);
  CHECK(*walk.elapsed_s == Approx(7190).epsilon(0.01));
  CHECK(walk.outings == 1);
  // Moving time stays what it was (gpxpy 2 425 s; ours counts the tracks' own steps).
  REQUIRE(walk.moving_s);
  CHECK(*walk.moving_s < 4239);
  // The MTK logger's memory holds several days: their gaps never count as time.
  const TrackStatistics mtk =
      StatisticsOf("gpsbabel/reference/track/mtk_logger_m241_multiple_tracks.gpx");
  REQUIRE(mtk.elapsed_s);
  CHECK(mtk.outings > 1);
  CHECK(*mtk.elapsed_s < 2 * 24 * 3600);
}

}  // namespace
}  // namespace cairn::geo
