// A FitTrackee data export imported through the API: each workout with a file becomes a trail
// with its title, description (from older exports, its notes), date and sport; a workout entered by
// hand is skipped with its reason, a damaged file fails while the rest arrive; a second run creates
// nothing.
#include <catch2/catch.hpp>

#include "api/plugins/import_client.h"
#include "test_support/garmin_fittrackee_archives.h"
#include "test_support/temp_dir.h"

namespace cairn::api_test {
namespace {

using geo::fit_test::kTime;
using test_support::FitTrackeeWorkout;
using test_support::WalkShape;

// A hike (GPX in workout_files/), a road ride (its original FIT beside the GPX FitTrackee made),
// a walk from an export before 0.10 (gpx/), a run entered by hand and a hike whose GPX is broken.
void WriteFitTrackeeExport(const std::string& path) {
  const std::string workouts = test_support::FitTrackeeWorkoutsJson({
      {.id = "PbgosrzPy8SqRqaXzXcB6b",
       .sport_id = 3,
       .sport_label = "Hiking",
       .title = "Lake loop",
       .notes = "Knee hurt a bit",
       .description = "Around the lake",
       .workout_date = "2024-06-01 08:00:00+00:00",
       .original_file = "1717228800_abc.gpx",
       .gpx = "1717228800_abc.gpx"},
      {.id = "Ride2",
       .sport_id = 1,
       .sport_label = "Cycling (Sport)",
       .title = "Evening ride",
       .workout_date = "2021-09-08 01:46:40+00:00",
       .original_file = "1631065600_def.fit",
       .gpx = "1631065600_def.gpx"},
      {.id = "Walk3",
       .sport_id = 6,
       .sport_label = "Walking",
       .title = "Dog walk",
       .notes = "Walked the dog",
       .workout_date = "2024-06-03 08:00:00",
       .gpx = "old.gpx",
       .with_description_key = false},
      {.id = "Manual4",
       .sport_id = 5,
       .sport_label = "Running",
       .title = "Treadmill",
       .workout_date = "2024-06-04 07:00:00+00:00"},
      {.id = "Broken5",
       .sport_id = 3,
       .sport_label = "Hiking",
       .title = "Broken",
       .workout_date = "2024-06-05 07:00:00+00:00",
       .original_file = "broken.gpx",
       .gpx = "broken.gpx"},
  });
  const std::string ride = test_support::WalkFitFileWithSport(WalkShape{.lat = 46.5, .points = 60},
                                                              kTime, test_support::kFitCycling);
  test_support::WriteZipFile(
      path, {{"user_data.json", test_support::FitTrackeeUserJson()},
             {"user_workouts_data.json", workouts},
             {"user_equipments_data.json", "[]"},
             {"user_comments_data.json", "[]"},
             {"workout_files/1717228800_abc.gpx",
              test_support::WalkGpxFile("gpx name loses", WalkShape{.lat = 47.0, .day = 1})},
             {"workout_files/1631065600_def.fit", ride},
             // The GPX FitTrackee made of the FIT, elsewhere so that reading it instead would show.
             {"workout_files/1631065600_def.gpx",
              test_support::WalkGpxFile("", WalkShape{.lat = 40.0, .day = 2})},
             {"gpx/old.gpx", test_support::WalkGpxFile("", WalkShape{.lat = 46.0, .day = 3})},
             {"workout_files/broken.gpx", "<gpx><trk><trkseg><trkpt lat="}});
}

TEST_CASE("A FitTrackee export becomes trails with titles, descriptions, dates and sports",
          "[plugins][import]") {
  test_support::TempDir dir;
  const std::string archive = dir.path() + "/archive_q1w2e3.zip";
  WriteFitTrackeeExport(archive);
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");

  const Json job = ImportFile(server, token, "fittrackee", archive);
  INFO(job.dump(2));
  CHECK(job["status"] == "done");
  CHECK(job["format"] == "fittrackee-export");
  CHECK(job["expected"] == 5);
  CHECK(job["done"] == 5);
  CHECK(job["imported"] == 3);
  CHECK(job["skipped"] == 1);
  CHECK(job["failed"] == 1);
  const Json manual = ProblemOf(job, "workout Manual4");
  REQUIRE(manual.is_object());
  CHECK(manual["result"] == "skipped");
  CHECK(manual["reason"].get<std::string>().find("entered by hand") != std::string::npos);
  const Json broken = ProblemOf(job, "workout Broken5");
  REQUIRE(broken.is_object());
  CHECK(broken["result"] == "failed");

  const auto trails = TrailsByName(server, token);
  REQUIRE(trails.size() == 3);
  const Json& hike = trails.at("Lake loop");
  CHECK(hike["description"] == "Around the lake");  // the private notes stay out
  CHECK(hike["date"].get<std::string>().starts_with("2024-06-01"));
  CHECK(hike["category"] == "hikingcategory1");
  CHECK(hike["author"] == alice);
  const Json& ride = trails.at("Evening ride");
  CHECK(ride["category"] == "bikingcategory1");
  CHECK(ride["date"].get<std::string>().starts_with("2021-09-08"));  // the FIT, not the GPX
  CHECK(ride["distance"].get<double>() > 3000);
  const Json& walk = trails.at("Dog walk");
  CHECK(walk["category"] == "walkingcategory");
  CHECK(walk["date"].get<std::string>().starts_with("2024-06-03"));
  CHECK(walk["description"] == "Walked the dog");

  SECTION("a second run of the same archive creates nothing") {
    const Json again = ImportFile(server, token, "fittrackee", archive);
    CHECK(again["status"] == "done");
    CHECK(again["imported"] == 0);
    CHECK(again["skipped"] == 4);
    CHECK(again["failed"] == 1);
    CHECK(ProblemOf(again, "workout PbgosrzPy8SqRqaXzXcB6b")["reason"] == "imported before");
    CHECK(TrailsByName(server, token).size() == 3);
  }

  SECTION("an archive that is not a FitTrackee export is refused in words") {
    const std::string plain = dir.path() + "/plain.zip";
    test_support::WriteZipFile(
        plain, {{"walk.gpx", test_support::WalkGpxFile("", WalkShape{.lat = 44.0})}});
    const Json refused = ImportFile(server, token, "fittrackee", plain);
    CHECK(refused["status"] == "failed");
    CHECK(refused["message"].get<std::string>().find("not a FitTrackee export") !=
          std::string::npos);
  }
}

}  // namespace
}  // namespace cairn::api_test
