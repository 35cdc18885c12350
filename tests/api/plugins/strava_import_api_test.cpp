// A Strava bulk export imported through the API: the archive uploaded in pieces, read in the
// background, each activity a trail with its name, date, description, type and photos; broken
// activities listed with their reasons while the rest arrive; a second run creating nothing; the
// activity types remapped to categories.
#include <catch2/catch.hpp>

#include "api/plugins/import_client.h"
#include "api/test_files.h"
#include "test_support/export_archives.h"
#include "test_support/garmin_fittrackee_archives.h"
#include "test_support/old_data_dir.h"
#include "test_support/temp_dir.h"

namespace cairn::api_test {
namespace {

using test_support::ArchiveMember;
using test_support::WalkShape;

// Seven activities: a hike (GPX, two photos, a description with quotes, a comma and a line
// break), a ride (FIT, gzipped), a run (TCX, gzipped), one entered by hand (no file), one whose
// gzip is damaged, one whose file is missing, and a walk with a "photo" that is not an image.
std::vector<ArchiveMember> StravaMembers(const std::string& prefix = "") {
  const std::string photo_a = testing::MakeJpeg(64, 48, testing::LeftRedRightBlue);
  const std::string photo_b = testing::MakeJpeg(48, 64, testing::TopWhiteBottomBlack);
  const std::string csv = test_support::StravaCsv({
      {"101", "Jun 1, 2024, 8:00:00 AM", "Morning Hike", "Hike",
       "Up the ridge, \"steep\" part\nthen down", "activities/101.gpx",
       "media/a1.jpg|media/a2.jpg"},
      {"102", "Jun 2, 2024, 6:15:00 PM", "Evening Ride", "Ride", "", "activities/102.fit.gz", ""},
      {"103", "Jun 3, 2024, 7:00:00 AM", "Trail run", "Run", "Fast", "activities/103.tcx.gz", ""},
      {"104", "Jun 4, 2024, 7:00:00 AM", "Gym", "Workout", "", "", ""},
      {"105", "Jun 5, 2024, 7:00:00 AM", "Broken", "Hike", "", "activities/105.fit.gz", ""},
      {"106", "Jun 6, 2024, 7:00:00 AM", "Lost", "Hike", "", "activities/106.gpx", ""},
      {"107", "Jun 7, 2024, 7:00:00 AM", "Dog walk", "Walk", "", "activities/107.gpx",
       "media/not-a-photo.jpg|media/video.mp4"},
  });
  return {
      {prefix + "activities.csv", csv},
      {prefix + "activities/101.gpx",
       test_support::WalkGpxFile("gpx name loses", WalkShape{.lat = 47.0, .day = 1})},
      {prefix + "activities/102.fit.gz",
       test_support::Gzip(test_support::WalkFitFile(WalkShape{.lat = 46.5, .points = 60}))},
      {prefix + "activities/103.tcx.gz",
       test_support::Gzip(test_support::WalkTcxFile(WalkShape{.lat = 46.0, .day = 3}))},
      {prefix + "activities/105.fit.gz", "\x1f\x8b this is not deflate data at all"},
      {prefix + "activities/107.gpx",
       test_support::WalkGpxFile("", WalkShape{.lat = 45.5, .day = 7})},
      {prefix + "media/a1.jpg", photo_a},
      {prefix + "media/a2.jpg", photo_b},
      {prefix + "media/not-a-photo.jpg", "plain text pretending"},
      {prefix + "media/video.mp4", "not kept"},
      {prefix + "profile.csv", "Athlete ID\n1\n"},
  };
}

TEST_CASE("A Strava export becomes trails with names, dates, descriptions, photos and types",
          "[plugins][import]") {
  test_support::TempDir dir;
  const std::string archive = dir.path() + "/export_12345.zip";
  test_support::WriteZipFile(archive, StravaMembers());
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");

  const Json job = ImportFile(server, token, "strava", archive);
  INFO(job.dump(2));
  CHECK(job["status"] == "done");
  CHECK(job["format"] == "strava-export");
  CHECK(job["expected"] == 7);
  CHECK(job["done"] == 7);
  CHECK(job["imported"] == 4);
  CHECK(job["skipped"] == 1);
  CHECK(job["failed"] == 2);
  const Json manual = ProblemOf(job, "activity 104");
  REQUIRE(manual.is_object());
  CHECK(manual["result"] == "skipped");
  CHECK(manual["reason"].get<std::string>().find("no GPS file") != std::string::npos);
  const Json broken = ProblemOf(job, "activity 105");
  REQUIRE(broken.is_object());
  CHECK(broken["result"] == "failed");
  CHECK(broken["reason"].get<std::string>().find("105.fit.gz") != std::string::npos);
  const Json lost = ProblemOf(job, "activity 106");
  REQUIRE(lost.is_object());
  CHECK(lost["reason"].get<std::string>().find("not in the archive") != std::string::npos);
  const Json bad_photo = ProblemOf(job, "activity 107");
  REQUIRE(bad_photo.is_object());
  CHECK(bad_photo["result"] == "imported");
  CHECK(bad_photo["reason"].get<std::string>().find("not-a-photo.jpg") != std::string::npos);

  const auto trails = TrailsByName(server, token);
  REQUIRE(trails.size() == 4);
  const Json& hike = trails.at("Morning Hike");
  CHECK(hike["description"] == "Up the ridge, \"steep\" part\nthen down");
  CHECK(hike["date"].get<std::string>().starts_with("2024-06-01"));
  CHECK(hike["category"] == "hikingcategory1");
  CHECK(hike["photos"].size() == 2);
  CHECK(hike["author"] == alice);
  CHECK(StoredNames(server, kTrailsId, hike["id"]).size() == 3);  // the GPX and two photos
  const Json& ride = trails.at("Evening Ride");
  CHECK(ride["category"] == "bikingcategory1");
  CHECK(ride["distance"].get<double>() > 3000);
  CHECK(trails.at("Trail run")["description"] == "Fast");
  CHECK(trails.at("Dog walk")["category"] == "walkingcategory");
  CHECK(trails.at("Dog walk")["photos"].empty());

  SECTION("a second run of the same archive creates nothing") {
    const Json again = ImportFile(server, token, "strava", archive);
    CHECK(again["status"] == "done");
    CHECK(again["imported"] == 0);
    CHECK(again["skipped"] == 5);
    CHECK(again["failed"] == 2);
    CHECK(ProblemOf(again, "activity 101")["reason"] == "imported before");
    CHECK(TrailsByName(server, token).size() == 4);
  }

  SECTION("the activity types remap to categories: preview first, then apply") {
    const std::string id = job["id"];
    Reply preview =
        server.Post("/api/v1/plugin-system/category-remap/preview", {{"job", id}, {"x", 1}}, token);
    REQUIRE(preview.status == 200);
    std::map<std::string, Json> types;
    for (const Json& item : preview.body["items"]) types[item["type"]] = item;
    REQUIRE(types.size() == 4);
    CHECK(types["Hike"]["count"] == 1);
    CHECK(types["Hike"]["category"] == "hikingcategory1");
    CHECK(types["Hike"]["categoryName"] == "Hiking");
    CHECK(types["Ride"]["suggested"] == "bikingcategory1");
    CHECK(types["Ride"]["suggestedName"] == "Biking");

    Reply applied =
        server.Post("/api/v1/plugin-system/category-remap/apply",
                    {{"job", id}, {"mapping", {{"Ride", "walkingcategory"}, {"Run", ""}}}}, token);
    REQUIRE(applied.status == 200);
    CHECK(applied.body["changed"] == 2);
    const auto after = TrailsByName(server, token);
    CHECK(after.at("Evening Ride")["category"] == "walkingcategory");
    CHECK(after.at("Trail run")["category"] == "");
    CHECK(after.at("Morning Hike")["category"] == "hikingcategory1");

    Reply unknown = server.Post("/api/v1/plugin-system/category-remap/apply",
                                {{"job", id}, {"mapping", {{"Ride", "nosuchcategory1"}}}}, token);
    CHECK(unknown.status == 400);
    auto [bob, bob_token] = server.CreateUser("bob");
    CHECK(server
              .Post("/api/v1/plugin-system/category-remap/preview", {{"job", id}, {"x", 1}},
                    bob_token)
              .status == 404);
  }
}

TEST_CASE("A Strava export packed inside a folder imports the same", "[plugins][import]") {
  test_support::TempDir dir;
  const std::string archive = dir.path() + "/export.zip";
  test_support::WriteZipFile(archive, StravaMembers("export_12345/"));
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const Json job = ImportFile(server, token, "strava", archive);
  CHECK(job["status"] == "done");
  CHECK(job["imported"] == 4);
  CHECK(TrailsByName(server, token).at("Morning Hike")["photos"].size() == 2);
}

TEST_CASE("Archive uploads resume where the server is and refuse what is wrong",
          "[plugins][import]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string bytes(100, 'x');

  CHECK(server
            .Put("/api/v1/plugin-system/import",
                 {{"plugin", "strava"}, {"name", "a.zip"}, {"size", 100}})
            .status == 401);
  CHECK(server
            .Put("/api/v1/plugin-system/import",
                 {{"plugin", "folder"}, {"name", "a.zip"}, {"size", 100}}, token)
            .status == 400);
  CHECK(server
            .Put("/api/v1/plugin-system/import",
                 {{"plugin", "strava"}, {"name", "a.zip"}, {"size", -5}}, token)
            .status == 400);
  Reply created = server.Put("/api/v1/plugin-system/import",
                             {{"plugin", "strava"}, {"name", "a.zip"}, {"size", 100}}, token);
  REQUIRE(created.status == 200);
  const std::string id = created.body["id"];
  const std::string data = "/api/v1/plugin-system/import/" + id + "/data?offset=";
  CHECK(server.Send("POST", data + "0", token, bytes.substr(0, 40), "application/octet-stream")
            .body["received"] == 40);
  // A piece sent again after a lost answer: the server says where it is.
  Reply again =
      server.Send("POST", data + "0", token, bytes.substr(0, 40), "application/octet-stream");
  CHECK(again.status == 409);
  CHECK(again.body["received"] == "40");
  CHECK(server.Send("POST", data + "40", bob_token, bytes.substr(40), "application/octet-stream")
            .status == 404);
  CHECK(
      server
          .Send("POST", data + "40", token, bytes.substr(40) + "extra", "application/octet-stream")
          .status == 413);
  CHECK(server.Get("/api/v1/plugin-system/import/" + id, bob_token).status == 404);
  Reply last =
      server.Send("POST", data + "40", token, bytes.substr(40), "application/octet-stream");
  REQUIRE(last.status == 200);
  // Not a zip at all: the job fails and says why.
  const Json job = WaitForImport(server, token, id);
  CHECK(job["status"] == "failed");
  CHECK(job["message"].get<std::string>().find("not a zip") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(server.data_dir() + "/imports/" + id + ".archive"));

  Reply listed = server.Get("/api/v1/plugin-system/import", token);
  REQUIRE(listed.status == 200);
  CHECK(listed.body["items"].size() == 1);
  CHECK(server.Get("/api/v1/plugin-system/import", bob_token).body["items"].empty());
  CHECK(server.Delete("/api/v1/plugin-system/import/" + id, token).status == 200);
  CHECK(server.Get("/api/v1/plugin-system/import/" + id, token).status == 404);
}

TEST_CASE("Komoot tours and plain GPS archives import with their names", "[plugins][import]") {
  test_support::TempDir dir;
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const std::string komoot = dir.path() + "/komoot.zip";
  test_support::WriteZipFile(
      komoot, {{"Tours/2024-06-03_555123_Lake_loop.gpx",
                test_support::WalkGpxFile("", WalkShape{.lat = 44.0, .day = 3})},
               {"Tours/2024-06-04_555124_Summit.gpx",
                test_support::WalkGpxFile("Summit", WalkShape{.lat = 44.5, .day = 4})},
               {"__MACOSX/Tours/._2024-06-04_555124_Summit.gpx", "resource fork"},
               {"Tours/broken.gpx", "<gpx><trk><trkseg><trkpt lat="}});
  const Json job = ImportFile(server, token, "komoot", komoot);
  INFO(job.dump(2));
  CHECK(job["status"] == "done");
  CHECK(job["format"] == "komoot-export");
  CHECK(job["imported"] == 2);
  CHECK(job["failed"] == 1);
  const auto trails = TrailsByName(server, token);
  REQUIRE(trails.count("Lake loop") == 1);
  CHECK(trails.at("Lake loop")["date"].get<std::string>().starts_with("2024-06-03"));
  CHECK(ImportFile(server, token, "komoot", komoot)["imported"] == 0);
  // The same tour in a plain archive: recognised as the same walk.
  const std::string plain = dir.path() + "/plain.zip";
  test_support::WriteZipFile(
      plain, {{"walk.gpx", test_support::WalkGpxFile("", WalkShape{.lat = 44.0, .day = 3})}});
  const Json second = ImportFile(server, token, "gps-files", plain);
  CHECK(second["imported"] == 0);
  CHECK(second["skipped"] == 1);
  CHECK(ProblemOf(second, "walk.gpx")["reason"] == "the same as your trail \"Lake loop\"");
}

TEST_CASE("An indoor workout without positions is skipped with its reason, not failed",
          "[plugins][import]") {
  test_support::TempDir dir;
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const std::string plain = dir.path() + "/plain.zip";
  test_support::WriteZipFile(
      plain, {{"gym.fit", test_support::IndoorFitFile(geo::fit_test::kTime)},
              {"walk.gpx", test_support::WalkGpxFile("Walk", WalkShape{.lat = 43.0})}});
  const Json job = ImportFile(server, token, "gps-files", plain);
  INFO(job.dump(2));
  CHECK(job["imported"] == 1);
  CHECK(job["skipped"] == 1);
  CHECK(job["failed"] == 0);
  CHECK(ProblemOf(job, "gym.fit")["reason"].get<std::string>().find("no GPS positions") !=
        std::string::npos);
}

TEST_CASE("cairn import reads an export archive like the web app's import", "[plugins][cli]") {
  test_support::TempDir dir;
  const std::string archive = dir.path() + "/export_12345.zip";
  test_support::WriteZipFile(archive, StravaMembers());
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  int code = -1;
  const std::string command = std::string(CAIRN_BINARY) + " import --dir " + server.data_dir() +
                              " --user alice " + archive + " 2>&1";
  std::string out = RunCommand(command, &code);
  INFO(out);
  CHECK(code == 1);  // two activities failed
  CHECK(out.find("(strava-export): 4 imported, 1 skipped, 2 failed") != std::string::npos);
  CHECK(out.find("activity 105 \"Broken\": failed:") != std::string::npos);
  CHECK(TrailsByName(server, token).count("Morning Hike") == 1);
  out = RunCommand(command, &code);
  CHECK(out.find("0 imported, 5 skipped, 2 failed") != std::string::npos);
  Reply jobs = server.Get("/api/v1/plugin-system/import", token);
  REQUIRE(jobs.status == 200);
  CHECK(jobs.body["items"].size() == 2);
  CHECK(jobs.body["items"][0]["status"] == "done");
}

TEST_CASE("A cairn import cut off midway is reported at the next start, not retried",
          "[plugins][cli]") {
  test_support::TempDir dir;
  const std::string data = dir.path() + "/data";
  std::string alice, token;
  {
    TestServer first(data);
    std::tie(alice, token) = first.CreateUser("alice");
  }
  // What `cairn import` leaves when Ctrl-C stops it: a running job whose archive lay elsewhere.
  test_support::ExecOnFile(
      data + "/data.db",
      "INSERT INTO import_jobs (id, created, updated, user, plugin, source, format, status, done, "
      "imported) VALUES ('cutoffjob000001', '2026-01-01 00:00:00.000Z', '2026-01-01 "
      "00:00:00.000Z', '" +
          alice + "', 'strava', 'export_1.zip', 'strava-export', 'running', 3, 3)");
  TestServer second(data);
  Reply job = second.Get("/api/v1/plugin-system/import/cutoffjob000001", token);
  REQUIRE(job.status == 200);
  CHECK(job.body["status"] == "failed");
  CHECK(job.body["imported"] == 3);
  CHECK(job.body["message"].get<std::string>().find("Interrupted") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
