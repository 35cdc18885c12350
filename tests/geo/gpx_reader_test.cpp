// Reading GPX 1.0 and 1.1 files built inline.
#include <catch2/catch.hpp>
#include <string>

#include "geo/readers.h"

namespace cairn::geo {
namespace {

std::string Gpx11(const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<gpx version=\"1.1\" creator=\"test\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n" +
         body + "</gpx>\n";
}

std::string ErrorOf(const std::string& gpx) {
  const util::Result<Track> track = ReadGpx(gpx);
  REQUIRE_FALSE(track.ok());
  CHECK(track.error().kind == util::ErrorKind::kInvalidArgument);
  return track.error().message;
}

TEST_CASE("a GPX 1.1 track keeps its segments, points, elevations and times", "[gpx]") {
  const util::Result<Track> track = ReadGpx(Gpx11(R"(
  <metadata><name>Trip</name><desc>Two days</desc><time>2013-01-01T12:00:00Z</time>
    <author><name>not the file name</name></author></metadata>
  <trk><name>Day 1</name><desc>Up</desc><type>hiking</type>
    <trkseg>
      <trkpt lat="46.5" lon="13.75"><ele>1614.678</ele><time>2020-12-27T15:59:36.5+01:00</time>
        <extensions><gpxtpx:hr xmlns:gpxtpx="x">120</gpxtpx:hr><ele>9999</ele></extensions>
      </trkpt>
      <trkpt lat="-46.5" lon="-13.75"/>
    </trkseg>
    <trkseg></trkseg>
    <trkseg><trkpt lat="0" lon="180"><ele></ele><time></time></trkpt></trkseg>
  </trk>
  <trk><name>Empty</name><trkseg/></trk>
)"));
  REQUIRE(track.ok());
  CHECK(track->format == "GPX 1.1");
  CHECK(track->sport == "hiking");  // trk/type
  CHECK(track->name == "Trip");
  CHECK(track->description == "Two days");
  CHECK(track->time_ms == 1357041600000);
  REQUIRE(track->parts.size() == 1);  // the empty <trk> is dropped
  const TrackPart& part = track->parts[0];
  CHECK(part.kind == PartKind::kTrack);
  CHECK(part.name == "Day 1");
  CHECK(part.description == "Up");
  REQUIRE(part.segments.size() == 2);  // and so is the empty <trkseg>
  REQUIRE(part.segments[0].size() == 2);
  const TrackPoint& first = part.segments[0][0];
  CHECK(first.lat == 46.5);
  CHECK(first.lon == 13.75);
  CHECK(first.ele == 1614.678);  // the <ele> inside <extensions> is not the point's
  CHECK(first.time_ms == 1609081176500);
  CHECK_FALSE(part.segments[0][1].HasElevation());
  CHECK_FALSE(part.segments[0][1].HasTime());
  const TrackPoint& last = part.segments[1][0];
  CHECK(last.lon == 180);
  CHECK_FALSE(last.HasElevation());  // an empty <ele> is a missing elevation
  CHECK_FALSE(last.HasTime());
  CHECK(track->PointCount() == 3);
}

TEST_CASE("routes and waypoints keep their names, descriptions and symbols", "[gpx]") {
  const util::Result<Track> track = ReadGpx(Gpx11(R"(
  <wpt lat="12.3" lon="45.6"><ele>75.1</ele><time>2013-01-02T02:03:00Z</time>
    <name>Hut</name><cmt>comment</cmt><desc>Open in summer</desc><sym>Lodge</sym></wpt>
  <wpt lat="13.4" lon="46.7"><name><![CDATA[Spring <cold>]]></name><cmt>only a comment</cmt></wpt>
  <rte><name>Plan</name><desc>Short way</desc>
    <rtept lat="10" lon="20"><ele>NaN</ele><name>not kept</name></rtept>
    <rtept lat="11" lon="21"/>
  </rte>
  <rte><name>No points</name></rte>
)"));
  REQUIRE(track.ok());
  REQUIRE(track->waypoints.size() == 2);
  const Waypoint& hut = track->waypoints[0];
  CHECK(hut.lat == 12.3);
  CHECK(hut.lon == 45.6);
  CHECK(hut.ele == 75.1);
  CHECK(hut.time_ms == 1357092180000);
  CHECK(hut.name == "Hut");
  CHECK(hut.description == "Open in summer");
  CHECK(hut.symbol == "Lodge");
  CHECK(track->waypoints[1].name == "Spring <cold>");
  CHECK(track->waypoints[1].description == "only a comment");  // <cmt> when there is no <desc>
  REQUIRE(track->parts.size() == 1);
  const TrackPart& route = track->parts[0];
  CHECK(route.kind == PartKind::kRoute);
  CHECK(route.name == "Plan");
  CHECK(route.description == "Short way");
  REQUIRE(route.segments.size() == 1);
  REQUIRE(route.segments[0].size() == 2);
  CHECK_FALSE(route.segments[0][0].HasElevation());  // "NaN" is how some writers say "unknown"
}

TEST_CASE("GPX 1.0 keeps the file's name, description and time at the top level", "[gpx]") {
  const std::string gpx =
      "\xEF\xBB\xBF<?xml version=\"1.0\"?>\n<!-- exported -->\n"
      "<gpx version=\"1.0\" xmlns=\"http://www.topografix.com/GPX/1/0\">\n"
      "<name>Blue &amp; Green Hills</name><desc><![CDATA[Fire roads & rocks]]></desc>\n"
      "<time>1901-12-13T20:45:52.2073437Z</time>\n"
      "<trk><trkseg><trkpt lat=\"46.434981\" lon=\"13.748273\">"
      "<time>1901-12-13T20:45:52.2073437Z</time></trkpt></trkseg></trk></gpx>";
  const util::Result<Track> track = ReadGpx(gpx);
  REQUIRE(track.ok());
  CHECK(track->format == "GPX 1.0");
  CHECK(track->name == "Blue & Green Hills");
  CHECK(track->description == "Fire roads & rocks");
  CHECK(track->time_ms == -2147483647793);
  CHECK(track->parts[0].segments[0][0].time_ms == -2147483647793);
}

TEST_CASE("the GPX version comes from the version attribute, else the namespace", "[gpx]") {
  const std::string point = "<wpt lat=\"1\" lon=\"2\"/>";
  CHECK(ReadGpx("<gpx version=\"1.0\">" + point + "</gpx>")->format == "GPX 1.0");
  CHECK(ReadGpx("<gpx xmlns=\"http://www.topografix.com/GPX/1/0\">" + point + "</gpx>")->format ==
        "GPX 1.0");
  CHECK(ReadGpx("<gpx>" + point + "</gpx>")->format == "GPX 1.1");
}

TEST_CASE("namespace prefixes on GPX elements are read like plain ones", "[gpx]") {
  const util::Result<Track> track = ReadGpx(
      "<gpx:gpx xmlns:gpx=\"http://www.topografix.com/GPX/1/1\" version=\"1.1\">"
      "<gpx:trk><gpx:trkseg><gpx:trkpt lat=\"1\" lon=\"2\"><gpx:ele>3</gpx:ele></gpx:trkpt>"
      "</gpx:trkseg></gpx:trk></gpx:gpx>");
  REQUIRE(track.ok());
  REQUIRE(track->PointCount() == 1);
  CHECK(track->parts[0].segments[0][0].ele == 3);
}

TEST_CASE("an ISO-8859-1 GPX has its names converted to UTF-8", "[gpx]") {
  const util::Result<Track> track = ReadGpx(
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx version=\"1.1\">"
      "<wpt lat=\"46\" lon=\"14\"><name>Vr\xE8"
      "ek</name><desc>&#381;ir</desc></wpt></gpx>");
  REQUIRE(track.ok());
  CHECK(track->waypoints[0].name ==
        "Vr\xC3\xA8"
        "ek");
  CHECK(track->waypoints[0].description == "\xC5\xBDir");
}

TEST_CASE("bad points reject the GPX file, naming the line, column and value", "[gpx]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"<trk><trkseg>\n  <trkpt lat=\"undefined\" lon=\"1\"/></trkseg></trk>",
       "GPX: line 4, column 15: the latitude \"undefined\" in <trkpt> is not a number"},
      {"<wpt lon=\"1\"/>", "GPX: line 3, column 1: <wpt> has no lat attribute"},
      {"<rte><rtept lat=\"1\"/></rte>", "<rtept> has no lon attribute"},
      {"<wpt lat=\"91\" lon=\"1\"/>", "the latitude \"91\" in <wpt> is outside -90 to 90"},
      {"<wpt lat=\"1\" lon=\"-180.5\"/>",
       "the longitude \"-180.5\" in <wpt> is outside -180 to 180"},
      {"<wpt lat=\"1\" lon=\"1\"><ele>bad data</ele></wpt>",
       "GPX: line 3, column 22: <ele> holds \"bad data\", which is not a number"},
      {"<wpt lat=\"1\" lon=\"1\"><time>yesterday</time></wpt>",
       "<time> holds \"yesterday\", which is not a date and time"},
      {"<metadata><time>2013-02-30T00:00:00Z</time></metadata><wpt lat=\"1\" lon=\"1\"/>",
       "<time> holds \"2013-02-30T00:00:00Z\""},
  };
  for (const auto& [body, expected] : cases) {
    INFO(body);
    CHECK_THAT(ErrorOf(Gpx11(body)), Catch::StartsWith("GPX: line") && Catch::Contains(expected));
  }
}

TEST_CASE("a GPX file that is not well formed or holds nothing is rejected", "[gpx]") {
  CHECK(ErrorOf(Gpx11("")) == "GPX: the file has no track, route or waypoint");
  CHECK(ErrorOf(Gpx11("<trk><trkseg/></trk><rte/>")) ==
        "GPX: the file has no track, route or waypoint");
  CHECK_THAT(ErrorOf("<kml><Placemark/></kml>"), Catch::Contains("the root element is <kml>"));
  const std::string whole = Gpx11("<trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk>");
  CHECK_THAT(ErrorOf(whole.substr(0, whole.find("</trkseg>"))),
             Catch::Contains("the file ends inside <trkseg>: it is truncated or incomplete"));
  CHECK_THAT(ErrorOf(whole.substr(0, whole.find("lon=") + 6)),
             Catch::Contains("the file ends inside the attribute \"lon\""));
  CHECK_THAT(ErrorOf("<!DOCTYPE gpx [<!ENTITY a \"b\">]><gpx>&a;</gpx>"),
             Catch::Contains("the DOCTYPE declares an entity"));
  std::string bomb = "<gpx>";
  for (int i = 0; i < 1000; ++i) bomb += "<extensions>";
  CHECK_THAT(ErrorOf(bomb), Catch::Contains("nested more than 256 deep"));
  CHECK_THAT(ErrorOf(Gpx11("<wpt lat=\"1\" lon=\"2\"></gpx>")),
             Catch::Contains("</gpx> where </wpt> was expected"));
}

}  // namespace
}  // namespace cairn::geo
