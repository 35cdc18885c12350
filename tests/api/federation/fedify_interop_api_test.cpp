// What Cairn serves, read by an independent implementation: the Fedify peer finds a Cairn person
// by handle (WebFinger) and by actor IRI, and parses their Person and a public trail's Note; it
// is refused a private one.
#include <catch2/catch.hpp>

#include "api/federation/fedify_peer.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

TEST_CASE("Fedify reads a Cairn person by handle and IRI, and a public trail's Note",
          "[api][federation][fedify]") {
  TestServer server(
      "", {"--public-url", "{origin}", "--federation", "on", "--federation-allow-private"});
  auto [ada, token] = server.CreateUser("ada");
  const std::string open =
      server.CreateTrail(token, ada, {{"name", "Ridge"}, {"public", true}, {"description", "Up."}});
  const std::string closed =
      server.CreateTrail(token, ada, {{"name", "Hidden"}, {"public", false}});
  FedifyPeer peer;
  const std::string ap = server.origin() + "/api/v1/activitypub";
  const std::string handle = "@ada@127.0.0.1:" + std::to_string(server.port());
  for (const std::string& target : {handle, ap + "/user/ada"}) {
    INFO(target);
    Reply found = peer.Control("lookup", {{"target", target}});
    INFO(found.raw);
    REQUIRE(found.status == 200);
    CHECK(found.body["type"] == "Person");
    CHECK(found.body["id"] == ap + "/user/ada");
    CHECK(found.body["object"]["preferredUsername"] == "ada");
    CHECK(found.body["object"]["publicKey"]["owner"] == ap + "/user/ada");
  }
  Reply note = peer.Control("lookup", {{"target", ap + "/trail/" + open}});
  INFO(note.raw);
  REQUIRE(note.status == 200);
  CHECK(note.body["type"] == "Note");
  CHECK(note.body["object"]["attributedTo"] == ap + "/user/ada");
  CHECK(note.body["object"]["name"] == "Ridge");
  Reply hidden = peer.Control("lookup", {{"target", ap + "/trail/" + closed}});
  CHECK(hidden.status != 200);
  CHECK(hidden.raw.find("Hidden") == std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
