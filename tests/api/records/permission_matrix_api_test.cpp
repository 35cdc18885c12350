// The permission matrix: every family x every kind of caller x list, show, create, update,
// delete, expand and totals, against one world of records. Rows are data; `{X}` in a path or
// body is replaced by the id (or token) named X. See docs/SECURITY.md for the model it proves.
#include <catch2/catch.hpp>
#include <map>

#include "api/caller_roles.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// alice owns everything below except Q (eve's), the like LIKE and the follow FOL (bob's). T is
// private: bob has a view share, carol an edit share, dave a share of the private list L that
// holds T, and there is a link share.
struct World {
  TestServer server;
  std::map<std::string, std::string> ids;
  std::map<Role, std::string> credentials;  // bearer value per role ("" = none)

  std::string Id(const std::string& name) const { return ids.at(name); }

  std::string MakeRecord(const std::string& path, const Json& body, const std::string& token) {
    Reply r = server.Put(path, body, token);
    INFO(path << " " << body.dump() << " -> " << r.raw);
    REQUIRE(r.status == 200);
    return r.body["id"];
  }

  World() {
    // frank and grace only ever receive shares, so granting them changes no role's view.
    for (const char* user : {"alice", "bob", "carol", "dave", "eve", "frank", "grace"}) {
      auto [id, token] = server.CreateUser(user);
      ids[user] = id;
      ids[std::string(user) + "_token"] = token;
    }
    const std::string alice = ids["alice"], owner = ids["alice_token"];
    ids["T"] = MakeRecord("/api/v1/trail",
                          {{"name", "T-secret"}, {"public", false}, {"author", alice}}, owner);
    ids["P"] = MakeRecord("/api/v1/trail",
                          {{"name", "P-open"}, {"public", true}, {"author", alice}}, owner);
    ids["Q"] =
        MakeRecord("/api/v1/trail", {{"name", "Q-eve"}, {"public", false}, {"author", ids["eve"]}},
                   ids["eve_token"]);
    ids["L"] = MakeRecord("/api/v1/list",
                          {{"name", "L-private"},
                           {"author", alice},
                           {"public", false},
                           {"trails", Json::array({ids["T"]})}},
                          owner);
    ids["PL"] = MakeRecord("/api/v1/list",
                           {{"name", "PL-open"},
                            {"author", alice},
                            {"public", true},
                            {"trails", Json::array({ids["T"], ids["P"]})}},
                           owner);
    ids["W"] =
        MakeRecord("/api/v1/waypoint",
                   {{"author", alice}, {"trail", ids["T"]}, {"lat", 46.5}, {"lon", 8.1}}, owner);
    ids["C"] = MakeRecord("/api/v1/comment",
                          {{"author", alice}, {"trail", ids["T"]}, {"text", "C-secret"}}, owner);
    ids["S"] = MakeRecord("/api/v1/summit-log",
                          {{"author", alice}, {"trail", ids["T"]}, {"date", "2024-06-01"}}, owner);
    ids["TSV"] =
        MakeRecord("/api/v1/trail-share",
                   {{"trail", ids["T"]}, {"user", ids["bob"]}, {"permission", "view"}}, owner);
    ids["TSE"] =
        MakeRecord("/api/v1/trail-share",
                   {{"trail", ids["T"]}, {"user", ids["carol"]}, {"permission", "edit"}}, owner);
    ids["LSD"] =
        MakeRecord("/api/v1/list-share",
                   {{"list", ids["L"]}, {"user", ids["dave"]}, {"permission", "view"}}, owner);
    ids["LSE"] =
        MakeRecord("/api/v1/list-share",
                   {{"list", ids["L"]}, {"user", ids["carol"]}, {"permission", "edit"}}, owner);
    Reply link = server.Put("/api/v1/trail-link-share",
                            {{"trail", ids["T"]}, {"permission", "view"}}, owner);
    REQUIRE(link.status == 200);
    ids["LINK"] = link.body["id"];
    ids["link_token"] = link.body["token"];
    // A link to the private list L; no role presents its token, so it changes nobody's view.
    Reply list_link =
        server.Put("/api/v1/list-link-share", {{"list", ids["L"]}, {"permission", "view"}}, owner);
    REQUIRE(list_link.status == 200);
    ids["LLINK"] = list_link.body["id"];
    ids["list_link_token"] = list_link.body["token"];
    Reply key = server.Put("/api/v1/api-token", {{"name", "script"}}, owner);
    REQUIRE(key.status == 200);
    ids["TOK"] = key.body["id"];
    ids["SET"] = MakeRecord("/api/v1/settings", {{"unit", "metric"}}, owner);
    // A tag of the whole instance, on alice's private trail T only.
    ids["TAG"] = MakeRecord("/api/v1/tag", {{"name", "alice-tag"}}, owner);
    // alice hides a category (her preference rows are hers alone).
    ids["CPREF"] = MakeRecord("/api/v1/user-category-preference",
                              {{"category", "hikingcategory1"}, {"visible", false}}, owner);
    ids["SPREF"] = MakeRecord("/api/v1/user-subcategory-preference",
                              {{"subcategory", "bikinggravel001"}, {"visible", false}}, owner);
    // bob likes alice's public trail P and follows her (her account is public: accepted).
    ids["LIKE"] = MakeRecord("/api/v1/trail-like", {{"trail", ids["P"]}}, ids["bob_token"]);
    ids["FOL"] = MakeRecord("/api/v1/follow", {{"followee", alice}}, ids["bob_token"]);
    REQUIRE(server
                .Post("/api/v1/trail/" + ids["T"],
                      {{"name", "T-secret"}, {"tags", Json::array({ids["TAG"]})}}, owner)
                .status == 200);

    // bob was told of the share of T (a notification of his own; the triggers write them).
    Reply told =
        server.Get("/api/v1/notification?filter=" + Url("type='trail_share'"), ids["bob_token"]);
    REQUIRE(told.status == 200);
    REQUIRE(told.body["items"].size() == 1);
    ids["N"] = told.body["items"][0]["id"];

    credentials[Role::kAnonymous] = "";
    credentials[Role::kLinkHolder] = "";
    credentials[Role::kOwner] = owner;
    credentials[Role::kViewer] = ids["bob_token"];
    credentials[Role::kEditor] = ids["carol_token"];
    credentials[Role::kListHolder] = ids["dave_token"];
    credentials[Role::kStranger] = ids["eve_token"];
    credentials[Role::kApiKey] = key.body["token"];
  }

  // The user id a role acts as ("" for anonymous callers).
  std::string Me(Role role) const {
    switch (role) {
      case Role::kOwner:
      case Role::kApiKey:
        return ids.at("alice");
      case Role::kViewer:
        return ids.at("bob");
      case Role::kEditor:
        return ids.at("carol");
      case Role::kListHolder:
        return ids.at("dave");
      case Role::kStranger:
        return ids.at("eve");
      default:
        return "";
    }
  }

  // `text` with every {NAME} replaced; {me} is the role's own user id.
  std::string Fill(std::string text, Role role) const {
    for (size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open)) {
      const size_t close = text.find('}', open);
      const std::string name = text.substr(open + 1, close - open - 1);
      if (name.empty() || name.find_first_of("\" :,") != std::string::npos) {
        ++open;  // JSON braces, not a placeholder
        continue;
      }
      const std::string value = name == "me" ? Me(role) : ids.at(name);
      text.replace(open, close - open + 1, value);
      open += value.size();
    }
    return text;
  }

  Reply Send(Role role, const std::string& method, const std::string& path,
             const std::string& body = "") {
    std::string url = Fill(path, role);
    if (role == Role::kLinkHolder) {
      url += (url.find('?') == std::string::npos ? "?share=" : "&share=") + ids.at("link_token");
    }
    return server.Send(method, url, credentials.at(role), Fill(body, role));
  }
};

struct Row {
  std::string what;
  std::string method;
  std::string path;
  std::string body;
  std::map<Role, int> expected;  // roles not named are not checked by this row
};

// Expected statuses for all eight roles, in kAllRoles order.
std::map<Role, int> All(int anonymous, int owner, int viewer, int editor, int list_holder,
                        int link_holder, int stranger, int api_key) {
  return {{Role::kAnonymous, anonymous},    {Role::kOwner, owner},
          {Role::kViewer, viewer},          {Role::kEditor, editor},
          {Role::kListHolder, list_holder}, {Role::kLinkHolder, link_holder},
          {Role::kStranger, stranger},      {Role::kApiKey, api_key}};
}

void RunRows(World& world, const std::vector<Row>& rows) {
  for (const Row& row : rows) {
    for (const auto& [role, status] : row.expected) {
      if (status == 0) continue;  // not checked by this row
      Reply reply = world.Send(role, row.method, row.path, row.body);
      INFO(row.what << " | " << Name(role) << " | " << row.method << " " << row.path << " "
                    << row.body << " -> " << reply.raw);
      CHECK(reply.status == status);
      CHECK(reply.status != 500);
    }
  }
}

TEST_CASE("show and update: each caller gets exactly what the access model grants",
          "[api][permissions]") {
  World world;
  //                                             anon own  view edit list link strg key
  const std::vector<Row> rows = {
      {"trail show", "GET", "/api/v1/trail/{T}", "", All(404, 200, 200, 200, 200, 200, 404, 200)},
      {"trail update", "POST", "/api/v1/trail/{T}", R"({"name":"T-secret"})",
       All(401, 200, 403, 200, 403, 401, 404, 200)},
      // Who may update the trail gets past the rules to the action's own 409: {T} has no track.
      {"trail terrain elevation", "POST", "/api/v1/trail/{T}/terrain-elevation", "",
       All(401, 409, 403, 409, 403, 401, 404, 409)},
      {"trail terrain coverage", "GET", "/api/v1/trail/{T}/terrain-elevation", "",
       All(401, 409, 403, 409, 403, 401, 404, 409)},
      {"trail terrain elevation undone", "DELETE", "/api/v1/trail/{T}/terrain-elevation", "",
       All(401, 409, 403, 409, 403, 401, 404, 409)},
      {"public trail show", "GET", "/api/v1/trail/{P}", "",
       All(200, 200, 200, 200, 200, 200, 200, 200)},
      {"public trail update", "POST", "/api/v1/trail/{P}", R"({"name":"P-open"})",
       All(401, 200, 403, 403, 403, 401, 403, 200)},
      {"someone else's private trail", "GET", "/api/v1/trail/{Q}", "",
       All(404, 404, 404, 404, 404, 404, 200, 404)},
      {"list show", "GET", "/api/v1/list/{L}", "", All(404, 200, 404, 200, 200, 404, 404, 200)},
      {"list update", "POST", "/api/v1/list/{L}", R"({"name":"L-private"})",
       All(401, 200, 404, 200, 403, 401, 404, 200)},
      {"waypoint show", "GET", "/api/v1/waypoint/{W}", "",
       All(404, 200, 200, 200, 200, 200, 404, 200)},
      {"waypoint update", "POST", "/api/v1/waypoint/{W}", R"({"lat":46.5,"lon":8.1})",
       All(401, 200, 403, 403, 403, 401, 404, 200)},
      {"comment show (link tokens do not open comments)", "GET", "/api/v1/comment/{C}", "",
       All(404, 200, 200, 200, 200, 404, 404, 200)},
      {"comment update", "POST", "/api/v1/comment/{C}",
       R"({"text":"C-secret","trail":"{T}","author":"{alice}"})",
       All(401, 200, 403, 403, 403, 401, 404, 200)},
      {"summit log show", "GET", "/api/v1/summit-log/{S}", "",
       All(404, 200, 200, 200, 200, 404, 404, 200)},
      {"summit log update", "POST", "/api/v1/summit-log/{S}", R"({"date":"2024-06-01"})",
       All(401, 200, 403, 403, 403, 401, 404, 200)},
      {"trail share show (owner and its user only)", "GET", "/api/v1/trail-share/{TSV}", "",
       All(404, 200, 200, 404, 404, 404, 404, 200)},
      {"trail share update", "POST", "/api/v1/trail-share/{TSV}", R"({"permission":"view"})",
       All(401, 200, 403, 404, 404, 401, 404, 200)},
      {"list share show", "GET", "/api/v1/list-share/{LSD}", "",
       All(404, 200, 404, 404, 200, 404, 404, 200)},
      {"list share update", "POST", "/api/v1/list-share/{LSD}", R"({"permission":"view"})",
       All(401, 200, 404, 404, 403, 401, 404, 200)},
      {"link share show (the trail's author only)", "GET", "/api/v1/trail-link-share/{LINK}", "",
       All(404, 200, 404, 404, 404, 404, 404, 200)},
      {"link share update", "POST", "/api/v1/trail-link-share/{LINK}", R"({"permission":"view"})",
       All(401, 200, 404, 404, 404, 401, 404, 200)},
      {"list link share show (the list's author only)", "GET", "/api/v1/list-link-share/{LLINK}",
       "", All(404, 200, 404, 404, 404, 404, 404, 200)},
      {"list link share update", "POST", "/api/v1/list-link-share/{LLINK}",
       R"({"permission":"view"})", All(401, 200, 404, 404, 404, 401, 404, 200)},
      {"settings show", "GET", "/api/v1/settings/{SET}", "",
       All(404, 200, 404, 404, 404, 404, 404, 200)},
      {"settings update", "POST", "/api/v1/settings/{SET}", R"({"unit":"metric"})",
       All(401, 200, 404, 404, 404, 401, 404, 200)},
      {"tag show (anyone signed in)", "GET", "/api/v1/tag/{TAG}", "",
       All(404, 200, 200, 200, 200, 404, 200, 200)},
      {"tag rename (refused while someone else's trail uses it)", "POST", "/api/v1/tag/{TAG}",
       R"({"name":"alice-tag"})", All(401, 200, 403, 403, 403, 401, 403, 200)},
      {"category show (everyone)", "GET", "/api/v1/category/hikingcategory1", "",
       All(200, 200, 200, 200, 200, 200, 200, 200)},
      {"category update (nobody through the API)", "POST", "/api/v1/category/hikingcategory1",
       R"({"name":"Mine"})", All(405, 405, 405, 405, 405, 405, 405, 405)},
      {"subcategory show (everyone)", "GET", "/api/v1/subcategory/bikinggravel001", "",
       All(200, 200, 200, 200, 200, 200, 200, 200)},
      {"category preference show (its user only)", "GET",
       "/api/v1/user-category-preference/{CPREF}", "", All(404, 200, 404, 404, 404, 404, 404, 200)},
      {"subcategory preference show (its user only)", "GET",
       "/api/v1/user-subcategory-preference/{SPREF}", "",
       All(404, 200, 404, 404, 404, 404, 404, 200)},
      {"like show (its user only, not the trail's author)", "GET", "/api/v1/trail-like/{LIKE}", "",
       All(404, 404, 200, 404, 404, 404, 404, 404)},
      {"like update (nobody: a like is taken back, not changed)", "POST",
       "/api/v1/trail-like/{LIKE}", R"({"trail":"{T}"})",
       All(405, 405, 405, 405, 405, 405, 405, 405)},
      {"follow show (its two sides)", "GET", "/api/v1/follow/{FOL}", "",
       All(404, 200, 200, 404, 404, 404, 404, 200)},
      {"follow answer (the followee only)", "POST", "/api/v1/follow/{FOL}",
       R"({"status":"accepted"})", All(401, 200, 403, 404, 404, 401, 404, 200)},
      {"notification mark seen (its recipient only)", "POST", "/api/v1/notification/{N}",
       R"({"seen":true})", All(401, 404, 200, 404, 404, 401, 404, 404)},
      {"notification show (listed only)", "GET", "/api/v1/notification/{N}", "",
       All(405, 405, 405, 405, 405, 405, 405, 405)},
  };
  RunRows(world, rows);
}

TEST_CASE("create: the policy checks what a new record attaches to", "[api][permissions]") {
  World world;
  const std::vector<Row> rows = {
      {"trail authored by me", "PUT", "/api/v1/trail",
       R"({"name":"n","public":false,"author":"{me}"})",
       All(401, 200, 200, 200, 200, 401, 200, 200)},
      {"trail authored by alice", "PUT", "/api/v1/trail",
       R"({"name":"n","public":false,"author":"{alice}"})",
       All(401, 200, 403, 403, 403, 401, 403, 200)},
      {"waypoint on T (needs edit rights on T)", "PUT", "/api/v1/waypoint",
       R"({"author":"{me}","trail":"{T}","lat":1,"lon":2})",
       All(401, 200, 403, 200, 403, 401, 400, 200)},
      {"comment on T (needs to see T, signed in)", "PUT", "/api/v1/comment",
       R"({"author":"{me}","trail":"{T}","text":"hi"})",
       All(401, 200, 200, 200, 200, 401, 400, 200)},
      {"summit log on T", "PUT", "/api/v1/summit-log",
       R"({"author":"{me}","trail":"{T}","date":"2024-07-01"})",
       All(401, 200, 200, 200, 200, 401, 400, 200)},
      {"trail share of T (owner only)", "PUT", "/api/v1/trail-share",
       R"({"trail":"{T}","user":"{frank}","permission":"view"})",
       All(401, 200, 403, 403, 403, 401, 400, 0)},
      {"trail share of T by key",
       "PUT",
       "/api/v1/trail-share",
       R"({"trail":"{T}","user":"{grace}","permission":"view"})",
       {{Role::kApiKey, 200}}},
      {"list share of L (owner only)", "PUT", "/api/v1/list-share",
       R"({"list":"{L}","user":"{frank}","permission":"view"})",
       All(401, 200, 400, 403, 403, 401, 400, 0)},
      {"list share of L by key",
       "PUT",
       "/api/v1/list-share",
       R"({"list":"{L}","user":"{grace}","permission":"view"})",
       {{Role::kApiKey, 200}}},
      {"link share of T (the trail's author only)", "PUT", "/api/v1/trail-link-share",
       R"({"trail":"{T}","permission":"view"})", All(401, 200, 403, 403, 403, 401, 400, 200)},
      {"link share of L (the list's author only)", "PUT", "/api/v1/list-link-share",
       R"({"list":"{L}","permission":"view"})", All(401, 200, 400, 403, 403, 401, 400, 200)},
      {"API token (not with an API key)", "PUT", "/api/v1/api-token", R"({"name":"k"})",
       All(401, 200, 200, 200, 200, 401, 200, 403)},
      {"tag (anyone signed in)", "PUT", "/api/v1/tag", R"({"name":"tag of {me}"})",
       All(401, 200, 200, 200, 200, 401, 200, 0)},
      {"tag by key", "PUT", "/api/v1/tag", R"({"name":"tag of a key"})", {{Role::kApiKey, 200}}},
      {"category (nobody through the API)", "PUT", "/api/v1/category", R"({"name":"Mine"})",
       All(405, 405, 405, 405, 405, 405, 405, 405)},
      {"subcategory (nobody through the API)", "PUT", "/api/v1/subcategory",
       R"({"name":"Mine","category":"hikingcategory1"})",
       All(405, 405, 405, 405, 405, 405, 405, 405)},
      {"own category preference", "PUT", "/api/v1/user-category-preference",
       R"({"category":"walkingcategory","visible":false})",
       All(401, 200, 200, 200, 200, 401, 200, 200)},
      {"own category order", "POST", "/api/v1/user-category-preference/reorder",
       R"({"categories":["walkingcategory","hikingcategory1"]})",
       All(401, 200, 200, 200, 200, 401, 200, 200)},
      {"like of T (needs to see T, not through a link; a duplicate is a 400)", "PUT",
       "/api/v1/trail-like", R"({"trail":"{T}"})", All(401, 200, 200, 200, 200, 401, 404, 400)},
      {"like of Q (eve's private trail)", "PUT", "/api/v1/trail-like", R"({"trail":"{Q}"})",
       All(401, 404, 404, 404, 404, 401, 200, 404)},
      {"like in eve's name", "PUT", "/api/v1/trail-like", R"({"trail":"{P}","user":"{eve}"})",
       All(401, 403, 403, 403, 403, 401, 200, 403)},
      {"like as an actor other than oneself", "PUT", "/api/v1/trail-like",
       R"({"trail":"{P}","actor":"{frank}"})", All(401, 403, 403, 403, 403, 401, 403, 403)},
      {"follow alice (not herself; bob follows her already)", "PUT", "/api/v1/follow",
       R"({"followee":"{alice}"})", All(401, 400, 400, 200, 200, 401, 200, 400)},
      {"follow in frank's name", "PUT", "/api/v1/follow",
       R"({"follower":"{frank}","followee":"{grace}"})",
       All(401, 403, 403, 403, 403, 401, 403, 403)},
      {"notification (written by the server only)", "PUT", "/api/v1/notification",
       R"({"recipient":"{me}","type":"trail_like"})", All(405, 405, 405, 405, 405, 405, 405, 405)},
      {"settings for someone else",
       "PUT",
       "/api/v1/settings",
       R"({"user":"{alice}"})",
       {{Role::kViewer, 403}, {Role::kStranger, 403}, {Role::kAnonymous, 401}}},
  };
  RunRows(world, rows);
  // A second share of the same trail with the same user is a 400.
  Reply again = world.Send(Role::kOwner, "PUT", "/api/v1/trail-share",
                           R"({"trail":"{T}","user":"{frank}","permission":"view"})");
  CHECK(again.status == 400);
  CHECK(again.body["detail"]["data"]["user"]["code"] == "validation_not_unique");
}

TEST_CASE("delete: only who may, and a refused delete changes nothing", "[api][permissions]") {
  World world;
  const std::vector<Row> refused = {
      {"trail", "DELETE", "/api/v1/trail/{T}", "", All(401, 0, 403, 403, 403, 401, 404, 0)},
      {"list", "DELETE", "/api/v1/list/{L}", "", All(401, 0, 404, 403, 403, 401, 404, 0)},
      {"waypoint", "DELETE", "/api/v1/waypoint/{W}", "", All(401, 0, 403, 403, 403, 401, 404, 0)},
      {"comment", "DELETE", "/api/v1/comment/{C}", "", All(401, 0, 403, 403, 403, 401, 404, 0)},
      {"summit log", "DELETE", "/api/v1/summit-log/{S}", "",
       All(401, 0, 403, 403, 403, 401, 404, 0)},
      {"trail share", "DELETE", "/api/v1/trail-share/{TSV}", "",
       All(401, 0, 403, 404, 404, 401, 404, 0)},
      {"list share", "DELETE", "/api/v1/list-share/{LSD}", "",
       All(401, 0, 404, 404, 403, 401, 404, 0)},
      {"link share", "DELETE", "/api/v1/trail-link-share/{LINK}", "",
       All(401, 0, 404, 404, 404, 401, 404, 0)},
      {"list link share", "DELETE", "/api/v1/list-link-share/{LLINK}", "",
       All(401, 0, 404, 404, 404, 401, 404, 0)},
      {"API token", "DELETE", "/api/v1/api-token/{TOK}", "",
       All(401, 0, 404, 404, 404, 401, 404, 0)},
      {"settings", "DELETE", "/api/v1/settings/{SET}", "", All(401, 0, 404, 404, 404, 401, 404, 0)},
      {"tag", "DELETE", "/api/v1/tag/{TAG}", "", All(401, 0, 403, 403, 403, 401, 403, 0)},
      {"notification", "DELETE", "/api/v1/notification/{N}", "",
       All(405, 405, 405, 405, 405, 405, 405, 405)},
  };
  RunRows(world, refused);  // 0 marks the owner and the key, whose deletes come last
  // Everything is still there for its owner.
  for (const Row& row : refused) {
    INFO(row.what);
    const bool listed_only = row.what == "API token" || row.what == "notification";
    CHECK(world.Send(Role::kOwner, "GET", row.path).status == (listed_only ? 405 : 200));
  }
  CHECK(world.Send(Role::kOwner, "GET", "/api/v1/api-token").body.size() == 1);

  // The trail's author may remove anyone's comment or summit log on it; an editor may not.
  const std::string bob_comment = world.MakeRecord(
      "/api/v1/comment",
      {{"author", world.Id("bob")}, {"trail", world.Id("T")}, {"text", "bob was here"}},
      world.Id("bob_token"));
  CHECK(world.server.Delete("/api/v1/comment/" + bob_comment, world.Id("carol_token")).status ==
        403);
  CHECK(world.server.Delete("/api/v1/comment/" + bob_comment, world.Id("alice_token")).status ==
        200);
  const std::string bob_log = world.MakeRecord(
      "/api/v1/summit-log",
      {{"author", world.Id("bob")}, {"trail", world.Id("T")}, {"date", "2024-08-01"}},
      world.Id("bob_token"));
  CHECK(world.server
            .Post("/api/v1/summit-log/" + bob_log, {{"date", "2024-08-02"}},
                  world.Id("alice_token"))
            .status == 403);  // removing is the author's right, rewriting is not
  CHECK(world.server.Delete("/api/v1/summit-log/" + bob_log, world.Id("carol_token")).status ==
        403);
  CHECK(world.server.Delete("/api/v1/summit-log/" + bob_log, world.Id("alice_token")).status ==
        200);
  // The owner deletes the trail itself; an API key acts for its owner.
  CHECK(world.Send(Role::kApiKey, "DELETE", "/api/v1/waypoint/{W}").status == 200);
  CHECK(world.Send(Role::kOwner, "DELETE", "/api/v1/trail/{T}").status == 200);
  for (const char* gone : {"/api/v1/trail/{T}", "/api/v1/comment/{C}", "/api/v1/summit-log/{S}",
                           "/api/v1/trail-share/{TSV}", "/api/v1/trail-link-share/{LINK}"}) {
    INFO(gone);
    CHECK(world.Send(Role::kOwner, "GET", gone).status == 404);
  }
}

TEST_CASE("lists and totals show each caller exactly the records they may see",
          "[api][permissions]") {
  World world;
  struct Listing {
    std::string path;
    std::string record;
    std::map<Role, int> present;  // 1 listed, 0 absent
  };
  //                                         anon own view edit list link strg key
  const std::vector<Listing> listings = {
      {"/api/v1/trail", "T", All(0, 1, 1, 1, 1, 1, 0, 1)},
      {"/api/v1/trail", "Q", All(0, 0, 0, 0, 0, 0, 1, 0)},
      {"/api/v1/list", "L", All(0, 1, 0, 1, 1, 0, 0, 1)},
      {"/api/v1/waypoint", "W", All(0, 1, 1, 1, 1, 1, 0, 1)},
      {"/api/v1/comment", "C", All(0, 1, 1, 1, 1, 0, 0, 1)},
      {"/api/v1/summit-log", "S", All(0, 1, 1, 1, 1, 0, 0, 1)},
      {"/api/v1/trail-share", "TSV", All(0, 1, 1, 0, 0, 0, 0, 1)},
      {"/api/v1/trail-share", "TSE", All(0, 1, 0, 1, 0, 0, 0, 1)},
      {"/api/v1/list-share", "LSD", All(0, 1, 0, 0, 1, 0, 0, 1)},
      {"/api/v1/trail-link-share", "LINK", All(0, 1, 0, 0, 0, 0, 0, 1)},
      {"/api/v1/list-link-share", "LLINK", All(0, 1, 0, 0, 0, 0, 0, 1)},
      {"/api/v1/api-token", "TOK", All(0, 1, 0, 0, 0, 0, 0, 1)},
      {"/api/v1/settings", "SET", All(0, 1, 0, 0, 0, 0, 0, 1)},
      {"/api/v1/tag", "TAG", All(0, 1, 1, 1, 1, 0, 1, 1)},
      {"/api/v1/user-category-preference", "CPREF", All(0, 1, 0, 0, 0, 0, 0, 1)},
      {"/api/v1/user-subcategory-preference", "SPREF", All(0, 1, 0, 0, 0, 0, 0, 1)},
      {"/api/v1/trail-like", "LIKE", All(0, 0, 1, 0, 0, 0, 0, 0)},
      {"/api/v1/follow", "FOL", All(0, 1, 1, 0, 0, 0, 0, 1)},
  };
  for (const Listing& listing : listings) {
    for (const auto& [role, present] : listing.present) {
      Reply reply = world.Send(role, "GET", listing.path + "?perPage=500");
      INFO(listing.path << " " << listing.record << " | " << Name(role) << " -> " << reply.raw);
      // Even collections anonymous callers can never see answer an empty list, not an error.
      REQUIRE(reply.status == 200);
      const Json& items = reply.body.is_array() ? reply.body : reply.body["items"];
      bool found = false;
      for (const auto& item : items) found = found || item["id"] == world.Id(listing.record);
      CHECK(found == (present == 1));
      // Totals count exactly what is listed: no hidden record shows in a number either.
      const std::string total =
          reply.body.is_array() ? reply.Header("X-Total-Count") : reply.body["totalItems"].dump();
      CHECK(total == std::to_string(items.size()));
      CHECK(reply.raw.find("token_hash") == std::string::npos);
    }
  }
  // Notifications: each caller lists their own only (bob was told of the share of T); anonymous
  // callers and link holders are asked to sign in.
  for (Role role : kAllRoles) {
    Reply reply = world.Send(role, "GET", "/api/v1/notification?perPage=500");
    INFO("notifications | " << Name(role) << " -> " << reply.raw);
    if (world.Me(role).empty()) {
      CHECK(reply.status == 401);
      continue;
    }
    REQUIRE(reply.status == 200);
    bool found = false;
    for (const auto& item : reply.body["items"]) {
      CHECK(item["recipient"] == world.Me(role));
      found = found || item["id"] == world.Id("N");
    }
    CHECK(found == (role == Role::kViewer));
    CHECK(reply.body["totalItems"] == reply.body["items"].size());
  }
  // The tokens of link shares and API keys never appear in a listing for anyone but their owner,
  // and the raw API key never again at all.
  for (Role role : kAllRoles) {
    Reply links = world.Send(role, "GET", "/api/v1/trail-link-share");
    if (role != Role::kOwner && role != Role::kApiKey) {
      CHECK(links.raw.find(world.Id("link_token")) == std::string::npos);
    }
    Reply keys = world.Send(role, "GET", "/api/v1/api-token");
    CHECK(keys.raw.find(world.credentials.at(Role::kApiKey)) == std::string::npos);
  }
}

TEST_CASE("expand never carries a record its reader may not open", "[api][permissions]") {
  World world;
  struct Expansion {
    std::string path;
    std::string needle;  // a name, text or id that must appear only for the roles marked 1
    std::map<Role, int> present;
  };
  //                                                anon own view edit list link strg key
  const std::vector<Expansion> expansions = {
      // A public list holding a private trail: the trail, its id and name follow T's rules.
      {"/api/v1/list/{PL}?expand=trails", "T-secret", All(0, 1, 1, 1, 1, 1, 0, 1)},
      {"/api/v1/list/{PL}", "{T}", All(0, 1, 1, 1, 1, 1, 0, 1)},
      {"/api/v1/user/{alice}?expand=trails_via_author", "T-secret", All(0, 1, 1, 1, 1, 1, 0, 1)},
      {"/api/v1/user/{alice}?expand=lists_via_author", "L-private", All(0, 1, 0, 1, 1, 0, 0, 1)},
      // Comments hang off trails but link tokens do not reach them.
      {"/api/v1/waypoint/{W}?expand=trail.comments_via_trail", "C-secret",
       All(0, 1, 1, 1, 1, 0, 0, 1)},
      {"/api/v1/trail/{P}?expand=author.trails_via_author.comments_via_trail", "C-secret",
       All(0, 1, 1, 1, 1, 0, 0, 1)},
      // A share's trail only for those who may see the share.
      {"/api/v1/trail-share?expand=trail", "T-secret", All(0, 1, 1, 1, 0, 0, 0, 1)},
      // A filter through a relation is the same kind of door.
      {"/api/v1/list?filter=trails.name%3F%3D'T-secret'", "PL-open", All(0, 1, 1, 1, 1, 1, 0, 1)},
      // A like's trail only for its liker; a trail's likes for nobody else, even its author.
      {"/api/v1/trail-like?expand=trail", "P-open", All(0, 0, 1, 0, 0, 0, 0, 0)},
      {"/api/v1/trail/{P}?expand=trail_likes_via_trail", "{LIKE}", All(0, 0, 1, 0, 0, 0, 0, 0)},
      {"/api/v1/follow?expand=follower", "\"username\":\"bob\"", All(0, 1, 1, 0, 0, 0, 0, 1)},
      // A user's notifications are theirs alone, through a back-relation too.
      {"/api/v1/user/{bob}?expand=notifications_via_recipient", "{N}", All(0, 0, 1, 0, 0, 0, 0, 0)},
  };
  for (const Expansion& expansion : expansions) {
    const std::string needle = world.Fill(expansion.needle, Role::kOwner);
    for (const auto& [role, present] : expansion.present) {
      Reply reply = world.Send(role, "GET", expansion.path);
      INFO(expansion.path << " | " << Name(role) << " -> " << reply.raw);
      CHECK(reply.status != 500);
      CHECK((reply.raw.find(needle) != std::string::npos) == (present == 1));
    }
  }
}

TEST_CASE("edit shares change content, never visibility, and keep what they cannot see",
          "[api][permissions]") {
  World world;
  const std::string carol = world.Id("carol_token");
  Reply publish = world.server.Post("/api/v1/trail/" + world.Id("T"),
                                    {{"name", "T-secret"}, {"public", true}}, carol);
  CHECK(publish.status == 403);
  CHECK(publish.body["message"].get<std::string>().find("public") != std::string::npos);
  CHECK(world.server.Get("/api/v1/trail/" + world.Id("T")).status == 404);  // still private
  Reply renamed = world.server.Post("/api/v1/trail/" + world.Id("T"),
                                    {{"name", "T-secret"}, {"description", "by carol"}}, carol);
  CHECK(renamed.status == 200);
  CHECK(renamed.body["description"] == "by carol");

  // carol may edit L's trails, but only with trails she can see: not eve's private Q.
  const std::string list_path = "/api/v1/list/" + world.Id("L");
  REQUIRE(
      world.server
          .Post(list_path,
                {{"name", "L-private"}, {"trails", Json::array({world.Id("T"), world.Id("P")})}},
                world.Id("alice_token"))
          .status == 200);
  Reply add_invisible = world.server.Post(
      list_path, {{"name", "L-private"}, {"trails", Json::array({world.Id("Q")})}}, carol);
  CHECK(add_invisible.status == 400);
  CHECK(add_invisible.body["detail"]["data"]["trails"]["code"] == "validation_missing_rel_records");
  CHECK(world.server.Post(list_path, {{"name", "L-private"}, {"public", true}}, carol).status ==
        403);
  // An editor (here the owner herself) never drops what she cannot see: bob shares his private
  // trail with alice, she lists it, he un-shares it; her next edit of the list keeps its id.
  const std::string bobs = world.MakeRecord(
      "/api/v1/trail", {{"name", "bobs"}, {"public", false}, {"author", world.Id("bob")}},
      world.Id("bob_token"));
  const std::string share = world.MakeRecord(
      "/api/v1/trail-share", {{"trail", bobs}, {"user", world.Id("alice")}, {"permission", "view"}},
      world.Id("bob_token"));
  REQUIRE(world.server
              .Post(list_path,
                    {{"name", "L-private"}, {"trails", Json::array({world.Id("T"), bobs})}},
                    world.Id("alice_token"))
              .status == 200);
  REQUIRE(world.server.Delete("/api/v1/trail-share/" + share, world.Id("bob_token")).status == 200);
  Reply alice_view = world.server.Get(list_path, world.Id("alice_token"));
  CHECK(alice_view.body["trails"] == Json::array({world.Id("T")}));
  REQUIRE(world.server
              .Post(list_path, {{"name", "L-renamed"}, {"trails", Json::array({world.Id("T")})}},
                    world.Id("alice_token"))
              .status == 200);
  // When bob shares it again it is back in place; dave's share of L never opens bob's trail,
  // which is not the list author's to pass on.
  Reply bob_shares_again = world.server.Put(
      "/api/v1/trail-share", {{"trail", bobs}, {"user", world.Id("alice")}, {"permission", "view"}},
      world.Id("bob_token"));
  REQUIRE(bob_shares_again.status == 200);
  CHECK(world.server.Get(list_path, world.Id("alice_token")).body["trails"] ==
        Json::array({world.Id("T"), bobs}));
  CHECK(world.server.Get("/api/v1/trail/" + bobs, world.Id("dave_token")).status == 404);
}

TEST_CASE("share records cannot be retargeted, only their permission changes",
          "[api][permissions]") {
  World world;
  const std::string owner = world.Id("alice_token");
  for (const auto& [path, field, other] :
       std::vector<std::tuple<std::string, std::string, std::string>>{
           {"/api/v1/trail-share/" + world.Id("TSV"), "trail", world.Id("P")},
           {"/api/v1/trail-share/" + world.Id("TSV"), "user", world.Id("eve")},
           {"/api/v1/list-share/" + world.Id("LSD"), "list", world.Id("PL")},
           {"/api/v1/list-share/" + world.Id("LSD"), "user", world.Id("eve")},
           {"/api/v1/trail-link-share/" + world.Id("LINK"), "trail", world.Id("P")}}) {
    INFO(path << " " << field);
    Reply r = world.server.Post(path, {{field, other}, {"permission", "view"}}, owner);
    CHECK(r.status == 400);
    CHECK(r.body["detail"]["data"][field]["code"] == "validation_immutable");
  }
  Reply upgraded =
      world.server.Post("/api/v1/trail-share/" + world.Id("TSV"), {{"permission", "edit"}}, owner);
  CHECK(upgraded.status == 200);
  CHECK(upgraded.body["permission"] == "edit");
  // bob can now edit T; a link share can never grant that.
  CHECK(world.server
            .Post("/api/v1/trail/" + world.Id("T"), {{"name", "T-secret"}}, world.Id("bob_token"))
            .status == 200);
  Reply edit_link = world.server.Put("/api/v1/trail-link-share",
                                     {{"trail", world.Id("T")}, {"permission", "edit"}}, owner);
  CHECK(edit_link.status == 400);
  CHECK(edit_link.body["detail"]["data"]["permission"]["code"] == "validation_invalid_value");
  Reply self_share = world.server.Put(
      "/api/v1/trail-share",
      {{"trail", world.Id("P")}, {"user", world.Id("alice")}, {"permission", "view"}}, owner);
  CHECK(self_share.status == 400);
}

TEST_CASE("likes and follows: only their own people remove them", "[api][permissions]") {
  World world;
  const std::vector<Row> refused = {
      {"like (its user only)", "DELETE", "/api/v1/trail-like/{LIKE}", "",
       All(401, 404, 0, 404, 404, 401, 404, 404)},
      {"like by its trail (only one's own)", "POST", "/api/v1/trail-like/delete",
       R"({"trail":"{P}"})", All(401, 404, 0, 404, 404, 401, 404, 404)},
      {"follow (its two sides)", "DELETE", "/api/v1/follow/{FOL}", "",
       All(401, 0, 0, 404, 404, 401, 404, 0)},
  };
  RunRows(world, refused);
  CHECK(world.Send(Role::kViewer, "GET", "/api/v1/trail-like/{LIKE}").status == 200);
  CHECK(world.Send(Role::kOwner, "GET", "/api/v1/trail/{P}").body["like_count"] == 1);
  CHECK(world.Send(Role::kOwner, "GET", "/api/v1/follow/{FOL}").status == 200);
  // bob takes his like back; alice removes her follower with her API key.
  CHECK(
      world.Send(Role::kViewer, "POST", "/api/v1/trail-like/delete", R"({"trail":"{P}"})").status ==
      200);
  CHECK(world.Send(Role::kOwner, "GET", "/api/v1/trail/{P}").body["like_count"] == 0);
  CHECK(world.Send(Role::kApiKey, "DELETE", "/api/v1/follow/{FOL}").status == 200);
  CHECK(world.Send(Role::kViewer, "GET", "/api/v1/follow/{FOL}").status == 404);
}

TEST_CASE("a link token opens its trail at once and stops the moment it is deleted",
          "[api][permissions]") {
  World world;
  const std::string with_token =
      "/api/v1/trail/" + world.Id("T") + "?share=" + world.Id("link_token");
  CHECK(world.server.Get(with_token).status == 200);
  // Only that trail: eve's private trail stays closed with alice's token.
  CHECK(world.server.Get("/api/v1/trail/" + world.Id("Q") + "?share=" + world.Id("link_token"))
            .status == 404);
  // A mangled or foreign token is nothing.
  std::string wrong = world.Id("link_token");
  wrong.back() = wrong.back() == 'a' ? 'b' : 'a';
  CHECK(world.server.Get("/api/v1/trail/" + world.Id("T") + "?share=" + wrong).status == 404);
  CHECK(world.server.Delete("/api/v1/trail-link-share/" + world.Id("LINK"), world.Id("alice_token"))
            .status == 200);
  CHECK(world.server.Get(with_token).status == 404);
  CHECK(world.server.Get("/api/v1/waypoint/" + world.Id("W") + "?share=" + world.Id("link_token"))
            .status == 404);
}

}  // namespace
}  // namespace cairn::api_test
