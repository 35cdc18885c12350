// Reading Training Center XML files built inline.
#include <catch2/catch.hpp>
#include <string>

#include "geo/readers.h"

namespace cairn::geo {
namespace {

std::string Tcx(const std::string& body) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<TrainingCenterDatabase "
         "xmlns=\"http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2\">\n" +
         body + "</TrainingCenterDatabase>\n";
}

std::string Trackpoint(const std::string& lat, const std::string& lon, const std::string& time,
                       const std::string& altitude = "") {
  std::string point = "<Trackpoint><Time>" + time + "</Time>";
  if (!lat.empty()) {
    point += "<Position><LatitudeDegrees>" + lat + "</LatitudeDegrees><LongitudeDegrees>" + lon +
             "</LongitudeDegrees></Position>";
  }
  if (!altitude.empty()) point += "<AltitudeMeters>" + altitude + "</AltitudeMeters>";
  return point + "<HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>\n";
}

std::string ErrorOf(const std::string& tcx) {
  const util::Result<Track> track = ReadTcx(tcx);
  REQUIRE_FALSE(track.ok());
  return track.error().message;
}

TEST_CASE("a TCX activity is one track part whose Tracks are segments across laps", "[tcx]") {
  const util::Result<Track> track = ReadTcx(
      Tcx("<Folders><History><Biking Name=\"Biking\"><ActivityRef><Id>x</Id></ActivityRef></Biking>"
          "</History></Folders>\n<Activities><Activity Sport=\"Biking\">"
          "<Id>2008-08-21T13:08:52Z</Id>\n"
          "<Lap StartTime=\"2008-08-21T13:08:52Z\"><TotalTimeSeconds>100.5</TotalTimeSeconds>"
          "<DistanceMeters>1000.25</DistanceMeters><Track>\n" +
          Trackpoint("34.1738977", "-118.7587927", "2008-08-21T13:08:52Z", "308.7204590") +
          Trackpoint("", "", "2008-08-21T13:08:53Z") +  // a sensor-only sample
          Trackpoint("34.1740304", "-118.7588381", "2008-08-21T13:08:54.5+01:00") +
          "</Track><Track>" + Trackpoint("34.18", "-118.76", "2008-08-21T13:10:00Z") +
          "</Track></Lap>\n<Lap StartTime=\"2008-08-21T13:11:00Z\"><TotalTimeSeconds>50"
          "</TotalTimeSeconds><DistanceMeters>500</DistanceMeters><Track>" +
          Trackpoint("34.19", "-118.77", "2008-08-21T13:11:00Z", "") +
          "</Track><Track></Track></Lap>"
          "<Creator><Name>Edge 705</Name></Creator></Activity></Activities>"));
  REQUIRE(track.ok());
  CHECK(track->format == "TCX");
  CHECK(track->name == "2008-08-21T13:08:52Z");
  CHECK(track->sport == "cycling");  // Sport="Biking"
  REQUIRE(track->parts.size() == 1);
  const TrackPart& part = track->parts[0];
  CHECK(part.kind == PartKind::kTrack);
  CHECK(part.name == "2008-08-21T13:08:52Z");
  REQUIRE(part.segments.size() == 3);  // the empty <Track> is dropped
  CHECK(part.segments[0].size() == 2);
  CHECK(part.segments[1].size() == 1);
  CHECK(part.segments[2].size() == 1);
  const TrackPoint& first = part.segments[0][0];
  CHECK(first.lat == 34.1738977);
  CHECK(first.lon == -118.7587927);
  CHECK(first.ele == 308.7204590);
  CHECK(first.time_ms == 1219324132000);
  CHECK(part.segments[0][1].time_ms == 1219324134500 - 3600 * 1000);
  CHECK_FALSE(part.segments[0][1].HasElevation());
  CHECK(track->device.distance_m == 1500.25);  // summed over the laps
  CHECK(track->device.timer_s == 150.5);
  CHECK_FALSE(track->device.elapsed_s);
  CHECK(track->warnings ==
        std::vector<std::string>{"TCX: skipped 1 trackpoints without a position"});
}

TEST_CASE("each TCX activity, multisport ones too, is its own part", "[tcx]") {
  const std::string lap =
      "<Lap><Track>" + Trackpoint("1", "2", "2020-01-01T00:00:00Z") + "</Track></Lap>";
  const util::Result<Track> track =
      ReadTcx(Tcx("<Activities><Activity><Id>run</Id>" + lap +
                  "</Activity>"
                  "<MultiSportSession><Id>x</Id><FirstSport><Activity><Id>swim</Id>" +
                  lap + "</Activity></FirstSport><NextSport><Transition/><Activity><Id>bike</Id>" +
                  lap + "</Activity></NextSport></MultiSportSession></Activities>"));
  REQUIRE(track.ok());
  REQUIRE(track->parts.size() == 3);
  CHECK(track->parts[0].name == "run");
  CHECK(track->parts[1].name == "swim");
  CHECK(track->parts[2].name == "bike");
  CHECK(track->name == "run");
  CHECK_FALSE(track->device.distance_m);  // no lap said how far
}

TEST_CASE("a TCX course is a route with its course points as waypoints", "[tcx]") {
  const util::Result<Track> track = ReadTcx(Tcx(
      "<Courses><Course><Name>Loop &amp; back</Name><Notes>Hilly</Notes>"
      "<Lap><TotalTimeSeconds>3600</TotalTimeSeconds><DistanceMeters>20000</DistanceMeters></Lap>"
      "<Track>" +
      Trackpoint("46.1", "14.1", "2020-01-01T00:00:00Z", "300") +
      Trackpoint("46.2", "14.2", "2020-01-01T00:10:00Z", "310") +
      "</Track><CoursePoint><Name>Climb</Name><Time>2020-01-01T00:05:00Z</Time><Position>"
      "<LatitudeDegrees>46.15</LatitudeDegrees><LongitudeDegrees>14.15</LongitudeDegrees>"
      "</Position><AltitudeMeters>305</AltitudeMeters><PointType>Summit</PointType>"
      "<Notes>Steep</Notes></CoursePoint></Course></Courses>"));
  REQUIRE(track.ok());
  CHECK(track->name == "Loop & back");
  REQUIRE(track->parts.size() == 1);
  CHECK(track->parts[0].kind == PartKind::kRoute);
  CHECK(track->parts[0].description == "Hilly");
  CHECK(track->parts[0].segments[0].size() == 2);
  REQUIRE(track->waypoints.size() == 1);
  const Waypoint& climb = track->waypoints[0];
  CHECK(climb.name == "Climb");
  CHECK(climb.lat == 46.15);
  CHECK(climb.lon == 14.15);
  CHECK(climb.ele == 305);
  CHECK(climb.time_ms == 1577837100000);
  CHECK(climb.symbol == "Summit");
  CHECK(climb.description == "Steep");
  CHECK(track->device.Empty());  // a course's laps are a plan, not what a device measured
}

TEST_CASE("plausible but odd TCX positions such as (0,0) are kept for statistics to judge",
          "[tcx]") {
  // The first lap of togeojson's bad.tcx: Null Island, then 1,113 km east a second later.
  const util::Result<Track> track =
      ReadTcx(Tcx("<Activities><Activity><Id>2020-12-27T15:43:49.000+01:00</Id><Lap>"
                  "<TotalTimeSeconds>2283.0</TotalTimeSeconds><DistanceMeters>6839.970000000001"
                  "</DistanceMeters><Track>" +
                  Trackpoint("0", "0", "2020-12-27T15:59:36.000+01:00", "483.0") +
                  Trackpoint("0", "10", "2020-12-27T15:59:37.000+01:00", "483.0") +
                  "</Track></Lap></Activity></Activities>"));
  REQUIRE(track.ok());
  REQUIRE(track->PointCount() == 2);
  CHECK(track->parts[0].segments[0][1].lon == 10);
  CHECK(track->device.distance_m == Approx(6839.97));
}

TEST_CASE("bad TCX positions and totals reject the file, naming the line and column", "[tcx]") {
  const std::string activity = "<Activities><Activity><Id>a</Id><Lap><Track>\n";
  const std::string end = "</Track></Lap></Activity></Activities>";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {activity + Trackpoint("no", "undefined", "2020-01-01T00:00:00Z") + end,
       "TCX: line 4, column 56: the latitude \"no\" in <LatitudeDegrees> is not a number"},
      {activity + Trackpoint("1", "200", "2020-01-01T00:00:00Z") + end,
       "the longitude \"200\" in <LongitudeDegrees> is outside -180 to 180"},
      {activity +
           "<Trackpoint><Position><LatitudeDegrees>1</LatitudeDegrees></Position>"
           "</Trackpoint>" +
           end,
       "TCX: line 4, column 13: a <Position> has no <LongitudeDegrees>"},
      {activity + Trackpoint("1", "2", "2020-01-01T00:00:00Z", "high") + end,
       "<AltitudeMeters> holds \"high\", which is not a number"},
      {activity + Trackpoint("1", "2", "01/01/2020") + end, "<Time> holds \"01/01/2020\""},
      {"<Activities><Activity><Lap><DistanceMeters>far</DistanceMeters></Lap></Activity>"
       "</Activities>",
       "<DistanceMeters> holds \"far\", which is not a number"},
      {"<Courses><Course><CoursePoint><Name>x</Name></CoursePoint></Course></Courses>",
       "a <CoursePoint> has no <Position>"},
  };
  for (const auto& [body, expected] : cases) {
    INFO(body);
    CHECK_THAT(ErrorOf(Tcx(body)), Catch::StartsWith("TCX: line") && Catch::Contains(expected));
  }
}

TEST_CASE("a TCX file without positions, or not TCX at all, is rejected", "[tcx]") {
  CHECK(ErrorOf(Tcx("<Activities><Activity><Lap><Track>" +
                    Trackpoint("", "", "2020-01-01T00:00:00Z") +
                    "</Track></Lap></Activity></Activities>")) ==
        "TCX: the file has no activity or course with a positioned trackpoint");
  CHECK_THAT(ErrorOf("<gpx/>"), Catch::Contains("the root element is <gpx>"));
  CHECK_THAT(ErrorOf(Tcx("<Activities><Activity>")),
             Catch::Contains("</TrainingCenterDatabase> where </Activity> was expected"));
  CHECK_THAT(ErrorOf("<TrainingCenterDatabase><Activities>"),
             Catch::Contains("the file ends inside <Activities>"));
}

}  // namespace
}  // namespace cairn::geo
