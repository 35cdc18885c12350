// Two Cairn servers federating on loopback: how each is started, how a person on one is named
// and found from the other, and a follow across that the other side has accepted.
#pragma once

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "api/federation/eventually.h"
#include "api/test_server.h"

namespace cairn::api_test {

// The flags of a federating test server (its own address as --public-url).
inline std::vector<std::string> FederatingArgs() {
  return {"--public-url", "{origin}", "--federation", "on", "--federation-allow-private"};
}

// "127.0.0.1:PORT": the host part of its people's handles.
inline std::string HostOf(const TestServer& server) {
  return "127.0.0.1:" + std::to_string(server.port());
}

inline std::string HandleOn(const TestServer& server, const std::string& name) {
  return "@" + name + "@" + HostOf(server);
}

// `name` on `other` as `server` knows them, found by handle: their id here.
inline std::string Find(TestServer& server, const std::string& token, const TestServer& other,
                        const std::string& name) {
  Reply found = server.Get("/api/v1/search/actor?q=" + Url(HandleOn(other, name)), token);
  INFO(found.raw);
  REQUIRE(found.status == 200);
  REQUIRE(found.body.size() == 1);
  return found.body[0]["id"];
}

// The person of `token` on `server` follows `name` on `other`, and `other` accepts (a public
// account): the follow's API path on `server`.
inline std::string FollowAccepted(TestServer& server, const std::string& token,
                                  const TestServer& other, const std::string& name) {
  Reply follow =
      server.Put("/api/v1/follow", {{"followee", Find(server, token, other, name)}}, token);
  INFO(follow.raw);
  REQUIRE(follow.status == 200);
  const std::string path = "/api/v1/follow/" + follow.body["id"].get<std::string>();
  REQUIRE(Eventually([&] { return server.Get(path, token).body["status"] == "accepted"; }));
  return path;
}

}  // namespace cairn::api_test
