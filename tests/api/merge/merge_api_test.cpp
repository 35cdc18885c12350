// POST /api/v1/trail-merge/suggest and POST /api/v1/trail-merge against the real server: each mode
// and rule, each error code, who may see and merge what, and a merge that deletes its source
// without losing a photo, summit log or comment of either trail.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <set>

#include "api/test_files.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// A GPX walk of `n` steps of (dlat, dlon) degrees from (lat, lon), one point a minute.
std::string WalkGpx(const std::string& name, double lat, double lon, int n, double dlat,
                    double dlon) {
  std::string gpx = R"(<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>)" +
                    name + "</name></metadata><trk><trkseg>";
  for (int i = 0; i <= n; ++i) {
    char point[200];
    std::snprintf(
        point, sizeof point,
        R"(<trkpt lat="%.6f" lon="%.6f"><ele>%d</ele><time>2024-06-01T%02d:%02d:00Z</time></trkpt>)",
        lat + dlat * i, lon + dlon * i, 500 + i, 8 + i / 60, i % 60);
    gpx += point;
  }
  return gpx + "</trkseg></trk></gpx>";
}

// Ridge: 40 steps north-east from the car park at 47.000, 11.000 (about 2.6 km).
std::string Ridge(const std::string& name, double east_offset = 0) {
  return WalkGpx(name, 47.0, 11.0 + east_offset, 40, 0.0005, 0.0003);
}
// The same car park, and 40 steps the other way round (A→B against B→A).
std::string RidgeReversed(const std::string& name) {
  return WalkGpx(name, 47.02, 11.012, 40, -0.0005, -0.0003);
}
// The same car park, then due east into the next valley.
std::string Valley(const std::string& name) { return WalkGpx(name, 47.0, 11.0, 40, 0, 0.0006); }

struct MergeWorld {
  TestServer server;
  std::string alice, alice_token, bob, bob_token, carol, carol_token;

  MergeWorld() {
    std::tie(alice, alice_token) = server.CreateUser("alice");
    std::tie(bob, bob_token) = server.CreateUser("bob");
    std::tie(carol, carol_token) = server.CreateUser("carol");
  }

  // Uploads a track as a trail of the token's user; `public` as asked. Returns its id.
  std::string Upload(const std::string& token, const std::string& gpx, bool is_public = false) {
    Reply r = server.Send("PUT", "/api/v1/trail/upload?ignoreDuplicates=true", token, gpx,
                          "application/gpx+xml");
    REQUIRE(r.status == 200);
    const std::string id = r.body["id"];
    if (is_public) {
      REQUIRE(
          server.Post("/api/v1/trail/" + id, {{"name", r.body["name"]}, {"public", true}}, token)
              .status == 200);
    }
    return id;
  }

  void Share(const std::string& trail, const std::string& user, const std::string& permission,
             const std::string& owner_token) {
    REQUIRE(server
                .Put("/api/v1/trail-share",
                     {{"trail", trail}, {"user", user}, {"permission", permission}}, owner_token)
                .status == 200);
  }

  Reply Suggest(const Json& body, const std::string& token) {
    return server.Post("/api/v1/trail-merge/suggest", body, token);
  }
  Reply Merge(const std::string& source, const std::string& target, const Json& settings,
              const std::string& token) {
    return server.Post(
        "/api/v1/trail-merge",
        {{"sourceTrailId", source}, {"targetTrailId", target}, {"settings", settings}}, token);
  }

  std::string Comment(const std::string& trail, const std::string& text, const std::string& user,
                      const std::string& token) {
    Reply r =
        server.Put("/api/v1/comment", {{"trail", trail}, {"text", text}, {"author", user}}, token);
    REQUIRE(r.status == 200);
    return r.body["id"];
  }

  std::string AddPhoto(const std::string& path, const std::string& token) {
    Reply r = SendForm(server, "POST", path, token, {}, {{"photos", "view.png", RedPng()}});
    REQUIRE(r.status == 200);
    return r.body["photos"].back();
  }

  // A like written straight into the database: the like routes are another part's.
  void Like(const std::string& trail, const std::string& user) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((server.data_dir() + "/data.db").c_str(), &db) == SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    const std::string sql =
        "INSERT INTO trail_likes (id, created, updated, trail, user) VALUES ('" +
        (trail.substr(0, 7) + user.substr(0, 8)) +
        "', '2024-01-01 00:00:00.000Z', "
        "'2024-01-01 00:00:00.000Z', '" +
        trail + "', '" + user + "')";
    CHECK(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }

  // One value an SQL query over the data dir answers (the like routes are another part's).
  std::string Sql(const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((server.data_dir() + "/data.db").c_str(), &db) == SQLITE_OK);
    sqlite3_busy_timeout(db, 5000);
    std::string out;
    auto keep = [](void* into, int, char** values, char**) {
      *static_cast<std::string*>(into) = values[0] ? values[0] : "";
      return 0;
    };
    CHECK(sqlite3_exec(db, sql.c_str(), keep, &out, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    return out;
  }

  Json Trail(const std::string& id, const std::string& token) {
    Reply r = server.Get("/api/v1/trail/" + id, token);
    REQUIRE(r.status == 200);
    return r.body;
  }

  int FileStatus(const std::string& collection, const std::string& record, const std::string& name,
                 const std::string& token) {
    return server.Get("/api/v1/files/" + collection + "/" + record + "/" + name, token).status;
  }
};

// The error code a reply carries (the message of Form A).
std::string Code(const Reply& r) { return r.body.value("message", ""); }

std::set<std::string> Ids(const Json& list, const char* key = "trailId") {
  std::set<std::string> out;
  for (const Json& item : list) out.insert(item[key].get<std::string>());
  return out;
}

TEST_CASE("the merge routes answer anonymous callers 401 trail_merge_auth_required",
          "[api][merge]") {
  MergeWorld w;
  for (const char* path : {"/api/v1/trail-merge/suggest", "/api/v1/trail-merge"}) {
    Reply r = w.server.Post(path, {{"mode", "maintenance-groups"}});
    CHECK(r.status == 401);
    CHECK(Code(r) == "trail_merge_auth_required");
  }
}

TEST_CASE("a suggestion request of the wrong shape is a 400 with its code", "[api][merge]") {
  MergeWorld w;
  const std::string a = w.Upload(w.alice_token, Ridge("A"));
  const std::string t = w.alice_token;
  auto code_of = [&](const std::string& raw) {
    Reply r = w.server.Send("POST", "/api/v1/trail-merge/suggest", t, raw);
    CHECK(r.status == 400);
    return Code(r);
  };
  CHECK(code_of("not json") == "trail_merge_invalid_request");
  CHECK(code_of("[1]") == "trail_merge_invalid_request");
  CHECK(code_of(R"({"mode": "everything"})") == "trail_merge_unknown_suggest_mode");
  CHECK(code_of(R"({})") == "trail_merge_unknown_suggest_mode");
  CHECK(code_of(R"({"mode": "manual-selection", "trailIds": "x"})") ==
        "trail_merge_invalid_request");
  CHECK(code_of(R"({"mode": "manual-selection", "trailIds": [")" + a + R"("]})") ==
        "trail_merge_requires_multiple_trails");
  CHECK(code_of(R"({"mode": "manual-selection", "trailIds": [")" + a + R"(", ")" + a + R"("]})") ==
        "trail_merge_requires_multiple_trails");
  Json many = Json::array();
  for (int i = 0; i < 21; ++i) many.push_back("trail" + std::to_string(100000000 + i));
  CHECK(code_of(Json{{"mode", "manual-selection"}, {"trailIds", many}}.dump()) ==
        "trail_merge_too_many_trails");
  CHECK(code_of(R"({"mode": "auto-discovery"})") == "trail_merge_missing_source_trail_id");
}

TEST_CASE("a manual selection keeps the trail with most content and warns where tracks differ",
          "[api][merge]") {
  MergeWorld w;
  const std::string a = w.Upload(w.alice_token, Ridge("Ridge"));
  const std::string b = w.Upload(w.alice_token, Ridge("Ridge again", 0.0002));  // 15 m east
  const std::string v = w.Upload(w.alice_token, Valley("Valley"));
  w.Comment(b, "Lovely", w.alice, w.alice_token);
  const std::string bob_public = w.Upload(w.bob_token, Ridge("Bob's ridge"), true);
  const std::string bob_private = w.Upload(w.bob_token, Ridge("Bob's secret"));

  Reply r = w.Suggest({{"mode", "manual-selection"}, {"trailIds", {a, b}}}, w.alice_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["targetTrailId"] == b);  // its comment puts it first
  CHECK(r.body["reason"] == "most_complete_content");
  CHECK(r.body["warnings"] == Json::array());
  REQUIRE(r.body["candidates"].size() == 2);
  CHECK(r.body["candidates"][0]["trailId"] == a);  // the request's order
  CHECK(r.body["candidates"][0]["reason"] == "selected_trail");
  CHECK(r.body["candidates"][1]["reason"] == "most_complete_content");
  CHECK(r.body["candidates"][1]["score"].get<double>() > 120);
  CHECK(r.body["candidates"][0]["selectable"] == true);

  // Another way from the same car park: the tracks differ, and the answer says so.
  r = w.Suggest({{"mode", "manual-selection"}, {"trailIds", {a, v}}}, w.alice_token);
  REQUIRE(r.status == 200);
  for (const Json& candidate : r.body["candidates"]) {
    std::set<std::string> warnings = candidate["warnings"];
    CHECK(warnings.count("geometry_differs") == 1);
    CHECK(warnings.count("endpoints_far_apart") == 1);
  }

  // Someone else's public trail may be compared but not chosen to change; a private one of
  // theirs is not found, exactly like a trail that does not exist.
  r = w.Suggest({{"mode", "manual-selection"}, {"trailIds", {a, bob_public}}}, w.alice_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["candidates"][1]["selectable"] == false);
  for (const std::string& hidden : {bob_private, std::string("nosuchtrail1234")}) {
    r = w.Suggest({{"mode", "manual-selection"}, {"trailIds", {a, hidden}}}, w.alice_token);
    CHECK(r.status == 400);
    CHECK(Code(r) == "trail_merge_trail_not_found");
  }
  // An edit share makes it selectable.
  w.Share(bob_private, w.alice, "edit", w.bob_token);
  r = w.Suggest({{"mode", "manual-selection"}, {"trailIds", {a, bob_private}}}, w.alice_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["candidates"][1]["selectable"] == true);
}

TEST_CASE("auto-discovery finds the caller's own recordings of the same route only",
          "[api][merge]") {
  MergeWorld w;
  const std::string source = w.Upload(w.alice_token, Ridge("Ridge"));
  const std::string again = w.Upload(w.alice_token, Ridge("Ridge, watch", 0.0002));
  w.Upload(w.alice_token, Valley("Valley"));
  w.Upload(w.alice_token, RidgeReversed("Ridge, down"));
  w.Upload(w.bob_token, Ridge("Bob's ridge"), true);  // someone else's, even public: never
  const std::string bob_private = w.Upload(w.bob_token, Ridge("Bob's secret"));
  const std::string bob_public = w.Upload(w.bob_token, Valley("Bob's valley"), true);

  Reply r = w.Suggest({{"mode", "auto-discovery"}, {"sourceTrailId", source}}, w.alice_token);
  REQUIRE(r.status == 200);
  CHECK(Ids(r.body["candidates"]) == std::set<std::string>{again});
  CHECK(r.body["targetTrailId"] == again);
  CHECK(r.body["candidates"][0]["selectable"] == true);

  const std::string lonely = w.Upload(w.alice_token, WalkGpx("Elsewhere", 46, 10, 20, 0.001, 0));
  r = w.Suggest({{"mode", "auto-discovery"}, {"sourceTrailId", lonely}}, w.alice_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["reason"] == "no_geometry_match");
  CHECK(r.body["targetTrailId"] == "");
  CHECK(r.body["candidates"] == Json::array());

  r = w.Suggest({{"mode", "auto-discovery"}, {"sourceTrailId", bob_public}}, w.alice_token);
  CHECK(r.status == 400);
  CHECK(Code(r) == "trail_merge_source_actor_mismatch");
  r = w.Suggest({{"mode", "auto-discovery"}, {"sourceTrailId", bob_private}}, w.alice_token);
  CHECK(r.status == 400);
  CHECK(Code(r) == "trail_merge_source_not_found");
}

TEST_CASE("maintenance groups cover the caller's trails and those shared to edit, nothing else",
          "[api][merge]") {
  MergeWorld w;
  const std::string a1 = w.Upload(w.alice_token, Ridge("Ridge 1"));
  const std::string a2 = w.Upload(w.alice_token, Ridge("Ridge 2", 0.0002));
  const std::string a3 = w.Upload(w.alice_token, Ridge("Ridge 3", -0.0002));
  const std::string v0 = w.Upload(w.alice_token, Valley("Valley"));
  w.Upload(w.alice_token, RidgeReversed("Ridge down"));
  const std::string v1 = w.Upload(w.alice_token, Valley("Valley again"));
  const std::string carol_edit = w.Upload(w.carol_token, Ridge("Carol's ridge", 0.0001));
  const std::string carol_view = w.Upload(w.carol_token, Ridge("Carol's other ridge"));
  w.Share(carol_edit, w.alice, "edit", w.carol_token);
  w.Share(carol_view, w.alice, "view", w.carol_token);
  w.Upload(w.bob_token, Ridge("Bob's ridge"), true);
  w.Upload(w.bob_token, Ridge("Bob's secret"));

  Reply r = w.Suggest({{"mode", "maintenance-groups"}}, w.alice_token);
  REQUIRE(r.status == 200);
  const Json& groups = r.body["groups"];
  REQUIRE(groups.size() == 2);
  // Largest first; members by name; the id joins them.
  CHECK(groups[0]["trailIds"] == Json::array({carol_edit, a1, a2, a3}));
  CHECK(groups[0]["groupId"] == carol_edit + ":" + a1 + ":" + a2 + ":" + a3);
  CHECK(groups[0]["indirect"] == false);
  CHECK(groups[0]["score"].get<double>() > 0.5);
  CHECK(groups[0]["reason"].is_string());
  CHECK(groups[1]["trailIds"] == Json::array({v0, v1}));

  // Bob sees none of that: his own two ridges are a group of his own.
  r = w.Suggest({{"mode", "maintenance-groups"}}, w.bob_token);
  REQUIRE(r.status == 200);
  REQUIRE(r.body["groups"].size() == 1);
  CHECK(r.body["groups"][0]["trailIds"].size() == 2);
}

TEST_CASE("a merge that deletes its source loses no photo, summit log or comment of either trail",
          "[api][merge]") {
  MergeWorld w;
  const std::string source = w.Upload(w.alice_token, Ridge("Ridge, watch"), true);
  const std::string target = w.Upload(w.alice_token, Ridge("Ridge", 0.0002), true);
  const std::string tag_a =
      w.server.Put("/api/v1/tag", {{"name", "ridge"}}, w.alice_token).body["id"];
  const std::string tag_b =
      w.server.Put("/api/v1/tag", {{"name", "autumn"}}, w.alice_token).body["id"];
  REQUIRE(w.server
              .Post("/api/v1/trail/" + source,
                    {{"name", "Ridge, watch"},
                     {"tags", {tag_a, tag_b}},
                     {"description", "Foggy at the top"}},
                    w.alice_token)
              .status == 200);
  REQUIRE(
      w.server
          .Post("/api/v1/trail/" + target, {{"name", "Ridge"}, {"tags", {tag_a}}}, w.alice_token)
          .status == 200);
  // Photos on both trails, and on a waypoint of the source.
  const std::string source_photo_1 = w.AddPhoto("/api/v1/trail/" + source + "/file", w.alice_token);
  const std::string source_photo_2 = w.AddPhoto("/api/v1/trail/" + source + "/file", w.alice_token);
  const std::string target_photo = w.AddPhoto("/api/v1/trail/" + target + "/file", w.alice_token);
  Reply waypoint = w.server.Put(
      "/api/v1/waypoint",
      {{"trail", source}, {"lat", 47.01}, {"lon", 11.006}, {"name", "Hut"}, {"author", w.alice}},
      w.alice_token);
  REQUIRE(waypoint.status == 200);
  const std::string waypoint_id = waypoint.body["id"];
  const std::string waypoint_photo =
      w.AddPhoto("/api/v1/waypoint/" + waypoint_id + "/file", w.alice_token);
  // Summit logs by bob on both trails, one with a photo; comments by bob and alice on both.
  Reply log = w.server.Put("/api/v1/summit-log",
                           {{"trail", source}, {"date", "2024-06-02 00:00:00.000Z"}}, w.bob_token);
  REQUIRE(log.status == 200);
  const std::string source_log = log.body["id"];
  const std::string log_photo =
      w.AddPhoto("/api/v1/summit-log/" + source_log + "/file", w.bob_token);
  log = w.server.Put("/api/v1/summit-log",
                     {{"trail", target}, {"date", "2024-06-03 00:00:00.000Z"}}, w.bob_token);
  REQUIRE(log.status == 200);
  const std::string target_log = log.body["id"];
  const std::set<std::string> comments = {w.Comment(source, "Steep", w.bob, w.bob_token),
                                          w.Comment(source, "Thanks", w.alice, w.alice_token),
                                          w.Comment(target, "Again!", w.bob, w.bob_token)};
  // Bob likes both, carol the source only.
  w.Like(source, w.bob);
  w.Like(source, w.carol);
  w.Like(target, w.bob);
  CHECK(w.Sql("SELECT like_count FROM trails WHERE id = '" + source + "'") == "2");
  const std::string source_gpx = w.Trail(source, w.alice_token)["gpx"];

  // Only `delete` and `likes`: summit logs, photos and comments come along all the same.
  Reply r =
      w.Merge(source, target, {{"delete", true}, {"likes", true}, {"tags", true}}, w.alice_token);
  REQUIRE(r.status == 200);
  CHECK(r.body == Json{{"acknowledged", true}});
  CHECK(w.server.Get("/api/v1/trail/" + source, w.alice_token).status == 404);
  CHECK(StoredNames(w.server, kTrailsId, source).empty());

  const Json kept = w.Trail(target, w.alice_token);
  // Every photo file readable on the kept trail: its own, the source's copies, the waypoint's.
  REQUIRE(kept["photos"].size() == 3);
  CHECK(kept["photos"][0] == target_photo);
  for (const Json& photo : kept["photos"]) {
    CHECK(w.FileStatus("trails", target, photo, w.alice_token) == 200);
  }
  Reply moved_waypoint = w.server.Get("/api/v1/waypoint/" + waypoint_id, w.alice_token);
  REQUIRE(moved_waypoint.status == 200);
  CHECK(moved_waypoint.body["trail"] == target);
  CHECK(w.FileStatus("waypoints", waypoint_id, waypoint_photo, w.alice_token) == 200);
  // Both summit logs, and one for the source's own outing with its track readable.
  std::set<std::string> logs = kept["summit_logs"];
  CHECK(logs.size() == 3);
  CHECK(logs.count(source_log) == 1);
  CHECK(logs.count(target_log) == 1);
  CHECK(w.FileStatus("summit_logs", source_log, log_photo, w.bob_token) == 200);
  for (const std::string& id : logs) {
    if (id == source_log || id == target_log) continue;
    Reply made = w.server.Get("/api/v1/summit-log/" + id, w.alice_token);
    REQUIRE(made.status == 200);
    CHECK(made.body["author"] == w.alice);
    CHECK(made.body["text"] == "Foggy at the top");
    CHECK(made.body["date"].get<std::string>().substr(0, 10) == "2024-06-01");
    CHECK(made.body["distance"].get<double>() > 2000);
    const std::string gpx = made.body["gpx"];
    CHECK_FALSE(gpx.empty());
    CHECK(gpx != source_gpx);
    CHECK(w.FileStatus("summit_logs", id, gpx, w.alice_token) == 200);
  }
  // Every comment, with its own author.
  Reply listed =
      w.server.Get("/api/v1/comment?filter=" + Url("trail = \"" + target + "\""), w.alice_token);
  REQUIRE(listed.status == 200);
  // (GET /comment answers a bare array, as the spec's list of comments is.)
  CHECK(Ids(listed.body.is_array() ? listed.body : listed.body["items"], "id") == comments);
  // One like per person, counted once.
  CHECK(w.Sql("SELECT like_count FROM trails WHERE id = '" + target + "'") == "2");
  CHECK(w.Sql("SELECT group_concat(user, ',') FROM (SELECT user FROM trail_likes WHERE trail = '" +
              target + "' ORDER BY user)") ==
        (w.bob < w.carol ? w.bob + "," + w.carol : w.carol + "," + w.bob));
  CHECK(w.Sql("SELECT count(*) FROM trail_likes WHERE trail = '" + source + "'") == "0");
  // The source's tags beside the target's.
  CHECK(kept["tags"] == Json::array({tag_a, tag_b}));
}

TEST_CASE("a merge that keeps its source moves what it is asked to and copies nothing else",
          "[api][merge]") {
  MergeWorld w;
  const std::string source = w.Upload(w.alice_token, Ridge("Ridge, watch"));
  const std::string target = w.Upload(w.alice_token, Ridge("Ridge", 0.0002));
  const std::string photo = w.AddPhoto("/api/v1/trail/" + source + "/file", w.alice_token);
  const std::string comment = w.Comment(source, "Windy", w.alice, w.alice_token);
  Reply r = w.Merge(source, target, {{"photos", true}}, w.alice_token);
  REQUIRE(r.status == 200);
  const Json kept = w.Trail(target, w.alice_token);
  const Json left = w.Trail(source, w.alice_token);
  REQUIRE(kept["photos"].size() == 1);
  CHECK(w.FileStatus("trails", target, kept["photos"][0], w.alice_token) == 200);
  // Moved, not copied: the source's file is gone after the commit.
  CHECK(left["photos"] == Json::array());
  CHECK(StoredNames(w.server, kTrailsId, source).count(photo) == 0);
  CHECK(w.server.Get("/api/v1/comment/" + comment, w.alice_token).body["trail"] == source);
  CHECK(kept["summit_logs"].size() == 1);
  CHECK(left["summit_logs"].size() == 0);
}

TEST_CASE("merge rules: ids, visibility, edit rights and ownership", "[api][merge]") {
  MergeWorld w;
  const std::string mine = w.Upload(w.alice_token, Ridge("Mine"));
  const std::string mine_too = w.Upload(w.alice_token, Ridge("Mine too"));
  const std::string bob_public = w.Upload(w.bob_token, Ridge("Bob's"), true);
  const std::string bob_private = w.Upload(w.bob_token, Ridge("Bob's secret"));
  const std::string carol_edit = w.Upload(w.carol_token, Ridge("Carol's"));
  w.Share(carol_edit, w.alice, "edit", w.carol_token);
  auto expect = [&](const Reply& r, int status, const std::string& code) {
    CHECK(r.status == status);
    CHECK(Code(r) == code);
  };
  const std::string t = w.alice_token;
  expect(w.Merge("", mine, Json::object(), t), 400, "trail_merge_missing_trail_id");
  expect(w.Merge(mine, mine, Json::object(), t), 400, "trail_merge_same_source_target");
  expect(
      w.server.Post(
          "/api/v1/trail-merge",
          {{"sourceTrailId", mine}, {"targetTrailId", mine_too}, {"settings", {{"delete", "yes"}}}},
          t),
      400, "trail_merge_invalid_request");
  expect(w.Merge(bob_private, mine, Json::object(), t), 400, "trail_merge_source_not_found");
  expect(w.Merge(mine, bob_private, Json::object(), t), 400, "trail_merge_target_not_found");
  expect(w.Merge(mine, bob_public, Json::object(), t), 403, "trail_merge_not_allowed");
  // Taking anything from a trail one may only see is refused; deleting one not one's own too.
  expect(w.Merge(bob_public, mine, {{"comments", true}}, t), 403, "trail_merge_not_allowed");
  expect(w.Merge(carol_edit, mine, {{"delete", true}}, t), 403, "trail_merge_not_allowed");
  // Nothing was written by the refusals.
  CHECK(w.Trail(mine, t)["summit_logs"].size() == 0);
  CHECK(w.Trail(carol_edit, t)["summit_logs"].size() == 0);
  // A visible trail's outing may be logged on one's own; an edit share may be the target or
  // give its content.
  CHECK(w.Merge(bob_public, mine, Json::object(), t).status == 200);
  CHECK(w.Trail(mine, t)["summit_logs"].size() == 1);
  CHECK(w.Merge(mine_too, carol_edit, {{"delete", true}}, t).status == 200);
  CHECK(w.Trail(carol_edit, t)["summit_logs"].size() == 1);
  CHECK(w.Merge(carol_edit, mine, {{"comments", true}, {"summitLog", true}}, t).status == 200);
  CHECK(w.Trail(mine, t)["summit_logs"].size() == 3);
  // Bob's trails are untouched.
  CHECK(w.Trail(bob_public, w.bob_token)["summit_logs"].size() == 0);
}

}  // namespace
}  // namespace cairn::api_test
