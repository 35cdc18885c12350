// Follows for the profile tests, written into the data dir's database as the follow routes
// (another part of issue 19) will write them, until those routes exist on this branch.
#pragma once

#include <string>

#include "api/test_server.h"
#include "test_support/old_data_dir.h"

namespace cairn::api_test {

// Inserts a follow of `follower` to `followee` with `status`; returns its id.
inline std::string InsertFollow(TestServer& server, const std::string& follower,
                                const std::string& followee, const std::string& status,
                                const std::string& created = "2025-01-01 00:00:00.000Z") {
  static int serial = 0;
  char id[32];
  std::snprintf(id, sizeof id, "follow%09d", ++serial);
  test_support::ExecOnFile(server.data_dir() + "/data.db",
                           "INSERT INTO follows (id, created, updated, follower, followee, status) "
                           "VALUES ('" +
                               std::string(id) + "', '" + created + "', '" + created + "', '" +
                               follower + "', '" + followee + "', '" + status + "')");
  return id;
}

inline void SetFollowStatus(TestServer& server, const std::string& id, const std::string& status) {
  test_support::ExecOnFile(server.data_dir() + "/data.db",
                           "UPDATE follows SET status = '" + status + "' WHERE id = '" + id + "'");
}

}  // namespace cairn::api_test
