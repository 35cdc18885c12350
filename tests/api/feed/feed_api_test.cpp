// GET /api/v1/feed: one's own items and those of the people one follows, newest first, paged,
// never what the reader may not see now (a stranger, a follower, a private account, an item made
// private after it was put in the feed).
#include <catch2/catch.hpp>
#include <set>
#include <thread>

#include "api/feed/social_calls.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

struct People {
  TestServer server;
  std::string alice, alice_token, bob, bob_token, carol, carol_token;
  People() {
    std::tie(alice, alice_token) = server.CreateUser("alice");
    std::tie(bob, bob_token) = server.CreateUser("bob");
    std::tie(carol, carol_token) = server.CreateUser("carol");
  }
  Reply Feed(const std::string& token, const std::string& query = "") {
    return server.Get("/api/v1/feed" + query, token);
  }
  // The items of `token`'s feed, as "type:item" in order.
  std::vector<std::string> FeedItems(const std::string& token, const std::string& query = "") {
    Reply r = Feed(token, query.empty() ? "?perPage=100" : query);
    INFO(r.raw);
    REQUIRE(r.status == 200);
    std::vector<std::string> out;
    for (const auto& item : r.body["items"]) {
      out.push_back(item["type"].get<std::string>() + ":" + item["item"].get<std::string>());
    }
    return out;
  }
  std::string MakePrivate(const std::string& trail, const std::string& name) {
    Reply r =
        server.Post("/api/v1/trail/" + trail, {{"name", name}, {"public", false}}, alice_token);
    REQUIRE(r.status == 200);
    return trail;
  }
};

// Records made one after the other get distinct `created` times (the feed's order).
void Tick() { std::this_thread::sleep_for(std::chrono::milliseconds(3)); }

bool Has(const std::vector<std::string>& items, const std::string& wanted) {
  return std::find(items.begin(), items.end(), wanted) != items.end();
}

TEST_CASE("feed: signed-in only, in the list shape", "[api][feed]") {
  People p;
  Reply anonymous = p.Feed("");
  CHECK(anonymous.status == 401);
  Reply empty = p.Feed(p.bob_token);
  REQUIRE(empty.status == 200);
  CHECK(empty.body["page"] == 1);
  CHECK(empty.body["perPage"] == 30);
  CHECK(empty.body["totalItems"] == 0);
  CHECK(empty.body["totalPages"] == 0);
  CHECK(empty.body["items"] == Json::array());
  for (const char* bad : {"?perPage=101", "?perPage=0", "?page=0", "?page=x", "?perPage=-3"}) {
    INFO(bad);
    Reply r = p.Feed(p.bob_token, bad);
    CHECK(r.status == 400);
  }
}

TEST_CASE("feed: one's own trails, lists and summit logs, newest first, each expanded",
          "[api][feed]") {
  People p;
  const std::string trail = p.server.CreateTrail(
      p.alice_token, p.alice, {{"name", "Ridge"}, {"category", "hikingcategory1"}});
  Tick();
  Reply list = p.server.Put("/api/v1/list", {{"name", "Alps"}, {"author", p.alice}}, p.alice_token);
  REQUIRE(list.status == 200);
  Tick();
  Reply log =
      p.server.Put("/api/v1/summit-log",
                   {{"trail", trail}, {"date", "2024-06-01"}, {"text", "windy"}}, p.alice_token);
  REQUIRE(log.status == 200);

  Reply feed = p.Feed(p.alice_token);
  REQUIRE(feed.status == 200);
  REQUIRE(feed.body["totalItems"] == 3);
  const Json& items = feed.body["items"];
  REQUIRE(items.size() == 3);
  CHECK(items[0]["type"] == "summit_log");
  CHECK(items[0]["item"] == log.body["id"]);
  CHECK(items[0]["id"] == log.body["id"]);
  CHECK(items[0]["author"] == p.alice);
  CHECK(items[0]["expand"]["item"]["text"] == "windy");
  CHECK(items[0]["expand"]["item"]["expand"]["author"]["username"] == "alice");
  CHECK(items[1]["type"] == "list");
  CHECK(items[1]["expand"]["item"]["name"] == "Alps");
  CHECK(items[1]["expand"]["item"]["expand"]["author"]["username"] == "alice");
  CHECK(items[2]["type"] == "trail");
  CHECK(items[2]["expand"]["item"]["name"] == "Ridge");
  CHECK(items[2]["expand"]["item"]["collectionName"] == "trails");
  CHECK(items[2]["expand"]["item"]["expand"]["author"]["username"] == "alice");
  CHECK(items[2]["expand"]["item"]["expand"]["category"]["name"] == "Hiking");
  CHECK(items[0]["created"].get<std::string>() >= items[1]["created"].get<std::string>());
  CHECK(items[1]["created"].get<std::string>() >= items[2]["created"].get<std::string>());
  // Nobody else's feed holds them: bob follows no one.
  CHECK(p.FeedItems(p.bob_token).empty());
  // No expanded author carries an email.
  CHECK(feed.raw.find("alice@example.com") == std::string::npos);
}

TEST_CASE("feed: a follower sees what they may see of whom they follow, a stranger nothing",
          "[api][feed]") {
  People p;
  const std::string before = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Before"}});
  const std::string hidden =
      p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Hidden"}, {"public", false}});
  const std::string follow = Follow(p.server, p.bob_token, p.alice);
  // Items from before the follow came in with it; new ones come as they are made.
  const std::string after = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "After"}});
  Reply hidden_log = p.server.Put("/api/v1/summit-log", {{"trail", hidden}, {"date", "2024-06-02"}},
                                  p.alice_token);
  REQUIRE(hidden_log.status == 200);
  Reply open_log =
      p.server.Put("/api/v1/summit-log", {{"trail", after}, {"date", "2024-06-03"}}, p.alice_token);
  REQUIRE(open_log.status == 200);
  Reply private_list = p.server.Put(
      "/api/v1/list", {{"name", "Mine"}, {"author", p.alice}, {"public", false}}, p.alice_token);
  REQUIRE(private_list.status == 200);

  const auto bobs = p.FeedItems(p.bob_token);
  CHECK(Has(bobs, "trail:" + before));
  CHECK(Has(bobs, "trail:" + after));
  CHECK(Has(bobs, "summit_log:" + open_log.body["id"].get<std::string>()));
  // Private items and summit logs on private trails are not the follower's to see.
  CHECK_FALSE(Has(bobs, "trail:" + hidden));
  CHECK_FALSE(Has(bobs, "summit_log:" + hidden_log.body["id"].get<std::string>()));
  CHECK_FALSE(Has(bobs, "list:" + private_list.body["id"].get<std::string>()));
  CHECK(bobs.size() == 3);
  CHECK(p.Feed(p.bob_token).body["totalItems"] == 3);
  // carol, a stranger, sees none of it though the trails are public.
  CHECK(p.FeedItems(p.carol_token).empty());
  Reply raw = p.Feed(p.bob_token);
  CHECK(raw.raw.find("Hidden") == std::string::npos);

  // Shared with bob, the hidden trail (and its summit log) come into his feed.
  REQUIRE(p.server
              .Put("/api/v1/trail-share",
                   {{"trail", hidden}, {"user", p.bob}, {"permission", "view"}}, p.alice_token)
              .status == 200);
  const auto shared = p.FeedItems(p.bob_token);
  CHECK(Has(shared, "trail:" + hidden));
  CHECK(Has(shared, "summit_log:" + hidden_log.body["id"].get<std::string>()));

  // Unfollowing takes everything of alice's out of bob's feed.
  Unfollow(p.server, p.bob_token, follow);
  CHECK(p.FeedItems(p.bob_token).empty());
}

TEST_CASE("feed: an item made private after it was put in the feed disappears at once",
          "[api][feed]") {
  People p;
  Follow(p.server, p.bob_token, p.alice);
  const std::string first = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "First"}});
  const std::string second = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Second"}});
  Reply log = p.server.Put("/api/v1/summit-log", {{"trail", second}, {"date", "2024-06-03"}},
                           p.alice_token);
  REQUIRE(log.status == 200);
  REQUIRE(p.FeedItems(p.bob_token).size() == 3);

  p.MakePrivate(second, "Second");
  const auto now = p.FeedItems(p.bob_token);
  CHECK(now == std::vector<std::string>{"trail:" + first});
  Reply page = p.Feed(p.bob_token, "?perPage=1");
  CHECK(page.body["totalItems"] == 1);
  CHECK(page.body["totalPages"] == 1);
  CHECK(page.raw.find("Second") == std::string::npos);
  // alice still has all three in hers.
  CHECK(p.FeedItems(p.alice_token).size() == 3);
  // Deleted items leave every feed.
  REQUIRE(p.server.Delete("/api/v1/trail/" + first, p.alice_token).status == 200);
  CHECK(p.FeedItems(p.bob_token).empty());
}

TEST_CASE("feed: a private account's items come only once the follow is accepted", "[api][feed]") {
  People p;
  REQUIRE(p.server.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, p.carol_token)
              .status == 200);
  const std::string trail = p.server.CreateTrail(p.carol_token, p.carol, {{"name", "Carols"}});
  const std::string follow = Follow(p.server, p.bob_token, p.carol);
  CHECK(p.FeedItems(p.bob_token).empty());
  AcceptFollow(p.server, p.carol_token, follow);
  CHECK(p.FeedItems(p.bob_token) == std::vector<std::string>{"trail:" + trail});
}

TEST_CASE("feed: pages cut after the visibility test, newest first, without repeats",
          "[api][feed]") {
  People p;
  Follow(p.server, p.bob_token, p.alice);
  std::vector<std::string> made;
  for (int i = 0; i < 7; ++i) {
    Tick();
    made.push_back(p.server.CreateTrail(
        p.alice_token, p.alice, {{"name", "T" + std::to_string(i)}, {"public", i % 2 == 0}}));
  }
  // Visible to bob: T0, T2, T4, T6 (newest first: T6, T4, T2, T0).
  std::vector<std::string> seen;
  for (int page = 1; page <= 3; ++page) {
    Reply r = p.Feed(p.bob_token, "?perPage=3&page=" + std::to_string(page));
    REQUIRE(r.status == 200);
    CHECK(r.body["totalItems"] == 4);
    CHECK(r.body["totalPages"] == 2);
    CHECK(r.body["page"] == page);
    CHECK(r.body["perPage"] == 3);
    CHECK(r.body["items"].size() == (page == 1 ? 3u : page == 2 ? 1u : 0u));
    for (const auto& item : r.body["items"]) seen.push_back(item["item"]);
  }
  CHECK(seen == std::vector<std::string>{made[6], made[4], made[2], made[0]});
}

// Most of the archive is by the people bob follows: the first pages walk every family's rows
// newest first, later ones read the authors' rows and sort them (services/feed); both must give
// the one order the list rules allow, each visible item once.
TEST_CASE("feed: every page of a large feed in one order, whichever way it is read",
          "[api][feed]") {
  People p;
  Follow(p.server, p.bob_token, p.alice);
  for (int i = 0; i < 24; ++i) {
    p.server.CreateTrail(p.alice_token, p.alice,
                         {{"name", "A" + std::to_string(i)}, {"public", i % 3 != 0}});
  }
  for (int i = 0; i < 3; ++i) {
    p.server.CreateTrail(p.carol_token, p.carol,
                         {{"name", "C" + std::to_string(i)}, {"public", true}});
  }
  REQUIRE(p.server
              .Put("/api/v1/list", {{"name", "L"}, {"author", p.alice}, {"public", true}},
                   p.alice_token)
              .status == 200);
  // What bob may see of alice's, newest first: her public trails and her public list.
  std::vector<std::pair<std::string, std::string>> expected;  // (created, id), sorted below
  for (const char* family : {"trail", "list"}) {
    Reply mine = p.server.Get(std::string("/api/v1/") + family + "?perPage=100&filter=" +
                                  Url("author='" + p.alice + "' && public=true"),
                              p.alice_token);
    INFO(mine.raw);
    REQUIRE(mine.status == 200);
    // GET /list answers a bare array (the reference's shape), /trail a page.
    const Json& items = mine.body.is_array() ? mine.body : mine.body["items"];
    for (const auto& item : items) expected.emplace_back(item["created"], item["id"]);
  }
  REQUIRE(expected.size() == 17u);
  std::sort(expected.rbegin(), expected.rend());
  std::vector<std::string> want;
  for (const auto& [created, id] : expected) want.push_back(id);

  std::vector<std::string> seen;
  for (int page = 1; page <= 10; ++page) {
    Reply r = p.Feed(p.bob_token, "?perPage=2&page=" + std::to_string(page));
    INFO(r.raw);
    REQUIRE(r.status == 200);
    CHECK(r.body["totalItems"] == 17);
    CHECK(r.body["totalPages"] == 9);
    for (const auto& item : r.body["items"]) {
      CHECK(item["author"] == p.alice);
      seen.push_back(item["item"]);
    }
  }
  CHECK(seen == want);
}

}  // namespace
}  // namespace cairn::api_test
