// Notifications: one row per event for its local recipient, never for one's own action, with
// wanderer's metadata keys; listed newest first (filter seen=false, expand=author), marked seen
// with {seen: true} only; per-type in-app settings; nothing the recipient may no longer see.
#include <catch2/catch.hpp>
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
  Json Notifications(const std::string& token, const std::string& query = "") {
    Reply r = server.Get("/api/v1/notification" + query, token);
    INFO(r.raw);
    REQUIRE(r.status == 200);
    return r.body;
  }
  // The types of `token`'s notifications, newest first.
  std::vector<std::string> Types(const std::string& token) {
    std::vector<std::string> out;
    const Json page = Notifications(token, "?perPage=100");
    for (const auto& n : page["items"]) out.push_back(n["type"]);
    return out;
  }
  std::string Comment(const std::string& token, const std::string& author, const std::string& trail,
                      const std::string& text) {
    Reply r = server.Put("/api/v1/comment", {{"author", author}, {"trail", trail}, {"text", text}},
                         token);
    REQUIRE(r.status == 200);
    std::this_thread::sleep_for(std::chrono::milliseconds(3));  // distinct `created` times
    return r.body["id"];
  }
};

TEST_CASE("notifications: shares of trails and lists tell the user they were shared with",
          "[api][notifications]") {
  People p;
  const std::string trail =
      p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Secret ridge"}, {"public", false}});
  REQUIRE(p.server
              .Put("/api/v1/trail-share",
                   {{"trail", trail}, {"user", p.bob}, {"permission", "view"}}, p.alice_token)
              .status == 200);
  Reply list =
      p.server.Put("/api/v1/list", {{"name", "Tours"}, {"author", p.alice}}, p.alice_token);
  REQUIRE(list.status == 200);
  REQUIRE(p.server
              .Put("/api/v1/list-share",
                   {{"list", list.body["id"]}, {"user", p.bob}, {"permission", "edit"}},
                   p.alice_token)
              .status == 200);

  Json bobs = p.Notifications(p.bob_token, "?expand=author");
  REQUIRE(bobs["totalItems"] == 2);
  const Json& newest = bobs["items"][0];
  CHECK(newest["type"] == "list_share");
  CHECK(newest["recipient"] == p.bob);
  CHECK(newest["author"] == p.alice);
  CHECK(newest["seen"] == false);
  CHECK(newest["collectionName"] == "notifications");
  CHECK(newest["metadata"] ==
        Json{{"id", list.body["id"]}, {"list", "Tours"}, {"author", "@alice"}});
  CHECK(newest["expand"]["author"]["username"] == "alice");
  CHECK_FALSE(newest["expand"]["author"].contains("email"));
  const Json& older = bobs["items"][1];
  CHECK(older["type"] == "trail_share");
  CHECK(older["metadata"] == Json{{"id", trail}, {"trail", "Secret ridge"}, {"author", "@alice"}});
  // None for alice, who did it, nor for carol; anonymous callers are told to sign in.
  CHECK(p.Notifications(p.alice_token)["totalItems"] == 0);
  CHECK(p.Notifications(p.carol_token)["totalItems"] == 0);
  CHECK(p.server.Get("/api/v1/notification").status == 401);
}

TEST_CASE("notifications: comments tell the trail's author, and replies the earlier commenters",
          "[api][notifications]") {
  People p;
  const std::string trail = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Ridge"}});
  p.Comment(p.alice_token, p.alice, trail, "my own");  // no one to tell
  CHECK(p.Types(p.alice_token).empty());
  p.Comment(p.bob_token, p.bob, trail, "Great views");
  CHECK(p.Types(p.alice_token) == std::vector<std::string>{"trail_comment"});
  CHECK(p.Types(p.bob_token).empty());
  Json comment = p.Notifications(p.alice_token)["items"][0];
  CHECK(comment["author"] == p.bob);
  CHECK(comment["metadata"]["comment"] == "Great views");
  CHECK(comment["metadata"]["trail_id"] == trail);
  CHECK(comment["metadata"]["trail_name"] == "Ridge");
  CHECK(comment["metadata"]["trail_author"] == "@alice");

  p.Comment(p.carol_token, p.carol, trail, "Agreed");
  CHECK(p.Types(p.alice_token) == std::vector<std::string>{"trail_comment", "trail_comment"});
  CHECK(p.Types(p.bob_token) == std::vector<std::string>{"comment_reply"});
  CHECK(p.Types(p.carol_token).empty());
  Json reply = p.Notifications(p.bob_token)["items"][0];
  CHECK(reply["author"] == p.carol);
  CHECK(reply["metadata"]["comment"] == "Agreed");
  CHECK(reply["metadata"]["trail_name"] == "Ridge");

  // The author's answer is a reply for both others, once each, however often they commented.
  p.Comment(p.bob_token, p.bob, trail, "again");
  p.Comment(p.alice_token, p.alice, trail, "thanks all");
  CHECK(p.Types(p.bob_token) == std::vector<std::string>{"comment_reply", "comment_reply"});
  CHECK(p.Types(p.carol_token) ==
        std::vector<std::string>{"comment_reply", "comment_reply"});  // bob's again, alice's
  CHECK(p.Types(p.alice_token).size() == 3);                          // bob, carol, bob
}

TEST_CASE("notifications: summit logs, likes and follows on one's trails and account",
          "[api][notifications]") {
  People p;
  const std::string trail = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Ridge"}});
  REQUIRE(
      p.server.Put("/api/v1/summit-log", {{"trail", trail}, {"date", "2024-06-01"}}, p.alice_token)
          .status == 200);
  CHECK(p.Types(p.alice_token).empty());
  Reply log =
      p.server.Put("/api/v1/summit-log", {{"trail", trail}, {"date", "2024-06-02"}}, p.bob_token);
  REQUIRE(log.status == 200);
  Json logged = p.Notifications(p.alice_token)["items"][0];
  CHECK(logged["type"] == "summit_log_create");
  CHECK(logged["author"] == p.bob);
  CHECK(logged["metadata"]["trail_id"] == trail);
  CHECK(logged["metadata"]["trail_name"] == "Ridge");
  CHECK(logged["metadata"]["summit_log_id"] == log.body["id"]);

  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  Like(p.server, p.bob_token, trail);
  Json liked = p.Notifications(p.alice_token)["items"][0];
  CHECK(liked["type"] == "trail_like");
  CHECK(liked["author"] == p.bob);
  CHECK(liked["metadata"] == Json{{"trail_id", trail},
                                  {"trail_name", "Ridge"},
                                  {"trail_author", "@alice"},
                                  {"liker", "@bob"}});
  Like(p.server, p.alice_token, trail);  // one's own like: nothing
  CHECK(p.Types(p.alice_token).size() == 2);

  std::this_thread::sleep_for(std::chrono::milliseconds(3));
  const std::string follow = Follow(p.server, p.carol_token, p.alice);
  Json followed = p.Notifications(p.alice_token)["items"][0];
  CHECK(followed["type"] == "new_follower");
  CHECK(followed["author"] == p.carol);
  CHECK(followed["metadata"] == Json{{"follower", "@carol"}, {"follow_id", follow}});

  // A private account gets a request, which goes when the follow does (rejected or withdrawn).
  REQUIRE(p.server.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, p.bob_token)
              .status == 200);
  const std::string request = Follow(p.server, p.alice_token, p.bob);
  CHECK(p.Types(p.bob_token) == std::vector<std::string>{"follow_request"});
  Unfollow(p.server, p.alice_token, request);
  CHECK(p.Types(p.bob_token).empty());
  // Accepting one is the followee's own doing: no new row for them.
  const std::string again = Follow(p.server, p.alice_token, p.bob);
  AcceptFollow(p.server, p.bob_token, again);
  CHECK(p.Types(p.bob_token) == std::vector<std::string>{"follow_request"});
}

TEST_CASE("notifications: filtered by seen, marked seen with {seen: true} only, by the recipient",
          "[api][notifications]") {
  People p;
  const std::string trail = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Ridge"}});
  p.Comment(p.bob_token, p.bob, trail, "one");
  p.Comment(p.bob_token, p.bob, trail, "two");
  Json all = p.Notifications(p.alice_token);
  REQUIRE(all["totalItems"] == 2);
  const std::string newest = all["items"][0]["id"], oldest = all["items"][1]["id"];
  CHECK(all["items"][0]["metadata"]["comment"] == "two");

  const std::string path = "/api/v1/notification/" + oldest;
  Reply seen = p.server.Post(path + "?expand=author", {{"seen", true}}, p.alice_token);
  REQUIRE(seen.status == 200);
  CHECK(seen.body["seen"] == true);
  CHECK(seen.body["id"] == oldest);
  CHECK(seen.body["expand"]["author"]["username"] == "bob");
  Json unseen = p.Notifications(p.alice_token, "?filter=" + Url("seen=false"));
  REQUIRE(unseen["totalItems"] == 1);
  CHECK(unseen["items"][0]["id"] == newest);
  CHECK(p.Notifications(p.alice_token, "?filter=" + Url("seen=true"))["items"][0]["id"] == oldest);
  CHECK(p.Notifications(p.alice_token, "?sort=created")["items"][0]["id"] == oldest);

  for (const Json& body : {Json{{"seen", false}}, Json::object(), Json{{"seen", "true"}},
                           Json{{"seen", true}, {"type", "trail_like"}},
                           Json{{"seen", true}, {"metadata", Json::object()}}}) {
    INFO(body.dump());
    Reply r = p.server.Post("/api/v1/notification/" + newest, body, p.alice_token);
    CHECK(r.status == 400);
  }
  CHECK(p.Notifications(p.alice_token, "?filter=" + Url("seen=false"))["totalItems"] == 1);
  // Someone else's is not there for them; without a token, sign in; a malformed id is a 400.
  CHECK(p.server.Post("/api/v1/notification/" + newest, {{"seen", true}}, p.bob_token).status ==
        404);
  CHECK(p.server.Post("/api/v1/notification/" + newest, {{"seen", true}}).status == 401);
  CHECK(p.server.Post("/api/v1/notification/short", {{"seen", true}}, p.alice_token).status == 400);
  CHECK(p.server.Post("/api/v1/notification/aaaaaaaaaaaaaaa", {{"seen", true}}, p.alice_token)
            .status == 404);
  // No other way in: no create, no delete.
  CHECK(p.server.Put("/api/v1/notification", {{"type", "trail_like"}}, p.alice_token).status ==
        405);
  CHECK(p.server.Delete("/api/v1/notification/" + newest, p.alice_token).status == 405);
  CHECK(p.server.Get("/api/v1/notification?filter=" + Url("nope=1"), p.alice_token).status == 400);
}

TEST_CASE("notifications: a type whose in-app delivery is off makes no row",
          "[api][notifications]") {
  People p;
  REQUIRE(p.server
              .Put("/api/v1/settings",
                   {{"notifications",
                     {{"trail_comment", {{"web", false}, {"email", true}}},
                      {"trail_like", {{"email", false}}}}}},
                   p.alice_token)
              .status == 200);
  const std::string trail = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Ridge"}});
  p.Comment(p.bob_token, p.bob, trail, "unheard");
  Like(p.server, p.bob_token, trail);  // web missing: on
  CHECK(p.Types(p.alice_token) == std::vector<std::string>{"trail_like"});
}

TEST_CASE("notifications: nothing shows that the recipient may no longer see",
          "[api][notifications]") {
  People p;
  const std::string trail = p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Ridge"}});
  p.Comment(p.carol_token, p.carol, trail, "first!");
  p.Comment(p.bob_token, p.bob, trail, "a secret meeting point");
  Json carols = p.Notifications(p.carol_token);
  REQUIRE(carols["totalItems"] == 1);
  CHECK(carols["items"][0]["metadata"]["comment"] == "a secret meeting point");

  // alice makes the trail private after it was commented: carol keeps the row, not its content.
  REQUIRE(
      p.server.Post("/api/v1/trail/" + trail, {{"name", "Ridge"}, {"public", false}}, p.alice_token)
          .status == 200);
  Reply after = p.server.Get("/api/v1/notification", p.carol_token);
  REQUIRE(after.status == 200);
  REQUIRE(after.body["totalItems"] == 1);
  CHECK(after.body["items"][0]["type"] == "comment_reply");
  CHECK(after.body["items"][0]["metadata"] == Json::object());
  CHECK(after.raw.find("secret meeting") == std::string::npos);
  CHECK(after.raw.find("Ridge") == std::string::npos);
  // The trail's author still reads hers in full.
  CHECK(p.Notifications(p.alice_token)["items"][0]["metadata"]["comment"] ==
        "a secret meeting point");
  // Marking it seen does not bring the content back either.
  Reply marked =
      p.server.Post("/api/v1/notification/" + after.body["items"][0]["id"].get<std::string>(),
                    {{"seen", true}}, p.carol_token);
  REQUIRE(marked.status == 200);
  CHECK(marked.body["metadata"] == Json::object());

  // A share taken back: the shared trail's name is gone from the notification too.
  const std::string hidden =
      p.server.CreateTrail(p.alice_token, p.alice, {{"name", "Hideout"}, {"public", false}});
  Reply share =
      p.server.Put("/api/v1/trail-share",
                   {{"trail", hidden}, {"user", p.bob}, {"permission", "view"}}, p.alice_token);
  REQUIRE(share.status == 200);
  CHECK(p.server.Get("/api/v1/notification", p.bob_token).raw.find("Hideout") != std::string::npos);
  REQUIRE(
      p.server.Delete("/api/v1/trail-share/" + share.body["id"].get<std::string>(), p.alice_token)
          .status == 200);
  CHECK(p.server.Get("/api/v1/notification", p.bob_token).raw.find("Hideout") == std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
