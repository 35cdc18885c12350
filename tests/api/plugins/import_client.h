// Importing an export archive the way the web app does: announce it, upload it in pieces, then
// follow the job until it ends.
#pragma once

#include <catch2/catch.hpp>
#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "api/test_server.h"

namespace cairn::api_test {

inline std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// The job once it is no longer uploading, queued or running (fails the test after 60 s).
inline Json WaitForImport(TestServer& server, const std::string& token, const std::string& id) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (std::chrono::steady_clock::now() < deadline) {
    Reply r = server.Get("/api/v1/plugin-system/import/" + id, token);
    REQUIRE(r.status == 200);
    const std::string status = r.body["status"];
    if (status != "queued" && status != "running" && status != "uploading") return r.body;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  FAIL("the import did not end within 60 s");
  return Json();
}

// Uploads `bytes` for `plugin` in pieces of `piece` bytes and returns the finished job.
inline Json ImportBytes(TestServer& server, const std::string& token, const std::string& plugin,
                        const std::string& name, const std::string& bytes,
                        size_t piece = 64 * 1024) {
  Reply created = server.Put(
      "/api/v1/plugin-system/import",
      {{"plugin", plugin}, {"name", name}, {"size", static_cast<uint64_t>(bytes.size())}}, token);
  REQUIRE(created.status == 200);
  REQUIRE(created.body["status"] == "uploading");
  const std::string id = created.body["id"];
  for (size_t offset = 0; offset < bytes.size(); offset += piece) {
    Reply sent = server.Send(
        "POST", "/api/v1/plugin-system/import/" + id + "/data?offset=" + std::to_string(offset),
        token, bytes.substr(offset, piece), "application/octet-stream");
    REQUIRE(sent.status == 200);
  }
  return WaitForImport(server, token, id);
}

inline Json ImportFile(TestServer& server, const std::string& token, const std::string& plugin,
                       const std::string& path) {
  return ImportBytes(server, token, plugin, path.substr(path.rfind('/') + 1), ReadFileBytes(path));
}

// The problem the job lists for an item whose label contains `item`, or null.
inline Json ProblemOf(const Json& job, const std::string& item) {
  for (const Json& problem : job["problems"]) {
    if (problem["item"].get<std::string>().find(item) != std::string::npos) return problem;
  }
  return Json();
}

// Every trail of the caller's, by name.
inline std::map<std::string, Json> TrailsByName(TestServer& server, const std::string& token) {
  Reply r = server.Get("/api/v1/trail?perPage=200", token);
  REQUIRE(r.status == 200);
  std::map<std::string, Json> out;
  for (const Json& trail : r.body["items"]) out[trail["name"].get<std::string>()] = trail;
  return out;
}

}  // namespace cairn::api_test
