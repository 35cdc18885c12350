// Tests for the GPX and GeoJSON writers: exact output, escaping, omissions and round trips.
#include "geo/writers.h"

#include <catch2/catch.hpp>
#include <string>

#include "geo/readers.h"

namespace cairn::geo {
namespace {

constexpr int64_t kMorning = 1714979289500;  // 2024-05-06T07:08:09.500Z

TrackPoint Point(double lat, double lon, double ele = kNoElevation, int64_t time_ms = kNoTime) {
  return TrackPoint{lat, lon, ele, time_ms};
}

Track SmallTrack() {
  Track track;
  track.name = "Tour <1> & \"friends\"'";
  track.description = "Day 1";
  track.time_ms = kMorning;
  Waypoint hut;
  hut.lat = 46.5;
  hut.lon = 7.25;
  hut.ele = 2100;
  hut.name = "Hut";
  hut.symbol = "Lodge";
  track.waypoints.push_back(hut);
  TrackPart plan{PartKind::kRoute, "Plan", "", {{Point(46.1, 7.1), Point(46.2, 7.2, 1500.25)}}};
  TrackPart walk{PartKind::kTrack, "Walk", "", {}};
  walk.segments.push_back({Point(46.123456789, 7.987654321, 1500, kMorning),
                           Point(46.2, 7.3, kNoElevation, kMorning + 500)});
  walk.segments.push_back({});  // empty: left out
  walk.segments.push_back({Point(-0.0000000001, -180, -12.3456)});
  track.parts.push_back(walk);  // tracks are written after routes whatever their order here
  track.parts.push_back(plan);
  return track;
}

TEST_CASE("a small track is written as exactly this GPX 1.1", "[geo][writers]") {
  CHECK(WriteGpx(SmallTrack()) ==
        R"(<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Cairn" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <name>Tour &lt;1&gt; &amp; &quot;friends&quot;&apos;</name>
    <desc>Day 1</desc>
    <time>2024-05-06T07:08:09.500Z</time>
  </metadata>
  <wpt lat="46.5" lon="7.25"><ele>2100</ele><name>Hut</name><sym>Lodge</sym></wpt>
  <rte>
    <name>Plan</name>
    <rtept lat="46.1" lon="7.1"/>
    <rtept lat="46.2" lon="7.2"><ele>1500.25</ele></rtept>
  </rte>
  <trk>
    <name>Walk</name>
    <trkseg>
      <trkpt lat="46.123456789" lon="7.987654321"><ele>1500</ele><time>2024-05-06T07:08:09.500Z</time></trkpt>
      <trkpt lat="46.2" lon="7.3"><time>2024-05-06T07:08:10.000Z</time></trkpt>
    </trkseg>
    <trkseg>
      <trkpt lat="0" lon="-180"><ele>-12.346</ele></trkpt>
    </trkseg>
  </trk>
</gpx>
)");
}

TEST_CASE("a small track is written as exactly this GeoJSON", "[geo][writers]") {
  CHECK(WriteGeoJson(SmallTrack()) ==
        R"({"type":"FeatureCollection","name":"Tour <1> & \"friends\"'","features":[
{"type":"Feature","properties":{"_gpxType":"trk","name":"Walk","coordinateProperties":{"times":[["2024-05-06T07:08:09.500Z","2024-05-06T07:08:10.000Z"],[null]]}},"geometry":{"type":"MultiLineString","coordinates":[[[7.987654321,46.123456789,1500],[7.3,46.2]],[[-180,0,-12.346]]]}},
{"type":"Feature","properties":{"_gpxType":"rte","name":"Plan"},"geometry":{"type":"LineString","coordinates":[[7.1,46.1],[7.2,46.2,1500.25]]}},
{"type":"Feature","properties":{"name":"Hut","sym":"Lodge"},"geometry":{"type":"Point","coordinates":[7.25,46.5,2100]}}
]}
)");
}

TEST_CASE("a waypoint's children follow the GPX 1.1 schema order", "[geo][writers]") {
  Track track;
  Waypoint waypoint;
  waypoint.lat = 1;
  waypoint.lon = 2;
  waypoint.ele = 3.5;
  waypoint.time_ms = 0;
  waypoint.name = "n";
  waypoint.description = "d";
  waypoint.symbol = "s";
  track.waypoints.push_back(waypoint);
  CHECK_THAT(
      WriteGpx(track),
      Catch::Contains("  <wpt lat=\"1\" lon=\"2\"><ele>3.5</ele><time>1970-01-01T00:00:00.000Z"
                      "</time><name>n</name><desc>d</desc><sym>s</sym></wpt>\n"));
  CHECK_THAT(WriteGeoJson(track),
             Catch::Contains("{\"name\":\"n\",\"desc\":\"d\",\"time\":\"1970-01-01T00:00:00.000Z\","
                             "\"sym\":\"s\"}"));
}

TEST_CASE("text is escaped, and what XML cannot carry is replaced", "[geo][writers]") {
  Track track;
  track.name =
      "a<b>&c\"d'e\x01"
      "f\tg\r\nh\xFF"
      "i\xEF\xBF\xBEj é";
  track.waypoints.push_back(Waypoint{1, 2});
  const std::string gpx = WriteGpx(track);
  CHECK_THAT(gpx, Catch::Contains("<name>a&lt;b&gt;&amp;c&quot;d&apos;e\xEF\xBF\xBD"
                                  "f\tg&#13;\nh"
                                  "\xEF\xBF\xBD"
                                  "i\xEF\xBF\xBDj é</name>"));
  const std::string json = WriteGeoJson(track);
  CHECK_THAT(json, Catch::Contains(R"("name":"a<b>&c\"d'e\u0001f\tg\r\nh)"
                                   "\xEF\xBF\xBD"
                                   "i\xEF\xBF\xBEj é\""));
}

TEST_CASE("missing elevations, times and names are left out, not written as zero",
          "[geo][writers]") {
  Track track;
  track.parts.push_back(TrackPart{PartKind::kTrack, "", "", {{Point(1, 2)}}});
  track.waypoints.push_back(Waypoint{3, 4});
  CHECK(WriteGpx(track) ==
        R"(<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Cairn" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <wpt lat="3" lon="4"/>
  <trk>
    <trkseg>
      <trkpt lat="1" lon="2"/>
    </trkseg>
  </trk>
</gpx>
)");
  CHECK(WriteGeoJson(track) == R"({"type":"FeatureCollection","features":[
{"type":"Feature","properties":{"_gpxType":"trk"},"geometry":{"type":"LineString","coordinates":[[2,1]]}},
{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[4,3]}}
]}
)");
}

TEST_CASE("times before 1970 are written exactly, and times past year 9999 are left out",
          "[geo][writers]") {
  Track track;
  track.parts.push_back(TrackPart{
      PartKind::kTrack,
      "",
      "",
      {{Point(1, 2, kNoElevation, -2147483648000 + 207), Point(1, 2, kNoElevation, 951782400000),
        Point(1, 2, kNoElevation, 253402300800000)}}});
  const std::string gpx = WriteGpx(track);
  CHECK_THAT(gpx, Catch::Contains("<time>1901-12-13T20:45:52.207Z</time>"));
  CHECK_THAT(gpx, Catch::Contains("<time>2000-02-29T00:00:00.000Z</time>"));
  CHECK_THAT(gpx, Catch::Contains("<trkpt lat=\"1\" lon=\"2\"/>"));
  CHECK_THAT(
      WriteGeoJson(track),
      Catch::Contains(R"({"times":["1901-12-13T20:45:52.207Z","2000-02-29T00:00:00.000Z",null]})"));
}

TEST_CASE("a route with a gap becomes one GPX route per segment", "[geo][writers]") {
  Track track;
  track.parts.push_back(
      TrackPart{PartKind::kRoute, "R", "d", {{Point(1, 2)}, {Point(3, 4), Point(5, 6)}}});
  const std::string gpx = WriteGpx(track);
  CHECK_THAT(gpx, Catch::Contains("  <rte>\n    <name>R</name>\n    <desc>d</desc>\n"
                                  "    <rtept lat=\"1\" lon=\"2\"/>\n  </rte>\n"
                                  "  <rte>\n    <name>R</name>\n    <desc>d</desc>\n"
                                  "    <rtept lat=\"3\" lon=\"4\"/>\n"
                                  "    <rtept lat=\"5\" lon=\"6\"/>\n  </rte>\n"));
}

TEST_CASE("an empty track is a valid empty document", "[geo][writers]") {
  CHECK_THAT(WriteGpx(Track{}), Catch::EndsWith("gpx.xsd\">\n</gpx>\n"));
  CHECK(WriteGeoJson(Track{}) == "{\"type\":\"FeatureCollection\",\"features\":[]}\n");
}

TEST_CASE("GeoJSON written by Cairn reads back as the same track", "[geo][writers]") {
  auto read = ReadGeoJson(WriteGeoJson(SmallTrack()));
  REQUIRE(read.ok());
  CHECK(read->name == SmallTrack().name);
  REQUIRE(read->parts.size() == 2);
  CHECK(read->parts[0].kind == PartKind::kTrack);
  CHECK(read->parts[0].name == "Walk");
  REQUIRE(read->parts[0].segments.size() == 2);
  const TrackPoint& first = read->parts[0].segments[0][0];
  CHECK(first.lat == 46.123456789);
  CHECK(first.lon == 7.987654321);
  CHECK(first.ele == 1500);
  CHECK(first.time_ms == kMorning);
  CHECK(read->parts[0].segments[0][1].time_ms == kMorning + 500);
  CHECK_FALSE(read->parts[0].segments[1][0].HasTime());
  CHECK(read->parts[1].kind == PartKind::kRoute);
  REQUIRE(read->waypoints.size() == 1);
  CHECK(read->waypoints[0].symbol == "Lodge");
}

// Reads the output with the GPX reader: proves the XML well-formed and the values recoverable.
TEST_CASE("GPX written by Cairn reads back as the same track", "[geo][writers]") {
  auto read = ReadGpx(WriteGpx(SmallTrack()));
  REQUIRE(read.ok());
  CHECK(read->format == "GPX 1.1");
  CHECK(read->name == SmallTrack().name);
  CHECK(read->description == "Day 1");
  CHECK(read->time_ms == kMorning);
  REQUIRE(read->parts.size() == 2);
  CHECK(read->parts[0].kind == PartKind::kRoute);
  CHECK(read->parts[1].kind == PartKind::kTrack);
  REQUIRE(read->parts[1].segments.size() == 2);
  const TrackPoint& first = read->parts[1].segments[0][0];
  CHECK(first.lat == 46.123456789);
  CHECK(first.lon == 7.987654321);
  CHECK(first.time_ms == kMorning);
  CHECK(read->parts[1].segments[1][0].ele == -12.346);
  REQUIRE(read->waypoints.size() == 1);
  CHECK(read->waypoints[0].name == "Hut");
}

TEST_CASE("GPX keeps longitudes below 180 degrees east, as its schema requires", "[writers]") {
  Track track;
  Waypoint date_line;
  date_line.lat = -16.5;
  date_line.lon = 180;
  track.waypoints.push_back(date_line);
  const std::string gpx = WriteGpx(track);
  CHECK(gpx.find("lon=\"-180\"") != std::string::npos);
  CHECK(gpx.find("lon=\"180\"") == std::string::npos);
}

}  // namespace
}  // namespace cairn::geo
