// Profiles: the card, its searches, follows and feed, for the person themself, a stranger, an
// anonymous caller and followers of a private account (pending and accepted).
#include <catch2/catch.hpp>
#include <set>

#include "api/people/people_test_support.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

std::set<std::string> KeysOf(const Json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.insert(key);
  return keys;
}

std::vector<std::string> IdsOf(const Json& items, const char* field = "id") {
  std::vector<std::string> ids;
  for (const Json& item : items) ids.push_back(item[field]);
  return ids;
}

void MakePrivate(TestServer& server, const std::string& token) {
  Reply r = server.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, token);
  if (r.status != 200) throw std::runtime_error("settings: " + r.raw);
}

TEST_CASE("a profile shows its counts, bio and the caller's follow, by @name or name",
          "[api][people]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  REQUIRE(server.Post("/api/v1/user/" + alice, {{"bio", "Hills."}}, alice_token).status == 200);
  server.CreateTrail(alice_token, alice, {{"name", "Open"}});
  server.CreateTrail(alice_token, alice, {{"name", "Closed"}, {"public", false}});
  REQUIRE(
      server.Put("/api/v1/list", {{"name", "L"}, {"author", alice}, {"public", true}}, alice_token)
          .status == 200);
  const std::string follow = InsertFollow(server, bob, alice, "accepted");
  InsertFollow(server, carol, alice, "pending");
  InsertFollow(server, alice, carol, "accepted");

  Reply stranger = server.Get("/api/v1/profile/@alice", carol_token);
  REQUIRE(stranger.status == 200);
  const Json& p = stranger.body["profile"];
  CHECK(stranger.body["actor"] == p);
  CHECK(p["id"] == alice);
  CHECK(p["username"] == "alice");
  CHECK(p["preferredUsername"] == "alice");
  CHECK(p["acct"] == "@alice");
  CHECK(p["bio"] == "Hills.");
  CHECK(p["private"] == false);
  CHECK(p["followers"] == 1);  // the pending request does not count
  CHECK(p["following"] == 1);
  CHECK(p["trails"] == 1);  // the private trail is not carol's to count
  CHECK(p["lists"] == 1);
  CHECK(p["follow"]["status"] == "pending");
  CHECK(!p["createdAt"].get<std::string>().empty());

  const Json own = server.Get("/api/v1/profile/alice", alice_token).body["profile"];
  CHECK(own["trails"] == 2);
  CHECK(own["follow"].is_null());
  const Json follower = server.Get("/api/v1/profile/@alice", bob_token).body["profile"];
  CHECK(follower["follow"] == Json{{"id", follow}, {"status", "accepted"}});
  CHECK(server.Get("/api/v1/profile/@ALICE").body["profile"]["id"] == alice);
  CHECK(server.Get("/api/v1/profile/@alice").body["profile"]["follow"].is_null());

  CHECK(server.Get("/api/v1/profile/@nobody").status == 404);
  // A handle of another server: only a signed-in caller learns whether this server knows them.
  CHECK(server.Get("/api/v1/profile/@alice@elsewhere.example").status == 401);
  CHECK(server.Get("/api/v1/profile/@alice@elsewhere.example", bob_token).status == 404);
  CHECK(server.Get("/api/v1/profile/@").status == 404);
}

TEST_CASE("a private account shows only its name and avatar to anyone it has not accepted",
          "[api][people]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  server.CreateTrail(alice_token, alice, {{"name", "Open"}, {"date", "2024-05-01"}});
  MakePrivate(server, alice_token);

  const std::set<std::string> minimal = {"id", "username", "icon", "avatar", "private", "follow"};
  const std::vector<std::string> items = {"/feed", "/stats", "/follows"};
  auto check_closed = [&](const std::string& token) {
    Reply card = server.Get("/api/v1/profile/@alice", token);
    REQUIRE(card.status == 200);
    CHECK(KeysOf(card.body["profile"]) == minimal);
    CHECK(card.body["profile"]["private"] == true);
    for (const std::string& path : items) {
      INFO(path);
      CHECK(server.Get("/api/v1/profile/@alice" + path, token).status == 403);
    }
    CHECK(server.Post("/api/v1/profile/@alice/trails", Json::object(), token).status == 403);
    CHECK(server.Post("/api/v1/profile/@alice/lists", Json::object(), token).status == 403);
  };
  check_closed("");
  check_closed(bob_token);
  const std::string request = InsertFollow(server, bob, alice, "pending");
  check_closed(bob_token);
  CHECK(server.Get("/api/v1/profile/@alice", bob_token).body["profile"]["follow"]["status"] ==
        "pending");

  // Accepted: the whole profile, and the public trail in its searches, feed and statistics.
  SetFollowStatus(server, request, "accepted");
  Reply card = server.Get("/api/v1/profile/@alice", bob_token);
  CHECK(card.body["profile"]["trails"] == 1);
  CHECK(card.body["profile"]["followers"] == 1);
  CHECK(server.Get("/api/v1/profile/@alice/stats", bob_token).body["totals"]["count"] == 1);
  CHECK(server.Get("/api/v1/profile/@alice/feed", bob_token).body["totalItems"] == 1);
  CHECK(
      server.Post("/api/v1/profile/@alice/trails", Json::object(), bob_token).body["hits"].size() ==
      1);
  // Themself, always.
  CHECK(server.Get("/api/v1/profile/@alice", alice_token).body["profile"].contains("bio"));
  CHECK(server.Get("/api/v1/profile/@alice/stats", alice_token).status == 200);
}

TEST_CASE("profile searches find that author's trails and lists only, as the caller may see them",
          "[api][people]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string near =
      server.CreateTrail(alice_token, alice, {{"name", "Ridge near"}, {"distance", 3000}});
  const std::string far =
      server.CreateTrail(alice_token, alice, {{"name", "Ridge far"}, {"distance", 30000}});
  const std::string hidden = server.CreateTrail(
      alice_token, alice, {{"name", "Ridge hidden"}, {"distance", 9000}, {"public", false}});
  server.CreateTrail(bob_token, bob, {{"name", "Ridge of bob"}});
  REQUIRE(
      server
          .Put("/api/v1/list", {{"name", "Alps"}, {"author", alice}, {"public", true}}, alice_token)
          .status == 200);
  REQUIRE(
      server
          .Put("/api/v1/list", {{"name", "Alps too"}, {"author", bob}, {"public", true}}, bob_token)
          .status == 200);

  auto hits = [&](const std::string& token, const Json& body) {
    Reply r = server.Post("/api/v1/profile/@alice/trails", body, token);
    REQUIRE(r.status == 200);
    std::set<std::string> ids;
    for (const Json& hit : r.body["hits"]) ids.insert(hit["id"].get<std::string>());
    return ids;
  };
  CHECK(hits(bob_token, {{"q", "ridge"}}) == std::set<std::string>{near, far});
  CHECK(hits(alice_token, {{"q", "ridge"}}) == std::set<std::string>{near, far, hidden});
  CHECK(hits("", {{"q", ""}}) == std::set<std::string>{near, far});
  // The request's own filter (top level or in `options`) narrows; it cannot widen to bob.
  CHECK(hits(bob_token, {{"q", ""}, {"options", {{"filter", "distance > 5000"}}}}) ==
        std::set<std::string>{far});
  CHECK(hits(bob_token, {{"filter", Json::array({"distance < 5000"})}}) ==
        std::set<std::string>{near});
  CHECK(hits(bob_token, {{"filter", "author = \"" + bob + "\" OR distance > 0"}}) ==
        std::set<std::string>{near, far});

  Reply lists = server.Post("/api/v1/profile/alice/lists", {{"q", "alps"}}, bob_token);
  REQUIRE(lists.status == 200);
  REQUIRE(lists.body["hits"].size() == 1);
  CHECK(lists.body["hits"][0]["name"] == "Alps");
  // Page mode answers like the search route.
  Reply paged =
      server.Post("/api/v1/profile/@alice/trails", {{"page", 1}, {"hitsPerPage", 1}}, bob_token);
  CHECK(paged.body["totalHits"] == 2);
  CHECK(
      server.Post("/api/v1/profile/@alice/trails", {{"filter", "nonsense ="}}, bob_token).status ==
      400);
  CHECK(server.Post("/api/v1/profile/@alice/trails", {{"limit", "ten"}}, bob_token).status == 400);
  CHECK(server.Post("/api/v1/profile/@nobody/trails", Json::object(), bob_token).status == 404);
}

TEST_CASE("profile follows list accepted followers and followees, newest first, paged",
          "[api][people]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  auto [dave, dave_token] = server.CreateUser("dave");
  REQUIRE(server.Post("/api/v1/user/" + carol, {{"bio", "Secret bio."}}, carol_token).status ==
          200);
  MakePrivate(server, carol_token);
  InsertFollow(server, bob, alice, "accepted", "2025-01-01 00:00:00.000Z");
  InsertFollow(server, carol, alice, "accepted", "2025-02-01 00:00:00.000Z");
  InsertFollow(server, dave, alice, "pending", "2025-03-01 00:00:00.000Z");
  InsertFollow(server, alice, dave, "accepted", "2025-03-01 00:00:00.000Z");

  Reply followers = server.Get("/api/v1/profile/@alice/follows?type=followers", bob_token);
  REQUIRE(followers.status == 200);
  CHECK(followers.body["totalItems"] == 2);
  CHECK(followers.body["totalPages"] == 1);
  CHECK(IdsOf(followers.body["items"]) == std::vector<std::string>{carol, bob});
  // Carol's account is private and bob is not her follower: no bio.
  CHECK(KeysOf(followers.body["items"][0]) ==
        std::set<std::string>{"id", "username", "icon", "avatar", "private"});
  CHECK(followers.body["items"][1]["bio"] == "");
  CHECK(server.Get("/api/v1/profile/@alice/follows", carol_token).body["items"][0]["bio"] ==
        "Secret bio.");

  Reply following = server.Get("/api/v1/profile/@alice/follows?type=following");
  CHECK(IdsOf(following.body["items"]) == std::vector<std::string>{dave});
  Reply page2 = server.Get("/api/v1/profile/@alice/follows?page=2&perPage=1");
  CHECK(IdsOf(page2.body["items"]) == std::vector<std::string>{bob});
  CHECK(page2.body["totalPages"] == 2);
  CHECK(page2.body["perPage"] == 1);

  CHECK(server.Get("/api/v1/profile/@alice/follows?type=friends").status == 400);
  CHECK(server.Get("/api/v1/profile/@alice/follows?perPage=0").status == 400);
  CHECK(server.Get("/api/v1/profile/@alice/follows?page=x").status == 400);
  CHECK(server.Get("/api/v1/profile/@nobody/follows").status == 404);
}

TEST_CASE("a profile's feed holds the author's items the caller may see, newest first",
          "[api][people]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string open =
      server.CreateTrail(alice_token, alice, {{"name", "Open"}, {"category", "hikingcategory1"}});
  const std::string closed =
      server.CreateTrail(alice_token, alice, {{"name", "Closed"}, {"public", false}});
  Reply list =
      server.Put("/api/v1/list", {{"name", "L"}, {"author", alice}, {"public", true}}, alice_token);
  REQUIRE(list.status == 200);
  Reply log = server.Put("/api/v1/summit-log",
                         {{"trail", open}, {"date", "2024-06-01"}, {"author", alice}}, alice_token);
  REQUIRE(log.status == 200);
  Reply hidden_log =
      server.Put("/api/v1/summit-log",
                 {{"trail", closed}, {"date", "2024-06-02"}, {"author", alice}}, alice_token);
  REQUIRE(hidden_log.status == 200);
  server.CreateTrail(bob_token, bob, {{"name", "Bob's"}});

  Reply feed = server.Get("/api/v1/profile/@alice/feed", bob_token);
  REQUIRE(feed.status == 200);
  CHECK(feed.body["totalItems"] == 3);
  const Json& items = feed.body["items"];
  REQUIRE(items.size() == 3);
  CHECK(IdsOf(items, "item") == std::vector<std::string>{log.body["id"], list.body["id"], open});
  CHECK(items[0]["type"] == "summit_log");
  CHECK(items[1]["type"] == "list");
  CHECK(items[2]["type"] == "trail");
  CHECK(items[2]["author"] == alice);
  CHECK(items[2]["expand"]["item"]["name"] == "Open");
  CHECK(items[2]["expand"]["item"]["expand"]["author"]["username"] == "alice");
  CHECK(items[2]["expand"]["item"]["expand"]["category"]["name"] == "Hiking");
  CHECK(items[0]["expand"]["item"]["expand"]["author"]["id"] == alice);
  for (const Json& item : items) CHECK(!item["created"].get<std::string>().empty());

  CHECK(server.Get("/api/v1/profile/@alice/feed", alice_token).body["totalItems"] == 5);
  Reply second = server.Get("/api/v1/profile/@alice/feed?page=2&perPage=2", alice_token);
  CHECK(second.body["items"].size() == 2);
  CHECK(second.body["totalPages"] == 3);
  // Made private later: gone from the stranger's feed.
  REQUIRE(server.Post("/api/v1/trail/" + open, {{"name", "Open"}, {"public", false}}, alice_token)
              .status == 200);
  CHECK(server.Get("/api/v1/profile/@alice/feed", bob_token).body["totalItems"] == 1);
  CHECK(server.Get("/api/v1/profile/@alice/feed?perPage=101").status == 400);
}

}  // namespace
}  // namespace cairn::api_test
