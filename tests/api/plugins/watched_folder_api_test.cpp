// The watched folder against the real server: a person's folder appears when they turn the
// plugin on; a GPS file copied in becomes a trail within seconds, one still being written is
// waited for, a copy of one already there is skipped and a broken one is reported.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "api/test_server.h"
#include "test_support/export_archives.h"
#include "test_support/old_data_dir.h"
#include "test_support/temp_dir.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;
using test_support::WalkShape;

// Polls `done` every 100 ms for up to 20 s.
template <class Condition>
bool Eventually(Condition done) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < deadline) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return done();
}

void WriteFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

Json FolderJob(TestServer& server, const std::string& token) {
  const Reply jobs = server.Get("/api/v1/plugin-system/import", token);
  for (const Json& job : jobs.body["items"]) {
    if (job["plugin"] == "folder") return job;
  }
  return Json::object();
}

TEST_CASE("GPS files in a person's watched folder become their trails", "[plugins][watch]") {
  TestServer server("", {"--watch-settle-ms", "300"});
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Reply instance =
      server.Put("/api/v1/plugin-instance", {{"plugin_id", "folder"}, {"enabled", true}}, token);
  REQUIRE(instance.status == 200);
  const std::string folder = server.data_dir() + "/watch/alice";
  REQUIRE(Eventually([&] {
    return server.Get("/api/v1/plugin-instance/" + instance.body["id"].get<std::string>(), token)
               .body["message"]
               .get<std::string>()
               .find("Watching") != std::string::npos;
  }));
  CHECK(fs::is_directory(folder));
  CHECK_FALSE(fs::exists(server.data_dir() + "/watch/bob"));
  auto trails = [&] { return server.Get("/api/v1/trail?perPage=50", token).body["totalItems"]; };

  // Written under a temporary name, then renamed, as sync tools do.
  const std::string lake = test_support::WalkGpxFile("Lake loop", WalkShape{.lat = 46.0});
  WriteFile(folder + "/.lake.gpx.part", lake);
  fs::rename(folder + "/.lake.gpx.part", folder + "/lake.gpx");
  REQUIRE(Eventually([&] { return trails() == 1; }));
  Reply listed = server.Get("/api/v1/trail?perPage=50", token);
  CHECK(listed.body["items"][0]["name"] == "Lake loop");
  CHECK(listed.body["items"][0]["author"] == alice);

  // Written slowly: half of it, a pause far longer than the settle time, then the rest. Read
  // half-way, it would fail (it is not yet a whole GPX file).
  const std::string ridge =
      test_support::WalkGpxFile("Ridge", WalkShape{.lat = 45.0, .points = 90});
  fs::create_directories(folder + "/2024");
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the new folder's watch
  {
    std::ofstream slow(folder + "/2024/ridge.gpx", std::ios::binary);
    slow << ridge.substr(0, ridge.size() / 2) << std::flush;
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    slow << ridge.substr(ridge.size() / 2) << std::flush;
  }
  REQUIRE(Eventually([&] { return trails() == 2; }));
  Json job = FolderJob(server, token);
  CHECK(job["status"] == "watching");
  CHECK(job["failed"] == 0);
  CHECK(job["imported"] == 2);

  // The same content again under another name: skipped. A broken file: reported.
  WriteFile(folder + "/copy of lake.gpx", lake);
  WriteFile(folder + "/broken.gpx", "<gpx><trk><trkseg><trkpt lat=");
  WriteFile(folder + "/notes.txt", "not a GPS file");
  REQUIRE(Eventually([&] {
    const Json now = FolderJob(server, token);
    return now["skipped"] == 1 && now["failed"] == 1;
  }));
  CHECK(trails() == 2);
  job = FolderJob(server, token);
  bool broken_named = false;
  for (const Json& problem : job["problems"]) {
    if (problem["item"] == "alice/broken.gpx" && problem["result"] == "failed") broken_named = true;
  }
  CHECK(broken_named);
  CHECK(job["done"] == 4);  // notes.txt is not a GPS file and was not read

  // A file that changes gives its trail the new track: no second trail, the name kept.
  const auto lake_trail = [&] {
    const Reply list = server.Get("/api/v1/trail?perPage=50", token);
    for (const Json& trail : list.body["items"]) {
      if (trail["name"] == "Lake loop") return trail;
    }
    return Json();
  };
  const double lake_distance = lake_trail()["distance"].get<double>();
  WriteFile(folder + "/lake.gpx",
            test_support::WalkGpxFile("Lake loop, longer", WalkShape{.lat = 46.0, .points = 80}));
  REQUIRE(Eventually([&] {
    const Json trail = lake_trail();
    return trail.is_object() && trail["distance"].get<double>() > lake_distance * 1.5;
  }));
  CHECK(trails() == 2);
  CHECK(FolderJob(server, token)["message"].get<std::string>().find("new track") !=
        std::string::npos);

  // Turned off, the folder is no longer read.
  REQUIRE(server
              .Post("/api/v1/plugin-instance/" + instance.body["id"].get<std::string>(),
                    {{"enabled", false}, {"x", 1}}, token)
              .status == 200);
  REQUIRE(Eventually([&] { return FolderJob(server, token)["status"] == "done"; }));
  WriteFile(folder + "/later.gpx", test_support::WalkGpxFile("Later", WalkShape{.lat = 44.0}));
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  CHECK(trails() == 2);
}

TEST_CASE("A restart reads the watched folder again without counting its files again",
          "[plugins][watch]") {
  test_support::TempDir dir;
  const std::string data = dir.path() + "/data";
  std::string alice, token;
  Json before;
  {
    TestServer server(data, {"--watch-settle-ms", "200"});
    std::tie(alice, token) = server.CreateUser("alice");
    REQUIRE(
        server.Put("/api/v1/plugin-instance", {{"plugin_id", "folder"}, {"enabled", true}}, token)
            .status == 200);
    REQUIRE(Eventually([&] { return fs::is_directory(data + "/watch/alice"); }));
    WriteFile(data + "/watch/alice/hill.gpx",
              test_support::WalkGpxFile("Hill", WalkShape{.lat = 43.0}));
    REQUIRE(Eventually([&] { return FolderJob(server, token)["imported"] == 1; }));
    before = FolderJob(server, token);
  }
  TestServer again(data, {"--watch-settle-ms", "200"});
  // The first scan after the start has read the folder once this trail's file was added again.
  WriteFile(data + "/watch/alice/dale.gpx",
            test_support::WalkGpxFile("Dale", WalkShape{.lat = 42.0}));
  REQUIRE(Eventually([&] { return FolderJob(again, token)["imported"] == 2; }));
  const Json after = FolderJob(again, token);
  CHECK(after["done"] == before["done"].get<int>() + 1);
  CHECK(after["skipped"] == 0);
  CHECK(again.Get("/api/v1/trail?perPage=50", token).body["totalItems"] == 2);
}

}  // namespace
}  // namespace cairn::api_test
