// The plugin interface over HTTP: the installed plugins, and plugin instances whose secrets are
// sealed at rest and never shown again.
#include <catch2/catch.hpp>

#include "api/test_server.h"
#include "test_support/old_data_dir.h"

namespace cairn::api_test {
namespace {

TEST_CASE("The installed plugins are listed with their capabilities", "[plugins]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  CHECK(server.Get("/api/v1/plugin-system/plugins").status == 401);
  Reply r = server.Get("/api/v1/plugin-system/plugins", token);
  REQUIRE(r.status == 200);
  std::map<std::string, Json> plugins;
  for (const Json& item : r.body["items"]) plugins[item["id"]] = item;
  for (const char* id :
       {"strava", "garmin-connect", "fittrackee", "komoot", "wanderer", "gps-files", "folder"}) {
    INFO(id);
    REQUIRE(plugins.count(id) == 1);
    CHECK(plugins[id]["status"] == "available");
    CHECK(plugins[id]["runtime"] == "builtin");
    CHECK_FALSE(plugins[id]["version"].get<std::string>().empty());
  }
  CHECK(plugins["strava"]["capabilities"] == Json::array({"import-archive", "sync"}));
  CHECK(plugins["wanderer"]["capabilities"] == Json::array({"import-archive", "send"}));
  CHECK(plugins["strava"]["manifest"]["oauth"] == true);
}

TEST_CASE("A plugin instance keeps its secrets sealed and never shows them", "[plugins]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string secret = "wanderer_key_0123456789abcdef";
  Reply created = server.Put("/api/v1/plugin-instance",
                             {{"plugin_id", "wanderer"},
                              {"enabled", true},
                              {"config", {{"url", "https://trails.example.org"}}},
                              {"auth", {{"token", secret}}}},
                             token);
  REQUIRE(created.status == 200);
  CHECK(created.raw.find(secret) == std::string::npos);
  CHECK(created.body["auth"]["token"] == "");
  CHECK(created.body["status"] == "configured");
  CHECK(created.body["user"] == alice);
  const std::string id = created.body["id"];
  const std::string db = server.data_dir() + "/data.db";
  const std::string stored =
      test_support::QueryOnFile(db, "SELECT auth FROM plugin_instances WHERE id = '" + id + "'");
  CHECK(stored.find(secret) == std::string::npos);
  CHECK(stored.find("sealed:1:") != std::string::npos);

  Reply shown = server.Get("/api/v1/plugin-instance/" + id, token);
  REQUIRE(shown.status == 200);
  CHECK(shown.raw.find(secret) == std::string::npos);
  CHECK(shown.body["config"]["url"] == "https://trails.example.org");
  CHECK(server.Get("/api/v1/plugin-instance/" + id, bob_token).status == 404);
  CHECK(server.Get("/api/v1/plugin-instance", bob_token).body.empty());
  CHECK(server.Get("/api/v1/plugin-instance", token).body.size() == 1);
  CHECK(server.Get("/api/v1/plugin-instance?filter=" + Url("auth.token != ''"), token).status ==
        400);

  // The form sent back as shown (secrets empty) keeps them; a new value replaces; null removes.
  Reply kept = server.Post("/api/v1/plugin-instance/" + id,
                           {{"auth", {{"token", ""}}}, {"enabled", true}}, token);
  REQUIRE(kept.status == 200);
  CHECK(kept.body["status"] == "configured");
  CHECK(test_support::QueryOnFile(
            db, "SELECT auth FROM plugin_instances WHERE id = '" + id + "'") == stored);
  Reply removed = server.Post("/api/v1/plugin-instance/" + id,
                              {{"auth", {{"token", nullptr}}}, {"enabled", true}}, token);
  REQUIRE(removed.status == 200);
  CHECK(removed.body["status"] == "needs_auth");
  CHECK(server.Post("/api/v1/plugin-instance/" + id, {{"enabled", false}, {"x", 1}}, token)
            .body["status"] == "disabled");
  CHECK(server.Post("/api/v1/plugin-instance/" + id, {{"enabled", true}, {"x", 1}}, bob_token)
            .status == 404);

  CHECK(server.Put("/api/v1/plugin-instance", {{"plugin_id", "nosuchplugin"}, {"x", 1}}, token)
            .status == 400);
  CHECK(server.Put("/api/v1/plugin-instance", {{"plugin_id", "Bad Id"}, {"x", 1}}, token).status ==
        400);
  CHECK(server
            .Put("/api/v1/plugin-instance", {{"plugin_id", "wanderer"}, {"auth", {{"token", 5}}}},
                 token)
            .status == 400);
  CHECK(server.Put("/api/v1/plugin-instance", {{"plugin_id", "wanderer"}, {"x", 1}}).status == 401);
  Reply strava = server.Put("/api/v1/plugin-instance",
                            {{"plugin_id", "strava"},
                             {"config", {{"clientId", "123"}}},
                             {"auth", {{"clientSecret", "s3cr3t"}}}},
                            token);
  REQUIRE(strava.status == 200);
  CHECK(strava.body["status"] == "needs_auth");  // not connected through OAuth yet
  CHECK(server.Delete("/api/v1/plugin-instance/" + id, bob_token).status == 404);
  CHECK(server.Delete("/api/v1/plugin-instance/" + id, token).status == 200);
}

}  // namespace
}  // namespace cairn::api_test
