// POST /search/{index} and /search/multi: matching (accents, prefixes, inner parts, typos),
// ranking, filters, sorts, paging, highlights, errors, and an index that follows every write.
#include <catch2/catch.hpp>
#include <set>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

std::string Trail(TestServer& server, const std::string& token, const std::string& author,
                  Json fields) {
  return server.CreateTrail(token, author, std::move(fields));
}

std::vector<std::string> HitNames(const Json& answer) {
  std::vector<std::string> out;
  for (const Json& hit : answer["hits"]) out.push_back(hit["name"]);
  return out;
}

Json Search(TestServer& server, const Json& body, const std::string& token = "",
            const std::string& index = "trails") {
  Reply r = server.Post("/api/v1/search/" + index, body, token);
  INFO(body.dump() << " -> " << r.raw);
  REQUIRE(r.status == 200);
  return r.body;
}

TEST_CASE("search finds words regardless of case and accents, as typed, inside and with a typo",
          "[api][search]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Trail(server, token, alice, {{"name", "Zugspitze via Höllental"}});
  Trail(server, token, alice, {{"name", "Alpspitze Ferrata"}});
  Trail(server, token, alice, {{"name", "Walk by the lake"}, {"description", "Zugspitze views"}});
  const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
      {"hollental", {"Zugspitze via Höllental"}},
      {"HÖLLENTAL", {"Zugspitze via Höllental"}},
      {"zug", {"Zugspitze via Höllental", "Walk by the lake"}},        // name above description
      {"spitze", {"Alpspitze Ferrata", "Zugspitze via Höllental"}},    // inner part, newest first
      {"zugspitse", {"Zugspitze via Höllental", "Walk by the lake"}},  // one typo
      {"lake walk", {"Walk by the lake"}},
      {"nothing-like-this", {}},
  };
  for (const auto& [q, expected] : cases) {
    INFO(q);
    CHECK(HitNames(Search(server, {{"q", q}})) == expected);
  }
  // Six letters with one missing.
  CHECK(HitNames(Search(server, {{"q", "ferata"}})) ==
        std::vector<std::string>{"Alpspitze Ferrata"});
  // Four letters tolerate no typo.
  CHECK(HitNames(Search(server, {{"q", "wolk "}})).empty());
  // An empty query lists everything visible, newest first.
  CHECK(Search(server, {{"q", ""}})["estimatedTotalHits"] == 3);
}

TEST_CASE("search answers in Meilisearch's shapes, with highlights and attributes asked for",
          "[api][search]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply tag = server.Put("/api/v1/tag", {{"name", "Alpen"}}, token);
  REQUIRE(tag.status == 200);
  const std::string id = Trail(server, token, alice,
                               {{"name", "Zugspitze <b>&</b>"},
                                {"difficulty", "moderate"},
                                {"date", "2019-06-01 08:00:00.000Z"},
                                {"distance", 12345},
                                {"lat", 47.42},
                                {"lon", 10.98},
                                {"category", "hikingcategory1"},
                                {"tags", Json::array({tag.body["id"]})}});
  Json answer = Search(server, {{"q", "zugs"},
                                {"attributesToHighlight", Json::array({"name"})},
                                {"highlightPreTag", "["},
                                {"highlightPostTag", "]"}});
  CHECK(answer["query"] == "zugs");
  CHECK(answer["limit"] == 20);
  CHECK(answer["offset"] == 0);
  CHECK(answer["estimatedTotalHits"] == 1);
  CHECK(answer["processingTimeMs"].is_number_integer());
  REQUIRE(answer["hits"].size() == 1);
  const Json& hit = answer["hits"][0];
  CHECK(hit["id"] == id);
  CHECK(hit["author"] == alice);
  CHECK(hit["author_name"] == "alice");
  CHECK(hit["difficulty"] == 1);
  CHECK(hit["date"] == 1559347200);  // a trail's date is a day (midnight UTC)
  CHECK(hit["created"].is_number_integer());
  CHECK(hit["category"] == "Hiking");
  CHECK(hit["tags"] == Json::array({"Alpen"}));
  CHECK(hit["_geo"] == Json{{"lat", 47.42}, {"lng", 10.98}});
  CHECK(hit["completed"] == false);
  CHECK(hit["like_count"] == 0);
  CHECK(hit["public"] == true);
  // Marked with the client's tags; the text itself is not escaped (as Meilisearch).
  CHECK(hit["_formatted"]["name"] == "[Zugs]pitze <b>&</b>");
  CHECK(hit["_formatted"]["description"] == "");

  answer = Search(server, {{"q", "zugspitze"},
                           {"attributesToRetrieve", Json::array({"id", "name"})},
                           {"page", 1},
                           {"hitsPerPage", 5}});
  CHECK(answer["hits"][0] == Json{{"id", id}, {"name", "Zugspitze <b>&</b>"}});
  CHECK(answer["page"] == 1);
  CHECK(answer["hitsPerPage"] == 5);
  CHECK(answer["totalPages"] == 1);
  CHECK(answer["totalHits"] == 1);
  CHECK_FALSE(answer.contains("estimatedTotalHits"));
  // The reference client's own shape: {q, options}.
  answer = Search(server, {{"q", "zugspitze"}, {"options", {{"filter", "difficulty = 1"}}}});
  CHECK(answer["estimatedTotalHits"] == 1);
}

TEST_CASE("every filter operator, sorts and pages", "[api][search]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  for (int i = 1; i <= 5; ++i) {
    Trail(server, token, alice,
          {{"name", "Ridge " + std::to_string(i)},
           {"distance", i * 10000},
           {"elevation_gain", i * 100},
           {"difficulty", i <= 2   ? "easy"
                          : i <= 4 ? "moderate"
                                   : "hard"},
           {"date", "201" + std::to_string(i) + "-05-01 00:00:00.000Z"},
           {"category", i % 2 ? "hikingcategory1" : "bikingcategory1"}});
  }
  const std::string bobs = Trail(server, bob_token, bob, {{"name", "Ridge 6"}, {"distance", 1}});
  auto names = [&](const Json& filter, const Json& sort = Json::array({"distance:asc"})) {
    return HitNames(Search(server, {{"q", "ridge"}, {"filter", filter}, {"sort", sort}}, token));
  };
  using V = std::vector<std::string>;
  CHECK(names("distance >= 30000") == V{"Ridge 3", "Ridge 4", "Ridge 5"});
  CHECK(names("distance > 30000 AND distance < 50000") == V{"Ridge 4"});
  CHECK(names("distance <= 10000") == V{"Ridge 6", "Ridge 1"});
  CHECK(names("distance != 10000 AND distance 20000 TO 30000") == V{"Ridge 2", "Ridge 3"});
  CHECK(names("difficulty IN [0, 2]") == V{"Ridge 1", "Ridge 2", "Ridge 5"});
  CHECK(names("NOT difficulty = 1 AND author = " + alice) == V{"Ridge 1", "Ridge 2", "Ridge 5"});
  CHECK(names("category = Biking OR elevation_gain = 500") == V{"Ridge 2", "Ridge 4", "Ridge 5"});
  CHECK(names("(category = Biking OR distance = 1) AND date EXISTS") == V{"Ridge 2", "Ridge 4"});
  CHECK(names("date >= 1430438400") == V{"Ridge 5"});  // 2015-05-01
  CHECK(
      names(Json::array({"distance > 10000", Json::array({"difficulty = 0", "difficulty = 2"})})) ==
      V{"Ridge 2", "Ridge 5"});
  CHECK(names("completed = false AND author = " + bob) == V{"Ridge 6"});
  CHECK(names("", Json::array({"elevation_gain:desc"})).front() == "Ridge 5");
  CHECK(names("", Json::array({"name:desc"})).front() == "Ridge 6");
  // Every sortable attribute sorts (a constant like_count once read as a column number: a 500).
  for (const char* key : {"created", "date", "difficulty", "distance", "elevation_gain",
                          "elevation_loss", "name", "duration", "author", "like_count"}) {
    INFO(key);
    CHECK(names("", Json::array({std::string(key) + ":desc"})).size() == 6);
  }
  // A page far past the last one is empty, not an overflow.
  Json far = Search(
      server, {{"q", "ridge"}, {"page", 9223372036854775807LL}, {"hitsPerPage", 1000}}, token);
  CHECK(far["hits"].empty());
  CHECK(far["totalHits"] == 6);
  // Pages in offset and page mode.
  Json page = Search(
      server, {{"q", "ridge"}, {"sort", {"distance:asc"}}, {"limit", 2}, {"offset", 2}}, token);
  CHECK(HitNames(page) == V{"Ridge 2", "Ridge 3"});
  CHECK(page["estimatedTotalHits"] == 6);
  page = Search(
      server, {{"q", "ridge"}, {"sort", {"distance:asc"}}, {"page", 3}, {"hitsPerPage", 2}}, token);
  CHECK(HitNames(page) == V{"Ridge 4", "Ridge 5"});
  CHECK(page["totalPages"] == 3);
  // Completed: the caller's summit log.
  REQUIRE(server
              .Put("/api/v1/summit-log", {{"author", bob}, {"trail", bobs}, {"date", "2024-06-01"}},
                   bob_token)
              .status == 200);
  CHECK(HitNames(Search(server, {{"q", ""}, {"filter", "completed = true"}}, bob_token)) ==
        V{"Ridge 6"});
  CHECK(HitNames(Search(server, {{"q", ""}, {"filter", "completed = true"}}, token)).empty());
}

TEST_CASE("bad search requests are 400s with Meilisearch's codes, never 500s", "[api][search]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Trail(server, token, alice, {{"name", "Ridge"}});
  const std::vector<std::pair<Json, std::string>> cases = {
      {{{"filter", "distance >"}}, "invalid_search_filter"},
      {{{"filter", "distance = 1 AND"}}, "invalid_search_filter"},
      {{{"filter", "(distance = 1"}}, "invalid_search_filter"},
      {{{"filter", "shares = abc"}}, "invalid_search_filter"},
      {{{"filter", "likes = abc"}}, "invalid_search_filter"},
      {{{"filter", "public > 1"}}, "invalid_search_filter"},
      {{{"filter", "_geoRadius(95, 0, 100)"}}, "invalid_search_filter"},
      {{{"filter", 42}}, "invalid_search_filter"},
      {{{"sort", {"secret:asc"}}}, "invalid_search_sort"},
      {{{"sort", {"distance"}}}, "invalid_search_sort"},
      {{{"limit", -1}}, "invalid_search_limit"},
      {{{"q", 5}}, "invalid_search_q"},
      {{{"page", "x"}}, "invalid_search_page"},
  };
  for (const auto& [body, code] : cases) {
    INFO(body.dump());
    Reply r = server.Post("/api/v1/search/trails", body, token);
    CHECK(r.status == 400);
    CHECK(r.body["code"] == code);
    CHECK_FALSE(r.body["message"].get<std::string>().empty());
  }
  // The filter error says where.
  Reply r = server.Post("/api/v1/search/trails", {{"filter", "distance >= 1 AND nope = 2"}});
  CHECK(r.body["message"].get<std::string>().find("column 19") != std::string::npos);
  CHECK(server.Post("/api/v1/search/users", {{"q", "a"}}).status == 404);
  CHECK(server.Send("POST", "/api/v1/search/trails", "", "{not json", "application/json").status ==
        400);
  r = server.Post("/api/v1/search/multi",
                  {{"queries", Json::array({{{"indexUid", "trails"}}, {{"indexUid", "nope"}}})}});
  CHECK(r.status == 404);
  CHECK(r.body["message"].get<std::string>().find("queries[1]") != std::string::npos);
  CHECK(server.Post("/api/v1/search/multi", {{"queries", "x"}}).status == 400);
}

TEST_CASE("the index follows updates, deletes, shares, tag and user renames", "[api][search]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Reply tag = server.Put("/api/v1/tag", {{"name", "Klettersteig"}}, token);
  REQUIRE(tag.status == 200);
  const std::string id =
      Trail(server, token, alice,
            {{"name", "Watzmann"}, {"public", false}, {"tags", Json::array({tag.body["id"]})}});
  auto found = [&](const std::string& q, const std::string& who) {
    return Search(server, {{"q", q}}, who)["estimatedTotalHits"].get<int>();
  };
  CHECK(found("watzmann", token) == 1);
  CHECK(found("klettersteig", token) == 1);
  CHECK(found("alice", token) == 1);  // the author's name
  // Update: the old name goes, the new one comes.
  REQUIRE(server.Post("/api/v1/trail/" + id, {{"name", "Hochkalter"}}, token).status == 200);
  CHECK(found("watzmann", token) == 0);
  CHECK(found("hochkalter", token) == 1);
  // Share and unshare.
  CHECK(found("hochkalter", bob_token) == 0);
  Reply share = server.Put("/api/v1/trail-share",
                           {{"trail", id}, {"user", bob}, {"permission", "view"}}, token);
  REQUIRE(share.status == 200);
  CHECK(found("hochkalter", bob_token) == 1);
  REQUIRE(
      server.Delete("/api/v1/trail-share/" + share.body["id"].get<std::string>(), token).status ==
      200);
  CHECK(found("hochkalter", bob_token) == 0);
  // A tag rename and a user rename.
  REQUIRE(server
              .Post("/api/v1/tag/" + tag.body["id"].get<std::string>(), {{"name", "Via ferrata"}},
                    token)
              .status == 200);
  CHECK(found("klettersteig", token) == 0);
  CHECK(found("ferrata", token) == 1);
  REQUIRE(server.Post("/api/v1/user/" + alice, {{"username", "alicia"}}, token).status == 200);
  CHECK(found("alice", token) == 0);
  CHECK(found("alicia", token) == 1);
  // Delete.
  REQUIRE(server.Delete("/api/v1/trail/" + id, token).status == 200);
  CHECK(found("hochkalter", token) == 0);
  CHECK(found("", token) == 0);
}

TEST_CASE("categories a user hides are left out of their trail searches", "[api][search]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Trail(server, token, alice, {{"name", "Ridge walk"}, {"category", "hikingcategory1"}});
  Trail(server, token, alice, {{"name", "Ridge ride"}, {"category", "bikingcategory1"}});
  Trail(server, token, alice, {{"name", "Ridge unsorted"}});
  REQUIRE(server
              .Put("/api/v1/user-category-preference",
                   {{"category", "bikingcategory1"}, {"visible", false}}, token)
              .status == 200);
  Json mine = Search(server, {{"q", "ridge"}}, token);
  CHECK(mine["estimatedTotalHits"] == 2);
  for (const Json& hit : mine["hits"]) CHECK(hit["category"] != "Biking");
  // Not even when the filter asks for them.
  CHECK(Search(server, {{"q", ""}, {"filter", "category = Biking"}}, token)["hits"].empty());
  // Another user's preferences are theirs alone; lists are not affected.
  CHECK(Search(server, {{"q", "ridge"}}, bob_token)["estimatedTotalHits"] == 3);
  CHECK(Search(server, {{"q", "ridge"}})["estimatedTotalHits"] == 3);
  // Shown again, found again.
  REQUIRE(server
              .Put("/api/v1/user-category-preference",
                   {{"category", "bikingcategory1"}, {"visible", true}}, token)
              .status == 200);
  CHECK(Search(server, {{"q", "ridge"}}, token)["estimatedTotalHits"] == 3);
}

}  // namespace
}  // namespace cairn::api_test
