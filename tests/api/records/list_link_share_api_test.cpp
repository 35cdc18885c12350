// /api/v1/list-link-share: a secret link shows a list and its author's trails in it to anyone
// holding the token, grants no change, and stops working when revoked.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

TEST_CASE("a list link opens the list and its author's trails in it, nothing more",
          "[api][list][sharing]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string mine =
      server.CreateTrail(alice_token, alice, {{"name", "Mine"}, {"public", false}});
  const std::string outside =
      server.CreateTrail(alice_token, alice, {{"name", "Outside"}, {"public", false}});
  // bob shares his private trail with alice, who puts it in her list: her link must not pass it on.
  const std::string bobs =
      server.CreateTrail(bob_token, bob, {{"name", "Bob's"}, {"public", false}});
  REQUIRE(server
              .Put("/api/v1/trail-share",
                   {{"trail", bobs}, {"user", alice}, {"permission", "view"}}, bob_token)
              .status == 200);
  Reply list = server.Put(
      "/api/v1/list",
      {{"name", "Secret"}, {"author", alice}, {"public", false}, {"trails", {mine, bobs}}},
      alice_token);
  REQUIRE(list.status == 200);
  const std::string id = list.body["id"];

  // Only the list's author makes links, and links only show.
  CHECK(server.Put("/api/v1/list-link-share", {{"list", id}, {"permission", "view"}}, bob_token)
            .status != 200);
  CHECK(server.Put("/api/v1/list-link-share", {{"list", id}, {"permission", "edit"}}, alice_token)
            .status == 400);
  Reply link =
      server.Put("/api/v1/list-link-share", {{"list", id}, {"permission", "view"}}, alice_token);
  REQUIRE(link.status == 200);
  const std::string token = link.body["token"];
  CHECK(token.size() == 32);
  CHECK(server.Get("/api/v1/list-link-share", bob_token).body == Json::array());
  CHECK(server.Get("/api/v1/list-link-share", alice_token).body.size() == 1);

  const std::string share = "?share=" + token;
  CHECK(server.Get("/api/v1/list/" + id).status == 404);
  CHECK(server.Get("/api/v1/list/" + id + share).status == 200);
  CHECK(server.Get("/api/v1/trail/" + mine).status == 404);
  CHECK(server.Get("/api/v1/trail/" + mine + share).status == 200);
  CHECK(server.Get("/api/v1/trail/" + outside + share).status == 404);
  CHECK(server.Get("/api/v1/trail/" + bobs + share).status == 404);
  // A link never grants changes.
  CHECK(server.Post("/api/v1/trail/" + mine + share, {{"name", "x"}}, "").status == 401);
  CHECK(server.Post("/api/v1/list/" + id + share, {{"name", "x"}}, bob_token).status == 403);

  // Revoked, the link shows nothing any more.
  REQUIRE(
      server.Delete("/api/v1/list-link-share/" + link.body["id"].get<std::string>(), alice_token)
          .status == 200);
  CHECK(server.Get("/api/v1/list/" + id + share).status == 404);
  CHECK(server.Get("/api/v1/trail/" + mine + share).status == 404);
}

}  // namespace
}  // namespace cairn::api_test
