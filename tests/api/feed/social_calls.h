// Follows and likes made through their routes (PUT /follow, POST and DELETE /follow/{id},
// PUT /trail-like), as the web app makes them, for the feed and notification tests.
#pragma once

#include <catch2/catch.hpp>
#include <string>

#include "api/test_server.h"

namespace cairn::api_test {

// The holder of `token` follows `followee`: accepted at once, or pending when `followee` is a
// private account. Returns the follow's id.
inline std::string Follow(TestServer& server, const std::string& token,
                          const std::string& followee) {
  Reply r = server.Put("/api/v1/follow", {{"followee", followee}}, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  return r.body["id"];
}

// The followee (holder of `token`) accepts the pending follow `follow_id`.
inline void AcceptFollow(TestServer& server, const std::string& token,
                         const std::string& follow_id) {
  Reply r = server.Post("/api/v1/follow/" + follow_id, {{"status", "accepted"}}, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
}

// Either side (holder of `token`) ends the follow `follow_id`.
inline void Unfollow(TestServer& server, const std::string& token, const std::string& follow_id) {
  Reply r = server.Delete("/api/v1/follow/" + follow_id, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
}

// The holder of `token` likes `trail`; returns the like's id.
inline std::string Like(TestServer& server, const std::string& token, const std::string& trail) {
  Reply r = server.Put("/api/v1/trail-like", {{"trail", trail}}, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  return r.body["id"];
}

}  // namespace cairn::api_test
