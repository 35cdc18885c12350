// GET /api/v1/trail/{id}/comment: the comments of a trail the caller can see, newest first, paged,
// with their authors; a 404 for a trail they cannot see (link tokens do not open comments).
#include <catch2/catch.hpp>
#include <thread>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

TEST_CASE("trail comments: paged, newest first, with authors", "[api][comments]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string trail = server.CreateTrail(alice_token, alice, {{"name", "Ridge"}});
  const std::string other = server.CreateTrail(alice_token, alice, {{"name", "Other"}});
  std::vector<std::string> made;
  for (int i = 0; i < 5; ++i) {
    const bool by_bob = i % 2 == 1;
    Reply r = server.Put(
        "/api/v1/comment",
        {{"author", by_bob ? bob : alice}, {"trail", trail}, {"text", "c" + std::to_string(i)}},
        by_bob ? bob_token : alice_token);
    REQUIRE(r.status == 200);
    made.push_back(r.body["id"]);
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
  REQUIRE(server
              .Put("/api/v1/comment", {{"author", bob}, {"trail", other}, {"text", "elsewhere"}},
                   bob_token)
              .status == 200);

  // Anyone may read the comments of a public trail.
  Reply first = server.Get("/api/v1/trail/" + trail + "/comment?perPage=2");
  REQUIRE(first.status == 200);
  CHECK(first.body["page"] == 1);
  CHECK(first.body["perPage"] == 2);
  CHECK(first.body["totalItems"] == 5);
  CHECK(first.body["totalPages"] == 3);
  REQUIRE(first.body["items"].size() == 2);
  CHECK(first.body["items"][0]["id"] == made[4]);
  CHECK(first.body["items"][0]["text"] == "c4");
  CHECK(first.body["items"][0]["expand"]["author"]["username"] == "alice");
  CHECK(first.body["items"][1]["id"] == made[3]);
  CHECK(first.body["items"][1]["expand"]["author"]["username"] == "bob");
  CHECK(first.raw.find("@example.com") == std::string::npos);
  Reply last = server.Get("/api/v1/trail/" + trail + "/comment?perPage=2&page=3", bob_token);
  REQUIRE(last.status == 200);
  REQUIRE(last.body["items"].size() == 1);
  CHECK(last.body["items"][0]["id"] == made[0]);
  Reply all = server.Get("/api/v1/trail/" + trail + "/comment", bob_token);
  CHECK(all.body["perPage"] == 30);
  CHECK(all.body["items"].size() == 5);
  CHECK(all.raw.find("elsewhere") == std::string::npos);

  for (const char* bad : {"?perPage=0", "?perPage=501", "?page=0", "?page=one"}) {
    INFO(bad);
    CHECK(server.Get("/api/v1/trail/" + trail + "/comment" + bad).status == 400);
  }
  CHECK(server.Get("/api/v1/trail/short/comment").status == 400);
  CHECK(server.Get("/api/v1/trail/aaaaaaaaaaaaaaa/comment", alice_token).status == 404);
}

TEST_CASE("trail comments: only for those who may see the trail now", "[api][comments]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  const std::string trail = server.CreateTrail(alice_token, alice, {{"name", "Ridge"}});
  REQUIRE(server
              .Put("/api/v1/comment", {{"author", bob}, {"trail", trail}, {"text", "nice spot"}},
                   bob_token)
              .status == 200);
  const std::string path = "/api/v1/trail/" + trail + "/comment";
  CHECK(server.Get(path, carol_token).status == 200);

  // Made private after it was commented: the commenter and strangers lose it, the owner keeps it.
  REQUIRE(server.Post("/api/v1/trail/" + trail, {{"name", "Ridge"}, {"public", false}}, alice_token)
              .status == 200);
  for (const std::string& token : {std::string(), bob_token, carol_token}) {
    Reply r = server.Get(path, token);
    CHECK(r.status == 404);
    CHECK(r.raw.find("nice spot") == std::string::npos);
  }
  CHECK(server.Get(path, alice_token).body["totalItems"] == 1);

  // A share opens them again; a link token does not.
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", trail}, {"user", bob}, {"permission", "view"}},
                   alice_token)
              .status == 200);
  CHECK(server.Get(path, bob_token).body["totalItems"] == 1);
  Reply link = server.Put("/api/v1/trail-link-share", {{"trail", trail}, {"permission", "view"}},
                          alice_token);
  REQUIRE(link.status == 200);
  const std::string token = link.body["token"];
  CHECK(server.Get("/api/v1/trail/" + trail + "?share=" + token).status == 200);
  CHECK(server.Get(path + "?share=" + token).status == 404);
  CHECK(server.Get(path + "?share=" + token, carol_token).status == 404);
}

}  // namespace
}  // namespace cairn::api_test
