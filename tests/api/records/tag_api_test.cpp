// Tags over HTTP: one name per case-folded spelling, trails carrying them (create, update, forms,
// expand, filters), and renames and deletes that never touch someone else's trails.
#include <catch2/catch.hpp>

#include "api/test_files.h"

namespace cairn::api_test {
namespace {

std::string NewTag(TestServer& server, const std::string& token, const std::string& name) {
  Reply r = server.Put("/api/v1/tag", {{"name", name}}, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body["collectionName"] == "tags");
  CHECK(r.body["name"] == name);
  CHECK_FALSE(r.body.contains("name_folded"));
  return r.body["id"];
}

std::vector<std::string> Names(const Reply& reply) {
  std::vector<std::string> names;
  const Json& items = reply.body.is_array() ? reply.body : reply.body["items"];
  for (const auto& item : items) names.push_back(item["name"]);
  return names;
}

TEST_CASE("a tag name is taken once however it is capitalised", "[api][tags]") {
  TestServer server;
  auto [ann, token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  NewTag(server, token, "Höllental");
  for (const char* taken : {"höllental", "HÖLLENTAL", "Höllental"}) {
    Reply again = server.Put("/api/v1/tag", {{"name", taken}}, bob_token);
    INFO(taken << " -> " << again.raw);
    CHECK(again.status == 400);
    CHECK(again.body["data"]["name"]["code"] == "validation_not_unique");
  }
  NewTag(server, token, "Hollental");  // accents make another word
  CHECK(server.Put("/api/v1/tag", {{"name", ""}}, token).body["data"]["name"]["code"] ==
        "validation_required");
  CHECK(server.Put("/api/v1/tag", {{"name", " padded "}}, token).status == 400);
  CHECK(server.Put("/api/v1/tag", {{"name", std::string(101, 'x')}}, token).status == 400);
  CHECK(server.Put("/api/v1/tag", {{"name", "anonymous"}}).status == 401);
  // Listing is for signed-in callers, sorted and filtered like any list.
  Reply listed = server.Get("/api/v1/tag?sort=name&filter=" + Url("name ~ \"llental\""), bob_token);
  REQUIRE(listed.status == 200);
  CHECK(Names(listed) == std::vector<std::string>{"Hollental", "Höllental"});
  CHECK(listed.Header("X-Total-Count") == "2");
  CHECK(server.Get("/api/v1/tag").body == Json::array());
  // A rename to a name in use is refused the same way.
  const std::string walk = NewTag(server, token, "walk");
  Reply rename = server.Post("/api/v1/tag/" + walk, {{"name", "HOLLENTAL"}}, token);
  CHECK(rename.body["data"]["name"]["code"] == "validation_not_unique");
  CHECK(server.Post("/api/v1/tag/" + walk, {{"name", "Walk"}}, token).status == 200);
}

TEST_CASE("trails carry tags through create, update, forms, expand and filters", "[api][tags]") {
  TestServer server;
  auto [ann, token] = server.CreateUser("ann");
  const std::string ferrata = NewTag(server, token, "via ferrata");
  const std::string kids = NewTag(server, token, "with kids");
  Reply created = server.Put(
      "/api/v1/trail",
      {{"name", "Klettersteig"}, {"public", false}, {"author", ann}, {"tags", {ferrata, kids}}},
      token);
  REQUIRE(created.status == 200);
  CHECK(created.body["tags"] == Json({ferrata, kids}));
  const std::string steig = created.body["id"];
  Reply only_kids = server.Put(
      "/api/v1/trail",
      {{"name", "Spielplatz"}, {"public", false}, {"author", ann}, {"tags", {kids}}}, token);
  const std::string playground = only_kids.body["id"];
  // Form: the tags as a JSON array in a text part.
  Reply form = SendForm(server, "PUT", "/api/v1/trail/form", token,
                        {{"name", "Untagged then tagged"},
                         {"public", "false"},
                         {"author", ann},
                         {"tags", Json({ferrata}).dump()}},
                        {});
  INFO(form.raw);
  REQUIRE(form.status == 200);
  CHECK(form.body["tags"] == Json({ferrata}));
  Reply cleared = SendForm(server, "POST", "/api/v1/trail/form/" + std::string(form.body["id"]),
                           token, {{"name", "Untagged then tagged"}, {"tags", ""}}, {});
  CHECK(cleared.body["tags"] == Json::array());

  Reply shown = server.Get("/api/v1/trail/" + steig + "?expand=tags", token);
  REQUIRE(shown.body["expand"]["tags"].size() == 2);
  CHECK(shown.body["expand"]["tags"][0]["name"] == "via ferrata");
  CHECK(shown.body["expand"]["tags"][1]["name"] == "with kids");

  auto names = [&](const std::string& filter) {
    return Names(server.Get("/api/v1/trail?sort=name&filter=" + Url(filter), token));
  };
  CHECK(names("tags ?= \"" + kids + "\"") ==
        std::vector<std::string>{"Klettersteig", "Spielplatz"});
  CHECK(names("tags ?= \"" + ferrata + "\"") == std::vector<std::string>{"Klettersteig"});
  // PocketBase's rule for multi-valued fields: `=` asks every tag, `?=` any tag.
  CHECK(names("tags.name = \"with kids\"") == std::vector<std::string>{"Spielplatz"});
  CHECK(names("tags.name ?= \"with kids\"") ==
        std::vector<std::string>{"Klettersteig", "Spielplatz"});

  // An id that names no tag is the usual missing relation; updates replace the list.
  Reply unknown = server.Post("/api/v1/trail/" + playground,
                              {{"name", "Spielplatz"}, {"tags", {"nosuchtag000000"}}}, token);
  CHECK(unknown.body["data"]["tags"]["code"] == "validation_missing_rel_records");
  Reply retagged = server.Post("/api/v1/trail/" + playground,
                               {{"name", "Spielplatz"}, {"tags", {ferrata}}}, token);
  CHECK(retagged.body["tags"] == Json({ferrata}));
}

TEST_CASE("renaming or deleting a tag never changes someone else's trails", "[api][tags]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string shared = NewTag(server, ann_token, "summit");
  const std::string mine = NewTag(server, ann_token, "mine only");
  const std::string unused = NewTag(server, ann_token, "nobody's");
  const std::string ann_trail =
      server
          .Put("/api/v1/trail",
               {{"name", "A"}, {"public", true}, {"author", ann}, {"tags", {mine, shared}}},
               ann_token)
          .body["id"];
  const std::string bob_trail =
      server
          .Put("/api/v1/trail",
               {{"name", "B"}, {"public", false}, {"author", bob}, {"tags", {shared}}}, bob_token)
          .body["id"];

  // bob's trail uses "summit": ann may neither rename nor delete it (and bob may not either,
  // since ann's trail uses it too).
  CHECK(server.Post("/api/v1/tag/" + shared, {{"name", "peak"}}, ann_token).status == 403);
  CHECK(server.Delete("/api/v1/tag/" + shared, ann_token).status == 403);
  CHECK(server.Delete("/api/v1/tag/" + shared, bob_token).status == 403);
  CHECK(server.Get("/api/v1/tag/" + shared, bob_token).body["name"] == "summit");
  // bob may not touch ann's tag on ann's trail.
  CHECK(server.Post("/api/v1/tag/" + mine, {{"name", "bob's now"}}, bob_token).status == 403);
  CHECK(server.Delete("/api/v1/tag/" + mine, bob_token).status == 403);
  // ann renames the tag only her trails use, then deletes it: it comes off her trail.
  CHECK(server.Post("/api/v1/tag/" + mine, {{"name", "just mine"}}, ann_token).status == 200);
  const std::string before = server.Get("/api/v1/trail/" + ann_trail, ann_token).body["updated"];
  REQUIRE(server.Delete("/api/v1/tag/" + mine, ann_token).status == 200);
  Reply after = server.Get("/api/v1/trail/" + ann_trail, ann_token);
  CHECK(after.body["tags"] == Json({shared}));
  CHECK(after.body["updated"] != before);
  CHECK(server.Get("/api/v1/trail/" + bob_trail, bob_token).body["tags"] == Json({shared}));
  // An unused tag is anyone's to tidy away.
  CHECK(server.Delete("/api/v1/tag/" + unused, bob_token).status == 200);
  CHECK(server.Get("/api/v1/tag/" + unused, ann_token).status == 404);
  // Deleting bob's trail frees "summit" for ann.
  REQUIRE(server.Delete("/api/v1/trail/" + bob_trail, bob_token).status == 200);
  CHECK(server.Post("/api/v1/tag/" + shared, {{"name", "peak"}}, ann_token).status == 200);
}

TEST_CASE("an edit share may tag the trail", "[api][tags]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [carol, carol_token] = server.CreateUser("carol");
  const std::string trail =
      server.Put("/api/v1/trail", {{"name", "T"}, {"public", false}, {"author", ann}}, ann_token)
          .body["id"];
  REQUIRE(server
              .Put("/api/v1/trail-share",
                   {{"trail", trail}, {"user", carol}, {"permission", "edit"}}, ann_token)
              .status == 200);
  const std::string tag = NewTag(server, carol_token, "carol's word");
  Reply tagged =
      server.Post("/api/v1/trail/" + trail, {{"name", "T"}, {"tags", {tag}}}, carol_token);
  CHECK(tagged.status == 200);
  CHECK(tagged.body["tags"] == Json({tag}));
}

}  // namespace
}  // namespace cairn::api_test
