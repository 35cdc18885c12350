// The real binary on data dirs of other versions: today's schema.sql serves, an older one is
// backed up and upgraded, a SIGKILL mid-upgrade loses nothing, a newer one is refused untouched.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <regex>

#include "api/test_server.h"
#include "test_support/old_data_dir.h"

namespace cairn::api_test {
namespace {

namespace fs = std::filesystem;
using test_support::QueryOnFile;

// The schema version today's schema.sql sets (its `PRAGMA user_version = N`).
int SchemaSqlVersion() {
  const std::string schema =
      test_support::ReadWholeFile(std::string(CAIRN_SOURCE_DIR) + "/schema.sql");
  std::smatch match;
  REQUIRE(std::regex_search(schema, match, std::regex(R"(PRAGMA user_version = (\d+);)")));
  return std::stoi(match[1]);
}

// `cairn serve` on `data_dir`, its stderr in `log`; returns its pid without waiting for it.
pid_t StartCairn(const std::string& data_dir, const std::string& log) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (!std::freopen(log.c_str(), "w", stderr)) _exit(126);
    const std::string port = "127.0.0.1:" + std::to_string(FreePort());
    ::execl(CAIRN_BINARY, CAIRN_BINARY, "serve", "--http", port.c_str(), "--dir", data_dir.c_str(),
            static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

std::string ReadLog(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return "";
  return test_support::ReadWholeFile(path);
}

// The names of the files in `folder` starting with `prefix`.
std::vector<std::string> FilesStartingWith(const std::string& folder, const std::string& prefix) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(prefix)) names.push_back(name);
  }
  return names;
}

// Every file under `data` with its bytes, but the lock (which only ever holds the last pid).
std::map<std::string, std::string> FilesUnder(const std::string& data) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(data)) {
    if (entry.is_regular_file() && entry.path().filename() != ".lock") {
      files[entry.path().string()] = test_support::ReadWholeFile(entry.path().string());
    }
  }
  return files;
}

TEST_CASE("a data dir made from today's schema.sql opens and serves", "[api][upgrade]") {
  test_support::TempDir dir;
  const std::string data = dir.path() + "/data";
  fs::create_directories(data);
  test_support::ExecOnFile(data + "/data.db", test_support::ReadWholeFile(
                                                  std::string(CAIRN_SOURCE_DIR) + "/schema.sql"));
  TestServer server(data);
  Reply health = server.Get("/api/health");
  REQUIRE(health.status == 200);
  CHECK(health.body["schema"] == SchemaSqlVersion());
  auto [user, token] = server.CreateUser("today");
  const std::string trail = server.CreateTrail(token, user, {{"name", "Today's walk"}});
  CHECK(server.Get("/api/v1/trail/" + trail).body["name"] == "Today's walk");
  CHECK(server.Get("/api/v1/category?perPage=500").body.size() == 6);  // the seeded categories
  CHECK_FALSE(fs::exists(data + "/backups"));  // nothing to upgrade, nothing backed up
}

TEST_CASE("a version 1 data dir is backed up, upgraded, and serves its trails", "[api][upgrade]") {
  test_support::TempDir dir;
  const std::string data = dir.path() + "/data";
  fs::create_directories(data);
  test_support::WriteVersion1Database(CAIRN_TEST_DATA_DIR, data + "/data.db", 20);
  TestServer server(data);
  Reply health = server.Get("/api/health");
  CHECK(health.body["schema"] == SchemaSqlVersion());
  Reply trail = server.Get("/api/v1/trail/" + test_support::OldTrailId(7));
  REQUIRE(trail.status == 200);
  CHECK(trail.body["name"] == "Walk 7");
  // The search index of later versions took in the old trails.
  CHECK(server.Get("/api/v1/trail?q=" + Url("Walk 7")).body["totalItems"] >= 1);

  const auto backups = FilesStartingWith(
      data + "/backups", "pre-upgrade-v1-to-v" + std::to_string(SchemaSqlVersion()));
  REQUIRE(backups.size() == 1);
  const std::string backup = data + "/backups/" + backups[0];
  CHECK(QueryOnFile(backup, "PRAGMA user_version") == "1");
  CHECK(QueryOnFile(backup, "SELECT count(*) FROM trails") == "20");
  CHECK(server.ReadLog().find(backup) != std::string::npos);  // the log names it
}

TEST_CASE("a SIGKILL during an upgrade leaves the old version whole, and the next start upgrades",
          "[api][upgrade]") {
  test_support::TempDir dir;
  const std::string data = dir.path() + "/data";
  fs::create_directories(data);
  const std::string db = data + "/data.db";
  // Enough trails that the upgrade (mostly the search index taking them in) runs for seconds.
  constexpr int kTrails = 20000;
  test_support::WriteVersion1Database(CAIRN_TEST_DATA_DIR, db, kTrails);
  const std::string rows_before = QueryOnFile(db, "SELECT sum(distance) FROM trails");

  const std::string log = dir.path() + "/killed.log";
  const pid_t pid = StartCairn(data, log);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (ReadLog(log).find("in one transaction") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // into the steps
  REQUIRE(::kill(pid, SIGKILL) == 0);
  int status = 0;
  ::waitpid(pid, &status, 0);
  REQUIRE(WIFSIGNALED(status));
  const std::string killed_log = ReadLog(log);
  INFO(killed_log);
  REQUIRE(killed_log.find("in one transaction") != std::string::npos);
  // Killed mid-way, not after: the test's data dir must be large enough for that.
  REQUIRE(killed_log.find("upgraded to schema version") == std::string::npos);

  CHECK(QueryOnFile(db, "PRAGMA user_version") == "1");
  CHECK(QueryOnFile(db, "PRAGMA integrity_check") == "ok");
  CHECK(QueryOnFile(db, "SELECT sum(distance) FROM trails") == rows_before);
  CHECK(QueryOnFile(db,
                    "SELECT count(*) FROM pragma_table_info('trails') "
                    "WHERE name = 'polyline'") == "0");

  TestServer server(data);
  CHECK(server.Get("/api/health").body["schema"] == SchemaSqlVersion());
  CHECK(server.Get("/api/v1/trail/" + test_support::OldTrailId(kTrails - 1)).body["name"] ==
        "Walk " + std::to_string(kTrails - 1));
  CHECK(server.ReadLog().find("upgraded to schema version") != std::string::npos);
}

TEST_CASE("a data dir of a newer cairn is refused with both versions and left byte for byte",
          "[api][upgrade]") {
  test_support::TempDir dir;
  const std::string data = dir.path() + "/data";
  {
    TestServer server(dir.path() + "/data");
    server.CreateUser("future");
  }
  test_support::ExecOnFile(data + "/data.db", "PRAGMA user_version = 999;");
  const auto before = FilesUnder(data);
  const std::string log = dir.path() + "/refused.log";
  const pid_t pid = StartCairn(data, log);
  int status = 0;
  ::waitpid(pid, &status, 0);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) != 0);
  const std::string message = ReadLog(log);
  CHECK(message.find("schema version 999") != std::string::npos);
  CHECK(message.find("up to " + std::to_string(SchemaSqlVersion())) != std::string::npos);
  CHECK(message.find("Install that newer cairn again") != std::string::npos);
  CHECK(FilesUnder(data) == before);
}

}  // namespace
}  // namespace cairn::api_test
