// Sending a trail on, between two real Cairn servers on loopback: the GPS file, words, category
// and photos arrive under the receiving person's account; every failure comes back in words.
#include <catch2/catch.hpp>

#include "api/test_files.h"
#include "api/test_gpx.h"

namespace cairn::api_test {
namespace {

struct SendWorld {
  TestServer here{"", {"--plugin-allow-private"}};
  TestServer there;
  std::string alice, token, bob, bob_token, api_key;

  SendWorld() {
    std::tie(alice, token) = here.CreateUser("alice");
    std::tie(bob, bob_token) = there.CreateUser("bob");
    Reply key = there.Put("/api/v1/api-token", {{"name", "from my Pi"}, {"x", 1}}, bob_token);
    REQUIRE(key.status == 200);
    api_key = key.body["token"];
  }

  std::string Connect(const std::string& key, const std::string& url = "") {
    Reply r = here.Put("/api/v1/plugin-instance",
                       {{"plugin_id", "wanderer"},
                        {"enabled", true},
                        {"config", {{"url", url.empty() ? there.origin() + "/" : url}}},
                        {"auth", {{"token", key}}}},
                       token);
    REQUIRE(r.status == 200);
    return r.body["id"];
  }

  std::string TrailWithPhoto() {
    Reply up = here.Send("PUT", "/api/v1/trail/upload", token, WalkGpx("Ridge walk"),
                         "application/gpx+xml");
    REQUIRE(up.status == 200);
    const std::string id = up.body["id"];
    REQUIRE(here.Post("/api/v1/trail/" + id,
                      {{"name", "Ridge walk"},
                       {"description", "Windy on top"},
                       {"difficulty", "moderate"},
                       {"category", "hikingcategory1"}},
                      token)
                .status == 200);
    Reply photo =
        SendForm(here, "POST", "/api/v1/trail/" + id + "/file", token, {},
                 {{"photos+", "top.jpg", testing::MakeJpeg(40, 30, testing::LeftRedRightBlue)}});
    REQUIRE(photo.status == 200);
    return id;
  }

  Reply SendTrail(const std::string& trail, const std::string& instance) {
    return here.Post("/api/v1/plugin-system/trail-send", {{"trail", trail}, {"instance", instance}},
                     token);
  }
};

TEST_CASE("A trail is sent to another Cairn with its track, words, category and photos",
          "[plugins][send]") {
  SendWorld w;
  const std::string instance = w.Connect(w.api_key);
  const std::string trail = w.TrailWithPhoto();

  Reply checked = w.here.Post("/api/v1/plugin-system/auth/validate",
                              {{"instance", instance}, {"x", 1}}, w.token);
  REQUIRE(checked.status == 200);
  CHECK(checked.body["valid"] == true);

  Reply sent = w.SendTrail(trail, instance);
  INFO(sent.raw);
  REQUIRE(sent.status == 200);
  CHECK(sent.body["acknowledged"] == true);
  CHECK(sent.body["photos"] == 1);
  const std::string remote_id = sent.body["remote"]["id"];
  CHECK(sent.body["remote"]["url"] == w.there.origin() + "/trail/" + remote_id);

  Reply arrived = w.there.Get("/api/v1/trail/" + remote_id, w.bob_token);
  REQUIRE(arrived.status == 200);
  CHECK(arrived.body["author"] == w.bob);
  CHECK(arrived.body["name"] == "Ridge walk");
  CHECK(arrived.body["description"] == "Windy on top");
  CHECK(arrived.body["difficulty"] == "moderate");
  CHECK(arrived.body["category"] == "hikingcategory1");
  CHECK(arrived.body["photos"].size() == 1);
  Reply original = w.here.Get("/api/v1/trail/" + trail, w.token);
  CHECK(arrived.body["distance"] == original.body["distance"]);

  Reply shown = w.here.Get("/api/v1/plugin-instance/" + instance, w.token);
  CHECK(shown.body["status"] == "configured");
  CHECK_FALSE(shown.body["last_sync"].get<std::string>().empty());
  CHECK(shown.raw.find(w.api_key) == std::string::npos);

  // Sent twice: the other server's duplicate check says it has it.
  Reply again = w.SendTrail(trail, instance);
  CHECK(again.status == 409);
  CHECK(again.body["message"].get<std::string>().find("already has this trail") !=
        std::string::npos);
}

TEST_CASE("Sending a trail on fails in words", "[plugins][send]") {
  SendWorld w;
  const std::string trail = w.TrailWithPhoto();

  const std::string wrong = w.Connect("cairn_not_a_real_key_at_all_0000000000");
  Reply refused = w.SendTrail(trail, wrong);
  CHECK(refused.status == 502);
  CHECK(refused.body["message"].get<std::string>().find("refused the API token") !=
        std::string::npos);
  CHECK(w.here.Get("/api/v1/plugin-instance/" + wrong, w.token).body["status"] == "needs_reauth");
  Reply invalid =
      w.here.Post("/api/v1/plugin-system/auth/validate", {{"instance", wrong}, {"x", 1}}, w.token);
  CHECK(invalid.body["valid"] == false);

  const std::string nowhere = w.Connect(w.api_key, "http://127.0.0.1:1");
  Reply unreachable = w.SendTrail(trail, nowhere);
  CHECK(unreachable.status >= 502);
  CHECK(unreachable.body["message"].get<std::string>().find("could not be reached") !=
        std::string::npos);

  const std::string good = w.Connect(w.api_key);
  auto [carol, carol_token] = w.here.CreateUser("carol");
  CHECK(w.here
            .Post("/api/v1/plugin-system/trail-send", {{"trail", trail}, {"instance", good}},
                  carol_token)
            .status == 404);  // neither the trail nor the connection is hers
  CHECK(w.SendTrail("nosuchtrail0000", good).status == 404);
  CHECK(w.here.Post("/api/v1/plugin-system/trail-send", {{"trail", trail}, {"x", 1}}, w.token)
            .status == 400);
  REQUIRE(w.here.Post("/api/v1/plugin-instance/" + good, {{"enabled", false}, {"x", 1}}, w.token)
              .status == 200);
  Reply disabled = w.SendTrail(trail, good);
  CHECK(disabled.status == 400);
  CHECK(disabled.body["message"].get<std::string>().find("turned off") != std::string::npos);
  Reply strava =
      w.here.Put("/api/v1/plugin-instance", {{"plugin_id", "strava"}, {"x", 1}}, w.token);
  REQUIRE(strava.status == 200);
  CHECK(w.SendTrail(trail, strava.body["id"]).status == 400);
  CHECK(w.here.Post("/api/v1/plugin-system/trail-send", {{"trail", trail}, {"instance", good}})
            .status == 401);
}

TEST_CASE("Without --plugin-allow-private a trail is never sent to a private address",
          "[plugins][send]") {
  TestServer here;
  TestServer there;
  auto [alice, token] = here.CreateUser("alice");
  Reply up =
      here.Send("PUT", "/api/v1/trail/upload", token, WalkGpx("Ridge walk"), "application/gpx+xml");
  REQUIRE(up.status == 200);
  Reply instance = here.Put("/api/v1/plugin-instance",
                            {{"plugin_id", "wanderer"},
                             {"enabled", true},
                             {"config", {{"url", there.origin()}}},
                             {"auth", {{"token", "cairn_whatever"}}}},
                            token);
  REQUIRE(instance.status == 200);
  Reply sent = here.Post("/api/v1/plugin-system/trail-send",
                         {{"trail", up.body["id"]}, {"instance", instance.body["id"]}}, token);
  CHECK(sent.status == 502);
  CHECK(sent.body["message"].get<std::string>().find("--plugin-allow-private") !=
        std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
