// An external plugin (a shell script in the plugins folder) listed beside the built-in ones and
// importing an archive through the same job as they do; a broken one listed with its error; a
// watching one reading the files of its kind in a watched folder.
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <thread>

#include "api/plugins/import_client.h"
#include "test_support/export_archives.h"
#include "test_support/temp_dir.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;

void WriteFile(const std::string& path, const std::string& text, int mode = 0644) {
  std::ofstream(path, std::ios::binary) << text;
  ::chmod(path.c_str(), mode);
}

// Whether this kernel offers the Landlock sandbox the server requires to run external plugins.
bool KernelHasLandlock() {
  const long abi =
      ::syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
  return abi >= 1;
}

// DIR/plugins/ID with its manifest, searchable by everyone (run as root, Cairn starts plugins as
// nobody); returns DIR/plugins.
std::string PluginFolder(const test_support::TempDir& dir, const std::string& id,
                         const std::string& manifest) {
  ::chmod(dir.path().c_str(), 0755);
  const std::string plugins = dir.path() + "/plugins";
  fs::create_directories(plugins + "/" + id);
  ::chmod(plugins.c_str(), 0755);
  ::chmod((plugins + "/" + id).c_str(), 0755);
  WriteFile(plugins + "/" + id + "/manifest.json", manifest);
  return plugins;
}

TEST_CASE("An external plugin imports an archive through the import job", "[plugins][import]") {
  if (!KernelHasLandlock()) {
    WARN("skipped: this kernel offers no Landlock sandbox, so the server runs no external plugin");
    return;
  }
  test_support::TempDir dir;
  const std::string plugins =
      PluginFolder(dir, "demo", R"({"id": "demo", "name": "Demo reader", "version": "1.0",
                "capabilities": ["import-archive"], "exec": "run", "accepts": [".zip"]})");
  fs::create_directories(plugins + "/broken");
  const std::string gpx =
      test_support::WalkGpxFile("From the plugin", test_support::WalkShape{.lat = 43.0});
  WriteFile(plugins + "/demo/run",
            "#!/bin/sh\n"
            "read request\n"
            "case \"$request\" in *input/my-export.zip*) ;; *) exit 3 ;; esac\n"
            "cat > out/1.gpx <<'GPX'\n" +
                gpx +
                "\nGPX\n"
                "echo '{\"type\":\"progress\",\"done\":0,\"total\":2}'\n"
                "echo '{\"type\":\"activity\",\"external_id\":\"demo:1\",\"file\":\"out/1.gpx\","
                "\"name\":\"Plugin walk\",\"description\":\"Read by a plugin\","
                "\"activity_type\":\"Hike\"}'\n"
                "echo '{\"type\":\"problem\",\"item\":\"entry 2\",\"message\":\"unreadable\"}'\n"
                "echo '{\"type\":\"done\"}'\n",
            0755);
  WriteFile(plugins + "/broken/manifest.json", "{not json");

  TestServer server("", {"--plugins-dir", plugins});
  auto [alice, token] = server.CreateUser("alice");
  Reply listed = server.Get("/api/v1/plugin-system/plugins", token);
  REQUIRE(listed.status == 200);
  std::map<std::string, Json> found;
  for (const Json& item : listed.body["items"]) found[item["id"]] = item;
  REQUIRE(found.count("demo") == 1);
  CHECK(found["demo"]["runtime"] == "external");
  CHECK(found["demo"]["status"] == "available");
  CHECK(found["demo"]["capabilities"] == Json::array({"import-archive"}));
  REQUIRE(found.count("broken") == 1);
  CHECK(found["broken"]["status"] == "error");
  CHECK(found["broken"]["error"].get<std::string>().find("manifest.json") != std::string::npos);

  const Json job = ImportBytes(server, token, "demo", "my-export.zip", "PK not really a zip");
  INFO(job.dump(2));
  CHECK(job["status"] == "done");
  CHECK(job["imported"] == 1);
  CHECK(job["failed"] == 1);
  CHECK(ProblemOf(job, "entry 2")["reason"] == "unreadable");
  const auto trails = TrailsByName(server, token);
  REQUIRE(trails.count("Plugin walk") == 1);
  CHECK(trails.at("Plugin walk")["description"] == "Read by a plugin");
  CHECK(trails.at("Plugin walk")["category"] == "hikingcategory1");
  CHECK(ImportBytes(server, token, "demo", "my-export.zip", "PK again")["imported"] == 0);
  // The broken plugin imports nothing.
  CHECK(server
            .Put("/api/v1/plugin-system/import",
                 {{"plugin", "broken"}, {"name", "a.zip"}, {"size", 10}}, token)
            .status == 400);
}

TEST_CASE("A watching external plugin reads the files of its kind in the watched folder",
          "[plugins][watch]") {
  if (!KernelHasLandlock()) {
    WARN("skipped: this kernel offers no Landlock sandbox, so the server runs no external plugin");
    return;
  }
  test_support::TempDir dir;
  const std::string plugins =
      PluginFolder(dir, "trk-reader", R"({"id": "trk-reader", "name": "TRK reader",
                "version": "1.0", "capabilities": ["watch"], "exec": "run",
                "accepts": [".trk"]})");
  // A .trk here is a GPX under another name: the plugin hands it over as one.
  WriteFile(plugins + "/trk-reader/run",
            "#!/bin/sh\n"
            "read request\n"
            "cp input/*.trk out/1.gpx\n"
            "echo '{\"type\":\"activity\",\"external_id\":\"trk:1\",\"file\":\"out/1.gpx\","
            "\"name\":\"Read by the TRK plugin\",\"activity_type\":\"Hike\"}'\n"
            "echo '{\"type\":\"done\"}'\n",
            0755);
  TestServer server("", {"--plugins-dir", plugins, "--watch-settle-ms", "200"});
  auto [alice, token] = server.CreateUser("alice");
  Reply listed = server.Get("/api/v1/plugin-system/plugins", token);
  Json reader;
  for (const Json& item : listed.body["items"]) {
    if (item["id"] == "trk-reader") reader = item;
  }
  REQUIRE(reader.is_object());
  CHECK(reader["capabilities"] == Json::array({"watch"}));
  REQUIRE(server.Put("/api/v1/plugin-instance", {{"plugin_id", "folder"}, {"enabled", true}}, token)
              .status == 200);
  const std::string folder = server.data_dir() + "/watch/alice";
  for (int i = 0; i < 100 && !fs::is_directory(folder); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  REQUIRE(fs::is_directory(folder));
  WriteFile(folder + "/notes.txt", "not for anyone");
  WriteFile(folder + "/morning.trk",
            test_support::WalkGpxFile("inner name", test_support::WalkShape{.lat = 41.0}));
  Json trails;
  for (int i = 0; i < 200; ++i) {
    trails = server.Get("/api/v1/trail?perPage=50", token).body;
    if (trails["totalItems"] == 1) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  REQUIRE(trails["totalItems"] == 1);
  CHECK(trails["items"][0]["name"] == "Read by the TRK plugin");
  CHECK(trails["items"][0]["author"] == alice);
}

}  // namespace
}  // namespace cairn::api_test
