// Tests for the GeoJSON reader: geometry types, properties, times and precise errors.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "geo/readers.h"

namespace cairn::geo {
namespace {

Track ReadOk(const std::string& json) {
  auto track = ReadGeoJson(json);
  INFO(json);
  if (!track.ok()) FAIL(track.error().message);
  return std::move(track).value();
}

std::string ReadError(const std::string& json) {
  auto track = ReadGeoJson(json);
  INFO(json);
  REQUIRE_FALSE(track.ok());
  CHECK(track.error().kind == util::ErrorKind::kInvalidArgument);
  return track.error().message;
}

TEST_CASE("a FeatureCollection gives routes, multi-segment parts and named waypoints",
          "[geo][geojson]") {
  const Track track = ReadOk(R"({
    "type": "FeatureCollection", "name": "Alpine loop",
    "features": [
      {"type": "Feature", "properties": {"name": "Ascent", "desc": "steep"},
       "geometry": {"type": "LineString", "coordinates": [[7.1, 46.2, 1500.5], [7.2, 46.3]]}},
      {"type": "Feature", "properties": null,
       "geometry": {"type": "MultiLineString",
                    "coordinates": [[[8, 47], [8.5, 47.5]], [], [[9, 48, 10, 99]]]}},
      {"type": "Feature", "properties": {"name": "Hut", "description": "beds", "sym": "Lodge",
                                         "time": "2024-05-06T07:08:09.5Z"},
       "geometry": {"type": "Point", "coordinates": [7.15, 46.25, 2100]}},
      {"type": "Feature", "properties": {"name": "Springs"},
       "geometry": {"type": "MultiPoint", "coordinates": [[1, 2], [3, 4]]}}
    ]})");
  CHECK(track.format == "GeoJSON");
  CHECK(track.name == "Alpine loop");
  CHECK(track.warnings.empty());
  REQUIRE(track.parts.size() == 2);
  const TrackPart& ascent = track.parts[0];
  CHECK(ascent.kind == PartKind::kRoute);
  CHECK(ascent.name == "Ascent");
  CHECK(ascent.description == "steep");
  REQUIRE(ascent.segments.size() == 1);
  REQUIRE(ascent.segments[0].size() == 2);
  CHECK(ascent.segments[0][0].lon == 7.1);
  CHECK(ascent.segments[0][0].lat == 46.2);
  CHECK(ascent.segments[0][0].ele == 1500.5);
  CHECK_FALSE(ascent.segments[0][1].HasElevation());
  CHECK_FALSE(ascent.segments[0][1].HasTime());
  const TrackPart& multi = track.parts[1];
  CHECK(multi.name.empty());
  REQUIRE(multi.segments.size() == 2);  // the empty line is dropped
  CHECK(multi.segments[0].size() == 2);
  CHECK(multi.segments[1][0].lon == 9);
  CHECK(multi.segments[1][0].lat == 48);
  CHECK(multi.segments[1][0].ele == 10);  // the fourth value is ignored
  REQUIRE(track.waypoints.size() == 3);
  const Waypoint& hut = track.waypoints[0];
  CHECK(hut.name == "Hut");
  CHECK(hut.description == "beds");
  CHECK(hut.symbol == "Lodge");
  CHECK(hut.ele == 2100);
  CHECK(hut.time_ms == 1714979289500);
  CHECK(track.waypoints[1].name == "Springs");
  CHECK(track.waypoints[2].lon == 3);
  CHECK(track.waypoints[2].lat == 4);
}

TEST_CASE("members may come in any order, as GPSBabel writes them", "[geo][geojson]") {
  const Track track = ReadOk(R"({"features": [{"geometry": {"coordinates": [[1, 2], [3, 4]],
      "type": "LineString"}, "properties": {"name": "late"}, "type": "Feature"}],
      "type": "FeatureCollection"})");
  REQUIRE(track.parts.size() == 1);
  CHECK(track.parts[0].name == "late");
  CHECK(track.parts[0].segments[0].size() == 2);
}

TEST_CASE("per-coordinate times make a line a recorded track", "[geo][geojson]") {
  SECTION("togeojson's coordinateProperties.times on a LineString") {
    const Track track = ReadOk(R"({"type": "Feature",
      "properties": {"coordinateProperties": {"times": ["2024-01-01T00:00:00Z", null,
                                                        "2024-01-01T00:00:02.250Z"],
                                              "heart": [1, 2, 3]}},
      "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 1], [0, 2]]}})");
    REQUIRE(track.parts.size() == 1);
    CHECK(track.parts[0].kind == PartKind::kTrack);
    const Segment& points = track.parts[0].segments[0];
    CHECK(points[0].time_ms == 1704067200000);
    CHECK_FALSE(points[1].HasTime());
    CHECK(points[2].time_ms == 1704067202250);
  }
  SECTION("a list per line on a MultiLineString, in the older coordTimes member") {
    const Track track = ReadOk(R"({"type": "Feature",
      "properties": {"coordTimes": [["2024-01-01T00:00:00Z"], ["2024-01-01T00:00:05Z",
                                                              "2024-01-01T00:00:06Z"]]},
      "geometry": {"type": "MultiLineString", "coordinates": [[[0, 0]], [[1, 1], [1, 2]]]}})");
    REQUIRE(track.parts[0].segments.size() == 2);
    CHECK(track.parts[0].kind == PartKind::kTrack);
    CHECK(track.parts[0].segments[0][0].time_ms == 1704067200000);
    CHECK(track.parts[0].segments[1][1].time_ms == 1704067206000);
  }
  SECTION("times that do not match the coordinates are ignored with a warning") {
    const Track track = ReadOk(R"({"type": "Feature",
      "properties": {"coordinateProperties": {"times": ["2024-01-01T00:00:00Z"]}},
      "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 1]]}})");
    CHECK(track.parts[0].kind == PartKind::kRoute);
    CHECK_FALSE(track.parts[0].segments[0][0].HasTime());
    CHECK(track.warnings ==
          std::vector<std::string>{"GeoJSON: feature 1: its times were ignored because they do "
                                   "not match its coordinates one for one"});
  }
  SECTION("a producer's own label also marks a track") {
    const Track track = ReadOk(R"({"type": "Feature", "properties": {"_gpxType": "trk"},
      "geometry": {"type": "LineString", "coordinates": [[0, 0], [0, 1]]}})");
    CHECK(track.parts[0].kind == PartKind::kTrack);
  }
}

TEST_CASE(
    "bare geometries and geometry collections are read, and polygons are skipped with a warning",
    "[geo][geojson]") {
  SECTION("a bare LineString") {
    const Track track = ReadOk(R"({"type":"LineString","coordinates":[[1,2],[3,4]]})");
    REQUIRE(track.parts.size() == 1);
    CHECK(track.parts[0].segments[0][1].lat == 4);
  }
  SECTION("a GeometryCollection inside a collection") {
    const Track track = ReadOk(R"({"type":"Feature","properties":{"name":"mixed"},
      "geometry":{"type":"GeometryCollection","geometries":[
        {"type":"LineString","coordinates":[[1,2],[3,4]]},
        {"type":"GeometryCollection","geometries":[
          {"type":"Point","coordinates":[5,6]},
          {"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}]},
        {"type":"LineString","coordinates":[[7,8],[9,10]]}]}})");
    REQUIRE(track.parts.size() == 1);
    CHECK(track.parts[0].name == "mixed");
    CHECK(track.parts[0].segments.size() == 2);
    REQUIRE(track.waypoints.size() == 1);
    CHECK(track.waypoints[0].name == "mixed");
    CHECK(track.warnings ==
          std::vector<std::string>{"GeoJSON: 1 polygon was ignored (an area is not a track)"});
  }
  SECTION("collections nested deeper than 8 are refused") {
    std::string json = R"({"type":"Point","coordinates":[1,2]})";
    for (int i = 0; i < 9; ++i)
      json = R"({"type":"GeometryCollection","geometries":[)" + json + "]}";
    CHECK_THAT(ReadError(json), Catch::Contains("GeometryCollections are nested more than 8 deep"));
  }
}

TEST_CASE("unknown members and deeply nested properties are skipped", "[geo][geojson]") {
  std::string deep(5000, '[');
  deep += std::string(5000, ']');
  const Track track = ReadOk(R"({"type":"Feature","bbox":[0,0,1,1],"crs":{"x":{"y":1}},
    "properties":{"name":"n","extra":)" +
                             deep + R"(,"nested":{"name":"not me"}},
    "geometry":{"type":"Point","coordinates":[1,2],"foreign":{"coordinates":"x"}}})");
  REQUIRE(track.waypoints.size() == 1);
  CHECK(track.waypoints[0].name == "n");
}

TEST_CASE("unreadable GeoJSON is refused naming the byte and the problem", "[geo][geojson]") {
  struct Case {
    std::string json;
    std::string message;
  };
  const std::vector<Case> cases = {
      {R"({"type":"Point","coordinates":[1,"x"]})",
       "GeoJSON: byte 36: a coordinate is not a number"},
      {R"({"type":"Point","coordinates":[1,95]})",
       "GeoJSON: byte 36: latitude 95 is outside [-90, 90]"},
      {R"({"type":"Point","coordinates":[-181,5]})",
       "GeoJSON: byte 38: longitude -181 is outside [-180, 180]"},
      {R"({"type":"Point","coordinates":[1]})",
       "GeoJSON: byte 33: a position needs a longitude and a latitude"},
      {R"({"type":"LineString","coordinates":[1,2]})",
       "GeoJSON: byte 37: a number stands where a list of positions was expected"},
      {R"({"type":"Point","coordinates":[[1,2]]})",
       "GeoJSON: byte 32: the coordinates are nested too deeply (a position holds a list)"},
      {R"({"coordinates":[[1,2]],"type":"Point"})",
       "GeoJSON: byte 1: the coordinates of a Point are not nested as its type requires"},
      {R"({"type":"Point"})", "GeoJSON: byte 1: a Point has no coordinates"},
      {R"({"coordinates":[1,2]})", "GeoJSON: byte 1: an object has no \"type\""},
      {R"({"type":"Topology"})", "GeoJSON: byte 1: \"Topology\" is not a GeoJSON type"},
      {R"({"type":"Feature","geometry":{"type":"Circle"}})",
       "GeoJSON: byte 30: \"Circle\" is not a GeoJSON geometry type"},
      {R"({"type":"FeatureCollection","features":[{"type":"Point","coordinates":[1,2]}]})",
       "GeoJSON: byte 41: a member of \"features\" is a \"Point\", not a Feature"},
      {R"({"type":"FeatureCollection","features":[1]})",
       "GeoJSON: byte 41: a member of \"features\" is not an object"},
      {R"({"type":3})", "GeoJSON: byte 9: \"type\" is not a string"},
      {R"([1,2])", "GeoJSON: byte 1: the file is not a JSON object"},
      {R"({"type":"Point","coordinates":[1,2]} x)",
       "GeoJSON: byte 38: the JSON is malformed (syntax error while parsing value - invalid "
       "literal; last read: '2]} x'; expected end of input)"},
      {"",
       "GeoJSON: byte 1: the JSON is malformed (syntax error while parsing value - "
       "unexpected end of input; expected '[', '{', or a literal)"},
      {R"({"type":"Point","coordinates":[1e999,2]})",
       "GeoJSON: byte 36: the JSON is malformed (number overflow parsing '1e999')"},
      {R"({"type":"FeatureCollection","features":[]})", "GeoJSON: the file has no line or point"},
  };
  for (const Case& c : cases) {
    INFO(c.json);
    CHECK(ReadError(c.json) == c.message);
  }
}

TEST_CASE("a byte-order mark before the JSON is accepted", "[geo][geojson]") {
  const Track track = ReadOk("\xEF\xBB\xBF{\"type\":\"Point\",\"coordinates\":[1,2]}");
  CHECK(track.waypoints.size() == 1);
}

}  // namespace
}  // namespace cairn::geo
