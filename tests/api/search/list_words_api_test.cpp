// `q` on the trail and list lists (GET /trail?q=, GET /list?q=): the records whose words match
// by the search index's rules, in the list's own order and pages, with its filters and areas,
// and never one the caller may not see.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

std::vector<std::string> Names(TestServer& server, const std::string& query,
                               const std::string& token = "") {
  Reply r = server.Get("/api/v1/trail?" + query, token);
  INFO(query << " -> " << r.raw);
  REQUIRE(r.status == 200);
  std::vector<std::string> out;
  for (const Json& item : r.body["items"]) out.push_back(item["name"]);
  CHECK(r.body["totalItems"] == static_cast<int64_t>(out.size()));
  return out;
}

using Names_ = std::vector<std::string>;

TEST_CASE("q on the trail list finds words as the search does, in the list's order",
          "[api][search]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  server.CreateTrail(
      alice_token, alice,
      {{"name", "Zugspitze via Höllental"}, {"distance", 21000}, {"location", "Garmisch"}});
  server.CreateTrail(alice_token, alice, {{"name", "Alpspitze Ferrata"}, {"distance", 9000}});
  server.CreateTrail(
      alice_token, alice,
      {{"name", "Walk by the lake"}, {"description", "Zugspitze views"}, {"distance", 5000}});
  server.CreateTrail(bob_token, bob, {{"name", "Bob's secret Zugspitze"}, {"public", false}});
  server.CreateTrail(bob_token, bob, {{"name", "Shared Zugspitze"}, {"public", false}});

  CHECK(Names(server, "q=hollental") == Names_{"Zugspitze via Höllental"});
  CHECK(Names(server, "q=spitze&sort=name") ==
        Names_{"Alpspitze Ferrata", "Zugspitze via Höllental"});  // inner parts of names
  CHECK(Names(server, "q=zugspitse&sort=-distance") ==
        Names_{"Zugspitze via Höllental", "Walk by the lake"});         // a typo; the list's order
  CHECK(Names(server, "q=garm") == Names_{"Zugspitze via Höllental"});  // typed beginning
  CHECK(Names(server, "q=" + Url("zugspitze walk")) == Names_{"Walk by the lake"});  // all words
  CHECK(Names(server, "q=zugspitze&filter=" + Url("distance > 10000")) ==
        Names_{"Zugspitze via Höllental"});
  CHECK(Names(server, "q=nothing-like-it").empty());
  CHECK(Names(server, "q=").size() == 3);  // no words: no condition
  // Never another's private trail, however well it matches.
  CHECK(Names(server, "q=secret").empty());
  CHECK(Names(server, "q=secret", alice_token).empty());
  CHECK(Names(server, "q=secret", bob_token) == Names_{"Bob's secret Zugspitze"});
  // Any bytes are words or nothing, never query syntax.
  for (const char* hostile : {"\"", "NEAR(a b)", "a OR b", "*", "{name} : x", "'); DROP"}) {
    Reply r = server.Get("/api/v1/trail?q=" + Url(hostile));
    INFO(hostile << " -> " << r.raw);
    CHECK(r.status == 200);
  }
  // Pages of a larger match keep their total.
  for (int i = 0; i < 7; ++i) {
    server.CreateTrail(alice_token, alice, {{"name", "Rundweg " + std::to_string(i)}});
  }
  Reply page = server.Get("/api/v1/trail?q=rundweg&perPage=3&page=3&sort=name");
  REQUIRE(page.status == 200);
  CHECK(page.body["totalItems"] == 7);
  CHECK(page.body["totalPages"] == 3);
  REQUIRE(page.body["items"].size() == 1);
  CHECK(page.body["items"][0]["name"] == "Rundweg 6");
}

TEST_CASE("q on the list of lists finds lists by name, description and author", "[api][search]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  for (const auto& [name, open] : std::vector<std::pair<std::string, bool>>{
           {"Alpine Klassiker", true}, {"Seen", true}, {"Geheime Klassiker", false}}) {
    REQUIRE(server.Put("/api/v1/list", {{"name", name}, {"author", alice}, {"public", open}}, token)
                .status == 200);
  }
  Reply visitor = server.Get("/api/v1/list?q=klassiker");
  REQUIRE(visitor.status == 200);
  REQUIRE(visitor.body.size() == 1);
  CHECK(visitor.body[0]["name"] == "Alpine Klassiker");
  CHECK(visitor.Header("X-Total-Count") == "1");
  Reply owner = server.Get("/api/v1/list?q=" + Url("assiker"), token);  // an inner part
  CHECK(owner.body.size() == 2);
  Reply by_author = server.Get("/api/v1/list?q=alice");
  CHECK(by_author.body.size() == 2);
}

}  // namespace
}  // namespace cairn::api_test
