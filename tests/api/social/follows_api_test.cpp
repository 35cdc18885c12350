// Follows over HTTP: following a local user in one's own name, pending requests to private
// accounts that only the followee answers, either side ending a follow, lists of both sides with
// expands that show no more of a private account than users do, and the feed entries the
// viewer's feed holds for accepted follows only.
#include <catch2/catch.hpp>

#include "api/test_server.h"
#include "test_support/old_data_dir.h"

namespace cairn::api_test {
namespace {

constexpr char kFollows[] = "/api/v1/follow";

std::string FollowPath(const std::string& id) { return std::string(kFollows) + "/" + id; }

// The number of items by `author` in the feed of the holder of `token`.
std::string FeedEntries(TestServer& server, const std::string& token, const std::string& author) {
  Reply r = server.Get("/api/v1/feed?perPage=100", token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  int found = 0;
  for (const auto& item : r.body["items"]) found += item["author"] == author ? 1 : 0;
  return std::to_string(found);
}

// The follow ids `token` lists with `query`.
std::vector<std::string> FollowIds(TestServer& server, const std::string& token,
                                   const std::string& query = "") {
  Reply r = server.Get(std::string(kFollows) + query, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body["totalItems"] == r.body["items"].size());
  std::vector<std::string> ids;
  for (const auto& item : r.body["items"]) ids.push_back(item["id"]);
  return ids;
}

void MakePrivate(TestServer& server, const std::string& user, const std::string& token) {
  REQUIRE(server.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, token).status ==
          200);
  REQUIRE(server.Get("/api/v1/user/" + user, token).body["private"] == true);
}

TEST_CASE("follows: a public account is followed at once, by the caller only", "[api][follows]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [cat, cat_token] = server.CreateUser("cat");
  const std::string before = server.CreateTrail(ann_token, ann, {{"name", "Before"}});
  CHECK(FeedEntries(server, bob_token, ann) == "0");

  // A status in the body is the server's to decide.
  Reply followed = server.Put(kFollows, {{"followee", ann}, {"status", "pending"}}, bob_token);
  INFO(followed.raw);
  REQUIRE(followed.status == 200);
  CHECK(followed.body["collectionName"] == "follows");
  CHECK(followed.body["follower"] == bob);
  CHECK(followed.body["followee"] == ann);
  CHECK(followed.body["status"] == "accepted");
  const std::string follow = followed.body["id"];
  // The follower's feed holds the followee's items at once, and new ones as they come.
  CHECK(FeedEntries(server, bob_token, ann) == "1");
  server.CreateTrail(ann_token, ann, {{"name", "After"}});
  REQUIRE(server
              .Put("/api/v1/list", {{"name", "Ann's list"}, {"author", ann}, {"public", true}},
                   ann_token)
              .status == 200);
  CHECK(FeedEntries(server, bob_token, ann) == "3");
  CHECK(FeedEntries(server, cat_token, ann) == "0");

  // Refused: twice, oneself, nobody, someone else's name, no followee, signed out.
  Reply twice = server.Put(kFollows, {{"followee", ann}}, bob_token);
  CHECK(twice.status == 400);
  CHECK(twice.body["data"]["followee"]["code"] == "validation_not_unique");
  Reply self = server.Put(kFollows, {{"followee", bob}}, bob_token);
  CHECK(self.status == 400);
  CHECK(self.body["data"]["followee"]["code"] == "validation_invalid_value");
  Reply nobody = server.Put(kFollows, {{"followee", "nobodyatall0000"}}, bob_token);
  CHECK(nobody.status == 400);
  CHECK(nobody.body["data"]["followee"]["code"] == "validation_missing_rel_records");
  CHECK(server.Put(kFollows, {{"followee", ann}, {"follower", cat}}, bob_token).status == 403);
  CHECK(server.Put(kFollows, Json::object(), bob_token).body["data"]["followee"]["code"] ==
        "validation_required");
  CHECK(server.Put(kFollows, {{"followee", ann}}).status == 401);
  Reply as_self = server.Put(kFollows, {{"followee", ann}, {"follower", cat}}, cat_token);
  CHECK(as_self.status == 200);
  const std::string cat_follow = as_self.body["id"];

  // Both sides list it; nobody else does.
  CHECK(FollowIds(server, bob_token) == std::vector<std::string>{follow});
  CHECK(FollowIds(server, ann_token, "?sort=created").size() == 2);
  CHECK(FollowIds(server, ann_token,
                  "?filter=" + Url("followee='" + ann + "'&&follower='" + bob + "'")) ==
        std::vector<std::string>{follow});
  CHECK(FollowIds(server, cat_token) == std::vector<std::string>{cat_follow});
  Reply anonymous = server.Get(kFollows);
  CHECK(anonymous.status == 200);
  CHECK(anonymous.body["items"] == Json::array());
  CHECK(server.Get(FollowPath(follow), ann_token).status == 200);
  CHECK(server.Get(FollowPath(follow), cat_token).status == 404);
  CHECK(server.Get(FollowPath(follow)).status == 404);
  Reply expanded = server.Get(std::string(kFollows) + "?expand=follower,followee", ann_token);
  INFO(expanded.raw);
  REQUIRE(expanded.status == 200);
  for (const auto& item : expanded.body["items"]) {
    CHECK(item["expand"]["followee"]["username"] == "ann");
    CHECK_FALSE(item["expand"]["follower"].contains("email"));
  }
  // A public account accepts nothing by hand: answering is the followee's, and changes nothing.
  CHECK(server.Post(FollowPath(follow), {{"status", "accepted"}}, bob_token).status == 403);
  Reply kept = server.Post(FollowPath(follow), {{"status", "accepted"}}, ann_token);
  CHECK(kept.status == 200);
  CHECK(kept.body["status"] == "accepted");

  // Ending it: not a stranger; the follower unfollows, the followee removes a follower.
  CHECK(server.Delete(FollowPath(follow), cat_token).status == 404);
  CHECK(server.Delete(FollowPath(follow)).status == 401);
  CHECK(server.Delete(FollowPath(follow), bob_token).status == 200);
  CHECK(FeedEntries(server, bob_token, ann) == "0");
  CHECK(server.Get(FollowPath(follow), ann_token).status == 404);
  CHECK(server.Delete(FollowPath(cat_follow), ann_token).status == 200);
  CHECK(FeedEntries(server, cat_token, ann) == "0");
  CHECK(FollowIds(server, ann_token).empty());
  // Following again starts over; ann's items come back into the feed.
  REQUIRE(server.Put(kFollows, {{"followee", ann}}, bob_token).status == 200);
  CHECK(FeedEntries(server, bob_token, ann) == "3");
  (void)before;
}

TEST_CASE("follows: a private account's followers wait until it answers", "[api][follows]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [cat, cat_token] = server.CreateUser("cat");
  REQUIRE(server.Post("/api/v1/user/" + ann, {{"bio", "Ann's secret bio"}}, ann_token).status ==
          200);
  MakePrivate(server, ann, ann_token);
  server.CreateTrail(ann_token, ann, {{"name", "Ann's walk"}});

  Reply asked = server.Put(kFollows, {{"followee", ann}}, bob_token);
  REQUIRE(asked.status == 200);
  CHECK(asked.body["status"] == "pending");
  const std::string request = asked.body["id"];
  CHECK(FeedEntries(server, bob_token, ann) == "0");  // nothing until she says yes

  // She sees the request among hers; the follower's expand shows no more than users do.
  CHECK(
      FollowIds(server, ann_token, "?filter=" + Url("followee='" + ann + "'&&status='pending'")) ==
      std::vector<std::string>{request});
  Reply mine = server.Get(std::string(kFollows) + "?expand=followee,follower", bob_token);
  INFO(mine.raw);
  REQUIRE(mine.body["items"].size() == 1);
  const Json& followee = mine.body["items"][0]["expand"]["followee"];
  CHECK(followee["username"] == "ann");
  CHECK(followee["private"] == true);
  CHECK_FALSE(followee.contains("bio"));
  CHECK_FALSE(followee.contains("email"));
  CHECK(mine.raw.find("Ann's secret bio") == std::string::npos);

  // Only she answers, with accepted or rejected.
  CHECK(server.Post(FollowPath(request), {{"status", "accepted"}}, bob_token).status == 403);
  CHECK(server.Post(FollowPath(request), {{"status", "accepted"}}, cat_token).status == 404);
  CHECK(server.Post(FollowPath(request), {{"status", "accepted"}}).status == 401);
  CHECK(server.Post(FollowPath("abcdefghijklmno"), {{"status", "accepted"}}, ann_token).status ==
        404);
  for (const Json& body : {Json{{"status", "maybe"}}, Json{{"status", "pending"}}, Json::object(),
                           Json{{"status", true}}}) {
    Reply wrong = server.Post(FollowPath(request), body, ann_token);
    INFO(body.dump() << " -> " << wrong.raw);
    CHECK(wrong.status == 400);
    CHECK(wrong.body["data"]["status"]["code"] == "validation_invalid_value");
  }
  CHECK(server.Get(FollowPath(request), bob_token).body["status"] == "pending");
  Reply accepted =
      server.Post(FollowPath(request) + "?expand=follower", {{"status", "accepted"}}, ann_token);
  INFO(accepted.raw);
  CHECK(accepted.status == 200);
  CHECK(accepted.body["status"] == "accepted");
  CHECK(accepted.body["expand"]["follower"]["username"] == "bob");
  CHECK(FeedEntries(server, bob_token, ann) == "1");
  server.CreateTrail(ann_token, ann, {{"name", "Ann's second walk"}});
  CHECK(FeedEntries(server, bob_token, ann) == "2");

  // Rejected: the request goes, and the answer says so.
  Reply cat_asks = server.Put(kFollows, {{"followee", ann}}, cat_token);
  REQUIRE(cat_asks.body["status"] == "pending");
  const std::string cat_request = cat_asks.body["id"];
  Reply rejected = server.Post(FollowPath(cat_request), {{"status", "rejected"}}, ann_token);
  INFO(rejected.raw);
  CHECK(rejected.status == 200);
  CHECK(rejected.body["status"] == "rejected");
  CHECK(rejected.body["id"] == cat_request);
  CHECK(server.Get(FollowPath(cat_request), ann_token).status == 404);
  CHECK(server.Get(FollowPath(cat_request), cat_token).status == 404);
  CHECK(FeedEntries(server, cat_token, ann) == "0");
  // She may ask again, and withdraw her request herself.
  Reply again = server.Put(kFollows, {{"followee", ann}}, cat_token);
  CHECK(again.body["status"] == "pending");
  CHECK(server.Delete(FollowPath(again.body["id"]), cat_token).status == 200);

  // Rejecting an accepted follower removes them, and their feed forgets her items.
  CHECK(server.Post(FollowPath(request), {{"status", "rejected"}}, ann_token).body["status"] ==
        "rejected");
  CHECK(FeedEntries(server, bob_token, ann) == "0");
  CHECK(FollowIds(server, ann_token).empty());

  // A follow goes with either of its users.
  REQUIRE(server.Put(kFollows, {{"followee", bob}}, cat_token).status == 200);
  REQUIRE(server.Delete("/api/v1/user/" + bob, bob_token).status == 200);
  CHECK(FollowIds(server, cat_token).empty());
  CHECK(test_support::QueryOnFile(server.data_dir() + "/data.db", "SELECT count(*) FROM follows") ==
        "0");
}

TEST_CASE("follows: an account that turns public accepts the requests waiting for it",
          "[api][follows]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  MakePrivate(server, ann, ann_token);
  server.CreateTrail(ann_token, ann, {{"name", "Ridge"}, {"public", true}});
  Reply requested = server.Put(kFollows, {{"followee", ann}}, bob_token);
  REQUIRE(requested.status == 200);
  CHECK(requested.body["status"] == "pending");
  CHECK(FeedEntries(server, bob_token, ann) == "0");

  Reply settings = server.Get("/api/v1/settings", ann_token);
  REQUIRE(settings.body.size() == 1u);
  const std::string settings_path = "/api/v1/settings/" + settings.body[0]["id"].get<std::string>();
  REQUIRE(server.Post(settings_path, {{"privacy", {{"account", "public"}}}}, ann_token).status ==
          200);
  CHECK(server.Get(FollowPath(requested.body["id"]), bob_token).body["status"] == "accepted");
  CHECK(server.Get("/api/v1/profile/@ann", bob_token).body["profile"]["followers"] == 1);
  CHECK(FeedEntries(server, bob_token, ann) == "1");
  // Turning private again keeps the followers she has.
  REQUIRE(server.Post(settings_path, {{"privacy", {{"account", "private"}}}}, ann_token).status ==
          200);
  CHECK(server.Get(FollowPath(requested.body["id"]), bob_token).body["status"] == "accepted");
}

}  // namespace
}  // namespace cairn::api_test
