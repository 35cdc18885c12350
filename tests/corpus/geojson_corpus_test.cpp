// The GeoJSON reader on the shared corpus: GPSBabel's geometry sampler and its own track output.
#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>
#include <string>

#include "geo/readers.h"

namespace cairn::geo {
namespace {

std::string ReadCorpusFile(const std::string& path) {
  std::ifstream in(std::string(CAIRN_GPSDATA) + "/" + path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

TEST_CASE("GPSBabel's one-feature-per-geometry sample keeps lines and points, skips areas",
          "[corpus][geojson]") {
  auto track = ReadTrackFile(ReadCorpusFile("gpsbabel/reference/track/geojson.geojson"));
  REQUIRE(track.ok());
  CHECK(track->format == "GeoJSON");
  // Point [1,1] and MultiPoint [[2,2]] are waypoints, as in GPSBabel's geojson.gpx.
  REQUIRE(track->waypoints.size() == 2);
  CHECK(track->waypoints[0].lat == 1.0);
  CHECK(track->waypoints[0].lon == 1.0);
  CHECK(track->waypoints[1].lat == 2.0);
  // LineString 6,6 -> 7,7; MultiLineString of three lines 11..15.
  REQUIRE(track->parts.size() == 2);
  CHECK(track->parts[0].kind == PartKind::kRoute);
  REQUIRE(track->parts[0].segments.size() == 1);
  CHECK(track->parts[0].segments[0].size() == 2);
  CHECK(track->parts[0].segments[0][1].lat == 7.0);
  REQUIRE(track->parts[1].segments.size() == 3);
  CHECK(track->parts[1].segments[2][0].lon == 14.0);
  CHECK(track->parts[1].segments[2][1].lat == 15.0);
  CHECK(track->PointCount() == 8);
  CHECK(track->warnings ==
        std::vector<std::string>{"GeoJSON: 2 polygons were ignored (an area is not a track)"});
}

TEST_CASE("GPSBabel's segmented track output reads as two named 23-point tracks",
          "[corpus][geojson]") {
  auto track =
      ReadTrackFile(ReadCorpusFile("gpsbabel/reference/track/segmented_tracks~geojson.json"));
  REQUIRE(track.ok());
  REQUIRE(track->parts.size() == 2);
  CHECK(track->parts[0].name == "No Times");
  CHECK(track->parts[1].name == "With Times");
  for (const TrackPart& part : track->parts) {
    // Labelled gpsbabel_feature "track", so recorded tracks, though GPSBabel writes no times.
    CHECK(part.kind == PartKind::kTrack);
    REQUIRE(part.segments.size() == 1);
    CHECK(part.segments[0].size() == 23);
    CHECK_FALSE(part.segments[0][0].HasTime());
  }
  CHECK(track->parts[0].segments[0][0].lon == -86.84413961);
  CHECK(track->parts[0].segments[0][0].lat == 35.826145641);
  CHECK(track->parts[1].segments[0][22].lon == -86.838781982);
  CHECK(track->parts[1].segments[0][22].lat == 35.836743954);
  CHECK(track->waypoints.empty());
}

}  // namespace
}  // namespace cairn::geo
