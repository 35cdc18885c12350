// The permission matrix's "remote server" caller: another server (the Fedify peer) that follows
// everyone here, reads every ActivityPub document and posts to every inbox. Nothing private,
// shared-only or of a person who opted out reaches it, by reading or by delivery, and nothing it
// posts touches what it may not.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "api/federation/eventually.h"
#include "api/federation/fedify_peer.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

TEST_CASE("a remote server reads and hears nothing private, and changes only what it may",
          "[api][federation][fedify][permissions]") {
  TestServer server(
      "", {"--public-url", "{origin}", "--federation", "on", "--federation-allow-private"});
  const std::string ap = server.origin() + "/api/v1/activitypub";
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [olga, olga_token] = server.CreateUser("olga");  // opts out of federation
  REQUIRE(server.Put("/api/v1/settings", {{"federation", "off"}}, olga_token).status == 200);
  FedifyPeer peer;
  for (const std::string name : {"alice", "bob", "olga"}) {
    peer.Control("follow", {{"target", ap + "/user/" + name}});
  }
  // Olga's actor is a 404 to anyone: the peer cannot follow her.
  REQUIRE(Eventually([&] {
    int accepted = 0;
    for (const Json& f : peer.Get("following").body) accepted += f["state"] == "accepted";
    return accepted == 2;
  }));

  const auto make = [&](const std::string& path, Json body, const std::string& token) {
    Reply r = server.Put(path, body, token);
    INFO(r.raw);
    REQUIRE(r.status == 200);
    return r.body["id"].get<std::string>();
  };
  const std::string open =
      server.CreateTrail(alice_token, alice, {{"name", "T-open"}, {"public", true}});
  const std::string closed =
      server.CreateTrail(alice_token, alice, {{"name", "T-secret"}, {"public", false}});
  const std::string shared =
      server.CreateTrail(alice_token, alice, {{"name", "T-shared"}, {"public", false}});
  make("/api/v1/trail-share", {{"trail", shared}, {"user", bob}, {"permission", "view"}},
       alice_token);
  server.CreateTrail(olga_token, olga, {{"name", "T-olga"}, {"public", true}});
  const std::string secret_comment = make(
      "/api/v1/comment", {{"author", alice}, {"trail", closed}, {"text", "C-secret"}}, alice_token);
  make("/api/v1/comment", {{"author", bob}, {"trail", shared}, {"text", "C-shared"}}, bob_token);
  make("/api/v1/comment", {{"author", olga}, {"trail", open}, {"text", "C-olga"}}, olga_token);
  make("/api/v1/summit-log",
       {{"author", alice}, {"trail", closed}, {"date", "2024-06-01"}, {"text", "S-secret"}},
       alice_token);
  const std::string open_comment =
      make("/api/v1/comment", {{"author", bob}, {"trail", open}, {"text", "C-open"}}, bob_token);
  // What the peer hears: the public trail and the comment on it, nothing else.
  REQUIRE(Eventually([&] {
    return peer.Get("received?type=Create").body.size() == 2;  // T-open and C-open
  }));
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const std::string everything = peer.Get("received").raw;
  for (const char* secret : {"T-secret", "T-shared", "T-olga", "C-secret", "C-shared", "C-olga",
                             "S-secret", "@example.com"}) {
    INFO(secret);
    CHECK(everything.find(secret) == std::string::npos);
  }

  // Reading: every document a remote server can ask for.
  const auto read = [&](const std::string& path) {
    Reply r = server.SendWithHeaders("GET", path, {{"Accept", "application/activity+json"}});
    return r;
  };
  std::string served;
  for (const std::string& path : std::vector<std::string>{
           "/user/alice", "/user/alice/outbox", "/user/alice/outbox?page=1",
           "/user/alice/followers", "/user/alice/followers?page=1", "/user/alice/following?page=1",
           "/user/bob/outbox?page=1", "/user/olga", "/user/olga/outbox?page=1", "/trail/" + open,
           "/trail/" + closed, "/trail/" + shared, "/trail/" + closed + "/activity",
           "/comment/" + secret_comment, "/comment/" + open_comment}) {
    served += read("/api/v1/activitypub" + path).raw;
  }
  CHECK(served.find("T-open") != std::string::npos);
  CHECK(served.find("C-open") != std::string::npos);
  for (const char* secret : {"T-secret", "T-shared", "T-olga", "C-secret", "C-shared", "S-secret",
                             "@example.com", "PRIVATE KEY"}) {
    INFO(secret);
    CHECK(served.find(secret) == std::string::npos);
  }
  CHECK(read("/api/v1/activitypub/trail/" + closed).status == 404);
  CHECK(read("/api/v1/activitypub/user/olga").status == 404);

  // Posting: a reply to and a like of a private trail are refused; an Undo or Delete of what is
  // not the peer's changes nothing; claiming to be alice fails the signature check.
  const std::string inbox = ap + "/user/alice/inbox";
  Reply reply = peer.Control(
      "reply",
      {{"inReplyTo", ap + "/trail/" + closed}, {"content", "sneaky"}, {"to", ap + "/user/alice"}});
  CHECK(server.Get("/api/v1/comment?filter=" + Url("trail='" + closed + "'"), alice_token)
            .body.size() == 1);
  peer.Control("raw-post", {{"inbox", inbox},
                            {"activity", {{"type", "Like"}, {"object", ap + "/trail/" + closed}}},
                            {"tamper", "none"}});
  CHECK(server.Get("/api/v1/trail/" + closed, alice_token).body["like_count"] == 0);
  for (const Json& activity :
       {Json{{"type", "Delete"}, {"object", ap + "/comment/" + open_comment}},
        Json{{"type", "Delete"}, {"object", ap + "/user/bob"}},
        Json{
            {"type", "Undo"},
            {"object",
             {{"type", "Follow"}, {"object", ap + "/user/bob"}, {"actor", ap + "/user/alice"}}}}}) {
    Reply sent =
        peer.Control("raw-post", {{"inbox", inbox}, {"activity", activity}, {"tamper", "none"}});
    INFO(sent.raw);
    CHECK(sent.body["status"].get<int>() < 500);
  }
  CHECK(server.Get("/api/v1/comment/" + open_comment, bob_token).status == 200);
  CHECK(server.Get("/api/v1/user/" + bob, bob_token).status == 200);
  Reply impersonated =
      peer.Control("raw-post", {{"inbox", inbox},
                                {"activity", {{"type", "Like"}, {"object", ap + "/trail/" + open}}},
                                {"tamper", "actor-mismatch"},
                                {"otherActor", ap + "/user/bob"}});
  CHECK(impersonated.body["status"] == 401);
  CHECK(server.Get("/api/v1/trail/" + open, alice_token).body["like_count"] == 0);
}

}  // namespace
}  // namespace cairn::api_test
