// Tests for the FitTrackee export reader: each workout with its title, words, date, sport and
// file (the original when the archive has it, else its GPX, in 0.10's workout_files/ or the older
// gpx/), workouts without a file skipped, missing files named, and the archive told apart.
#include "services/imports/fittrackee_export.h"

#include <catch2/catch.hpp>

#include "services/imports/export_formats.h"
#include "test_support/garmin_fittrackee_archives.h"
#include "test_support/temp_dir.h"

namespace cairn::services::imports {
namespace {

using test_support::FitTrackeeWorkout;
using test_support::WalkShape;

std::vector<SourceItem> Drain(ActivitySource& source) {
  std::vector<SourceItem> items;
  while (true) {
    auto next = source.Next();
    REQUIRE(next.ok());
    if (!next->has_value()) return items;
    items.push_back(std::move(**next));
  }
}

void WriteFitTrackeeExport(const std::string& path, const std::string& prefix = "") {
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
       .workout_date = "2024-06-02 18:15:00.250000+02:00",
       .original_file = "1717345000_def.fit",
       .gpx = "1717345000_def.gpx"},
      {.id = "Manual3",
       .sport_label = "Running",
       .title = "Treadmill",
       .workout_date = "2024-06-03 07:00:00+00:00"},
      {.id = "Lost4",
       .sport_label = "Hiking",
       .title = "Lost",
       .workout_date = "2024-06-04 07:00:00+00:00",
       .gpx = "gone.gpx"},
      {.id = "Old5",
       .sport_id = 6,
       .sport_label = "Walking",
       .title = "Dog walk",
       .notes = "Walked the dog",
       .workout_date = "2024-06-05 07:00:00",
       .gpx = "old.gpx",
       .with_description_key = false},
      {.id = "New6",
       .sport_label = "Swimrun",
       .title = "Swimrun",
       .workout_date = "2024-06-06 07:00:00+00:00",
       .original_file = "ghi.gpx",
       .with_gpx_key = false},
  });
  test_support::WriteZipFile(path, {{prefix + "user_data.json", test_support::FitTrackeeUserJson()},
                                    {prefix + "user_workouts_data.json", workouts},
                                    {prefix + "user_equipments_data.json", "[]"},
                                    {prefix + "user_comments_data.json", "[]"},
                                    {prefix + "picture.png", "png"},
                                    {prefix + "workout_files/1717228800_abc.gpx", "<gpx>abc</gpx>"},
                                    {prefix + "workout_files/1717345000_def.fit", "fit bytes"},
                                    {prefix + "workout_files/1717345000_def.gpx", "<gpx>def</gpx>"},
                                    {prefix + "gpx/old.gpx", "<gpx>old</gpx>"},
                                    {prefix + "workout_files/ghi.gpx", "<gpx>ghi</gpx>"}});
}

TEST_CASE("A FitTrackee export's workouts come with titles, descriptions, dates, sports and files",
          "[imports][fittrackee]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/archive_x.zip";
  WriteFitTrackeeExport(path);
  auto archive = ExportArchive::OpenFile(path);
  REQUIRE(archive.ok());
  CHECK(IsFitTrackeeExport(*archive));
  auto source = OpenFitTrackeeExport(std::move(archive).value());
  REQUIRE(source.ok());
  CHECK((*source)->ExpectedCount() == 6);
  const std::vector<SourceItem> items = Drain(**source);
  REQUIRE(items.size() == 6);

  REQUIRE(items[0].activity.ok());
  const Activity& hike = *items[0].activity;
  CHECK(items[0].label == "workout PbgosrzPy8SqRqaXzXcB6b \"Lake loop\"");
  CHECK(hike.external_id == "fittrackee:PbgosrzPy8SqRqaXzXcB6b");
  CHECK(hike.name == "Lake loop");
  CHECK(hike.description == "Around the lake");  // the notes are private
  CHECK(hike.date == "2024-06-01T08:00:00Z");
  CHECK(hike.type == "hiking");
  CHECK(hike.file_name == "1717228800_abc.gpx");
  CHECK(hike.track_bytes == "<gpx>abc</gpx>");

  // The original FIT rather than the GPX FitTrackee made of it; the date moved to UTC.
  REQUIRE(items[1].activity.ok());
  CHECK(items[1].activity->file_name == "1717345000_def.fit");
  CHECK(items[1].activity->track_bytes == "fit bytes");
  CHECK(items[1].activity->type == "road cycling");
  CHECK(items[1].activity->date == "2024-06-02T16:15:00Z");
  CHECK(items[1].activity->description.empty());

  REQUIRE_FALSE(items[2].activity.ok());
  CHECK(items[2].activity.error().kind == util::ErrorKind::kNotFound);
  CHECK(items[2].activity.error().message.find("entered by hand") != std::string::npos);

  REQUIRE_FALSE(items[3].activity.ok());
  CHECK(items[3].activity.error().kind == util::ErrorKind::kInvalidArgument);
  CHECK(items[3].activity.error().message == "gone.gpx is not in the archive");

  // An export from before 0.10: the GPX in gpx/.
  REQUIRE(items[4].activity.ok());
  CHECK(items[4].activity->track_bytes == "<gpx>old</gpx>");
  CHECK(items[4].activity->type == "walking");
  CHECK(items[4].activity->date == "2024-06-05T07:00:00Z");
  CHECK(items[4].activity->description == "Walked the dog");  // notes were all there was

  // An export from after "gpx" left the workout: only original_file; a sport Cairn has no word
  // for keeps FitTrackee's.
  REQUIRE(items[5].activity.ok());
  CHECK(items[5].activity->track_bytes == "<gpx>ghi</gpx>");
  CHECK(items[5].activity->type == "Swimrun");
}

TEST_CASE("FitTrackee sports become the words Cairn knows", "[imports][fittrackee]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"Hiking", "hiking"},
      {"Walking", "walking"},
      {"Cycling (Sport)", "road cycling"},
      {"Cycling (Transport)", "cycling"},
      {"Mountain Biking (Electric)", "e-mountain biking"},
      {"Trail", "trail running"},
      {"Snowshoes", "snowshoeing"},
      {"Skiing (Cross Country)", "cross country skiing"},
      {"Standup Paddleboarding", "stand up paddleboarding"},
      {"Tennis (Outdoor)", "Tennis (Outdoor)"},
      {"", ""},
  };
  for (const auto& [label, expected] : cases) {
    INFO(label);
    CHECK(FitTrackeeSportType(label) == expected);
  }
}

TEST_CASE("FitTrackee exports are told apart from the other archives", "[imports][fittrackee]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/archive.zip";
  WriteFitTrackeeExport(path, "fittrackee-alice/");
  auto opened = OpenExport(path, "");
  REQUIRE(opened.ok());
  CHECK(opened->format == "fittrackee-export");
  CHECK(opened->source->ExpectedCount() == 6);
  auto first = opened->source->Next();
  REQUIRE(first.ok());
  REQUIRE(first->has_value());
  REQUIRE((*first)->activity.ok());
  CHECK((*first)->activity->track_bytes == "<gpx>abc</gpx>");  // found in its folder
  CHECK(*PluginForArchive(path) == "fittrackee");

  const std::string broken = dir.path() + "/broken.zip";
  test_support::WriteZipFile(broken, {{"user_workouts_data.json", "{\"not\": \"a list\"}"}});
  auto refused = OpenExport(broken, "fittrackee");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message.find("not a JSON list of workouts") != std::string::npos);

  const std::string plain = dir.path() + "/plain.zip";
  test_support::WriteZipFile(plain, {{"walk.gpx", test_support::WalkGpxFile("", WalkShape{})}});
  CHECK(*PluginForArchive(plain) == "gps-files");
  auto not_fittrackee = OpenExport(plain, "fittrackee");
  REQUIRE_FALSE(not_fittrackee.ok());
  CHECK(not_fittrackee.error().message.find("not a FitTrackee export") != std::string::npos);
}

}  // namespace
}  // namespace cairn::services::imports
