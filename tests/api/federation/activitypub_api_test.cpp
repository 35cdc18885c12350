// ActivityPub's read side against the real server: a person as a Person with a lasting key, their
// collections, and public trails, comments and summit logs as Notes; nothing that is not public
// (a private or only shared trail, what hangs on it, a private account's bio and follows).
#include <catch2/catch.hpp>

#include "api/feed/social_calls.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

constexpr char kPublic[] = "https://www.w3.org/ns/activitystreams#Public";

std::vector<std::string> Federating() {
  return {"--public-url", "{origin}", "--federation", "on", "--federation-allow-private"};
}

struct Fediverse {
  TestServer server{"", Federating()};
  std::string ap = server.origin() + "/api/v1/activitypub";
  Reply Get(const std::string& path, const std::string& accept = "application/activity+json") {
    return server.SendWithHeaders("GET", path, {{"Accept", accept}});
  }
};

TEST_CASE("a person is a Person with inbox, outbox, collections and a lasting public key",
          "[api][federation]") {
  Fediverse f;
  auto [ada, token] = f.server.CreateUser("Ada");
  REQUIRE(f.server.Post("/api/v1/user/" + ada, {{"bio", "Hills & <valleys>."}}, token).status ==
          200);
  Reply r = f.Get("/api/v1/activitypub/user/ada");
  INFO(r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.headers.find("Content-Type")->second == "application/activity+json; charset=utf-8");
  const Json& p = r.body;
  const std::string actor = f.ap + "/user/ada";
  CHECK(p["@context"][0] == "https://www.w3.org/ns/activitystreams");
  CHECK(p["@context"][1] == "https://w3id.org/security/v1");
  CHECK(p["id"] == actor);
  CHECK(p["type"] == "Person");
  CHECK(p["preferredUsername"] == "Ada");
  CHECK(p["inbox"] == actor + "/inbox");
  CHECK(p["outbox"] == actor + "/outbox");
  CHECK(p["followers"] == actor + "/followers");
  CHECK(p["following"] == actor + "/following");
  CHECK(p["endpoints"]["sharedInbox"] == f.ap + "/inbox");
  CHECK(p["url"] == f.server.origin() + "/profile/@Ada");
  CHECK(p["summary"] == "<p>Hills &amp; &lt;valleys&gt;.</p>");
  CHECK(p["manuallyApprovesFollowers"] == false);
  CHECK(p["publicKey"]["id"] == actor + "#main-key");
  CHECK(p["publicKey"]["owner"] == actor);
  const std::string pem = p["publicKey"]["publicKeyPem"];
  CHECK(pem.rfind("-----BEGIN PUBLIC KEY-----", 0) == 0);
  CHECK(pem.size() > 400);  // 2048 bits
  // Private halves and e-mail addresses are never in it.
  CHECK(r.raw.find("PRIVATE KEY") == std::string::npos);
  CHECK(r.raw.find("@example") == std::string::npos);
  // The same key every time, by any spelling of the name; ld+json when that is what is asked.
  Reply again = f.Get("/api/v1/activitypub/user/ADA",
                      "application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\"");
  REQUIRE(again.status == 200);
  CHECK(again.body["publicKey"]["publicKeyPem"] == pem);
  CHECK_THAT(again.headers.find("Content-Type")->second,
             Catch::StartsWith("application/ld+json; profile="));
  CHECK(f.Get("/api/v1/activitypub/user/nobody").status == 404);
}

TEST_CASE("a private account asks to approve followers and shows no bio or follows",
          "[api][federation]") {
  Fediverse f;
  auto [ada, token] = f.server.CreateUser("ada");
  auto [bob, bob_token] = f.server.CreateUser("bob");
  REQUIRE(f.server.Post("/api/v1/user/" + ada, {{"bio", "Secret hills."}}, token).status == 200);
  Follow(f.server, bob_token, ada);
  Follow(f.server, token, bob);
  REQUIRE(f.server.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, token).status ==
          200);
  Reply p = f.Get("/api/v1/activitypub/user/ada");
  REQUIRE(p.status == 200);
  CHECK(p.body["manuallyApprovesFollowers"] == true);
  CHECK_FALSE(p.body.contains("summary"));
  CHECK(p.raw.find("Secret") == std::string::npos);
  for (const char* which : {"followers", "following"}) {
    INFO(which);
    Reply c = f.Get(std::string("/api/v1/activitypub/user/ada/") + which + "?page=1");
    REQUIRE(c.status == 200);
    CHECK(c.body["totalItems"] == 1);
    CHECK_FALSE(c.body.contains("orderedItems"));
    CHECK_FALSE(c.body.contains("first"));
    CHECK(c.raw.find("/user/bob") == std::string::npos);
  }
  // Bob's own collections are public and name ada.
  Reply bobs = f.Get("/api/v1/activitypub/user/bob/followers?page=1");
  REQUIRE(bobs.status == 200);
  CHECK(bobs.body["orderedItems"] == Json({f.ap + "/user/ada"}));
}

TEST_CASE("followers and following page through accepted follows", "[api][federation]") {
  Fediverse f;
  auto [ada, token] = f.server.CreateUser("ada");
  std::vector<std::string> names;
  for (int i = 0; i < 22; ++i) {
    auto [id, t] = f.server.CreateUser("walker" + std::to_string(i));
    Follow(f.server, t, ada);
  }
  Reply top = f.Get("/api/v1/activitypub/user/ada/followers");
  INFO(top.raw);
  REQUIRE(top.status == 200);
  CHECK(top.body["type"] == "OrderedCollection");
  CHECK(top.body["totalItems"] == 22);
  CHECK(top.body["first"] == f.ap + "/user/ada/followers?page=1");
  Reply first = f.Get("/api/v1/activitypub/user/ada/followers?page=1");
  REQUIRE(first.status == 200);
  CHECK(first.body["type"] == "OrderedCollectionPage");
  CHECK(first.body["partOf"] == f.ap + "/user/ada/followers");
  CHECK(first.body["orderedItems"].size() == 20);
  CHECK(first.body["next"] == f.ap + "/user/ada/followers?page=2");
  Reply second = f.Get("/api/v1/activitypub/user/ada/followers?page=2");
  CHECK(second.body["orderedItems"].size() == 2);
  CHECK_FALSE(second.body.contains("next"));
  CHECK(second.body["prev"] == f.ap + "/user/ada/followers?page=1");
  CHECK(f.Get("/api/v1/activitypub/user/ada/following").body["totalItems"] == 0);
  CHECK(f.Get("/api/v1/activitypub/user/ada/followers?page=x").status == 400);
}

TEST_CASE("public trails are Notes in the outbox, nothing else is served", "[api][federation]") {
  Fediverse f;
  auto [ada, token] = f.server.CreateUser("ada");
  auto [bob, bob_token] = f.server.CreateUser("bob");
  const std::string open =
      f.server.CreateTrail(token, ada,
                           {{"name", "Ridge <walk>"},
                            {"public", true},
                            {"description", "Up the ridge.\n\nDown the valley."},
                            {"location", "Alps"},
                            {"lat", 46.5},
                            {"lon", 8.25},
                            {"distance", 12345},
                            {"elevation_gain", 800},
                            {"date", "2024-06-01"}});
  const std::string closed =
      f.server.CreateTrail(token, ada, {{"name", "Secret spring"}, {"public", false}});
  const std::string shared =
      f.server.CreateTrail(token, ada, {{"name", "Shared col"}, {"public", false}});
  REQUIRE(f.server
              .Put("/api/v1/trail-share",
                   {{"trail", shared}, {"user", bob}, {"permission", "view"}}, token)
              .status == 200);

  Reply note = f.Get("/api/v1/activitypub/trail/" + open);
  INFO(note.raw);
  REQUIRE(note.status == 200);
  const Json& n = note.body;
  CHECK(n["id"] == f.ap + "/trail/" + open);
  CHECK(n["type"] == "Note");
  CHECK(n["attributedTo"] == f.ap + "/user/ada");
  CHECK(n["name"] == "Ridge <walk>");
  CHECK_THAT(n["content"].get<std::string>(),
             Catch::Contains("<strong>Ridge &lt;walk&gt;</strong>"));
  CHECK_THAT(n["content"].get<std::string>(),
             Catch::Contains("<p>Up the ridge.</p><p>Down the valley.</p>"));
  CHECK_THAT(n["content"].get<std::string>(), Catch::Contains("12.3 km"));
  CHECK(n["url"] == f.server.origin() + "/trail/" + open);
  CHECK(n["to"] == Json({kPublic}));
  CHECK(n["cc"] == Json({f.ap + "/user/ada/followers"}));
  CHECK(n["location"]["type"] == "Place");
  CHECK(n["location"]["name"] == "Alps");
  CHECK(n["location"]["latitude"] == 46.5);
  CHECK(n["startTime"].get<std::string>().rfind("2024-06-01", 0) == 0);
  CHECK(n["attachment"][0] ==
        Json({{"type", "PropertyValue"}, {"name", "Distance"}, {"value", "12.3 km"}}));

  Reply create = f.Get("/api/v1/activitypub/trail/" + open + "/activity");
  REQUIRE(create.status == 200);
  CHECK(create.body["type"] == "Create");
  CHECK(create.body["actor"] == f.ap + "/user/ada");
  CHECK(create.body["object"]["id"] == n["id"]);

  Reply outbox = f.Get("/api/v1/activitypub/user/ada/outbox?page=1");
  REQUIRE(outbox.status == 200);
  CHECK(outbox.body["totalItems"] == 1);
  REQUIRE(outbox.body["orderedItems"].size() == 1);
  CHECK(outbox.body["orderedItems"][0]["object"]["id"] == n["id"]);
  for (const std::string& hidden : {closed, shared}) {
    CHECK(f.Get("/api/v1/activitypub/trail/" + hidden).status == 404);
    CHECK(f.Get("/api/v1/activitypub/trail/" + hidden + "/activity").status == 404);
  }
  CHECK(outbox.raw.find("Secret") == std::string::npos);
  CHECK(outbox.raw.find("Shared col") == std::string::npos);
}

TEST_CASE("comments and summit logs are Notes in reply to their public trail only",
          "[api][federation]") {
  Fediverse f;
  auto [ada, token] = f.server.CreateUser("ada");
  auto [bob, bob_token] = f.server.CreateUser("bob");
  const std::string open = f.server.CreateTrail(token, ada, {{"name", "Open"}, {"public", true}});
  const std::string closed =
      f.server.CreateTrail(token, ada, {{"name", "Closed"}, {"public", false}});
  auto make = [&](const std::string& path, Json body, const std::string& who) {
    Reply r = f.server.Put(path, body, who);
    INFO(r.raw);
    REQUIRE(r.status == 200);
    return r.body["id"].get<std::string>();
  };
  const std::string comment =
      make("/api/v1/comment", {{"author", bob}, {"trail", open}, {"text", "Lovely <b>view</b>"}},
           bob_token);
  const std::string hidden_comment =
      make("/api/v1/comment", {{"author", ada}, {"trail", closed}, {"text", "C-secret"}}, token);
  const std::string log =
      make("/api/v1/summit-log",
           {{"author", ada}, {"trail", open}, {"date", "2024-06-02"}, {"text", "Top!"}}, token);
  const std::string hidden_log = make(
      "/api/v1/summit-log", {{"author", ada}, {"trail", closed}, {"date", "2024-06-02"}}, token);

  Reply c = f.Get("/api/v1/activitypub/comment/" + comment);
  INFO(c.raw);
  REQUIRE(c.status == 200);
  CHECK(c.body["type"] == "Note");
  CHECK(c.body["attributedTo"] == f.ap + "/user/bob");
  CHECK(c.body["inReplyTo"] == f.ap + "/trail/" + open);
  CHECK(c.body["content"] == "<p>Lovely &lt;b&gt;view&lt;/b&gt;</p>");
  CHECK(c.body["cc"][0] == f.ap + "/user/ada");
  Reply s = f.Get("/api/v1/activitypub/summit-log/" + log);
  REQUIRE(s.status == 200);
  CHECK(s.body["inReplyTo"] == f.ap + "/trail/" + open);
  CHECK(s.body["content"] == "<p>Top!</p>");
  CHECK(f.Get("/api/v1/activitypub/comment/" + hidden_comment).status == 404);
  CHECK(f.Get("/api/v1/activitypub/summit-log/" + hidden_log).status == 404);
}

TEST_CASE("a person who opts out of federation is nowhere in it", "[api][federation]") {
  Fediverse f;
  auto [ada, token] = f.server.CreateUser("ada");
  auto [bob, bob_token] = f.server.CreateUser("bob");
  const std::string trail = f.server.CreateTrail(token, ada, {{"name", "Ada's ridge"}});
  const std::string bobs = f.server.CreateTrail(bob_token, bob, {{"name", "Bob's col"}});
  Reply comment =
      f.server.Put("/api/v1/comment", {{"author", ada}, {"trail", bobs}, {"text", "Nice"}}, token);
  REQUIRE(comment.status == 200);
  Follow(f.server, token, bob);
  REQUIRE(f.Get("/api/v1/activitypub/user/ada").status == 200);
  Reply off = f.server.Put("/api/v1/settings", {{"federation", "off"}}, token);
  INFO(off.raw);
  REQUIRE(off.status == 200);
  const std::string acct = "acct:ada@127.0.0.1:" + std::to_string(f.server.port());
  CHECK(f.server.Get("/.well-known/webfinger?resource=" + Url(acct)).status == 404);
  for (const std::string& path :
       {std::string("/api/v1/activitypub/user/ada"),
        std::string("/api/v1/activitypub/user/ada/outbox"),
        std::string("/api/v1/activitypub/user/ada/followers"), "/api/v1/activitypub/trail/" + trail,
        "/api/v1/activitypub/comment/" + comment.body["id"].get<std::string>()}) {
    INFO(path);
    CHECK(f.Get(path).status == 404);
  }
  // Bob's followers no longer name or count her; his own trail is still served.
  Reply followers = f.Get("/api/v1/activitypub/user/bob/followers?page=1");
  CHECK(followers.body["totalItems"] == 0);
  CHECK(followers.raw.find("/user/ada") == std::string::npos);
  CHECK(f.Get("/api/v1/activitypub/trail/" + bobs).status == 200);
  // And back in.
  const std::string settings = off.body["id"];
  REQUIRE(f.server.Post("/api/v1/settings/" + settings, {{"federation", "on"}}, token).status ==
          200);
  CHECK(f.Get("/api/v1/activitypub/user/ada").status == 200);
}

TEST_CASE("without federation the ActivityPub paths are 404", "[api][federation]") {
  TestServer server("", {"--public-url", "{origin}"});
  auto [ada, token] = server.CreateUser("ada");
  const std::string open = server.CreateTrail(token, ada, {{"name", "Open"}, {"public", true}});
  for (const std::string& path :
       {std::string("/api/v1/activitypub/user/ada"),
        std::string("/api/v1/activitypub/user/ada/outbox"), "/api/v1/activitypub/trail/" + open}) {
    INFO(path);
    CHECK(server.Get(path).status == 404);
  }
}

}  // namespace
}  // namespace cairn::api_test
