// Lists, waypoints, comments, summit logs and shares over HTTP: owner, other user, anonymous.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

std::string CreateTrail(TestServer& server, const std::string& author, const std::string& token,
                        const std::string& name, bool is_public) {
  Reply r = server.Put("/api/v1/trail", {{"name", name}, {"public", is_public}, {"author", author}},
                       token);
  REQUIRE(r.status == 200);
  return r.body["id"];
}

TEST_CASE(
    "lists keep trail order, expand trails with category and waypoints, and hide private "
    "lists",
    "[api][list]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string t1 = CreateTrail(server, alice, token, "One", true);
  const std::string t2 = CreateTrail(server, alice, token, "Two", true);
  const std::string t3 = CreateTrail(server, alice, token, "Three", true);
  REQUIRE(
      server.Post("/api/v1/trail/" + t2, {{"name", "Two"}, {"category", "hikingcategory1"}}, token)
          .status == 200);
  Reply created = server.Put("/api/v1/list",
                             {{"name", "Favourites"},
                              {"author", alice},
                              {"description", "best"},
                              {"public", true},
                              {"trails", Json::array({t3, t1, t2, t1})}},
                             token);
  REQUIRE(created.status == 200);
  CHECK(created.body["collectionName"] == "lists");
  CHECK(created.body["trails"] == Json::array({t3, t1, t2}));
  CHECK(created.body["avatar"] == "");
  const std::string list = created.body["id"];

  Reply shown = server.Get("/api/v1/list/" + list);
  REQUIRE(shown.status == 200);
  const Json& trails = shown.body["expand"]["trails"];
  REQUIRE(trails.size() == 3);
  CHECK(trails[0]["id"] == t3);
  CHECK(trails[2]["expand"]["category"]["name"] == "Hiking");
  CHECK(shown.body["expand"]["author"]["username"] == "alice");

  Reply private_list = server.Put("/api/v1/list", {{"name", "Mine"}, {"author", alice}}, token);
  REQUIRE(private_list.status == 200);
  const std::string hidden = private_list.body["id"];
  CHECK(server.Get("/api/v1/list/" + hidden, bob_token).status == 404);
  Reply anon_lists = server.Get("/api/v1/list");
  REQUIRE(anon_lists.status == 200);
  REQUIRE(anon_lists.body.is_array());
  CHECK(anon_lists.body.size() == 1);
  CHECK(anon_lists.Header("X-Total-Count") == "1");
  CHECK(server.Get("/api/v1/list", token).body.size() == 2);

  Reply renamed =
      server.Post("/api/v1/list/" + list, {{"name", "Top"}, {"description", ""}}, token);
  REQUIRE(renamed.status == 200);
  CHECK(renamed.body["name"] == "Top");
  CHECK(renamed.body["trails"] == Json::array({t3, t1, t2}));
  CHECK(server.Post("/api/v1/list/" + list, {{"description", "x"}}, token).status == 400);
  CHECK(server.Post("/api/v1/list/" + list, {{"name", "Hijack"}}, bob_token).status == 403);
  Reply bad_trail = server.Put(
      "/api/v1/list",
      {{"name", "x"}, {"author", alice}, {"trails", Json::array({"nosuchtrail1234"})}}, token);
  CHECK(bad_trail.body["detail"]["data"]["trails"]["code"] == "validation_missing_rel_records");

  // Deleting a list never deletes its trails.
  CHECK(server.Delete("/api/v1/list/" + list, token).status == 200);
  CHECK(server.Get("/api/v1/trail/" + t1).status == 200);
  CHECK(server.Get("/api/v1/list/" + list, token).status == 404);
}

TEST_CASE("a list cannot include trails its author cannot see", "[api][list]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string secret = CreateTrail(server, alice, token, "Secret", false);
  Reply r = server.Put("/api/v1/list",
                       {{"name", "Steal"}, {"author", bob}, {"trails", Json::array({secret})}},
                       bob_token);
  CHECK(r.status == 400);
  CHECK(r.body["detail"]["data"]["trails"]["code"] == "validation_missing_rel_records");
}

TEST_CASE("waypoints: required coordinates, owner-only changes, attached to own trails only",
          "[api][waypoint]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string trail = CreateTrail(server, alice, token, "Ridge", true);
  Reply created = server.Put("/api/v1/waypoint",
                             {{"author", alice},
                              {"lat", 46.5},
                              {"lon", 8.1},
                              {"name", "Hut"},
                              {"icon", "house"},
                              {"trail", trail}},
                             token);
  REQUIRE(created.status == 200);
  CHECK(created.body["collectionName"] == "waypoints");
  CHECK(created.body["photos"] == Json::array());
  const std::string wp = created.body["id"];
  CHECK(server.Get("/api/v1/trail/" + trail).body["waypoints"] == Json::array({wp}));

  Reply missing = server.Put("/api/v1/waypoint", {{"author", alice}, {"lat", 1}}, token);
  CHECK(missing.status == 400);
  CHECK(missing.body["detail"]["data"]["lon"]["code"] == "validation_required");
  Reply out_of_range =
      server.Put("/api/v1/waypoint", {{"author", alice}, {"lat", 91}, {"lon", 0}}, token);
  CHECK(out_of_range.status == 400);
  CHECK(out_of_range.body["detail"]["data"]["lat"]["code"] == "validation_max_number_constraint");
  CHECK(server
            .Put("/api/v1/waypoint", {{"author", bob}, {"lat", 1}, {"lon", 1}, {"trail", trail}},
                 bob_token)
            .status == 403);

  CHECK(server.Get("/api/v1/waypoint/" + wp).status == 200);  // follows its public trail
  Reply update = server.Post("/api/v1/waypoint/" + wp, {{"lat", 46.6}, {"lon", 8.2}}, token);
  REQUIRE(update.status == 200);
  CHECK(update.body["lat"] == 46.6);
  CHECK(update.body["name"] == "Hut");
  CHECK(server.Post("/api/v1/waypoint/" + wp, {{"name", "x"}}, token).status == 400);
  CHECK(server.Post("/api/v1/waypoint/" + wp, {{"lat", 1}, {"lon", 1}}, bob_token).status == 403);
  CHECK(server.Delete("/api/v1/waypoint/" + wp, bob_token).status == 403);
  CHECK(server.Delete("/api/v1/waypoint/" + wp, token).status == 200);
  CHECK(server.Get("/api/v1/trail/" + trail).body["waypoints"] == Json::array());
}

TEST_CASE("comments carry a rating and their author, and follow the trail's visibility",
          "[api][comment]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string open = CreateTrail(server, alice, token, "Open", true);
  const std::string secret = CreateTrail(server, alice, token, "Secret", false);

  Reply created =
      server.Put("/api/v1/comment",
                 {{"author", bob}, {"trail", open}, {"text", "Lovely"}, {"rating", 5}}, bob_token);
  REQUIRE(created.status == 200);
  CHECK(created.body["rating"] == 5);
  CHECK(created.body["expand"]["author"]["username"] == "bob");
  const std::string comment = created.body["id"];

  Reply on_secret = server.Put("/api/v1/comment",
                               {{"author", bob}, {"trail", secret}, {"text", "peek"}}, bob_token);
  CHECK(on_secret.status == 400);
  CHECK(on_secret.body["detail"]["data"]["trail"]["code"] == "validation_missing_rel_records");
  CHECK(server
            .Put("/api/v1/comment",
                 {{"author", bob}, {"trail", open}, {"text", "x"}, {"rating", 6}}, bob_token)
            .status == 400);
  CHECK(server.Put("/api/v1/comment", {{"author", bob}, {"trail", open}}, bob_token).status == 400);

  Reply listed = server.Get("/api/v1/comment?filter=" + Url("trail = '" + open + "'"));
  REQUIRE(listed.status == 200);
  REQUIRE(listed.body.size() == 1);
  CHECK(listed.body[0]["expand"]["author"]["username"] == "bob");
  CHECK_FALSE(listed.body[0]["expand"]["author"].contains("email"));

  Reply shown = server.Get("/api/v1/comment/" + comment, bob_token);
  CHECK(shown.body["expand"]["author"]["token"] == bob_token);

  Reply edited = server.Post("/api/v1/comment/" + comment,
                             {{"author", bob}, {"trail", open}, {"text", "Lovely!"}}, bob_token);
  REQUIRE(edited.status == 200);
  CHECK(edited.body["text"] == "Lovely!");
  Reply moved = server.Post("/api/v1/comment/" + comment,
                            {{"author", bob}, {"trail", secret}, {"text", "x"}}, bob_token);
  CHECK(moved.status == 400);
  CHECK(moved.body["detail"]["data"]["trail"]["code"] == "validation_immutable");
  CHECK(server
            .Post("/api/v1/comment/" + comment, {{"author", bob}, {"trail", open}, {"text", "x"}},
                  token)
            .status == 403);
  CHECK(server.Delete("/api/v1/comment/" + comment).status == 401);
  CHECK(server.Delete("/api/v1/comment/" + comment, bob_token).status == 200);
}

TEST_CASE("summit logs default their author, need a date and follow the trail", "[api][summit]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string secret = CreateTrail(server, alice, token, "Secret", false);
  Reply created = server.Put("/api/v1/summit-log",
                             {{"date", "2024-08-15"}, {"text", "Windy"}, {"trail", secret}}, token);
  REQUIRE(created.status == 200);
  CHECK(created.body["author"] == alice);
  CHECK(created.body["date"] == "2024-08-15");
  CHECK(created.body["photos"] == Json::array());
  CHECK(created.body["gpx"] == "");
  const std::string log = created.body["id"];
  CHECK(server.Get("/api/v1/trail/" + secret, token).body["summit_logs"] == Json::array({log}));

  Reply no_date = server.Put("/api/v1/summit-log", {{"text", "x"}}, token);
  CHECK(no_date.status == 400);
  CHECK(no_date.body["detail"]["data"]["date"]["code"] == "validation_required");
  Reply bad_date = server.Put("/api/v1/summit-log", {{"date", "yesterday"}}, token);
  CHECK(bad_date.status == 400);
  CHECK(bad_date.body["details"][0]["code"] == "invalid_string");

  CHECK(server.Get("/api/v1/summit-log/" + log, bob_token).status == 404);
  CHECK(server.Get("/api/v1/summit-log", bob_token).body == Json::array());
  Reply updated = server.Post("/api/v1/summit-log/" + log, {{"date", "2024-08-16"}}, token);
  REQUIRE(updated.status == 200);
  CHECK(updated.body["date"] == "2024-08-16");
  CHECK(updated.body["text"] == "Windy");
  CHECK(server.Post("/api/v1/summit-log/" + log, {{"text", "no date"}}, token).status == 400);
  CHECK(server.Delete("/api/v1/summit-log/" + log, token).status == 200);
}

TEST_CASE("shares: only the owner shares, only permission changes, both sides see them",
          "[api][share]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  const std::string trail = CreateTrail(server, alice, token, "Private", false);
  const std::string other = CreateTrail(server, carol, carol_token, "Carol's", false);
  CHECK(server.Get("/api/v1/trail/" + trail, bob_token).status == 404);

  Reply share = server.Put("/api/v1/trail-share",
                           {{"trail", trail}, {"user", bob}, {"permission", "view"}}, token);
  REQUIRE(share.status == 200);
  CHECK(share.body["collectionName"] == "trail_share");
  const Json& user = share.body["expand"]["user"];
  CHECK(user["username"] == "bob");
  CHECK(user.size() == 5);  // avatar, collectionId, collectionName, id, username
  const std::string share_id = share.body["id"];

  // The shared user now sees the trail; strangers still don't.
  CHECK(server.Get("/api/v1/trail/" + trail, bob_token).status == 200);
  CHECK(server.Get("/api/v1/trail/" + trail, carol_token).status == 404);
  Reply bobs_view = server.Get("/api/v1/trail-share", bob_token);
  REQUIRE(bobs_view.body.size() == 1);
  CHECK(bobs_view.body[0]["expand"]["user"]["id"] == bob);
  CHECK(server.Get("/api/v1/trail-share", carol_token).body == Json::array());
  CHECK(server.Get("/api/v1/trail-share/" + share_id, carol_token).status == 404);
  CHECK(server.Get("/api/v1/trail-share").body == Json::array());

  CHECK(server
            .Put("/api/v1/trail-share", {{"trail", trail}, {"user", bob}, {"permission", "view"}},
                 token)
            .body["detail"]["data"]["user"]["code"] == "validation_not_unique");
  CHECK(server
            .Put("/api/v1/trail-share", {{"trail", trail}, {"user", carol}, {"permission", "view"}},
                 bob_token)
            .status == 403);
  CHECK(server
            .Put("/api/v1/trail-share",
                 {{"trail", trail}, {"user", carol}, {"permission", "admin"}}, token)
            .status == 400);

  Reply retarget = server.Post("/api/v1/trail-share/" + share_id,
                               {{"trail", other}, {"permission", "edit"}}, token);
  CHECK(retarget.status == 400);
  Reply upgrade = server.Post("/api/v1/trail-share/" + share_id, {{"permission", "edit"}}, token);
  REQUIRE(upgrade.status == 200);
  CHECK(upgrade.body["permission"] == "edit");
  CHECK(
      server.Post("/api/v1/trail-share/" + share_id, {{"permission", "view"}}, bob_token).status ==
      403);

  const std::string list =
      server.Put("/api/v1/list", {{"name", "L"}, {"author", alice}}, token).body["id"];
  Reply list_share = server.Put("/api/v1/list-share",
                                {{"list", list}, {"user", carol}, {"permission", "view"}}, token);
  REQUIRE(list_share.status == 200);
  CHECK(server.Get("/api/v1/list/" + list, carol_token).status == 200);
  CHECK(server.Get("/api/v1/list-share", carol_token).body.size() == 1);

  CHECK(server.Delete("/api/v1/trail-share/" + share_id, bob_token).status == 403);
  CHECK(server.Delete("/api/v1/trail-share/" + share_id, token).status == 200);
  CHECK(server.Get("/api/v1/trail/" + trail, bob_token).status == 404);
}

TEST_CASE("expand follows visibility and drops unknown relations", "[api][expand]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  const std::string secret = CreateTrail(server, alice, token, "Secret", false);
  const std::string open = CreateTrail(server, alice, token, "Open", true);
  Reply list = server.Put("/api/v1/list",
                          {{"name", "Mixed"},
                           {"author", alice},
                           {"public", true},
                           {"trails", Json::array({secret, open})}},
                          token);
  REQUIRE(list.status == 200);
  Reply as_bob = server.Get("/api/v1/list/" + list.body["id"].get<std::string>(), bob_token);
  REQUIRE(as_bob.status == 200);
  REQUIRE(as_bob.body["expand"]["trails"].size() == 1);
  CHECK(as_bob.body["expand"]["trails"][0]["id"] == open);
  CHECK(as_bob.raw.find("\"Secret\"") == std::string::npos);
  // Not even its id: the list's own `trails` holds only what the reader may open.
  CHECK(as_bob.body["trails"] == Json::array({open}));
  CHECK(as_bob.raw.find(secret) == std::string::npos);
  CHECK(server.Get("/api/v1/list").raw.find(secret) == std::string::npos);
  CHECK(server.Get("/api/v1/list/" + list.body["id"].get<std::string>(), token).body["trails"] ==
        Json::array({secret, open}));

  REQUIRE(
      server.Put("/api/v1/comment", {{"author", bob}, {"trail", open}, {"text", "hi"}}, bob_token)
          .status == 200);
  Reply back = server.Get("/api/v1/trail/" + open + "?expand=comments_via_trail.author");
  REQUIRE(back.status == 200);
  REQUIRE(back.body["expand"]["comments_via_trail"].size() == 1);
  CHECK(back.body["expand"]["comments_via_trail"][0]["expand"]["author"]["username"] == "bob");
  CHECK(back.body["expand"]["author"]["username"] == "alice");  // the default expand stays
  // Nested through a multi relation and back again, as deep as allowed.
  Reply deep = server.Get("/api/v1/list/" + list.body["id"].get<std::string>() +
                          "?expand=trails.comments_via_trail.trail.author");
  REQUIRE(deep.status == 200);
  const Json& comment = deep.body["expand"]["trails"][0]["expand"]["comments_via_trail"][0];
  CHECK(comment["expand"]["trail"]["expand"]["author"]["id"] == alice);
  // Unknown or too deep paths are dropped as PocketBase does; the usable part still expands.
  Reply unknown = server.Get("/api/v1/list/" + list.body["id"].get<std::string>() +
                             "?expand=trails.author.nope,tags");
  REQUIRE(unknown.status == 200);
  CHECK(unknown.body["expand"]["trails"][0]["expand"]["author"]["id"] == alice);
  CHECK_FALSE(unknown.body["expand"].contains("tags"));
  Reply too_deep = server.Get("/api/v1/trail/" + open +
                              "?expand=comments_via_trail.trail.comments_via_trail.trail."
                              "comments_via_trail.trail.author");  // 7 levels
  REQUIRE(too_deep.status == 200);
  const Json& sixth = too_deep.body["expand"]["comments_via_trail"][0]["expand"]["trail"]["expand"]
                                   ["comments_via_trail"][0]["expand"]["trail"]["expand"]
                                   ["comments_via_trail"][0]["expand"]["trail"];
  CHECK(sixth["id"] == open);
  CHECK_FALSE(sixth.contains("expand"));  // the seventh level was dropped
  // Below a projected author profile, nested expands still arrive, filtered by visibility.
  const std::string through = "/api/v1/trail/" + open + "?expand=author.trails_via_author";
  Reply as_owner = server.Get(through, token);
  REQUIRE(as_owner.status == 200);
  CHECK(as_owner.body["expand"]["author"]["expand"]["trails_via_author"].size() == 2);
  Reply as_anonymous = server.Get(through);
  REQUIRE(as_anonymous.status == 200);
  const Json& seen = as_anonymous.body["expand"]["author"]["expand"]["trails_via_author"];
  REQUIRE(seen.size() == 1);
  CHECK(seen[0]["id"] == open);
  Reply nothing = server.Get("/api/v1/comment?expand=nope", bob_token);
  REQUIRE(nothing.status == 200);
  CHECK(nothing.body[0]["expand"].contains("author"));  // the default expand is still there
  Reply filtered = server.Get("/api/v1/list?filter=" + Url("trails.name ?~ 'Secret'"), bob_token);
  REQUIRE(filtered.status == 200);
  CHECK(filtered.body == Json::array());  // a hidden trail can't be probed through a filter
}

}  // namespace
}  // namespace cairn::api_test
