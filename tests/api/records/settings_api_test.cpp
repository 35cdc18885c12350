// Settings: one record per user, checked shapes, the default privacy of new lists, and the
// private account.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

TEST_CASE("settings are one record per user with checked shapes", "[api][settings]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const Json full = {
      {"unit", "imperial"},
      {"language", "de-CH"},
      {"mapFocus", "location"},
      {"location", {{"name", "Bern"}, {"lat", 46.95}, {"lon", 7.45}}},
      {"category", "hikingcategory1"},
      {"privacy", {{"account", "public"}, {"trails", "private"}, {"lists", "public"}}},
      {"notifications", {{"comment", {{"web", true}, {"email", false}}}}},
      {"tilesets", Json::array({{{"name", "topo"}, {"url", "https://t.example/{z}/{x}/{y}.png"}}})},
      {"terrain", {{"terrain", ""}, {"hillshading", "https://h.example/{z}.png"}}}};
  Reply created = server.Put("/api/v1/settings", full, token);
  REQUIRE(created.status == 200);
  CHECK(created.body["user"] == alice);  // defaults to the caller
  for (const auto& [key, value] : full.items()) {
    INFO(key);
    CHECK(created.body[key] == value);
  }
  const std::string id = created.body["id"];
  Reply again = server.Put("/api/v1/settings", {{"unit", "metric"}}, token);
  CHECK(again.status == 400);
  CHECK(again.body["detail"]["data"]["user"]["code"] == "validation_not_unique");

  struct Bad {
    Json body;
    std::string field;
  };
  const std::vector<Bad> bad = {
      {{{"unit", "furlongs"}}, "unit"},
      {{{"language", "english!"}}, "language"},
      {{{"privacy", {{"account", "everyone"}}}}, "privacy"},
      {{{"privacy", {{"friends", "public"}}}}, "privacy"},
      {{{"notifications", {{"comment", {{"sms", true}}}}}}, "notifications"},
      {{{"location", {{"name", "x"}, {"lat", 100}, {"lon", 0}}}}, "location"},
      {{{"tilesets", Json::array({{{"name", "x"}, {"url", "javascript:alert(1)"}}})}}, "tilesets"},
      {{{"terrain", {{"terrain", "file:///etc/passwd"}}}}, "terrain"},
      {{{"category", "nocategory12345"}}, "category"},
      {{{"user", "someoneelse1234"}}, "user"},
  };
  for (const auto& b : bad) {
    INFO(b.body.dump());
    Reply r = server.Post("/api/v1/settings/" + id, b.body, token);
    CHECK(r.status == 400);
    CHECK(r.body["detail"]["data"].contains(b.field));
  }
  Reply reread = server.Get("/api/v1/settings/" + id, token);
  CHECK(reread.body["unit"] == "imperial");  // nothing above was written
  Reply cleared = server.Post("/api/v1/settings/" + id, {{"location", nullptr}}, token);
  REQUIRE(cleared.status == 200);
  CHECK(cleared.body["location"].is_null());
  CHECK(server.Get("/api/v1/settings", token).body.size() == 1);
}

TEST_CASE("new lists follow the owner's default privacy unless the request says",
          "[api][settings]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto new_list = [&](const Json& extra) {
    Json body = {{"name", "n"}, {"author", alice}};
    body.update(extra);
    Reply r = server.Put("/api/v1/list", body, token);
    REQUIRE(r.status == 200);
    return r.body["public"].get<bool>();
  };
  CHECK(new_list(Json::object()) == false);  // no settings: private
  Reply settings = server.Put("/api/v1/settings", {{"privacy", {{"lists", "public"}}}}, token);
  REQUIRE(settings.status == 200);
  CHECK(new_list(Json::object()) == true);
  CHECK(new_list({{"public", false}}) == false);
  REQUIRE(server
              .Post("/api/v1/settings/" + settings.body["id"].get<std::string>(),
                    {{"privacy", {{"lists", "private"}}}}, token)
              .status == 200);
  CHECK(new_list(Json::object()) == false);
}

TEST_CASE("a private account is found in people search only by its exact username",
          "[api][settings]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [albert, albert_token] = server.CreateUser("albert");
  auto names = [&](const std::string& q) {
    std::vector<std::string> found;
    for (const Json& user : server.Get("/api/v1/search/actor?q=" + q, token).body) {
      found.push_back(user["username"]);
    }
    return found;
  };
  REQUIRE(names("alb") == std::vector<std::string>{"albert"});
  Reply created =
      server.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, albert_token);
  REQUIRE(created.status == 200);
  const std::string id = created.body["id"];
  CHECK(names("alb").empty());
  // Whoever knows the name can still share with him.
  CHECK(names("Albert") == std::vector<std::string>{"albert"});
  CHECK(server.Get("/api/v1/user/" + albert, token).body["private"] == true);
  // The flag is the settings' to set, not the profile's.
  CHECK(server.Post("/api/v1/user/" + albert, {{"private", false}}, albert_token).status == 200);
  CHECK(server.Get("/api/v1/user/" + albert, token).body["private"] == true);
  // Public again; then settings without privacy, and deleted settings, are public.
  REQUIRE(
      server.Post("/api/v1/settings/" + id, {{"privacy", {{"account", "public"}}}}, albert_token)
          .status == 200);
  CHECK(names("alb") == std::vector<std::string>{"albert"});
  REQUIRE(
      server.Post("/api/v1/settings/" + id, {{"privacy", {{"account", "private"}}}}, albert_token)
          .status == 200);
  REQUIRE(server.Post("/api/v1/settings/" + id, {{"privacy", nullptr}}, albert_token).status ==
          200);
  CHECK(server.Get("/api/v1/user/" + albert, token).body["private"] == false);
  REQUIRE(
      server.Post("/api/v1/settings/" + id, {{"privacy", {{"account", "private"}}}}, albert_token)
          .status == 200);
  CHECK(server.Delete("/api/v1/settings/" + id, albert_token).status == 200);
  CHECK(names("alb") == std::vector<std::string>{"albert"});
  // Another user's settings change nothing of his.
  REQUIRE(server.Put("/api/v1/settings", {{"privacy", {{"account", "private"}}}}, token).status ==
          200);
  CHECK(server.Get("/api/v1/user/" + albert, token).body["private"] == false);
  CHECK(server.Get("/api/v1/user/" + alice, albert_token).body["private"] == true);
}

}  // namespace
}  // namespace cairn::api_test
