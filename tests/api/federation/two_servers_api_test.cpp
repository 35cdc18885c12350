// Two Cairn servers on loopback, each federating: a person on one finds and follows a person on
// the other (accepted at once by a public account, waiting for a private one's answer), both
// sides keep the same follow, and ending it on either side reaches the other.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "api/federation/two_cairns.h"

namespace cairn::api_test {
namespace {

std::vector<std::string> Args() { return FederatingArgs(); }

size_t Count(TestServer& server, const std::string& path, const std::string& token) {
  Reply r = server.Get(path, token);
  return r.body.contains("items") ? r.body["items"].size() : size_t{99};
}

TEST_CASE("a person on one Cairn follows a person on another, and unfollows",
          "[api][federation][two-servers]") {
  TestServer one("", Args());
  TestServer two("", Args());
  auto [ada, ada_token] = one.CreateUser("ada");
  auto [bea, bea_token] = two.CreateUser("bea");

  const std::string bea_there = Find(one, ada_token, two, "bea");
  Reply follow = one.Put("/api/v1/follow", {{"followee", bea_there}}, ada_token);
  INFO(follow.raw);
  REQUIRE(follow.status == 200);
  const std::string follow_path = "/api/v1/follow/" + follow.body["id"].get<std::string>();
  // bea's server keeps ada as a follower and accepts (bea's account is public).
  REQUIRE(Eventually([&] { return one.Get(follow_path, ada_token).body["status"] == "accepted"; }));
  Reply followers = two.Get(
      "/api/v1/follow?filter=" + Url("followee='" + bea + "'") + "&expand=follower", bea_token);
  REQUIRE(followers.body["items"].size() == 1);
  CHECK(followers.body["items"][0]["expand"]["follower"]["username"] ==
        "ada@127.0.0.1:" + std::to_string(one.port()));
  CHECK(two.Get("/api/v1/activitypub/user/bea/followers?page=1").body["orderedItems"] ==
        Json::array({one.origin() + "/api/v1/activitypub/user/ada"}));
  CHECK(one.Get("/api/v1/activitypub/user/ada/following?page=1").body["orderedItems"] ==
        Json::array({two.origin() + "/api/v1/activitypub/user/bea"}));

  // ada unfollows: bea's server forgets the follower.
  REQUIRE(one.Delete(follow_path, ada_token).status < 300);
  CHECK(Eventually([&] {
    return Count(two, "/api/v1/follow?filter=" + Url("followee='" + bea + "'"), bea_token) == 0;
  }));
}

TEST_CASE("a followed person's trail on another Cairn reaches the feed, takes likes and comments",
          "[api][federation][two-servers]") {
  TestServer one("", Args());
  TestServer two("", Args());
  auto [ada, ada_token] = one.CreateUser("ada");
  auto [bea, bea_token] = two.CreateUser("bea");
  const std::string follow_path = FollowAccepted(one, ada_token, two, "bea");

  // bea publishes a trail with a place and figures; a private one stays home.
  const std::string trail = two.CreateTrail(bea_token, bea,
                                            {{"name", "Ridge walk"},
                                             {"public", true},
                                             {"description", "Up & over."},
                                             {"date", "2024-06-01"},
                                             {"lat", 53.07},
                                             {"lon", -4.08},
                                             {"location", "Snowdon"},
                                             {"distance", 12300},
                                             {"elevation_gain", 678}});
  two.CreateTrail(bea_token, bea,
                  {{"name", "Secret bothy"}, {"public", false}, {"lat", 1}, {"lon", 1}});
  Json entry;
  REQUIRE(Eventually([&] {
    Reply feed = one.Get("/api/v1/feed?expand=item", ada_token);
    for (const Json& item : feed.body["items"]) {
      if (item["type"] == "trail") entry = item;
    }
    return !entry.is_null();
  }));
  const Json copy = entry["expand"]["item"];
  CHECK(copy["name"] == "Ridge walk");
  CHECK(copy["location"] == "Snowdon");
  CHECK(copy["distance"] == Approx(12300).margin(50));
  CHECK(copy["elevation_gain"] == Approx(678));
  const std::string here = copy["id"];
  std::this_thread::sleep_for(std::chrono::seconds(1));
  CHECK(one.Get("/api/v1/feed?expand=item", ada_token).raw.find("Secret bothy") ==
        std::string::npos);

  // ada likes and answers it here; bea's server counts the like and shows the comment.
  REQUIRE(one.Put("/api/v1/trail-like", {{"trail", here}}, ada_token).status == 200);
  Reply comment = one.Put("/api/v1/comment",
                          {{"author", ada}, {"trail", here}, {"text", "Lovely!"}}, ada_token);
  INFO(comment.raw);
  REQUIRE(comment.status == 200);
  CHECK(Eventually(
      [&] { return two.Get("/api/v1/trail/" + trail, bea_token).body["like_count"] == 1; }));
  Json comments;
  CHECK(Eventually([&] {
    comments = two.Get("/api/v1/comment?filter=" + Url("trail='" + trail + "'") + "&expand=author",
                       bea_token)
                   .body;
    return comments.size() == 1;
  }));
  if (comments.size() == 1) {
    CHECK(comments[0]["text"] == "Lovely!");
    CHECK(comments[0]["expand"]["author"]["username"] ==
          "ada@127.0.0.1:" + std::to_string(one.port()));
  }
  // Taking the like back reaches bea's server; bea deleting the trail removes the copy here.
  REQUIRE(one.Send("POST", "/api/v1/trail-like/delete", ada_token, Json{{"trail", here}}.dump())
              .status < 300);
  CHECK(Eventually(
      [&] { return two.Get("/api/v1/trail/" + trail, bea_token).body["like_count"] == 0; }));
  REQUIRE(two.Delete("/api/v1/trail/" + trail, bea_token).status < 300);
  CHECK(Eventually([&] { return one.Get("/api/v1/trail/" + here, ada_token).status == 404; }));
}

TEST_CASE("a private account on another Cairn answers a follow request",
          "[api][federation][two-servers]") {
  TestServer one("", Args());
  TestServer two("", Args());
  auto [ada, ada_token] = one.CreateUser("ada");
  auto [cy, cy_token] = one.CreateUser("cyd");
  auto [bea, bea_token] = two.CreateUser("bea");
  REQUIRE(two.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, bea_token).status ==
          200);
  const std::string bea_there = Find(one, ada_token, two, "bea");
  CHECK(Find(one, cy_token, two, "bea") == bea_there);  // one row for bea, whoever looks

  Reply ada_follow = one.Put("/api/v1/follow", {{"followee", bea_there}}, ada_token);
  Reply cy_follow = one.Put("/api/v1/follow", {{"followee", bea_there}}, cy_token);
  REQUIRE(ada_follow.status == 200);
  REQUIRE(cy_follow.status == 200);
  // bea sees two requests; they wait.
  Json requests;
  REQUIRE(Eventually([&] {
    requests =
        two.Get("/api/v1/follow?filter=" + Url("followee='" + bea + "'") + "&expand=follower",
                bea_token)
            .body["items"];
    return requests.size() == 2;
  }));
  for (const Json& request : requests) CHECK(request["status"] == "pending");
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const std::string ada_path = "/api/v1/follow/" + ada_follow.body["id"].get<std::string>();
  const std::string cy_path = "/api/v1/follow/" + cy_follow.body["id"].get<std::string>();
  CHECK(one.Get(ada_path, ada_token).body["status"] == "pending");

  // bea accepts ada and rejects cy; each answer reaches server one.
  for (const Json& request : requests) {
    const bool is_ada =
        request["expand"]["follower"]["username"].get<std::string>().rfind("ada@", 0) == 0;
    Reply answer = two.Post("/api/v1/follow/" + request["id"].get<std::string>(),
                            {{"status", is_ada ? "accepted" : "rejected"}}, bea_token);
    INFO(answer.raw);
    REQUIRE(answer.status == 200);
  }
  CHECK(Eventually([&] { return one.Get(ada_path, ada_token).body["status"] == "accepted"; }));
  CHECK(Eventually([&] { return one.Get(cy_path, cy_token).status == 404; }));
}

TEST_CASE("a person who deletes their account is gone from the other Cairn too",
          "[api][federation][two-servers]") {
  TestServer one("", Args());
  TestServer two("", Args());
  auto [ada, ada_token] = one.CreateUser("ada");
  auto [bea, bea_token] = two.CreateUser("bea");
  const std::string bea_there = Find(one, ada_token, two, "bea");
  const std::string follow_path = FollowAccepted(one, ada_token, two, "bea");
  two.CreateTrail(bea_token, bea, {{"name", "Farewell ridge"}, {"lat", 53.07}, {"lon", -4.08}});
  std::string copy;
  REQUIRE(Eventually([&] {
    Reply feed = one.Get("/api/v1/feed", ada_token);
    for (const Json& item : feed.body["items"]) {
      if (item["type"] == "trail") copy = item["item"];
    }
    return !copy.empty();
  }));

  REQUIRE(two.Delete("/api/v1/user/" + bea, bea_token).status < 300);
  // While the other servers hear of it, bea's actor is her name and key only.
  Reply actor = two.Get("/api/v1/activitypub/user/bea");
  INFO(actor.raw);
  if (actor.status == 200) {
    CHECK(actor.body["publicKey"]["publicKeyPem"].is_string());
    CHECK_FALSE(actor.body.contains("outbox"));
    CHECK_FALSE(actor.body.contains("followers"));
  }
  // The Delete of her actor arrives signed: she, her follow by ada and her trail are gone here.
  CHECK(Eventually([&] { return one.Get("/api/v1/trail/" + copy, ada_token).status == 404; }));
  CHECK(Eventually([&] { return one.Get(follow_path, ada_token).status == 404; }));
  CHECK(one.Get("/api/v1/user/" + bea_there, ada_token).status == 404);
  CHECK(one.Get("/api/v1/search/actor?q=" + Url("bea"), ada_token).body.empty());
}

TEST_CASE("a public trail shared with a person on another Cairn reaches them as a share",
          "[api][federation][two-servers]") {
  TestServer one("", Args());
  TestServer two("", Args());
  auto [ada, ada_token] = one.CreateUser("ada");
  auto [bea, bea_token] = two.CreateUser("bea");
  const std::string ada_there = Find(two, bea_token, one, "ada");
  const std::string trail =
      two.CreateTrail(bea_token, bea, {{"name", "Shared ridge"}, {"lat", 53.07}, {"lon", -4.08}});
  const std::string hidden = two.CreateTrail(
      bea_token, bea, {{"name", "Hidden bothy"}, {"public", false}, {"lat", 1}, {"lon", 1}});
  // A trail that is not public is shared there only: nothing of it is sent.
  REQUIRE(two.Put("/api/v1/trail-share",
                  {{"trail", hidden}, {"user", ada_there}, {"permission", "view"}}, bea_token)
              .status == 200);
  Reply shared =
      two.Put("/api/v1/trail-share",
              {{"trail", trail}, {"user", ada_there}, {"permission", "view"}}, bea_token);
  INFO(shared.raw);
  REQUIRE(shared.status == 200);

  // ada is told, and the trail is shared with her here (a copy of bea's).
  Json notification;
  REQUIRE(Eventually([&] {
    Reply list = one.Get("/api/v1/notification", ada_token);
    for (const Json& item : list.body["items"]) {
      if (item["type"] == "trail_share") notification = item;
    }
    return !notification.is_null();
  }));
  CHECK(notification["metadata"]["trail"] == "Shared ridge");
  CHECK(notification["metadata"]["author"] == "@bea@127.0.0.1:" + std::to_string(two.port()));
  Reply shares = one.Get("/api/v1/trail-share?expand=trail", ada_token);
  INFO(shares.raw);
  REQUIRE(shares.body.size() == 1);
  CHECK(shares.body[0]["expand"]["trail"]["name"] == "Shared ridge");
  CHECK(shares.body[0]["permission"] == "view");
  CHECK(one.Get("/api/v1/notification", ada_token).raw.find("Hidden bothy") == std::string::npos);

  // bea ends the share: it ends here too (the copy stays, as public as there).
  REQUIRE(
      two.Delete("/api/v1/trail-share/" + shared.body["id"].get<std::string>(), bea_token).status <
      300);
  CHECK(Eventually([&] { return one.Get("/api/v1/trail-share", ada_token).body.empty(); }));
}

}  // namespace
}  // namespace cairn::api_test
