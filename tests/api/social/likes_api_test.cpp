// Trail likes over HTTP: one per user and trail, always in the caller's own name, only on trails
// the caller can see, counted in the trail's like_count in the same transaction (cascades too),
// and never revealing a trail that was hidden from its liker afterwards.
#include <catch2/catch.hpp>

#include "api/test_server.h"
#include "test_support/old_data_dir.h"

namespace cairn::api_test {
namespace {

constexpr char kLikes[] = "/api/v1/trail-like";

int64_t LikeCount(TestServer& server, const std::string& trail, const std::string& token) {
  Reply r = server.Get("/api/v1/trail/" + trail, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  return r.body["like_count"].get<int64_t>();
}

std::string Like(TestServer& server, const std::string& trail, const std::string& token) {
  Reply r = server.Put(kLikes, {{"trail", trail}}, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  return r.body["id"];
}

// The ids of the caller's likes as listed.
std::vector<std::string> LikeIds(TestServer& server, const std::string& token,
                                 const std::string& query = "") {
  Reply r = server.Get(std::string(kLikes) + query, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body["totalItems"] == r.body["items"].size());
  std::vector<std::string> ids;
  for (const auto& item : r.body["items"]) ids.push_back(item["id"]);
  return ids;
}

TEST_CASE("likes: one per user and trail, in the caller's name, counted on the trail",
          "[api][likes]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [cat, cat_token] = server.CreateUser("cat");
  const std::string open = server.CreateTrail(ann_token, ann, {{"name", "Open ridge"}});
  CHECK(LikeCount(server, open, "") == 0);

  Reply liked = server.Put(kLikes, {{"trail", open}}, bob_token);
  INFO(liked.raw);
  REQUIRE(liked.status == 200);
  CHECK(liked.body["collectionName"] == "trail_likes");
  CHECK(liked.body["collectionId"].get<std::string>().size() == 15);
  CHECK(liked.body["trail"] == open);
  CHECK(liked.body["user"] == bob);
  CHECK(liked.body.contains("created"));
  const std::string bob_like = liked.body["id"];
  // Everyone reads the count; nothing else about likes travels with a trail.
  CHECK(LikeCount(server, open, "") == 1);
  CHECK(LikeCount(server, open, ann_token) == 1);
  Reply trail = server.Get("/api/v1/trail/" + open, bob_token);
  CHECK(trail.raw.find(bob_like) == std::string::npos);

  // Once per user and trail.
  Reply again = server.Put(kLikes, {{"trail", open}}, bob_token);
  CHECK(again.status == 400);
  CHECK(again.body["data"]["trail"]["code"] == "validation_not_unique");
  CHECK(LikeCount(server, open, "") == 1);
  const std::string cat_like = Like(server, open, cat_token);
  CHECK(LikeCount(server, open, "") == 2);

  // Never in someone else's name; one's own name is fine.
  const std::string second = server.CreateTrail(ann_token, ann, {{"name", "Second"}});
  for (const Json& body :
       {Json{{"trail", second}, {"user", cat}}, Json{{"trail", second}, {"actor", cat}},
        Json{{"trail", second}, {"user", bob}, {"actor", cat}},
        Json{{"trail", second}, {"actor", 7}}}) {
    Reply forged = server.Put(kLikes, body, bob_token);
    INFO(body.dump() << " -> " << forged.raw);
    CHECK(forged.status == 403);
    CHECK(forged.body["message"].get<std::string>().find("yourself") != std::string::npos);
  }
  CHECK(LikeCount(server, second, "") == 0);
  Reply as_self = server.Put(kLikes, {{"trail", second}, {"user", bob}, {"actor", bob}}, bob_token);
  CHECK(as_self.status == 200);
  CHECK(as_self.body["user"] == bob);
  CHECK(LikeCount(server, second, "") == 1);

  // Bad bodies and anonymous callers.
  CHECK(server.Put(kLikes, Json::object(), bob_token).body["data"]["trail"]["code"] ==
        "validation_required");
  CHECK(server.Put(kLikes, {{"trail", 12}}, bob_token).status == 400);
  CHECK(server.Send("PUT", kLikes, bob_token, "not json").status == 400);
  CHECK(server.Put(kLikes, {{"trail", open}}).status == 401);
  CHECK(server.Post(std::string(kLikes) + "/delete", {{"trail", open}}).status == 401);
  CHECK(server.Delete(std::string(kLikes) + "/" + bob_like).status == 401);
  Reply anonymous_list = server.Get(kLikes);
  CHECK(anonymous_list.status == 200);
  CHECK(anonymous_list.body["items"] == Json::array());
  CHECK(anonymous_list.body["totalItems"] == 0);

  // Each caller lists, opens and removes only their own likes.
  CHECK(LikeIds(server, bob_token, "?sort=created").size() == 2);
  CHECK(LikeIds(server, bob_token, "?filter=" + Url("trail='" + open + "'")) ==
        std::vector<std::string>{bob_like});
  CHECK(LikeIds(server, cat_token) == std::vector<std::string>{cat_like});
  CHECK(LikeIds(server, ann_token).empty());
  CHECK(server.Get(std::string(kLikes) + "/" + bob_like, bob_token).status == 200);
  Reply expanded =
      server.Get(std::string(kLikes) + "/" + bob_like + "?expand=trail,user", bob_token);
  CHECK(expanded.body["expand"]["trail"]["name"] == "Open ridge");
  CHECK(expanded.body["expand"]["user"]["username"] == "bob");
  CHECK_FALSE(expanded.body["expand"]["user"].contains("email"));
  for (const std::string& token : {ann_token, cat_token, std::string()}) {
    CHECK(server.Get(std::string(kLikes) + "/" + bob_like, token).status == 404);
  }
  CHECK(server.Delete(std::string(kLikes) + "/" + bob_like, cat_token).status == 404);
  CHECK(server.Delete(std::string(kLikes) + "/" + bob_like, ann_token).status == 404);
  CHECK(server.Post(std::string(kLikes) + "/" + bob_like, {{"trail", second}}, bob_token).status ==
        405);
  // A trail's owner sees their trail's count, not who liked it, even through a back-relation.
  Reply back = server.Get("/api/v1/trail/" + open + "?expand=trail_likes_via_trail", ann_token);
  CHECK(back.status != 500);
  CHECK(back.raw.find(bob_like) == std::string::npos);
  CHECK(back.raw.find(cat_like) == std::string::npos);
  // Trails sort by their likes.
  Reply by_likes = server.Get("/api/v1/trail?sort=-like_count", "");
  REQUIRE(by_likes.status == 200);
  CHECK(by_likes.body["items"][0]["id"] == open);
  CHECK(server.Get("/api/v1/trail?filter=" + Url("like_count>=2")).body["totalItems"] == 1);
  // Search reads the same count: in its hits, its sort and its filters.
  Reply searched = server.Post(
      "/api/v1/search/trails",
      {{"q", ""}, {"sort", {"like_count:desc"}}, {"filter", "like_count > 1"}}, bob_token);
  INFO(searched.raw);
  REQUIRE(searched.status == 200);
  REQUIRE(searched.body["hits"].size() == 1);
  CHECK(searched.body["hits"][0]["id"] == open);
  CHECK(searched.body["hits"][0]["like_count"] == 2);

  // Taking a like back: by its trail, or by its id.
  Reply unliked = server.Post(std::string(kLikes) + "/delete", {{"trail", open}}, bob_token);
  CHECK(unliked.status == 200);
  CHECK(unliked.body == Json{{"acknowledged", true}});
  CHECK(LikeCount(server, open, "") == 1);
  CHECK(server.Post(std::string(kLikes) + "/delete", {{"trail", open}}, bob_token).status == 404);
  CHECK(server.Post(std::string(kLikes) + "/delete", Json::object(), bob_token).status == 400);
  CHECK(server.Post(std::string(kLikes) + "/delete", {{"trail", open}, {"actor", cat}}, bob_token)
            .status == 403);
  CHECK(server.Get(std::string(kLikes) + "/" + cat_like, cat_token).status == 200);  // cat's stays
  CHECK(server.Delete(std::string(kLikes) + "/" + cat_like, cat_token).status == 200);
  CHECK(LikeCount(server, open, "") == 0);
  // Liked again after taking it back: a new like, counted again.
  Like(server, open, bob_token);
  CHECK(LikeCount(server, open, "") == 1);
}

TEST_CASE("likes: only on trails the caller can see, never revealing them afterwards",
          "[api][likes]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [eve, eve_token] = server.CreateUser("eve");
  const std::string secret =
      server.CreateTrail(ann_token, ann, {{"name", "Secret gully"}, {"public", false}});

  // A stranger cannot tell a private trail from a missing one.
  Reply hidden = server.Put(kLikes, {{"trail", secret}}, eve_token);
  CHECK(hidden.status == 404);
  CHECK(hidden.raw.find("Secret gully") == std::string::npos);
  Reply missing = server.Put(kLikes, {{"trail", "abcdefghijklmno"}}, eve_token);
  CHECK(missing.status == 404);
  CHECK(missing.body["message"] == hidden.body["message"]);
  // A link token shows the trail but does not make its holder a reader who may like it.
  Reply link = server.Put("/api/v1/trail-link-share", {{"trail", secret}, {"permission", "view"}},
                          ann_token);
  REQUIRE(link.status == 200);
  const std::string token = link.body["token"];
  CHECK(server.Get("/api/v1/trail/" + secret + "?share=" + token, eve_token).status == 200);
  CHECK(
      server.Put(std::string(kLikes) + "?share=" + token, {{"trail", secret}}, eve_token).status ==
      404);
  CHECK(LikeCount(server, secret, ann_token) == 0);

  // A share opens it: bob (a follower of nobody, a reader by share) likes it.
  Reply share = server.Put("/api/v1/trail-share",
                           {{"trail", secret}, {"user", bob}, {"permission", "view"}}, ann_token);
  REQUIRE(share.status == 200);
  const std::string like = Like(server, secret, bob_token);
  CHECK(LikeCount(server, secret, ann_token) == 1);
  Reply with_trail = server.Get(std::string(kLikes) + "?expand=trail", bob_token);
  CHECK(with_trail.body["items"][0]["expand"]["trail"]["name"] == "Secret gully");

  // The share goes: the like stays, counted, and is still bob's to take back, but neither his
  // list nor an expand shows the trail any more.
  REQUIRE(server.Delete("/api/v1/trail-share/" + share.body["id"].get<std::string>(), ann_token)
              .status == 200);
  CHECK(server.Get("/api/v1/trail/" + secret, bob_token).status == 404);
  CHECK(LikeCount(server, secret, ann_token) == 1);
  for (const std::string& path :
       {std::string(kLikes) + "?expand=trail", std::string(kLikes) + "/" + like + "?expand=trail",
        std::string(kLikes) + "?expand=trail&filter=" + Url("trail.name~'Secret'"),
        std::string(kLikes) + "?filter=" + Url("trail.name~'Secret'")}) {
    Reply r = server.Get(path, bob_token);
    INFO(path << " -> " << r.raw);
    CHECK(r.status == 200);
    CHECK(r.raw.find("Secret gully") == std::string::npos);
    CHECK(r.raw.find("\"expand\":{\"trail\"") == std::string::npos);
  }
  CHECK(server.Get(std::string(kLikes) + "?filter=" + Url("trail.name~'Secret'"), bob_token)
            .body["totalItems"] == 0);
  // He cannot like it again while he cannot see it, and taking his like back still works.
  CHECK(server.Put(kLikes, {{"trail", secret}}, bob_token).status == 404);
  CHECK(server.Post(std::string(kLikes) + "/delete", {{"trail", secret}}, bob_token).status == 200);
  CHECK(LikeCount(server, secret, ann_token) == 0);

  // A public trail made private after it was liked: the same.
  const std::string ridge = server.CreateTrail(ann_token, ann, {{"name", "Public ridge"}});
  const std::string eve_like = Like(server, ridge, eve_token);
  REQUIRE(
      server
          .Post("/api/v1/trail/" + ridge, {{"name", "Public ridge"}, {"public", false}}, ann_token)
          .status == 200);
  CHECK(LikeCount(server, ridge, ann_token) == 1);
  Reply listed = server.Get(std::string(kLikes) + "?expand=trail", eve_token);
  CHECK(listed.body["totalItems"] == 1);
  CHECK(listed.raw.find("Public ridge") == std::string::npos);
  CHECK(server.Get(std::string(kLikes) + "/" + eve_like + "?expand=trail", eve_token)
            .raw.find("Public ridge") == std::string::npos);
  // Public again: it shows again.
  REQUIRE(
      server.Post("/api/v1/trail/" + ridge, {{"name", "Public ridge"}, {"public", true}}, ann_token)
          .status == 200);
  CHECK(server.Get(std::string(kLikes) + "?expand=trail", eve_token)
            .body["items"][0]["expand"]["trail"]["name"] == "Public ridge");
  CHECK(server.Delete(std::string(kLikes) + "/" + eve_like, eve_token).status == 200);
  CHECK(LikeCount(server, ridge, ann_token) == 0);
}

TEST_CASE("likes: a cascade keeps like_count right when a trail or a liker goes", "[api][likes]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [cat, cat_token] = server.CreateUser("cat");
  const std::string first = server.CreateTrail(ann_token, ann, {{"name", "First"}});
  const std::string second = server.CreateTrail(ann_token, ann, {{"name", "Second"}});
  const std::string cats_own = server.CreateTrail(cat_token, cat, {{"name", "Cat's own"}});
  const std::string bob_first = Like(server, first, bob_token);
  Like(server, second, bob_token);
  Like(server, second, cat_token);
  Like(server, cats_own, bob_token);
  CHECK(LikeCount(server, second, "") == 2);
  CHECK(LikeCount(server, cats_own, "") == 1);
  const std::string db = server.data_dir() + "/data.db";
  CHECK(test_support::QueryOnFile(db, "SELECT count(*) FROM trail_likes") == "4");

  // The trail goes: its likes go with it.
  REQUIRE(server.Delete("/api/v1/trail/" + first, ann_token).status == 200);
  CHECK(server.Get(std::string(kLikes) + "/" + bob_first, bob_token).status == 404);
  CHECK(LikeIds(server, bob_token).size() == 2);
  CHECK(test_support::QueryOnFile(
            db, "SELECT count(*) FROM trail_likes WHERE trail = '" + first + "'") == "0");

  // A liker goes: their likes go, and the counts of the trails they liked drop.
  REQUIRE(server.Delete("/api/v1/user/" + cat, cat_token).status == 200);
  CHECK(LikeCount(server, second, "") == 1);
  CHECK(server.Get("/api/v1/trail/" + cats_own, "").status == 404);  // her trail went too
  CHECK(LikeIds(server, bob_token).size() == 1);
  CHECK(test_support::QueryOnFile(db, "SELECT count(*) FROM trail_likes") == "1");
  // Every count equals its likes.
  CHECK(test_support::QueryOnFile(
            db,
            "SELECT count(*) FROM trails t WHERE like_count != (SELECT count(*) FROM trail_likes "
            "l WHERE l.trail = t.id)") == "0");
}

}  // namespace
}  // namespace cairn::api_test
