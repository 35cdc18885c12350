// Tests for the Garmin Connect export reader: files in nested parts matched to their summaries by
// start time (or by an activity id in the name), the unmatched on their own, every broken part or
// member one item with its reason, and the archive told apart from other exports.
#include "services/imports/garmin_export.h"

#include <catch2/catch.hpp>

#include "services/imports/export_formats.h"
#include "test_support/garmin_fittrackee_archives.h"
#include "test_support/temp_dir.h"
#include "util/sha256.h"

namespace cairn::services::imports {
namespace {

using geo::fit_test::kTime;
using geo::fit_test::kTimeUnixMs;
using test_support::ArchiveMember;
using test_support::WalkShape;

constexpr int64_t kDayMs = 86'400'000;
constexpr uint32_t kDaySeconds = 86'400;
const std::string kFitness =
    "DI_CONNECT/DI-Connect-Fitness/alice@example.com_0_summarizedActivities.json";
const std::string kUploaded = "DI_CONNECT/DI-Connect-Uploaded-Files/";

std::vector<SourceItem> Drain(ActivitySource& source) {
  std::vector<SourceItem> items;
  while (true) {
    auto next = source.Next();
    REQUIRE(next.ok());
    if (!next->has_value()) return items;
    items.push_back(std::move(**next));
  }
}

std::unique_ptr<ActivitySource> OpenOk(const std::string& path) {
  auto archive = ExportArchive::OpenFile(path);
  REQUIRE(archive.ok());
  REQUIRE(IsGarminExport(*archive));
  auto source = OpenGarminExport(std::move(archive).value());
  REQUIRE(source.ok());
  return std::move(source).value();
}

// Part 1: a hike that starts 20 s after its summary says, a ride, a walk no summary names and a
// damaged FIT; part 2: not a zip; part 3: a GPX named by its activity id. Summaries besides: an
// activity without a file and one that starts five minutes from the walk.
void WriteGarminExport(const std::string& dir, const std::string& path) {
  const std::string hike = test_support::WalkFitFileWithSport(WalkShape{.lat = 47.0}, kTime + 20,
                                                              test_support::kFitHiking);
  const std::string ride = test_support::WalkFitFileWithSport(
      WalkShape{.lat = 46.5}, kTime + kDaySeconds, test_support::kFitCycling);
  const std::string walk = test_support::WalkFitFileWithSport(
      WalkShape{.lat = 46.0}, kTime + 2 * kDaySeconds, test_support::kFitWalking);
  const std::string part1 = test_support::ZipBytes(
      dir + "/part1.zip", {{"alice@example.com_88800001.fit", hike},
                           {"alice@example.com_88800002.fit", ride},
                           {"alice@example.com_88800003.fit", walk},
                           {"broken.fit", ".FIT but nothing a FIT file holds"},
                           {"readme.txt", "not an activity"}});
  const std::string part3 = test_support::ZipBytes(
      dir + "/part3.zip",
      {{"7000000004.gpx", test_support::WalkGpxFile("", WalkShape{.lat = 45.5, .day = 4})}});
  const std::string summaries = test_support::GarminSummariesJson({
      {7000000001, "Morning Hike", "Up the ridge", "hiking", "GENERIC", kTimeUnixMs,
       kTimeUnixMs - 5 * 3'600'000},
      {7000000002, "Evening Ride", "", "road_biking", "CYCLING", kTimeUnixMs + kDayMs,
       std::nullopt},
      {7000000003, "Gym", "", "strength_training", "GENERIC", kTimeUnixMs - kDayMs,
       kTimeUnixMs - kDayMs},
      {7000000004, "Named by id", "", "walking", "GENERIC", std::nullopt, std::nullopt},
      {7000000005, "Too far", "", "walking", "GENERIC", kTimeUnixMs + 2 * kDayMs + 300'000,
       std::nullopt},
  });
  test_support::WriteZipFile(path, {{kFitness, summaries},
                                    {"DI_CONNECT/DI-Connect-User/user_profile.json", "{}"},
                                    {kUploaded + "UploadedFiles_0-_Part1.zip", part1},
                                    {kUploaded + "UploadedFiles_0-_Part2.zip", "not a zip at all"},
                                    {kUploaded + "UploadedFiles_0-_Part3.zip", part3}});
}

TEST_CASE("A Garmin export's files take their summaries' names, types and dates",
          "[imports][garmin]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/garmin.zip";
  WriteGarminExport(dir.path(), path);
  auto source = OpenOk(path);
  CHECK(source->ExpectedCount() == 0);
  const std::vector<SourceItem> items = Drain(*source);
  REQUIRE(items.size() == 8);

  // Matched by start time: 20 s apart is the same activity.
  REQUIRE(items[0].activity.ok());
  const Activity& hike = *items[0].activity;
  CHECK(items[0].label ==
        "activity 7000000001 \"Morning Hike\" "
        "(UploadedFiles_0-_Part1.zip/alice@example.com_88800001.fit)");
  CHECK(hike.external_id == "garmin:7000000001");
  CHECK(hike.name == "Morning Hike");
  CHECK(hike.description == "Up the ridge");
  CHECK(hike.type == "hiking");
  CHECK(hike.date == "2021-09-07");  // the local day: 20:46 the evening before in UTC-5
  CHECK(hike.file_name == "alice@example.com_88800001.fit");
  CHECK(hike.track_bytes.substr(8, 4) == ".FIT");

  REQUIRE(items[1].activity.ok());
  CHECK(items[1].activity->external_id == "garmin:7000000002");
  CHECK(items[1].activity->type == "road_biking");
  CHECK(items[1].activity->date == "2021-09-09T01:46:40Z");  // no local time: GMT's

  // No summary within a minute: the file on its own, known by its digest.
  REQUIRE(items[2].activity.ok());
  const Activity& walk = *items[2].activity;
  CHECK(items[2].label == "UploadedFiles_0-_Part1.zip/alice@example.com_88800003.fit");
  CHECK(walk.external_id == "sha256:" + util::Sha256Hex(walk.track_bytes));
  CHECK(walk.name.empty());
  CHECK(walk.type.empty());
  CHECK(walk.date.empty());

  REQUIRE_FALSE(items[3].activity.ok());
  CHECK(items[3].activity.error().kind == util::ErrorKind::kInvalidArgument);
  CHECK(items[3].activity.error().message.starts_with("UploadedFiles_0-_Part1.zip/broken.fit: "));

  REQUIRE_FALSE(items[4].activity.ok());
  CHECK(items[4].label == "UploadedFiles_0-_Part2.zip");
  CHECK(items[4].activity.error().kind == util::ErrorKind::kInvalidArgument);
  CHECK(items[4].activity.error().message.starts_with("UploadedFiles_0-_Part2.zip: "));

  // A name holding the activity id is enough, whatever the times.
  REQUIRE(items[5].activity.ok());
  CHECK(items[5].activity->external_id == "garmin:7000000004");
  CHECK(items[5].activity->name == "Named by id");
  CHECK(items[5].activity->file_name == "7000000004.gpx");

  // The summaries no file matched, in their file's order.
  for (size_t i : {size_t{6}, size_t{7}}) {
    REQUIRE_FALSE(items[i].activity.ok());
    CHECK(items[i].activity.error().kind == util::ErrorKind::kNotFound);
    CHECK(items[i].activity.error().message.find("no GPS file") != std::string::npos);
  }
  CHECK(items[6].label == "activity 7000000003 \"Gym\"");
  CHECK(items[7].label == "activity 7000000005 \"Too far\"");
}

TEST_CASE("A Garmin export whose summaries do not read still imports its files",
          "[imports][garmin]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/garmin.zip";
  const std::string part = test_support::ZipBytes(
      dir.path() + "/part.zip", {{"x_1.fit", test_support::WalkFitFile(WalkShape{.lat = 47.0})}});
  test_support::WriteZipFile(
      path, {{"export/" + kFitness, "[{\"summarizedActivitiesExport\": [ {\"activityId\": "},
             {"export/" + kUploaded + "UploadedFiles_0-_Part1.zip", part},
             {"export/" + kUploaded + "loose.gpx",
              test_support::WalkGpxFile("Loose", WalkShape{.lat = 45.0})}});
  auto source = OpenOk(path);
  const std::vector<SourceItem> items = Drain(*source);
  REQUIRE(items.size() == 3);
  REQUIRE_FALSE(items[0].activity.ok());
  CHECK(items[0].label == "alice@example.com_0_summarizedActivities.json");
  CHECK(items[0].activity.error().message.find("not a JSON file") != std::string::npos);
  REQUIRE(items[1].activity.ok());
  CHECK(items[1].activity->external_id.starts_with("sha256:"));
  CHECK(items[1].label == "UploadedFiles_0-_Part1.zip/x_1.fit");
  REQUIRE(items[2].activity.ok());
  CHECK(items[2].label == "export/" + kUploaded + "loose.gpx");
}

TEST_CASE("Garmin exports are told apart from the other archives", "[imports][garmin]") {
  test_support::TempDir dir;
  const std::string garmin = dir.path() + "/garmin.zip";
  WriteGarminExport(dir.path(), garmin);
  auto opened = OpenExport(garmin, "");
  REQUIRE(opened.ok());
  CHECK(opened->format == "garmin-export");
  CHECK(OpenExport(garmin, "garmin-connect")->format == "garmin-export");
  auto plugin = PluginForArchive(garmin);
  REQUIRE(plugin.ok());
  CHECK(*plugin == "garmin-connect");

  const std::string plain = dir.path() + "/plain.zip";
  test_support::WriteZipFile(
      plain, {{"walk.gpx", test_support::WalkGpxFile("", WalkShape{})},
              {"a/b/DI_CONNECT/DI-Connect-Fitness/x.json", "two folders deep: not an export"}});
  CHECK(*PluginForArchive(plain) == "gps-files");
  auto refused = OpenExport(plain, "garmin-connect");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().kind == util::ErrorKind::kInvalidArgument);
  CHECK(refused.error().message.find("not a Garmin Connect export") != std::string::npos);

  const std::string empty = dir.path() + "/empty.zip";
  test_support::WriteZipFile(empty, {{"DI_CONNECT/DI-Connect-User/user_profile.json", "{}"}});
  auto nothing = OpenExport(empty, "");
  REQUIRE_FALSE(nothing.ok());
  CHECK(nothing.error().message.find("no uploaded files") != std::string::npos);
}

}  // namespace
}  // namespace cairn::services::imports
