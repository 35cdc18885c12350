// A Garmin Connect export imported through the API: FIT files in nested parts become trails with
// their summaries' names, descriptions and types; a file without a summary arrives under its own
// sport; a damaged part and a damaged file are listed with their reasons while the rest arrive; a
// second run creates nothing.
#include <catch2/catch.hpp>

#include "api/plugins/import_client.h"
#include "test_support/garmin_fittrackee_archives.h"
#include "test_support/temp_dir.h"

namespace cairn::api_test {
namespace {

using geo::fit_test::kTime;
using geo::fit_test::kTimeUnixMs;
using test_support::WalkShape;

constexpr int64_t kDayMs = 86'400'000;
constexpr uint32_t kDaySeconds = 86'400;
const std::string kUploaded = "DI_CONNECT/DI-Connect-Uploaded-Files/";

// Part 1: a hike and a ride with summaries, a walk without one, a damaged FIT, a gym session's
// FIT without positions (named by its activity id, as Garmin names them); part 2 is not a zip; part
// 3 holds a GPX. Summaries: the hike, the ride, the GPX's and the gym session.
void WriteGarminExport(const std::string& dir, const std::string& path) {
  const std::string part1 = test_support::ZipBytes(
      dir + "/part1.zip",
      {{"alice@example.com_88800001.fit",
        test_support::WalkFitFileWithSport(WalkShape{.lat = 47.0}, kTime + 30,
                                           test_support::kFitRunning)},
       {"alice@example.com_88800002.fit",
        test_support::WalkFitFileWithSport(WalkShape{.lat = 46.5, .points = 60},
                                           kTime + kDaySeconds, test_support::kFitCycling)},
       {"alice@example.com_88800003.fit",
        test_support::WalkFitFileWithSport(WalkShape{.lat = 46.0}, kTime + 2 * kDaySeconds,
                                           test_support::kFitWalking)},
       {"alice@example.com_88800004.fit", std::string("\x0e\x20\x54\x08", 4) + "garbage"},
       {"alice@example.com_7000000003.fit", test_support::IndoorFitFile(kTime - kDaySeconds)}});
  const std::string part3 = test_support::ZipBytes(
      dir + "/part3.zip",
      {{"alice@example.com_88800005.gpx",
        test_support::WalkGpxFile("gpx name loses", WalkShape{.lat = 45.5, .day = 4})}});
  const std::string summaries = test_support::GarminSummariesJson({
      // The watch said running; the owner made it a hike in Connect: the summary wins.
      {7000000001, "Morning Hike", "Up the ridge\nand down", "hiking", "GENERIC", kTimeUnixMs,
       kTimeUnixMs + 2 * 3'600'000},
      {7000000002, "Evening Ride", "", "road_biking", "CYCLING", kTimeUnixMs + kDayMs,
       kTimeUnixMs + kDayMs},
      {7000000003, "Gym", "", "strength_training", "GENERIC", kTimeUnixMs - kDayMs,
       kTimeUnixMs - kDayMs},
      {7000000004, "Town walk", "", "walking", "GENERIC", 1717488000000, 1717488000000},
  });
  test_support::WriteZipFile(
      path,
      {{"DI_CONNECT/DI-Connect-Fitness/alice@example.com_0_summarizedActivities.json", summaries},
       {"DI_CONNECT/DI-Connect-User/user_profile.json", "{}"},
       {kUploaded + "UploadedFiles_0-_Part1.zip", part1},
       {kUploaded + "UploadedFiles_0-_Part2.zip", "PK\x03\x04 and then nothing"},
       {kUploaded + "UploadedFiles_0-_Part3.zip", part3}});
}

TEST_CASE("A Garmin Connect export becomes trails with its summaries' names and types",
          "[plugins][import]") {
  test_support::TempDir dir;
  const std::string archive = dir.path() + "/garmin_export.zip";
  WriteGarminExport(dir.path(), archive);
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");

  const Json job = ImportFile(server, token, "garmin-connect", archive);
  INFO(job.dump(2));
  CHECK(job["status"] == "done");
  CHECK(job["format"] == "garmin-export");
  CHECK(job["done"] == 7);
  CHECK(job["imported"] == 4);
  CHECK(job["skipped"] == 1);
  CHECK(job["failed"] == 2);
  const Json broken_file = ProblemOf(job, "88800004.fit");
  REQUIRE(broken_file.is_object());
  CHECK(broken_file["result"] == "failed");
  CHECK(broken_file["reason"].get<std::string>().find("UploadedFiles_0-_Part1.zip/") !=
        std::string::npos);
  const Json broken_part = ProblemOf(job, "UploadedFiles_0-_Part2.zip");
  REQUIRE(broken_part.is_object());
  CHECK(broken_part["result"] == "failed");
  const Json gym = ProblemOf(job, "activity 7000000003");
  REQUIRE(gym.is_object());
  CHECK(gym["result"] == "skipped");
  // Its file is there, without positions: one line for the session, under its summary's name.
  CHECK(gym["item"].get<std::string>().find("\"Gym\" (") != std::string::npos);
  CHECK(gym["reason"].get<std::string>().find("no GPS positions") != std::string::npos);

  const auto trails = TrailsByName(server, token);
  REQUIRE(trails.size() == 4);
  const Json& hike = trails.at("Morning Hike");
  CHECK(hike["description"] == "Up the ridge\nand down");
  CHECK(hike["date"].get<std::string>().starts_with("2021-09-08"));
  CHECK(hike["category"] == "hikingcategory1");
  CHECK(hike["author"] == alice);
  const Json& ride = trails.at("Evening Ride");
  CHECK(ride["category"] == "bikingcategory1");
  CHECK(ride["date"].get<std::string>().starts_with("2021-09-09"));
  CHECK(trails.at("Town walk")["category"] == "walkingcategory");
  // The walk no summary names: its own sport, a name of its own.
  size_t walks = 0;
  for (const auto& [name, trail] : trails) {
    if (name == "Morning Hike" || name == "Evening Ride" || name == "Town walk") continue;
    CHECK(trail["category"] == "walkingcategory");
    CHECK(trail["date"].get<std::string>().starts_with("2021-09-10"));
    ++walks;
  }
  CHECK(walks == 1);

  SECTION("a second run of the same archive creates nothing") {
    const Json again = ImportFile(server, token, "garmin-connect", archive);
    CHECK(again["status"] == "done");
    CHECK(again["imported"] == 0);
    CHECK(again["skipped"] == 5);
    CHECK(again["failed"] == 2);
    CHECK(ProblemOf(again, "activity 7000000001")["reason"] == "imported before");
    CHECK(TrailsByName(server, token).size() == 4);
  }
}

TEST_CASE("cairn import tells a Garmin Connect export by its folders", "[plugins][import][cli]") {
  test_support::TempDir dir;
  const std::string archive = dir.path() + "/export.zip";
  WriteGarminExport(dir.path(), archive);
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  int code = -1;
  const std::string out = RunCommand(std::string(CAIRN_BINARY) + " import --dir " +
                                         server.data_dir() + " --user alice " + archive + " 2>&1",
                                     &code);
  INFO(out);
  CHECK(code == 1);  // two items failed
  CHECK(out.find("(garmin-export): 4 imported, 1 skipped, 2 failed") != std::string::npos);
  CHECK(TrailsByName(server, token).count("Evening Ride") == 1);
}

}  // namespace
}  // namespace cairn::api_test
