// The `fields` parameter over HTTP: lists, shows and write answers carry only what was asked
// for, pages keep their totals, and bad values are 400s that change nothing.
#include <catch2/catch.hpp>
#include <set>

#include "api/test_gpx.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

std::set<std::string> KeysOf(const Json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) keys.insert(key);
  return keys;
}

TEST_CASE("fields trims lists, shows and write answers to the names asked for", "[api][fields]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  for (const char* name : {"One", "Two", "Three"}) {
    REQUIRE(
        server.Put("/api/v1/trail", {{"name", name}, {"public", true}, {"author", alice}}, token)
            .status == 200);
  }
  Reply uploaded = server.Send("PUT", "/api/v1/trail/upload?fields=id,preview", token, WalkGpx(),
                               "application/gpx+xml");
  REQUIRE(uploaded.status == 200);
  CHECK(KeysOf(uploaded.body) == std::set<std::string>{"id", "preview"});
  const std::string id = uploaded.body["id"];
  REQUIRE(server
              .Put("/api/v1/list",
                   {{"name", "Favourites"}, {"author", alice}, {"trails", Json::array({id})}},
                   token)
              .status == 200);

  struct Case {
    const char* name;
    std::string url;
    std::set<std::string> keys;  // of the record (or of each item)
  };
  const Case cases[] = {
      {"a paged list", "/api/v1/trail?perPage=2&fields=id,name,preview", {"id", "name", "preview"}},
      {"a show", "/api/v1/trail/" + id + "?fields=name,distance", {"distance", "name"}},
      {"an array list", "/api/v1/list?fields=id,trails", {"id", "trails"}},
      {"unknown names", "/api/v1/trail/" + id + "?fields=nothing,here", {}},
      {"the wildcard", "/api/v1/trail/" + id + "?fields=*",
       KeysOf(server.Get("/api/v1/trail/" + id, token).body)},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    Reply r = server.Get(c.url, token);
    REQUIRE(r.status == 200);
    if (r.body.contains("items")) {
      // The page's own members stay.
      CHECK(r.body["page"] == 1);
      CHECK(r.body["perPage"] == 2);
      CHECK(r.body["totalItems"] == 4);
      CHECK(r.body["totalPages"] == 2);
      REQUIRE(r.body["items"].size() == 2);
      for (const Json& item : r.body["items"]) CHECK(KeysOf(item) == c.keys);
    } else if (r.body.is_array()) {
      CHECK(r.Header("X-Total-Count") == "1");
      REQUIRE(r.body.size() == 1);
      CHECK(KeysOf(r.body[0]) == c.keys);
    } else {
      CHECK(KeysOf(r.body) == c.keys);
    }
  }

  // Inside the default expand of a show: only the author's username.
  Reply expanded = server.Get("/api/v1/trail/" + id + "?fields=id,expand.author.username", token);
  REQUIRE(expanded.status == 200);
  CHECK(expanded.body == Json{{"id", id}, {"expand", {{"author", {{"username", "alice"}}}}}});
  Reply all_of_author =
      server.Get("/api/v1/trail/" + id + "?fields=" + Url("expand.author.*"), token);
  CHECK(all_of_author.body["expand"]["author"]["id"] == alice);
  CHECK(all_of_author.body["expand"]["author"].contains("avatar"));
  CHECK_FALSE(all_of_author.body.contains("name"));

  // A list reads only the columns asked for (and the relations it expands), with their values.
  Reply whole = server.Get("/api/v1/trail?perPage=10&sort=name", token);
  Reply narrow = server.Get("/api/v1/trail?perPage=10&sort=name&expand=author&fields=" +
                                Url("name,preview,distance,tags,waypoints,expand.author.username"),
                            token);
  REQUIRE(whole.status == 200);
  REQUIRE(narrow.status == 200);
  REQUIRE(narrow.body["items"].size() == whole.body["items"].size());
  for (size_t i = 0; i < whole.body["items"].size(); ++i) {
    const Json& full = whole.body["items"][i];
    const Json& item = narrow.body["items"][i];
    INFO(full.dump());
    CHECK(KeysOf(item) ==
          std::set<std::string>{"distance", "expand", "name", "preview", "tags", "waypoints"});
    for (const char* key : {"name", "preview", "distance", "tags", "waypoints"}) {
      CHECK(item[key] == full[key]);
    }
    CHECK(item["expand"] == Json{{"author", {{"username", "alice"}}}});
  }

  // Create and update answers too.
  Reply created = server.Put("/api/v1/trail?fields=id",
                             {{"name", "Four"}, {"public", false}, {"author", alice}}, token);
  REQUIRE(created.status == 200);
  CHECK(KeysOf(created.body) == std::set<std::string>{"id"});
  Reply updated =
      server.Post("/api/v1/trail/" + created.body["id"].get<std::string>() + "?fields=name,updated",
                  {{"name", "Four again"}}, token);
  REQUIRE(updated.status == 200);
  CHECK(KeysOf(updated.body) == std::set<std::string>{"name", "updated"});
  CHECK(updated.body["name"] == "Four again");
  auto [body, type] = Multipart({}, {{"gpx", "walk.gpx", WalkGpx("Again", 11.2)}});
  Reply replaced =
      server.Send("POST", "/api/v1/trail/" + id + "/file?fields=gpx,preview", token, body, type);
  REQUIRE(replaced.status == 200);
  CHECK(KeysOf(replaced.body) == std::set<std::string>{"gpx", "preview"});
}

TEST_CASE("fields naming a user's email shows it where the user made it visible", "[api][fields]") {
  // Whether another reader sees an email depends on `emailVisibility`, which is read whatever
  // `fields` names, and left out of the answer when it does not name it. (Lists with `fields`
  // do the same: records/engine_test.cpp.)
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  REQUIRE(server.Post("/api/v1/user/" + alice, {{"emailVisibility", true}}, alice_token).status ==
          200);
  for (const std::string& token : {std::string(), bob_token}) {
    INFO((token.empty() ? "anonymous" : "bob"));
    CHECK(server.Get("/api/v1/user/" + alice + "?fields=email", token).body ==
          Json{{"email", "alice@example.com"}});
    // bob's own email to him, to nobody else.
    CHECK(server.Get("/api/v1/user/" + bob + "?fields=email", token).body ==
          (token.empty() ? Json::object() : Json{{"email", "bob@example.com"}}));
  }
}

TEST_CASE("fields past its limits is a Form A 400 naming fields, before any write",
          "[api][fields]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  std::string too_many;
  for (int i = 0; i <= 100; ++i) too_many += (i ? ",f" : "f") + std::to_string(i);
  struct Case {
    const char* name;
    std::string fields;
    const char* code;
  };
  const Case cases[] = {
      {"101 names", too_many, "validation_too_many_values"},
      {"1001 characters", std::string(1001, 'a'), "validation_max_text_constraint"},
      {"a modifier", "description:excerpt(20)", "validation_invalid_value"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    const std::string query = "?fields=" + Url(c.fields);
    for (Reply r :
         {server.Get("/api/v1/trail" + query, token),
          server.Put("/api/v1/trail" + query,
                     {{"name", "Refused"}, {"public", false}, {"author", alice}}, token)}) {
      CHECK(r.status == 400);
      CHECK(r.body["status"] == 400);
      CHECK(r.body["data"]["fields"]["code"] == c.code);
      CHECK(r.body["detail"]["data"]["fields"]["code"] == c.code);
    }
  }
  CHECK(server.Get("/api/v1/trail", token).body["totalItems"] == 0);  // nothing was created
}

}  // namespace
}  // namespace cairn::api_test
