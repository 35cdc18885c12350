// /api/v1/trail as owner, as another user and anonymously: shapes, rules and errors of the spec.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

const std::vector<std::string> kTrailKeys = {"author",
                                             "category",
                                             "collectionId",
                                             "collectionName",
                                             "created",
                                             "date",
                                             "description",
                                             "difficulty",
                                             "distance",
                                             "duration",
                                             "elevation_gain",
                                             "elevation_loss",
                                             "gpx",
                                             "id",
                                             "lat",
                                             "location",
                                             "lon",
                                             "name",
                                             "photos",
                                             "public",
                                             "summit_logs",
                                             "thumbnail",
                                             "updated",
                                             "waypoints"};

Json NewTrail(const std::string& author, const std::string& name, bool is_public) {
  return {{"name", name}, {"public", is_public}, {"author", author}};
}

TEST_CASE("creating a trail returns the whole record with empty arrays", "[api][trail]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply created = server.Put("/api/v1/trail",
                             {{"name", "Zugspitze"},
                              {"public", true},
                              {"author", alice},
                              {"date", "2024-07-01T08:30:00.000Z"},
                              {"description", "Via Höllental"},
                              {"difficulty", "hard"},
                              {"distance", 21500.5},
                              {"duration", 36000},
                              {"elevation_gain", 2200},
                              {"elevation_loss", 150},
                              {"lat", 47.4211},
                              {"lon", 10.9853},
                              {"location", "Garmisch"},
                              {"thumbnail", 0},
                              {"category", "hikingcategory1"},
                              {"unknown_field", "ignored"}},
                             token);
  REQUIRE(created.status == 200);
  const Json& t = created.body;
  for (const auto& key : kTrailKeys) CHECK(t.contains(key));
  // A trail made without a track file has no geometry; the computed fields are the server's.
  CHECK(t["polyline"] == "");
  CHECK(t["preview"] == "");
  CHECK(t["sketch"] == "");
  CHECK(t["min_lat"] == 0);
  CHECK(t["max_lon"] == 0);
  CHECK(t["moving_duration"] == 0);
  CHECK(t["device_totals"].is_null());
  Reply forged = server.Put("/api/v1/trail",
                            {{"name", "forged"},
                             {"public", false},
                             {"author", alice},
                             {"polyline", "_p~iF~ps|U"},
                             {"preview", "_p~iF~ps|U"},
                             {"sketch", "_p~iF~ps|U"},
                             {"min_lat", 10},
                             {"device_totals", {{"distance_m", 1}}}},
                            token);
  REQUIRE(forged.status == 200);
  CHECK(forged.body["polyline"] == "");
  CHECK(forged.body["preview"] == "");
  CHECK(forged.body["sketch"] == "");
  CHECK(forged.body["min_lat"] == 0);
  CHECK(forged.body["device_totals"].is_null());
  CHECK_FALSE(t.contains("unknown_field"));
  CHECK_FALSE(t.contains("expand"));
  CHECK(t["id"].get<std::string>().size() == 15);
  CHECK(t["collectionName"] == "trails");
  CHECK(t["collectionId"].get<std::string>().size() == 15);
  CHECK(t["photos"] == Json::array());
  CHECK(t["waypoints"] == Json::array());
  CHECK(t["summit_logs"] == Json::array());
  CHECK(t["gpx"] == "");
  CHECK(t["date"] == "2024-07-01");
  CHECK(t["distance"] == 21500.5);
  CHECK(t["difficulty"] == "hard");
  CHECK(t["author"] == alice);
  // "YYYY-MM-DD HH:MM:SS.mmmZ"
  const std::string created_at = t["created"];
  REQUIRE(created_at.size() == 24);
  CHECK(created_at[10] == ' ');
  CHECK(created_at[19] == '.');
  CHECK(created_at.back() == 'Z');
}

TEST_CASE(
    "trail show expands the author's public profile and update expands category and waypoints",
    "[api][trail]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply created = server.Put("/api/v1/trail", NewTrail(alice, "Loop", true), token);
  const std::string id = created.body["id"];

  Reply shown = server.Get("/api/v1/trail/" + id);
  REQUIRE(shown.status == 200);
  const Json& author = shown.body["expand"]["author"];
  CHECK(author["username"] == "alice");
  CHECK(author["id"] == alice);
  for (const char* key :
       {"avatar", "bio", "collectionId", "collectionName", "created", "private"}) {
    CHECK(author.contains(key));
  }
  CHECK_FALSE(author.contains("email"));
  CHECK_FALSE(author.contains("token"));

  Reply waypoint = server.Put(
      "/api/v1/waypoint", {{"author", alice}, {"lat", 47.1}, {"lon", 11.2}, {"trail", id}}, token);
  REQUIRE(waypoint.status == 200);
  Reply updated = server.Post("/api/v1/trail/" + id,
                              {{"name", "Loop 2"}, {"category", "bikingcategory1"}}, token);
  REQUIRE(updated.status == 200);
  CHECK(updated.body["name"] == "Loop 2");
  CHECK(updated.body["waypoints"] == Json::array({waypoint.body["id"]}));
  CHECK(updated.body["expand"]["category"]["name"] == "Biking");
  CHECK(updated.body["expand"]["waypoints"][0]["lat"] == 47.1);
}

TEST_CASE("private trails are invisible to others and public ones read-only to them",
          "[api][trail]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string secret =
      server.Put("/api/v1/trail", NewTrail(alice, "Secret", false), alice_token).body["id"];
  const std::string open =
      server.Put("/api/v1/trail", NewTrail(alice, "Open", true), alice_token).body["id"];

  for (const std::string& token : {std::string(), bob_token}) {
    CHECK(server.Get("/api/v1/trail/" + secret, token).status == 404);
    Reply list = server.Get("/api/v1/trail", token);
    REQUIRE(list.status == 200);
    CHECK(list.body["totalItems"] == 1);
    CHECK(list.body["items"][0]["id"] == open);
    CHECK(list.raw.find("Secret") == std::string::npos);
    CHECK(server.Get("/api/v1/trail/" + open, token).status == 200);
  }
  CHECK(server.Post("/api/v1/trail/" + secret, {{"name", "x"}}, bob_token).status == 404);
  CHECK(server.Delete("/api/v1/trail/" + secret, bob_token).status == 404);
  CHECK(server.Post("/api/v1/trail/" + open, {{"name", "x"}}, bob_token).status == 403);
  CHECK(server.Delete("/api/v1/trail/" + open, bob_token).status == 403);
  CHECK(server.Post("/api/v1/trail/" + open, {{"name", "x"}}).status == 401);
  CHECK(server.Delete("/api/v1/trail/" + open).status == 401);
  CHECK(server.Put("/api/v1/trail", NewTrail(alice, "anon", true)).status == 401);
  // Creating in someone else's name is forbidden.
  CHECK(server.Put("/api/v1/trail", NewTrail(alice, "forged", true), bob_token).status == 403);

  Reply own = server.Get("/api/v1/trail", alice_token);
  CHECK(own.body["totalItems"] == 2);
}

TEST_CASE("trail list pages, sorts and filters", "[api][trail]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  for (int i = 0; i < 7; ++i) {
    Json body = NewTrail(alice, "Trail " + std::to_string(i), true);
    body["distance"] = 1000 * i;
    body["difficulty"] = i % 2 ? "easy" : "hard";
    REQUIRE(server.Put("/api/v1/trail", body, token).status == 200);
  }
  Reply page = server.Get("/api/v1/trail?page=2&perPage=3&sort=-distance");
  REQUIRE(page.status == 200);
  CHECK(page.body["page"] == 2);
  CHECK(page.body["perPage"] == 3);
  CHECK(page.body["totalItems"] == 7);
  CHECK(page.body["totalPages"] == 3);
  REQUIRE(page.body["items"].size() == 3);
  CHECK(page.body["items"][0]["distance"] == 3000);
  CHECK(page.body["items"][2]["distance"] == 1000);
  // perPage: negative means "as many as served" (500), 0 the default, above 500 is capped.
  for (const auto& [asked, served] :
       std::vector<std::pair<std::string, int>>{{"-1", 500}, {"0", 30}, {"100000", 500}}) {
    Reply r = server.Get("/api/v1/trail?perPage=" + asked);
    REQUIRE(r.status == 200);
    CHECK(r.body["perPage"] == served);
    CHECK(r.body["items"].size() == 7);
  }
  Reply fractional = server.Get("/api/v1/trail?perPage=1.5");
  CHECK(fractional.status == 400);
  CHECK(fractional.body["details"][0]["path"] == Json::array({"perPage"}));
  CHECK(fractional.body["details"][0]["expected"] == "integer");

  Reply filtered =
      server.Get("/api/v1/trail?filter=" + Url("difficulty = \"easy\" && distance > 2000"));
  REQUIRE(filtered.status == 200);
  CHECK(filtered.body["totalItems"] == 2);  // 3000 and 5000
  Reply by_author = server.Get("/api/v1/trail?filter=" + Url("author.username = 'alice'"));
  CHECK(by_author.body["totalItems"] == 7);
  Reply past_end = server.Get("/api/v1/trail?page=9");
  CHECK(past_end.body["items"] == Json::array());
  CHECK(past_end.body["totalItems"] == 7);

  CHECK(server.Get("/api/v1/trail?filter=" + Url("nope = 1")).status == 400);
  CHECK(server.Get("/api/v1/trail?filter=" + Url("name = ")).status == 400);
  CHECK(server.Get("/api/v1/trail?sort=bogus").status == 400);
  Reply bogus_expand = server.Get("/api/v1/trail?perPage=1&expand=bogus");
  REQUIRE(bogus_expand.status == 200);  // dropped as in PocketBase, with an empty expand object
  CHECK(bogus_expand.body["items"][0]["expand"] == Json::object());
  CHECK(server.Get("/api/v1/trail?page=abc").status == 400);
  Reply injection = server.Get("/api/v1/trail?filter=" + Url("name = \"x\" || 1=1 --"));
  CHECK(injection.status == 400);
  Reply quoted = server.Get("/api/v1/trail?filter=" + Url("name = \"x' OR '1'='1\""));
  CHECK(quoted.status == 200);
  CHECK(quoted.body["totalItems"] == 0);
}

TEST_CASE("trail input errors use the spec's error forms", "[api][trail]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");

  Reply short_id = server.Get("/api/v1/trail/abc");
  REQUIRE(short_id.status == 400);
  CHECK(short_id.body["message"] == "invalid_params");
  const Json& issue = short_id.body["details"][0];
  CHECK(issue["code"] == "too_small");
  CHECK(issue["minimum"] == 15);
  CHECK(issue["exact"] == true);
  CHECK(issue["path"] == Json::array({"id"}));
  Reply long_id = server.Get("/api/v1/trail/abcdefghijklmnopq");
  CHECK(long_id.body["details"][0]["code"] == "too_big");
  CHECK(long_id.body["details"][0]["maximum"] == 15);

  Reply missing = server.Get("/api/v1/trail/aaaaaaaaaaaaaaa");
  REQUIRE(missing.status == 404);
  CHECK(missing.body["detail"]["code"] == 404);
  CHECK(missing.body["detail"]["data"] == Json::object());
  CHECK(missing.body["message"].get<std::string>().find("not found") != std::string::npos);

  Reply required = server.Put("/api/v1/trail", {{"author", alice}}, token);
  REQUIRE(required.status == 400);
  CHECK(required.body["detail"]["code"] == 400);
  CHECK(required.body["detail"]["data"]["name"]["code"] == "validation_required");
  CHECK(required.body["detail"]["data"]["public"]["code"] == "validation_required");

  Reply wrong_type =
      server.Put("/api/v1/trail", {{"name", 5}, {"public", true}, {"author", alice}}, token);
  REQUIRE(wrong_type.status == 400);
  CHECK(wrong_type.body["details"][0]["code"] == "invalid_type");
  CHECK(wrong_type.body["details"][0]["expected"] == "string");
  CHECK(wrong_type.body["details"][0]["received"] == "number");

  Reply bad_date = server.Put(
      "/api/v1/trail", {{"name", "x"}, {"public", true}, {"author", alice}, {"date", "2024-02-30"}},
      token);
  REQUIRE(bad_date.status == 400);
  CHECK(bad_date.body["details"][0]["code"] == "invalid_string");
  CHECK(bad_date.body["details"][0]["validation"] == "date");
  CHECK(bad_date.body["details"][1]["code"] == "custom");
  CHECK(bad_date.body["details"][1]["message"] == "invalid-date");

  Reply bad_enum = server.Put(
      "/api/v1/trail",
      {{"name", "x"}, {"public", true}, {"author", alice}, {"difficulty", "difficult"}}, token);
  CHECK(bad_enum.status == 400);
  CHECK(bad_enum.body["detail"]["data"].contains("difficulty"));

  Reply bad_category = server.Put(
      "/api/v1/trail",
      {{"name", "x"}, {"public", true}, {"author", alice}, {"category", "nocategory12345"}}, token);
  CHECK(bad_category.body["detail"]["data"]["category"]["code"] ==
        "validation_missing_rel_records");

  // An author that names nobody is a missing relation (spec 7); an existing other user is 403.
  Reply bad_author = server.Put(
      "/api/v1/trail", {{"name", "x"}, {"public", true}, {"author", "nosuchuser1234"}}, token);
  CHECK(bad_author.status == 400);
  CHECK(bad_author.body["detail"]["data"]["author"]["code"] == "validation_missing_rel_records");
  auto [bob, bob_token] = server.CreateUser("bob");
  CHECK(server.Put("/api/v1/trail", NewTrail(bob, "forged", true), token).status == 403);

  CHECK(server.Send("PUT", "/api/v1/trail", token, "{not json").status == 400);
  const std::string id = server.Put("/api/v1/trail", NewTrail(alice, "ok", true), token).body["id"];
  const std::string no_content_type = "POST /api/v1/trail/" + id +
                                      " HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + token +
                                      "\r\nContent-Length: 12\r\nConnection: close\r\n\r\n"
                                      "{\"name\":\"y\"}";
  CHECK(server.SendRaw(no_content_type) == 400);
  Reply no_name = server.Post("/api/v1/trail/" + id, {{"description", "d"}}, token);
  CHECK(no_name.status == 400);
  CHECK(no_name.body["detail"]["data"]["name"]["code"] == "validation_required");
  // Nothing was half-written by the failed attempts.
  CHECK(server.Get("/api/v1/trail", token).body["totalItems"] == 1);
  // A required boolean cannot be null, and a date with an offset is stored as its UTC day.
  Reply null_public =
      server.Put("/api/v1/trail", {{"name", "x"}, {"public", nullptr}, {"author", alice}}, token);
  CHECK(null_public.status == 400);
  CHECK(null_public.body["detail"]["data"]["public"]["code"] == "validation_required");
  Reply late_evening = server.Put("/api/v1/trail",
                                  {{"name", "Night walk"},
                                   {"public", false},
                                   {"author", alice},
                                   {"date", "2024-05-06T23:30:00-05:00"}},
                                  token);
  REQUIRE(late_evening.status == 200);
  CHECK(late_evening.body["date"] == "2024-05-07");
}

TEST_CASE("deleting a trail removes its comments, logs, waypoints, shares and list links",
          "[api][trail]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string keep =
      server.Put("/api/v1/trail", NewTrail(alice, "Keep", true), token).body["id"];
  const std::string gone =
      server.Put("/api/v1/trail", NewTrail(alice, "Gone", true), token).body["id"];
  Reply list = server.Put(
      "/api/v1/list", {{"name", "Alps"}, {"author", alice}, {"trails", Json::array({gone, keep})}},
      token);
  REQUIRE(list.status == 200);
  REQUIRE(
      server.Put("/api/v1/comment", {{"author", bob}, {"trail", gone}, {"text", "nice"}}, bob_token)
          .status == 200);
  REQUIRE(
      server.Put("/api/v1/summit-log", {{"date", "2024-05-01"}, {"trail", gone}}, token).status ==
      200);
  REQUIRE(server
              .Put("/api/v1/waypoint", {{"author", alice}, {"lat", 1}, {"lon", 2}, {"trail", gone}},
                   token)
              .status == 200);
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", gone}, {"user", bob}, {"permission", "view"}},
                   token)
              .status == 200);

  Reply deleted = server.Delete("/api/v1/trail/" + gone, token);
  REQUIRE(deleted.status == 200);
  CHECK(deleted.body == Json{{"acknowledged", true}});
  CHECK(server.Get("/api/v1/trail/" + gone, token).status == 404);
  CHECK(server.Delete("/api/v1/trail/" + gone, token).status == 404);
  CHECK(server.Get("/api/v1/comment", bob_token).body == Json::array());
  CHECK(server.Get("/api/v1/summit-log", token).body == Json::array());
  CHECK(server.Get("/api/v1/waypoint", token).body == Json::array());
  CHECK(server.Get("/api/v1/trail-share", token).body == Json::array());
  Reply kept_list = server.Get("/api/v1/list/" + list.body["id"].get<std::string>(), token);
  REQUIRE(kept_list.status == 200);
  CHECK(kept_list.body["trails"] == Json::array({keep}));
  CHECK(server.Get("/api/v1/trail/" + keep, token).status == 200);
}

}  // namespace
}  // namespace cairn::api_test
