// Helpers for file tests: records to upload to, multipart uploads, and what is on disk.
#pragma once

#include <filesystem>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "api/test_server.h"
#include "images/test_images.h"

namespace cairn::api_test {

namespace testing = images::testing;

inline constexpr char kTrailsId[] = "e864strfxo14pm4";
inline constexpr char kListsId[] = "r6gu2ajyidy1x69";
inline constexpr char kWaypointsId[] = "goeo2ubp103rzp9";
inline constexpr char kSummitLogsId[] = "dd2l9a4vxpy2ni8";
inline constexpr char kUsersId[] = "_pb_users_auth_";

using Fields = std::vector<std::pair<std::string, std::string>>;
using Files = std::vector<std::tuple<std::string, std::string, std::string>>;  // field, name, bytes

inline Reply SendForm(TestServer& server, const std::string& method, const std::string& path,
                      const std::string& token, const Fields& fields, const Files& files) {
  auto [body, type] = Multipart(fields, files);
  return server.Send(method, path, token, body, type);
}

inline std::string NewTrail(TestServer& server, const std::string& token,
                            const std::string& user_id, bool is_public = false) {
  Reply r = server.Put("/api/v1/trail",
                       {{"name", "Ridge"}, {"public", is_public}, {"author", user_id}}, token);
  if (r.status != 200) throw std::runtime_error("trail: " + r.raw);
  return r.body["id"];
}

// The names stored on disk for a record (files only, not thumbnail folders), sorted.
inline std::set<std::string> StoredNames(const TestServer& server, const std::string& collection_id,
                                         const std::string& record_id) {
  std::set<std::string> names;
  std::error_code ec;
  const std::string folder = server.data_dir() + "/storage/" + collection_id + "/" + record_id;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    if (entry.is_regular_file()) names.insert(entry.path().filename().string());
  }
  return names;
}

inline std::set<std::string> NamesOf(const Json& value) {
  std::set<std::string> names;
  if (value.is_string() && !value.get<std::string>().empty())
    names.insert(value.get<std::string>());
  if (value.is_array()) {
    for (const auto& v : value) names.insert(v.get<std::string>());
  }
  return names;
}

inline const std::string& RedPng() {
  static const std::string png = testing::MakePng(64, 48, testing::LeftRedRightBlue);
  return png;
}

}  // namespace cairn::api_test
