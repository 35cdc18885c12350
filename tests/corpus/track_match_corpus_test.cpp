// The duplicate finder's threshold against real tracks of the shared corpus: one recording read
// from two formats, a recording against a simulated second device on the same walk (GPS noise
// and drift, another sampling rate, a late start and an early stop), against itself reversed,
// and three different hikes of the Blue Hills that share their start (docs/MERGE.md has the
// figures).
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "geo/line_similarity.h"
#include "geo/readers.h"
#include "geo/simplify.h"
#include "geo/statistics.h"
#include "services/merge/track_match.h"

namespace cairn::services {
namespace {

const std::string kData = CAIRN_GPSDATA;

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

geo::Track Read(const std::string& relative_path) {
  auto track = geo::ReadTrackFile(Slurp(kData + "/" + relative_path));
  INFO(relative_path);
  REQUIRE(track.ok());
  return std::move(track).value();
}

// The track as a trail stores it: its map line and its distance.
TrackLine LineOf(const geo::Track& track) {
  return {geo::SimplifyForMap(track).points, geo::ComputeStatistics(track).distance_m};
}

// One part of a file as a track of its own.
geo::Track PartOf(const geo::Track& track, size_t part) {
  geo::Track out;
  out.parts.push_back(track.parts.at(part));
  return out;
}

// The same walk as a second device would record it: a point every 13 m of the path (other
// instants than the first device's), positions off by a drift that wanders up to `drift_m` over
// minutes plus a few metres of noise, switched on after the first `late_m` metres and off for the
// last `early_m`. Deterministic.
geo::Track SecondDevice(const geo::Track& track, double drift_m, double late_m, double early_m) {
  std::vector<geo::LatLon> path;
  for (const auto& part : track.parts) {
    for (const auto& segment : part.segments) {
      for (const auto& p : segment) path.push_back({p.lat, p.lon});
    }
  }
  std::vector<geo::LatLon> walked = geo::ResampleLine(path, 13, 1'000'000);
  const size_t skip_start = static_cast<size_t>(late_m / 13);
  const size_t skip_end = static_cast<size_t>(early_m / 13);
  REQUIRE(walked.size() > skip_start + skip_end + 2);
  uint32_t state = 12345;
  auto noise = [&] {  // uniform in [-1, 1]
    state = state * 1664525u + 1013904223u;
    return static_cast<double>(state >> 8) / double(1u << 24) * 2 - 1;
  };
  geo::Segment kept;
  for (size_t i = skip_start; i + skip_end < walked.size(); ++i) {
    const double t = static_cast<double>(i);
    const double north = drift_m * std::sin(t / 97.0) + 3 * noise();
    const double east = drift_m * std::cos(t / 131.0) + 3 * noise();
    geo::TrackPoint p;
    p.lat = walked[i].lat + north / 111'200.0;
    p.lon = walked[i].lon + east / (111'200.0 * std::cos(walked[i].lat * M_PI / 180));
    kept.push_back(p);
  }
  geo::Track out;
  out.parts.push_back({geo::PartKind::kTrack, "", "", {kept}});
  return out;
}

geo::Track Reversed(const geo::Track& track) {
  geo::Segment points;
  for (const auto& part : track.parts) {
    for (const auto& segment : part.segments)
      points.insert(points.end(), segment.begin(), segment.end());
  }
  std::reverse(points.begin(), points.end());
  geo::Track out;
  out.parts.push_back({geo::PartKind::kTrack, "", "", {points}});
  return out;
}

TrackComparison Compare(const geo::Track& a, const geo::Track& b, const char* what) {
  const TrackComparison c = CompareTracks(LineOf(a), LineOf(b), Shape::kAlways);
  std::printf("%-58s start %6.0f m  end %6.0f m  lengths %s  frechet %7.1f m\n", what,
              c.start_gap_m, c.end_gap_m, c.lengths_agree ? "agree" : "differ", c.frechet_m);
  return c;
}

TEST_CASE("one recording read from two formats is one trail", "[corpus][merge]") {
  CHECK(IsStrongMatch(Compare(Read("gpsbabel/reference/track/garmin-edge-800.fit"),
                              Read("gpsbabel/reference/track/garmin-edge-800-output.gpx"),
                              "garmin-edge-800 FIT vs its GPX")));
  CHECK(IsStrongMatch(Compare(Read("gpsbabel/reference/track/history.tcx"),
                              Read("gpsbabel/reference/track/history~tcx.gpx"),
                              "history TCX vs its GPX")));
  CHECK(IsStrongMatch(Compare(Read("gpxpy/test_files/cerknicko-jezero.gpx"),
                              Read("gpxpy/test_files/cerknicko-without-times.gpx"),
                              "cerknicko-jezero vs the copy without times")));
}

TEST_CASE("a walk recorded by a second device is the same trail", "[corpus][merge]") {
  struct Case {
    const char* path;
    double drift_m;
  };
  for (const Case& c : {Case{"python-fitparse/tests/files/activity-small-fenix2-run.fit", 15},
                        Case{"python-fitparse/tests/files/activity-small-fenix2-run.fit", 30},
                        Case{"gpsbabel/reference/track/garmin-edge-800.fit", 20},
                        Case{"gpsbabel/reference/track/gtrnctr_power.tcx", 20},
                        Case{"gpxpy/test_files/Mojstrovka.gpx", 15},
                        Case{"gpxpy/test_files/korita-zbevnica.gpx", 20},
                        Case{"togeojson/test/data/blue_hills.gpx", 20}}) {
    // The first track of a file of several hikes (blue_hills).
    const geo::Track track = PartOf(Read(c.path), 0);
    const std::string what = std::string(c.path).substr(std::string(c.path).rfind('/') + 1) +
                             " vs a device " + std::to_string(int(c.drift_m)) + " m off";
    // Switched on 250 m into the walk and off 150 m before its end.
    const TrackComparison result =
        Compare(track, SecondDevice(track, c.drift_m, 250, 150), what.c_str());
    CHECK(IsStrongMatch(result));
    // Real recordings stay under 100 m; blue_hills, sparse points edited by hand, is the worst.
    CHECK(result.frechet_m < 100);
  }
}

TEST_CASE("a trail walked the other way is another trail", "[corpus][merge]") {
  for (const char* path :
       {"python-fitparse/tests/files/activity-small-fenix2-run.fit",
        "gpxpy/test_files/korita-zbevnica.gpx", "gpsbabel/reference/track/gtrnctr_power.tcx"}) {
    // Loops: their ends meet whichever way round, so only the shape tells them apart.
    geo::Track track = Read(path);
    if (track.parts.size() > 1) track = PartOf(track, 0);
    const TrackComparison c = Compare(track, Reversed(track), path);
    CHECK(c.start_gap_m < kEndpointToleranceMeters);
    CHECK_FALSE(IsStrongMatch(c));
  }
}

TEST_CASE("different hikes from the same car park are different trails", "[corpus][merge]") {
  // blue_hills.gpx holds three hikes of one afternoon's area, each a track starting at the same
  // trailhead; the first two also end there and differ in length by 15 %, so only their shape
  // tells them apart.
  const geo::Track file = Read("togeojson/test/data/blue_hills.gpx");
  const geo::Track a = PartOf(file, 0), b = PartOf(file, 1), c = PartOf(file, 2);
  const TrackComparison ab = Compare(a, b, "blue_hills hike 1 vs hike 2");
  CHECK(ab.start_gap_m < kEndpointToleranceMeters);
  CHECK(ab.end_gap_m < kEndpointToleranceMeters);
  CHECK(ab.lengths_agree);
  CHECK(ab.frechet_m > 4 * kFrechetThresholdMeters);
  CHECK_FALSE(IsStrongMatch(ab));
  CHECK_FALSE(IsStrongMatch(Compare(a, c, "blue_hills hike 1 vs hike 3")));
  CHECK_FALSE(IsStrongMatch(Compare(b, c, "blue_hills hike 2 vs hike 3")));
}

}  // namespace
}  // namespace cairn::services
