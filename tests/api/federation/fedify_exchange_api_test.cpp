// The exchange with an independent implementation: the Fedify peer follows a Cairn person, hears
// of a new public trail through a delivery it verified, answers and likes it (both appear on the
// trail), unfollows; a Cairn person finds and follows the Fedify actor. Requests that are
// tampered with, signed with the wrong key or too old are refused and change nothing.
#include <catch2/catch.hpp>
#include <chrono>
#include <thread>

#include "api/federation/eventually.h"
#include "api/federation/fedify_peer.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// What the peer received of `type` (Fedify verified each, or recorded it as rejected).
Json Received(FedifyPeer& peer, const std::string& type) {
  Reply r = peer.Get("received?type=" + type);
  return r.status == 200 && r.body.is_array() ? r.body : Json::array();
}

struct Federated {
  TestServer server{
      "", {"--public-url", "{origin}", "--federation", "on", "--federation-allow-private"}};
  std::string ap = server.origin() + "/api/v1/activitypub";
};

TEST_CASE("a Fedify actor follows a Cairn person, hears of a new trail, answers and likes it",
          "[api][federation][fedify]") {
  Federated cairn;
  TestServer& server = cairn.server;
  auto [ada, token] = server.CreateUser("ada");
  FedifyPeer peer;
  const std::string actor = cairn.ap + "/user/ada";

  Reply follow = peer.Control("follow", {{"target", actor}});
  INFO(follow.raw);
  REQUIRE(follow.status == 200);
  // Cairn keeps the follow (a public account accepts at once) and answers with an Accept.
  REQUIRE(Eventually([&] {
    Reply following = peer.Get("following");
    return following.body.is_array() && !following.body.empty() &&
           following.body[0]["state"] == "accepted";
  }));
  Reply followers = server.Get("/api/v1/follow?filter=" + Url("followee='" + ada + "'"), token);
  REQUIRE(followers.body["items"].size() == 1);
  CHECK(followers.body["items"][0]["status"] == "accepted");
  const Json accepts = Received(peer, "Accept");
  REQUIRE(accepts.size() == 1);
  CHECK(accepts[0]["verified"] == true);
  CHECK(accepts[0]["actor"] == actor);
  Reply collection = server.Get("/api/v1/activitypub/user/ada/followers?page=1");
  CHECK(collection.body["orderedItems"] == Json::array({peer.actor()}));

  // A new public trail reaches the follower, signed by ada; a private one does not.
  const std::string trail =
      server.CreateTrail(token, ada, {{"name", "Ridge walk"}, {"public", true}});
  server.CreateTrail(token, ada, {{"name", "Secret bothy"}, {"public", false}});
  REQUIRE(Eventually([&] { return !Received(peer, "Create").empty(); }));
  std::this_thread::sleep_for(std::chrono::seconds(2));  // room for a wrong second delivery
  const Json creates = Received(peer, "Create");
  REQUIRE(creates.size() == 1);
  CHECK(creates[0]["verified"] == true);
  CHECK(creates[0]["httpSignatureVerified"] == true);
  CHECK(creates[0]["keyId"] == actor + "#main-key");
  CHECK(creates[0]["object"] == cairn.ap + "/trail/" + trail);
  CHECK(creates[0]["body"]["object"]["name"] == "Ridge walk");
  CHECK(creates[0]["body"].dump().find("Secret bothy") == std::string::npos);

  // The peer answers and likes it: a comment by the remote person and a like on the trail.
  Reply reply = peer.Control("reply", {{"inReplyTo", cairn.ap + "/trail/" + trail},
                                       {"content", "<p>Lovely <b>ridge</b> &amp; view</p>"},
                                       {"to", actor}});
  INFO(reply.raw);
  REQUIRE(reply.status == 200);
  Reply like = peer.Control("like", {{"object", cairn.ap + "/trail/" + trail}, {"to", actor}});
  INFO(like.raw);
  REQUIRE(like.status == 200);
  Reply comments = server.Get(
      "/api/v1/comment?filter=" + Url("trail='" + trail + "'") + "&expand=author", token);
  REQUIRE(comments.body.size() == 1);
  CHECK(comments.body[0]["text"] == "Lovely ridge & view");
  const std::string remote_name = comments.body[0]["expand"]["author"]["username"];
  CHECK(remote_name == "fedi@127.0.0.1:" + std::to_string(peer.port()));
  CHECK(server.Get("/api/v1/trail/" + trail, token).body["like_count"] == 1);
  // ada hears of both.
  Reply notifications = server.Get("/api/v1/notification?sort=-created", token);
  std::string types;
  for (const Json& n : notifications.body["items"]) types += n["type"].get<std::string>() + " ";
  CHECK(types.find("trail_comment") != std::string::npos);
  CHECK(types.find("trail_like") != std::string::npos);
  CHECK(types.find("new_follower") != std::string::npos);

  // Undo of the like, Delete of the reply, and the unfollow: all taken back here.
  REQUIRE(
      peer.Control("undo-like", {{"object", cairn.ap + "/trail/" + trail}, {"to", actor}}).status ==
      200);
  CHECK(server.Get("/api/v1/trail/" + trail, token).body["like_count"] == 0);
  REQUIRE(peer.Control("delete", {{"object", reply.body["note"]}, {"to", actor}}).status == 200);
  CHECK(server.Get("/api/v1/comment?filter=" + Url("trail='" + trail + "'"), token).body.size() ==
        0);
  REQUIRE(peer.Control("unfollow", {{"target", actor}}).status == 200);
  CHECK(server.Get("/api/v1/follow?filter=" + Url("followee='" + ada + "'"), token)
            .body["items"]
            .size() == 0);
}

TEST_CASE("a Cairn person who deletes their account sends Fedify a Delete it verifies",
          "[api][federation][fedify]") {
  Federated cairn;
  TestServer& server = cairn.server;
  auto [ada, token] = server.CreateUser("ada");
  FedifyPeer peer;
  const std::string actor = cairn.ap + "/user/ada";
  REQUIRE(peer.Control("follow", {{"target", actor}}).status == 200);
  REQUIRE(Eventually([&] { return !Received(peer, "Accept").empty(); }));

  REQUIRE(server.Delete("/api/v1/user/" + ada, token).status < 300);
  REQUIRE(Eventually([&] { return !Received(peer, "Delete").empty(); }));
  const Json deletes = Received(peer, "Delete");
  INFO(deletes.dump());
  CHECK(deletes[0]["verified"] == true);
  CHECK(deletes[0]["actor"] == actor);
  CHECK(deletes[0]["object"] == actor);
  CHECK(deletes[0]["keyId"] == actor + "#main-key");
}

TEST_CASE("a Fedify server in authorized-fetch mode is read with this server's own signature",
          "[api][federation][fedify]") {
  Federated cairn;
  TestServer& server = cairn.server;
  auto [ada, token] = server.CreateUser("ada");
  FedifyPeer peer;
  REQUIRE(peer.Control("authorized-fetch", {{"on", true}}).status == 200);
  // An unsigned read is refused there.
  httplib::Client client("127.0.0.1", peer.port());
  auto unsigned_read = client.Get(peer.actor().substr(peer.actor().find("/users/")).c_str(),
                                  httplib::Headers{{"Accept", "application/activity+json"}});
  REQUIRE(unsigned_read);
  CHECK(unsigned_read->status == 401);

  // The server's own actor: an Application with a public key, and nothing secret.
  Reply own = server.Get("/api/v1/activitypub/actor");
  INFO(own.raw);
  REQUIRE(own.status == 200);
  CHECK(own.body["type"] == "Application");
  CHECK(own.body["publicKey"]["id"] == cairn.ap + "/actor#main-key");
  CHECK(own.body["publicKey"]["publicKeyPem"].get<std::string>().rfind("-----BEGIN PUBLIC KEY",
                                                                       0) == 0);
  CHECK(own.raw.find("PRIVATE") == std::string::npos);

  // Finding and following the Fedify actor works: the reads are signed by that actor, whose
  // key Fedify fetched and checked.
  Reply found = server.Get("/api/v1/search/actor?q=" + Url(peer.info()["handle"]), token);
  INFO(found.raw);
  REQUIRE(found.status == 200);
  REQUIRE(found.body.size() == 1);
  Reply reads = peer.Get("authorized-reads");
  INFO(reads.raw);
  bool signed_by_server = false;
  for (const Json& read : reads.body) {
    if (read["owner"] == cairn.ap + "/actor") signed_by_server = true;
  }
  CHECK(signed_by_server);
  Reply follow = server.Put("/api/v1/follow", {{"followee", found.body[0]["id"]}}, token);
  REQUIRE(follow.status == 200);
  CHECK(Eventually([&] {
    return server.Get("/api/v1/follow/" + follow.body["id"].get<std::string>(), token)
               .body["status"] == "accepted";
  }));
}

TEST_CASE("a Cairn person finds the Fedify actor by handle and follows it",
          "[api][federation][fedify]") {
  Federated cairn;
  TestServer& server = cairn.server;
  auto [ada, token] = server.CreateUser("ada");
  FedifyPeer peer;
  const std::string handle = peer.info()["handle"];

  Reply found = server.Get("/api/v1/search/actor?q=" + Url(handle), token);
  INFO(found.raw);
  REQUIRE(found.status == 200);
  REQUIRE(found.body.size() == 1);
  CHECK(found.body[0]["username"] == handle.substr(1));
  const std::string remote = found.body[0]["id"];
  // Their profile here: what this server knows, and their page there; not to anonymous callers.
  Reply profile = server.Get("/api/v1/profile/" + Url(handle), token);
  INFO(profile.raw);
  REQUIRE(profile.status == 200);
  CHECK(profile.body["profile"]["remote"] == true);
  CHECK(profile.body["profile"]["uri"] == peer.actor());
  CHECK(profile.body["profile"]["username"] == handle.substr(1));
  CHECK(profile.body["profile"]["trails"] == 0);
  CHECK(server.Get("/api/v1/profile/" + Url(handle)).status == 401);
  CHECK(server.Get("/api/v1/profile/" + Url("@nobody@example.org"), token).status == 404);

  Reply follow = server.Put("/api/v1/follow", {{"followee", remote}}, token);
  INFO(follow.raw);
  REQUIRE(follow.status == 200);
  CHECK(follow.body["status"] == "pending");  // until their server accepts
  REQUIRE(Eventually([&] {
    return server.Get("/api/v1/follow/" + follow.body["id"].get<std::string>(), token)
               .body["status"] == "accepted";
  }));
  Reply followers = peer.Get("followers");
  REQUIRE(followers.body["followers"].size() == 1);
  // The Follow is served at its IRI, and Fedify reads it there.
  const std::string follow_iri =
      server.origin() + "/api/v1/activitypub/activity/" + follow.body["id"].get<std::string>();
  Reply looked = peer.Control("lookup", {{"target", follow_iri}});
  INFO(looked.raw);
  CHECK(looked.body["type"] == "Follow");
  CHECK(looked.body["object"]["object"] == peer.actor());
  CHECK(server.Get("/api/v1/activitypub/activity/nosuchactivity1").status == 404);
  CHECK(followers.body["followers"][0]["actor"] == cairn.ap + "/user/ada");

  // What the Fedify actor posts publicly: a trail (a Note with a place) is kept for ada's feed,
  // a plain status is not.
  const std::string fedi = peer.actor();
  const Json pub = Json::array({"https://www.w3.org/ns/activitystreams#Public"});
  for (const auto& [id, note] : std::vector<std::pair<std::string, Json>>{
           {"t1",
            {{"type", "Note"},
             {"content", "<p>Lakeside loop</p>"},
             {"location", {{"type", "Place"}, {"latitude", 46.5}, {"longitude", 7.9}}}}},
           {"s1", {{"type", "Note"}, {"content", "<p>Just a status</p>"}}}}) {
    Json object = note;
    object["id"] = fedi + "/notes/" + id;
    object["attributedTo"] = fedi;
    object["to"] = pub;
    Reply sent = peer.Control("raw-post",
                              {{"inbox", server.origin() + "/api/v1/activitypub/inbox"},
                               {"activity", {{"type", "Create"}, {"to", pub}, {"object", object}}},
                               {"tamper", "none"}});
    INFO(sent.raw);
    CHECK(sent.body["status"] == 202);
  }
  const std::string feed = server.Get("/api/v1/feed?expand=item", token).raw;
  CHECK(feed.find("Lakeside loop") != std::string::npos);
  CHECK(feed.find("Just a status") == std::string::npos);

  // Unfollowing here sends the Undo.
  REQUIRE(server.Delete("/api/v1/follow/" + follow.body["id"].get<std::string>(), token).status <
          300);
  CHECK(Eventually([&] { return peer.Get("followers").body["followers"].empty(); }));

  // A handle no server knows: no one found, not an error.
  Reply unknown = server.Get(
      "/api/v1/search/actor?q=" + Url("@nobody@127.0.0.1:" + std::to_string(peer.port())), token);
  CHECK(unknown.status == 200);
  CHECK(unknown.body.empty());
}

TEST_CASE("inbox posts that are tampered with, wrongly signed, stale or unsigned are refused",
          "[api][federation][fedify]") {
  Federated cairn;
  TestServer& server = cairn.server;
  auto [ada, token] = server.CreateUser("ada");
  const std::string trail = server.CreateTrail(token, ada, {{"name", "Ridge"}, {"public", true}});
  FedifyPeer peer;
  const std::string inbox = cairn.ap + "/user/ada/inbox";
  const Json like = {{"type", "Like"}, {"object", cairn.ap + "/trail/" + trail}};
  for (const std::string tamper : {"body", "digest", "wrong-key", "stale-date", "future-date",
                                   "no-signature", "no-digest", "actor-mismatch"}) {
    INFO(tamper);
    Reply sent = peer.Control("raw-post", {{"inbox", inbox},
                                           {"activity", like},
                                           {"tamper", tamper},
                                           {"otherActor", cairn.ap + "/user/ada"}});
    INFO(sent.raw);
    REQUIRE(sent.status == 200);
    CHECK(sent.body["status"] == 401);
    CHECK(server.Get("/api/v1/trail/" + trail, token).body["like_count"] == 0);
  }
  // The same, untouched, is applied.
  Reply good = peer.Control("raw-post", {{"inbox", inbox}, {"activity", like}, {"tamper", "none"}});
  INFO(good.raw);
  CHECK(good.body["status"] == 202);
  CHECK(server.Get("/api/v1/trail/" + trail, token).body["like_count"] == 1);
  // Not an activity: 400; an unknown recipient: 404.
  CHECK(server.Post("/api/v1/activitypub/user/ada/inbox", Json::object()).status == 400);
  CHECK(peer.Control("raw-post", {{"inbox", cairn.ap + "/user/nobody/inbox"},
                                  {"activity", like},
                                  {"tamper", "none"}})
            .body["status"] == 404);
}

}  // namespace
}  // namespace cairn::api_test
