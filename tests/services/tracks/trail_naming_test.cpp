// Names, dates and categories of imported trails from what a file knows.
#include "services/tracks/trail_naming.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

TEST_CASE("timestamps and device file patterns are not names", "[services][tracks]") {
  for (const char* made :
       {"", "  ", "2008-08-21T13:08:52Z", "12/04/2014 11:24 AM",
        "2019-02-17-062644-ELEMNT-297E-195-0", "ACTIVE LOG #2", "ACTIVE LOG", "track", "Track 001",
        "Current Track: 2014-04-12 11:24", "Untitled", "IMG_20200101_1234", "20200101_123456",
        "2020-10-25", "25.10.2020 07:12", "activity_5678901234"}) {
    INFO(made);
    CHECK(IsMachineMadeName(made));
  }
  for (const char* name :
       {"Zugspitze", "Morning walk", "Route 66", "Track 1", "2019-02-17 Zugspitze",
        "2020-10-25_Zugspitze", "trackside walk", "Höllental", "Tour 2019", "Wendelstein 1838 m"}) {
    INFO(name);
    CHECK_FALSE(IsMachineMadeName(name));
  }
}

TEST_CASE("the date is the local day where the walk started", "[services][tracks]") {
  // 2020-10-24T23:30:00Z: already Sunday in Bavaria (UTC+1 or +2), still Saturday in Quebec.
  const int64_t late = 1603582200000;
  CHECK(LocalDateOf(late, 11.0) == "2020-10-25");
  CHECK(LocalDateOf(late, -71.2) == "2020-10-24");
  CHECK(LocalDateOf(late, std::nullopt) == "2020-10-24");  // no position: UTC
  CHECK(LocalDateOf(late, 179.9) == "2020-10-25");
  CHECK_FALSE(LocalDateOf(geo::kNoTime, 11.0));
  // The device's own zone wins: Spain keeps Central European time at 3°W (nautical zone UTC+0).
  CHECK(LocalDateOf(late, -3.7, 3600) == "2020-10-25");
  CHECK(LocalDateOf(late, -3.7) == "2020-10-24");
  CHECK(LocalDateOf(late, 11.0, -7200) == "2020-10-24");
}

TEST_CASE("a name from sport and date reads as people say it", "[services][tracks]") {
  CHECK(ReadableDate("2020-10-25") == "25 Oct 2020");
  CHECK(ReadableDate("2021-01-05") == "5 Jan 2021");
  CHECK(ReadableDate("2021-13-05") == "");
  CHECK(ReadableDate("") == "");
  CHECK(NameFromSportAndDate("cycling", "2020-10-25") == "Cycling, 25 Oct 2020");
  CHECK(NameFromSportAndDate("mountain biking", "2020-10-25") == "Mountain biking, 25 Oct 2020");
  CHECK(NameFromSportAndDate("", "2020-10-25") == "Activity, 25 Oct 2020");
  CHECK(NameFromSportAndDate("hiking", "") == "Hiking");
  CHECK(NameFromSportAndDate("", "") == "");
}

geo::Track Named(std::string name, std::string part_name = "") {
  geo::Track track;
  track.name = std::move(name);
  geo::TrackPart part;
  part.name = std::move(part_name);
  part.segments.push_back({{47, 11}});
  track.parts.push_back(std::move(part));
  track.sport = "cycling";
  return track;
}

TEST_CASE("the trail's name is the first one a person gave", "[services][tracks]") {
  const std::string date = "2020-10-25";
  // Chosen by the uploader: kept as typed.
  CHECK(ChooseTrailName(Named("Zugspitze"), "a.gpx", " 2020-10-25 ", date) == "2020-10-25");
  // The file's own name, then a part's, when they are names.
  CHECK(ChooseTrailName(Named("Zugspitze"), "a.gpx", "", date) == "Zugspitze");
  CHECK(ChooseTrailName(Named("ACTIVE LOG #2", "Wank"), "a.gpx", "", date) == "Wank");
  // Then the uploaded file's name, unless a device made it.
  CHECK(ChooseTrailName(Named("2008-08-21T13:08:52Z"), "Herzogstand.fit", "", date) ==
        "Herzogstand");
  CHECK(ChooseTrailName(Named(""), "2019-02-17-062644-ELEMNT-297E-195-0.fit", "", date) ==
        "Cycling, 25 Oct 2020");
  // A raw upload's file name is "track".
  CHECK(ChooseTrailName(Named(""), "track", "", date) == "Cycling, 25 Oct 2020");
  geo::Track unknown = Named("");
  unknown.sport = "";
  CHECK(ChooseTrailName(unknown, "track", "", "") == "Untitled trail");
}

TEST_CASE("a sport finds its category, its own name first", "[services][tracks]") {
  CHECK(CategoryNamesFor("").empty());
  CHECK(CategoryNamesFor("cycling") == std::vector<std::string>{"Cycling", "Biking"});
  CHECK(CategoryNamesFor("mountain biking") ==
        std::vector<std::string>{"Mountain biking", "Biking"});
  CHECK(CategoryNamesFor("hiking") == std::vector<std::string>{"Hiking"});
  CHECK(CategoryNamesFor("cross country skiing") ==
        std::vector<std::string>{"Cross country skiing", "Skiing"});
  CHECK(CategoryNamesFor("kayaking") == std::vector<std::string>{"Kayaking", "Canoeing"});
  CHECK(CategoryNamesFor("running") == std::vector<std::string>{"Running"});
}

}  // namespace
}  // namespace cairn::services
