// What an operator watches: /api/health's fields, the Prometheus endpoint (--metrics) and JSON
// log lines (--log-format json).
#include <sys/stat.h>
#include <utime.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <thread>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// Every sample of a Prometheus text exposition, by its name with labels; fails the test on any
// line that is neither a comment nor `name{labels} value`.
std::map<std::string, double> ParsePrometheus(const std::string& text) {
  static const std::regex kSample(
      R"(^([a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\]|\\.)*",?)*\})?) (-?[0-9.eE+-]+|NaN|\+Inf|-Inf)$)");
  static const std::regex kComment(R"(^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*$)");
  std::map<std::string, double> samples;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    std::smatch match;
    if (std::regex_match(line, kComment)) continue;
    REQUIRE(std::regex_match(line, match, kSample));
    samples[match[1]] = std::stod(match[5]);
  }
  return samples;
}

TEST_CASE("health reports version, schema, uptime, and whether database and storage take writes",
          "[api][health]") {
  TestServer server;
  Reply health = server.Get("/api/health");
  REQUIRE(health.status == 200);
  CHECK(health.body["status"] == "ok");
  int exit_code = 0;
  const std::string version = RunCommand(std::string(CAIRN_BINARY) + " --version", &exit_code);
  CHECK(version == "cairn " + health.body["version"].get<std::string>() + "\n");
  CHECK(health.body["schema"].get<int>() >= 17);
  CHECK(health.body["uptime"].get<int64_t>() >= 0);
  CHECK(health.body["database"] == "writable");
  CHECK(health.body["storage_writable"] == true);
  // Nothing of the machine: no path, no file names.
  CHECK(health.raw.find(server.data_dir()) == std::string::npos);
  CHECK(health.raw.find("/storage") == std::string::npos);
  // The storage probe leaves nothing behind.
  for (const auto& entry : std::filesystem::directory_iterator(server.data_dir() + "/storage")) {
    CHECK(entry.path().filename().string().rfind(".tmp-", 0) != 0);
  }
}

TEST_CASE("without the metrics flag there are no metrics", "[api][metrics]") {
  TestServer server;
  // The web app's shell answers unknown paths; no counter is served.
  Reply reply = server.Get("/metrics");
  CHECK(reply.raw.find("cairn_http_requests_total") == std::string::npos);
  CHECK(reply.Header("Content-Type").rfind("text/plain", 0) != 0);
}

TEST_CASE("the metrics flag serves Prometheus text whose counters grow with requests",
          "[api][metrics]") {
  TestServer server("", {"--metrics"});
  // A backup the backup command would have written 100 s ago.
  std::filesystem::create_directories(server.data_dir() + "/backups");
  const std::string backup = server.data_dir() + "/backups/cairn-backup-20260101T000000Z.tar";
  std::ofstream(backup) << "archive";
  const utimbuf old_times{time(nullptr) - 100, time(nullptr) - 100};
  REQUIRE(::utime(backup.c_str(), &old_times) == 0);

  server.Get("/api/health");
  server.Get("/api/v1/trail/abcdefghijklmno");
  const std::string health_key =
      R"(cairn_http_requests_total{method="GET",route="/api/health",status="2xx"})";
  const std::string trail_key =
      R"(cairn_http_requests_total{method="GET",route="/api/v1/trail/:id",status="4xx"})";
  // A request is counted once its answer has been sent: on a loaded machine the counters may
  // trail the client by a moment, so the first reading waits until both requests show.
  Reply first;
  std::map<std::string, double> before;
  for (int i = 0; i < 100; ++i) {
    first = server.Get("/metrics");
    REQUIRE(first.status == 200);
    before = ParsePrometheus(first.raw);
    if (before.count(health_key) && before.count(trail_key)) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  CHECK(first.Header("Content-Type").rfind("text/plain; version=0.0.4", 0) == 0);
  REQUIRE(before.count(health_key) == 1);
  // A path's id is never a label: the route's pattern is.
  CHECK(first.raw.find("abcdefghijklmno") == std::string::npos);
  CHECK(before.count(trail_key) == 1);
  CHECK(before.at("cairn_database_bytes") > 0);
  CHECK(before.count("cairn_storage_bytes") == 1);
  CHECK(before.at("cairn_uptime_seconds") >= 0);
  CHECK(before.at("cairn_backup_newest_age_seconds") >= 99);
  bool build_info = false;
  for (const auto& [key, value] : before) {
    if (key.rfind("cairn_build_info{version=", 0) == 0 && value == 1) build_info = true;
  }
  CHECK(build_info);

  // Later readings likewise wait until the counters settle (the harness's own health checks at
  // start too).
  const auto settled = [&](const std::string& key, double at_least) {
    std::map<std::string, double> metrics;
    double previous = -1;
    for (int i = 0; i < 100; ++i) {
      metrics = ParsePrometheus(server.Get("/metrics").raw);
      const double value = metrics.count(key) ? metrics.at(key) : 0;
      if (value >= at_least && value == previous) break;
      previous = value;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return metrics;
  };
  const auto start = settled(health_key, before.at(health_key));
  for (int i = 0; i < 3; ++i) server.Get("/api/health");
  const auto after = settled(health_key, start.at(health_key) + 3);
  CHECK(after.at(health_key) == start.at(health_key) + 3);
  const std::string count_key =
      R"(cairn_http_request_duration_seconds_count{method="GET",route="/api/health"})";
  CHECK(after.at(count_key) == start.at(count_key) + 3);
  CHECK(
      after.at(
          R"(cairn_http_request_duration_seconds_bucket{method="GET",route="/api/health",le="+Inf"})") ==
      after.at(count_key));
  CHECK(after.at(R"(cairn_http_requests_total{method="GET",route="/metrics",status="2xx"})") >= 1);
}

TEST_CASE("json log format writes every line as a JSON object, requests with their route",
          "[api][logs]") {
  TestServer server("", {"--log-format", "json"});
  server.Get("/api/health");
  server.Get("/api/v1/trail/abcdefghijklmno?share=secret-share-token");
  REQUIRE(server.Stop() == 0);
  const std::string log = server.ReadLog();
  CHECK(log.find("secret-share-token") == std::string::npos);
  std::istringstream lines(log);
  int requests = 0;
  int others = 0;
  bool trail_route = false;
  for (std::string line; std::getline(lines, line);) {
    INFO(line);
    const Json entry = Json::parse(line, nullptr, false);
    REQUIRE(entry.is_object());
    CHECK(entry["time"].is_string());
    CHECK(entry["level"].is_string());
    CHECK(entry["msg"].is_string());
    if (entry.contains("route")) {
      ++requests;
      CHECK(entry["method"] == "GET");
      CHECK(entry["status"].is_number_integer());
      CHECK(entry["ms"].is_number());
      if (entry["route"] == "/api/v1/trail/:id") trail_route = true;
    } else {
      ++others;
    }
  }
  CHECK(trail_route);
  CHECK(requests >= 3);  // the start-up probes, the health check and the trail
  CHECK(others >= 2);    // "listening on" and "stopped"
  CHECK(log.find("listening on") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
