// The GPX, TCX and KML readers over the shared corpus of real files (read in place), checked
// against the structural facts in its MANIFEST.md and GPSBabel's reference conversion.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "geo/readers.h"

namespace cairn::geo {
namespace {

std::string ReadCorpusFile(const std::string& relative_path) {
  std::ifstream in(std::string(CAIRN_GPSDATA) + "/" + relative_path, std::ios::binary);
  REQUIRE(in.good());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

Track MustRead(const std::string& relative_path) {
  const std::string bytes = ReadCorpusFile(relative_path);
  util::Result<Track> track = ReadTrackFile(bytes);
  INFO(relative_path);
  if (!track.ok()) FAIL(track.error().message);
  return std::move(track).value();
}

std::string MustReject(const std::string& relative_path) {
  util::Result<Track> track = ReadTrackFile(ReadCorpusFile(relative_path));
  INFO(relative_path);
  REQUIRE_FALSE(track.ok());
  CHECK(track.error().kind == util::ErrorKind::kInvalidArgument);
  return track.error().message;
}

bool InRange(double lat, double lon) {
  return std::isfinite(lat) && std::isfinite(lon) && std::abs(lat) <= 90 && std::abs(lon) <= 180;
}

bool PartHasTimes(const TrackPart& part) {
  for (const Segment& segment : part.segments) {
    for (const TrackPoint& point : segment) {
      if (point.HasTime()) return true;
    }
  }
  return false;
}

TEST_CASE("every GPX, TCX and KML file in the corpus reads or is rejected cleanly",
          "[corpus][xml]") {
  int read = 0;
  int rejected = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(CAIRN_GPSDATA)) {
    const std::string extension = entry.path().extension().string();
    if (extension != ".gpx" && extension != ".tcx" && extension != ".kml") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    INFO(entry.path().string());
    const util::Result<Track> track = extension == ".gpx"   ? ReadGpx(bytes)
                                      : extension == ".tcx" ? ReadTcx(bytes)
                                                            : ReadKml(bytes);
    if (!track.ok()) {
      ++rejected;
      CHECK(track.error().kind == util::ErrorKind::kInvalidArgument);
      CHECK_THAT(track.error().message,
                 Catch::Matches("(GPX|TCX|KML): line \\d+, column \\d+: .+"));
      continue;
    }
    ++read;
    CHECK(track->PointCount() + track->waypoints.size() > 0);
    for (const TrackPart& part : track->parts) {
      CHECK_FALSE(part.segments.empty());
      for (const Segment& segment : part.segments) {
        CHECK_FALSE(segment.empty());
        for (const TrackPoint& point : segment) CHECK(InRange(point.lat, point.lon));
      }
    }
    for (const Waypoint& waypoint : track->waypoints) CHECK(InRange(waypoint.lat, waypoint.lon));
  }
  CHECK(read == 22);
  CHECK(rejected == 3);  // togeojson's bad.gpx, bad.kml and bad.tcx
}

TEST_CASE("corpus GPX files have the structure their projects' tests assert", "[corpus][xml]") {
  SECTION("korita-zbevnica: the empty first track is dropped; the next has no times") {
    const Track track = MustRead("gpxpy/test_files/korita-zbevnica.gpx");
    CHECK(track.format == "GPX 1.0");
    REQUIRE(track.parts.size() == 3);  // gpxpy counts 4 tracks, the first of them empty
    CHECK(track.PointCount() == 871);
    CHECK(track.parts[0].name == "03-OCT-10 #2");
    CHECK_FALSE(PartHasTimes(track.parts[0]));
    CHECK(PartHasTimes(track.parts[1]));
    CHECK(PartHasTimes(track.parts[2]));
  }
  SECTION("cerknicko-jezero: 296 points and 7 waypoints, the first without elevation") {
    // MANIFEST.md says some track points lack elevation (from gpxpy's has_elevations() being
    // False), but every <trkpt> here has an <ele>: gpxpy's flag comes from its 2-point tracks.
    // What lacks an elevation is the first waypoint.
    const Track track = MustRead("gpxpy/test_files/cerknicko-jezero.gpx");
    CHECK(track.parts.size() == 7);  // of 8 <trk>, the first is empty
    CHECK(track.PointCount() == 296);
    REQUIRE(track.waypoints.size() == 7);
    CHECK_FALSE(track.waypoints[0].HasElevation());
    CHECK(track.waypoints[1].ele == -0.11438);
    const Track without = MustRead("gpxpy/test_files/cerknicko-jezero-without-elevations.gpx");
    CHECK(without.PointCount() == 296);
    for (const TrackPart& part : without.parts) {
      for (const Segment& segment : part.segments) {
        for (const TrackPoint& point : segment) CHECK_FALSE(point.HasElevation());
      }
    }
  }
  SECTION("Mojstrovka: 1901 timestamps to the millisecond") {
    const Track track = MustRead("gpxpy/test_files/Mojstrovka.gpx");
    CHECK(track.PointCount() == 184);
    const Segment& segment = track.parts[0].segments[0];
    CHECK(segment[0].ele == 1614.678);
    CHECK(segment[0].time_ms == -2147483647793);  // 1901-12-13T20:45:52.207Z
    CHECK(segment[1].time_ms == -2147483647793);  // ...52.207Z written with 3 digits
  }
  SECTION("route.gpx: a route of 55 points and nothing else") {
    const Track track = MustRead("gpxpy/test_files/route.gpx");
    REQUIRE(track.parts.size() == 1);
    CHECK(track.parts[0].kind == PartKind::kRoute);
    CHECK(track.PointCount() == 55);
  }
  SECTION("unicode_with_bom: a waypoint after a byte order mark") {
    const Track track = MustRead("gpxpy/test_files/unicode_with_bom.gpx");
    REQUIRE(track.waypoints.size() == 1);
    CHECK(track.waypoints[0].name == "test");
    CHECK(track.waypoints[0].time_ms == 1464343727800);
  }
  SECTION("track-with-empty-segment: 9 points in the one segment that has any") {
    const Track track = MustRead("gpxpy/test_files/track-with-empty-segment.gpx");
    REQUIRE(track.parts.size() == 1);
    CHECK(track.parts[0].segments.size() == 1);
    CHECK(track.PointCount() == 9);
  }
  SECTION("mtk_logger: 6 tracks, 14,263 points") {
    const Track track = MustRead("gpsbabel/reference/track/mtk_logger_m241_multiple_tracks.gpx");
    CHECK(track.parts.size() == 6);
    CHECK(track.PointCount() == 14263);
  }
  SECTION("blue_hills: 1,243 points and 46 waypoints, names in CDATA") {
    const Track track = MustRead("togeojson/test/data/blue_hills.gpx");
    CHECK(track.PointCount() == 1243);
    CHECK(track.waypoints.size() == 46);
    CHECK(track.name == "Blue Hills Reservation");
    CHECK(track.waypoints[0].name == "LOOKOUT");
    CHECK(track.waypoints[0].symbol == "Summit");
  }
  SECTION("run_gpxtpx: 42 points with heart-rate extensions skipped") {
    CHECK(MustRead("togeojson/test/data/run_gpxtpx.gpx").PointCount() == 42);
  }
}

TEST_CASE("gpx1.1_with_all_fields reads the values gpxpy's test asserts", "[corpus][xml]") {
  const Track track = MustRead("gpxpy/test_files/gpx1.1_with_all_fields.gpx");
  CHECK(track.format == "GPX 1.1");
  CHECK(track.name == "example name");
  CHECK(track.description == "example description");
  CHECK(track.time_ms == 1357041600000);  // 2013-01-01T12:00:00, no zone: UTC
  REQUIRE(track.waypoints.size() == 2);
  const Waypoint& waypoint = track.waypoints[0];
  CHECK(waypoint.lat == 12.3);
  CHECK(waypoint.lon == 45.6);
  CHECK(waypoint.ele == 75.1);
  CHECK(waypoint.time_ms == 1357092180000);  // 2013-01-02T02:03:00Z
  CHECK(waypoint.name == "example name");
  CHECK(waypoint.description == "example desc");
  CHECK(waypoint.symbol == "example sym");
  CHECK(track.waypoints[1].lat == 13.4);
  CHECK(track.waypoints[1].name.empty());
  REQUIRE(track.parts.size() == 3);  // two routes and the one track with a point
  const TrackPart& route = track.parts[0];
  CHECK(route.kind == PartKind::kRoute);
  CHECK(route.name == "example name");
  CHECK(route.description == "example desc");
  REQUIRE(route.segments[0].size() == 3);
  CHECK(route.segments[0][0].lat == 10);
  CHECK(route.segments[0][0].lon == 20);
  CHECK(route.segments[0][0].ele == 75.1);
  CHECK(route.segments[0][0].time_ms == 1357092183000);
  CHECK(track.parts[1].name == "second route");
  CHECK(track.parts[1].description == "example desc 2");
  CHECK(track.parts[1].segments[0].size() == 2);
  const TrackPart& trk = track.parts[2];
  CHECK(trk.kind == PartKind::kTrack);
  CHECK(trk.name == "example name t");
  CHECK(trk.description == "example desc t");
  REQUIRE(trk.segments.size() == 1);  // its second, empty trkseg is dropped
  CHECK(trk.segments[0][0].lat == 10.1);
  CHECK(trk.segments[0][0].lon == -20.2);
  CHECK(trk.segments[0][0].ele == 11.1);
  CHECK(trk.segments[0][0].time_ms == 1357041604000);
}

TEST_CASE("corpus TCX files give their trackpoints and lap totals", "[corpus][xml]") {
  const Track history = MustRead("gpsbabel/reference/track/history.tcx");
  CHECK(history.format == "TCX");
  CHECK(history.name == "2008-08-21T13:08:52Z");
  CHECK(history.PointCount() == 1202);  // of 1205 trackpoints, 3 have no position
  CHECK(history.device.distance_m == Approx(56818.26).margin(0.01));
  CHECK(history.device.timer_s == Approx(6552.33).margin(0.001));
  CHECK(history.warnings ==
        std::vector<std::string>{"TCX: skipped 3 trackpoints without a position"});

  const Track power = MustRead("gpsbabel/reference/track/gtrnctr_power.tcx");
  CHECK(power.PointCount() == 5109);
  CHECK(power.device.distance_m == Approx(39683.43).margin(0.001));
  CHECK(power.device.timer_s == Approx(5108.74).margin(0.001));

  const Track tour = MustRead("togeojson/test/data/tour_hr.tcx");
  CHECK(tour.device.distance_m == Approx(6839.97).margin(0.001));
}

TEST_CASE("history.tcx reads point for point like GPSBabel's reference conversion",
          "[corpus][xml]") {
  const Track tcx = MustRead("gpsbabel/reference/track/history.tcx");
  const Track gpx = MustRead("gpsbabel/reference/track/history~tcx.gpx");
  // The lap holds two <Track>s (the timer was stopped between them), our two segments;
  // GPSBabel joins them into one.
  REQUIRE(tcx.parts.size() == 1);
  REQUIRE(tcx.parts[0].segments.size() == 2);
  Segment ours = tcx.parts[0].segments[0];
  const Segment& second = tcx.parts[0].segments[1];
  ours.insert(ours.end(), second.begin(), second.end());
  REQUIRE(gpx.parts.size() == 1);
  const Segment& reference = gpx.parts[0].segments[0];
  REQUIRE(ours.size() == reference.size());
  for (size_t i = 0; i < ours.size(); ++i) {
    INFO("point " << i);
    CHECK(ours[i].lat == Approx(reference[i].lat).margin(1e-9));
    CHECK(ours[i].lon == Approx(reference[i].lon).margin(1e-9));
    CHECK(ours[i].ele == Approx(reference[i].ele).margin(0.0005));  // GPSBabel writes 3 decimals
    CHECK(ours[i].time_ms == reference[i].time_ms);
  }
}

TEST_CASE("corpus KML files give their tracks, pauses and placemarks", "[corpus][xml]") {
  const Track opentracks = MustRead("gpsbabel/reference/track/opentracks.kml");
  CHECK(opentracks.name == "Wurmlinger Kapelle");
  REQUIRE(opentracks.parts.size() == 1);
  CHECK(opentracks.parts[0].kind == PartKind::kTrack);
  CHECK(opentracks.parts[0].segments.size() == 1);  // the empty gx:coords are pauses, not points
  CHECK(opentracks.PointCount() == 2);

  const Track google = MustRead("gpsbabel/reference/track/google_ext.kml");
  CHECK(google.name == "Track-140525-133057");
  CHECK(google.PointCount() == 451);
  CHECK(google.parts[0].name == "Track");
  CHECK(google.parts[0].segments[0][0].time_ms == 1401042659000);  // 2014-05-25T18:30:59Z

  const Track multitrack = MustRead("togeojson/test/data/gxmultitrack.kml");
  REQUIRE(multitrack.parts.size() == 1);
  CHECK(multitrack.parts[0].segments.size() == 2);
  CHECK(multitrack.PointCount() == 26);
  REQUIRE(multitrack.waypoints.size() == 2);
  CHECK(multitrack.waypoints[1].name == "12/04/2014 11:24 AM (fin)");
}

TEST_CASE("togeojson's bad files are rejected with a message naming the problem", "[corpus][xml]") {
  CHECK(MustReject("togeojson/test/data/bad.gpx") ==
        "GPX: line 5, column 19: the latitude \"undefined\" in <trkpt> is not a number");
  CHECK(MustReject("togeojson/test/data/bad.kml") ==
        "KML: line 5, column 20: the coordinates \"no,no\" are not lon,lat[,alt] numbers");
  // Its first lap, (0,0) then (10,0), would read; the second lap's "no" and "undefined" do not.
  CHECK(MustReject("togeojson/test/data/bad.tcx") ==
        "TCX: line 50, column 29: the latitude \"no\" in <LatitudeDegrees> is not a number");
}

}  // namespace
}  // namespace cairn::geo
