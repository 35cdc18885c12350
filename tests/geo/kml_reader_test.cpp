// Reading KML 2.2 files, gx: extensions included, built inline.
#include <catch2/catch.hpp>
#include <string>

#include "geo/readers.h"

namespace cairn::geo {
namespace {

std::string Kml(const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<kml "
         "xmlns=\"http://www.opengis.net/kml/2.2\" "
         "xmlns:gx=\"http://www.google.com/kml/ext/2.2\">\n" +
         body + "</kml>\n";
}

std::string ErrorOf(const std::string& kml) {
  const util::Result<Track> track = ReadKml(kml);
  REQUIRE_FALSE(track.ok());
  return track.error().message;
}

TEST_CASE("KML placemarks: points are waypoints, lines are routes", "[kml]") {
  const util::Result<Track> track = ReadKml(Kml(R"(
<Document><name><![CDATA[Weekend]]></name><description>Two walks</description>
  <Style id="hut"><IconStyle><scale>1</scale></IconStyle></Style>
  <Folder><name>Folder name</name>
    <Placemark><name>Hut &amp; spring</name><description>Water</description>
      <styleUrl>#hut</styleUrl><TimeStamp><when>2014-04-12T14:26:16.702Z</when></TimeStamp>
      <Point><coordinates> -71.324739,-40.139527,791.6 </coordinates></Point></Placemark>
    <Folder><Placemark><name>Ridge</name><LineString><tessellate>1</tessellate>
      <coordinates>
        13.1,46.1,1000 13.2,46.2,1100
        13.3,46.3
      </coordinates></LineString></Placemark></Folder>
  </Folder>
</Document>
)"));
  REQUIRE(track.ok());
  CHECK(track->format == "KML");
  CHECK(track->name == "Weekend");
  CHECK(track->description == "Two walks");
  REQUIRE(track->waypoints.size() == 1);
  const Waypoint& hut = track->waypoints[0];
  CHECK(hut.name == "Hut & spring");
  CHECK(hut.description == "Water");
  CHECK(hut.symbol == "hut");
  CHECK(hut.lat == -40.139527);
  CHECK(hut.lon == -71.324739);
  CHECK(hut.ele == 791.6);
  CHECK(hut.time_ms == 1397312776702);
  REQUIRE(track->parts.size() == 1);
  const TrackPart& ridge = track->parts[0];
  CHECK(ridge.kind == PartKind::kRoute);
  CHECK(ridge.name == "Ridge");
  REQUIRE(ridge.segments.size() == 1);
  REQUIRE(ridge.segments[0].size() == 3);
  CHECK(ridge.segments[0][1].lat == 46.2);
  CHECK(ridge.segments[0][1].lon == 13.2);
  CHECK(ridge.segments[0][1].ele == 1100);
  CHECK_FALSE(ridge.segments[0][2].HasElevation());
  CHECK_FALSE(ridge.segments[0][2].HasTime());
}

TEST_CASE("a KML without a Document name takes the first Folder's", "[kml]") {
  const util::Result<Track> track = ReadKml(
      Kml("<Folder><name>Trip</name><Placemark><Point><coordinates>1,2</coordinates></Point>"
          "</Placemark></Folder>"));
  REQUIRE(track.ok());
  CHECK(track->name == "Trip");
}

TEST_CASE("KML altitudes are elevations only where the altitude mode makes them so", "[kml]") {
  const auto elevations = [](const std::string& geometry) {
    const util::Result<Track> track = ReadKml(Kml("<Placemark>" + geometry + "</Placemark>"));
    REQUIRE(track.ok());
    std::vector<double> result;
    for (const TrackPoint& point : track->parts[0].segments[0]) {
      result.push_back(point.HasElevation() ? point.ele : -1);
    }
    return result;
  };
  const std::string coordinates = "<coordinates>1,1,0 2,2,250.5</coordinates>";
  // clampToGround, the default: 0 is what writers put when they have no elevation.
  CHECK(elevations("<LineString>" + coordinates + "</LineString>") ==
        std::vector<double>{-1, 250.5});
  CHECK(elevations("<LineString><altitudeMode>clampToGround</altitudeMode>" + coordinates +
                   "</LineString>") == std::vector<double>{-1, 250.5});
  CHECK(elevations("<LineString>" + coordinates + "<altitudeMode>absolute</altitudeMode>" +
                   "</LineString>") == std::vector<double>{0, 250.5});
  // A height above the ground is not an elevation.
  CHECK(elevations("<LineString><altitudeMode>relativeToGround</altitudeMode>" + coordinates +
                   "</LineString>") == std::vector<double>{-1, -1});
  CHECK(elevations("<LineString><gx:altitudeMode>relativeToSeaFloor</gx:altitudeMode>" +
                   coordinates + "</LineString>") == std::vector<double>{-1, -1});
  CHECK(elevations("<gx:MultiTrack><gx:Track><gx:coord>1 1 0</gx:coord></gx:Track>"
                   "<altitudeMode>absolute</altitudeMode></gx:MultiTrack>") ==
        std::vector<double>{0});
}

TEST_CASE("MultiGeometry gives one part with a segment per line, and waypoints", "[kml]") {
  const util::Result<Track> track = ReadKml(Kml(R"(
<Placemark><name>Both</name><MultiGeometry>
  <LineString><coordinates>1,1 2,2</coordinates></LineString>
  <MultiGeometry><LineString><coordinates>3,3 4,4 5,5</coordinates></LineString>
    <Point><coordinates>6,6</coordinates></Point></MultiGeometry>
  <Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing>
  </outerBoundaryIs></Polygon>
</MultiGeometry></Placemark>
<Placemark><name>Lake</name><Polygon><outerBoundaryIs><LinearRing>
  <coordinates>0,0 1,0 1,1 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
)"));
  REQUIRE(track.ok());
  REQUIRE(track->parts.size() == 1);  // polygons are areas, not paths
  CHECK(track->parts[0].name == "Both");
  CHECK(track->parts[0].kind == PartKind::kRoute);
  REQUIRE(track->parts[0].segments.size() == 2);
  CHECK(track->parts[0].segments[1].size() == 3);
  REQUIRE(track->waypoints.size() == 1);
  CHECK(track->waypoints[0].name == "Both");
  CHECK(track->waypoints[0].lat == 6);
}

TEST_CASE("gx:Track pairs when with gx:coord, and an empty gx:coord ends a segment", "[kml]") {
  // The shape OpenTracks writes: a pause marker at the start, between recordings and at the end.
  const util::Result<Track> track = ReadKml(Kml(R"(
<Document><name>Wurmlinger Kapelle</name><Placemark><name>Run</name><gx:MultiTrack>
<altitudeMode>absolute</altitudeMode>
<gx:Track>
<when>2021-03-02T09:30:40.993Z</when><when>2021-03-02T09:30:41.890Z</when>
<when>2021-03-02T12:34:53.912Z</when><when>2021-03-02T12:34:54.693Z</when>
<when>2021-03-02T12:35:00Z</when><when>2021-03-02T12:36:00Z</when>
<gx:coord/>
<gx:coord>8.970803 48.503537 405.01373291015625</gx:coord>
<gx:coord>8.970829 48.503623 401.119873046875</gx:coord>
<gx:coord/>
<gx:coord>8.97 48.51 400</gx:coord>
<gx:coord/>
</gx:Track>
<gx:Track><gx:coord>9 48</gx:coord></gx:Track>
</gx:MultiTrack></Placemark></Document>
)"));
  REQUIRE(track.ok());
  REQUIRE(track->parts.size() == 1);
  const TrackPart& part = track->parts[0];
  CHECK(part.kind == PartKind::kTrack);
  CHECK(part.name == "Run");
  REQUIRE(part.segments.size() == 3);
  REQUIRE(part.segments[0].size() == 2);
  const TrackPoint& first = part.segments[0][0];
  CHECK(first.lat == 48.503537);
  CHECK(first.lon == 8.970803);
  CHECK(first.ele == 405.01373291015625);
  CHECK(first.time_ms == 1614677441890);
  CHECK(part.segments[1].size() == 1);
  CHECK(part.segments[1][0].time_ms == 1614688500000);
  CHECK_FALSE(part.segments[2][0].HasTime());  // a track without <when>
  CHECK_FALSE(part.segments[2][0].HasElevation());
}

TEST_CASE("bad KML coordinates reject the file, naming the line and column", "[kml]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"<Placemark><Point><coordinates>no,no</coordinates></Point></Placemark>",
       "KML: line 3, column 32: the coordinates \"no,no\" are not lon,lat[,alt] numbers"},
      {"<Placemark><LineString><coordinates>\n 1,1 2,no,0 3,3</coordinates>"
       "</LineString></Placemark>",
       "KML: line 4, column 6: the coordinates \"2,no,0\" are not lon,lat[,alt] numbers"},
      {"<Placemark><LineString><coordinates>1</coordinates></LineString></Placemark>",
       "the coordinates \"1\" are not lon,lat[,alt] numbers"},
      {"<Placemark><LineString><coordinates>1,2,3,4</coordinates></LineString></Placemark>",
       "the coordinates \"1,2,3,4\" are not"},
      {"<Placemark><LineString><coordinates>1,95</coordinates></LineString></Placemark>",
       "the coordinates \"1,95\" are outside"},
      {"<Placemark><Point><coordinates>1,1 2,2</coordinates></Point></Placemark>",
       "KML: line 3, column 12: a <Point> has 2 coordinates; it must have one"},
      {"<Placemark><gx:Track><gx:coord>1 no 3</gx:coord></gx:Track></Placemark>",
       "KML: line 3, column 32: the <gx:coord> \"1 no 3\" is not \"lon lat [alt]\" numbers"},
      {"<Placemark><gx:Track><when>2020-01-01T00:00:00Z</when><when>2020-01-01T00:00:01Z</when>"
       "<gx:coord>1 2 3</gx:coord></gx:Track></Placemark>",
       "a <gx:Track> has 2 <when> but 1 <gx:coord>"},
      {"<Placemark><gx:Track><when>soon</when><gx:coord>1 2 3</gx:coord></gx:Track></Placemark>",
       "<when> holds \"soon\""},
  };
  for (const auto& [body, expected] : cases) {
    INFO(body);
    CHECK_THAT(ErrorOf(Kml(body)), Catch::StartsWith("KML: line") && Catch::Contains(expected));
  }
}

TEST_CASE("whitespace after a comma in KML coordinates is tolerated", "[kml]") {
  const util::Result<Track> track =
      ReadKml(Kml("<Placemark><LineString><coordinates>1, 2, 3\n4 ,5</coordinates></LineString>"
                  "</Placemark>"));
  REQUIRE(track.ok());
  REQUIRE(track->parts[0].segments[0].size() == 2);
  CHECK(track->parts[0].segments[0][1].lon == 4);
  CHECK(track->parts[0].segments[0][1].lat == 5);
}

TEST_CASE("a KML with nothing to read is rejected, and empty points are skipped with a warning",
          "[kml]") {
  CHECK(ErrorOf(Kml("<Document><Placemark><name>x</name></Placemark></Document>")) ==
        "KML: the file has no placemark with a point, a line or a track");
  CHECK_THAT(ErrorOf("<gpx/>"), Catch::Contains("the root element is <gpx>"));
  std::string nested = "<Placemark>";
  for (int i = 0; i < 20; ++i) nested += "<MultiGeometry>";
  CHECK_THAT(ErrorOf(Kml(nested)), Catch::Contains("MultiGeometry is nested more than 16 deep"));
  const util::Result<Track> track =
      ReadKml(Kml("<Placemark><Point><coordinates> </coordinates></Point></Placemark>"
                  "<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>"));
  REQUIRE(track.ok());
  CHECK(track->waypoints.size() == 1);
  CHECK(track->warnings ==
        std::vector<std::string>{"KML: skipped 1 placemark points without coordinates"});
}

}  // namespace
}  // namespace cairn::geo
