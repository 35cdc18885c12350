// The search visibility matrix: every kind of caller x both indexes x query, filter, counts,
// highlights, `estimatedTotalHits` and `totalHits`. Nothing a caller may not see ever shows,
// whatever the request's filter asks for (docs/SECURITY.md).
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "api/caller_roles.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// alice's private trail T ("Wetterstein secret") is shared with bob (view) and carol (edit), sits
// in her private list L shared with dave, and has a link share; P is her public trail; Q is eve's
// private trail. Every trail and list has "wetterstein" in its name; only T has "geheim".
struct World {
  TestServer server;
  std::map<std::string, std::string> ids;
  std::map<Role, std::string> credentials;

  std::string Make(const std::string& path, const Json& body, const std::string& token) {
    Reply r = server.Put(path, body, token);
    INFO(path << " " << body.dump() << " -> " << r.raw);
    REQUIRE(r.status == 200);
    return r.body["id"];
  }

  World() {
    for (const char* user : {"alice", "bob", "carol", "dave", "eve"}) {
      auto [id, token] = server.CreateUser(user);
      ids[user] = id;
      ids[std::string(user) + "_token"] = token;
    }
    const std::string alice = ids["alice"], owner = ids["alice_token"];
    ids["T"] = Make("/api/v1/trail",
                    {{"name", "Wetterstein secret"},
                     {"description", "geheim Höllental"},
                     {"public", false},
                     {"author", alice},
                     {"distance", 5000}},
                    owner);
    ids["P"] = Make(
        "/api/v1/trail",
        {{"name", "Wetterstein open"}, {"public", true}, {"author", alice}, {"distance", 1000}},
        owner);
    ids["Q"] = Make("/api/v1/trail",
                    {{"name", "Wetterstein eve"}, {"public", false}, {"author", ids["eve"]}},
                    ids["eve_token"]);
    ids["L"] = Make("/api/v1/list",
                    {{"name", "Wetterstein list private"},
                     {"author", alice},
                     {"public", false},
                     {"trails", Json::array({ids["T"]})}},
                    owner);
    ids["PL"] = Make("/api/v1/list",
                     {{"name", "Wetterstein list open"},
                      {"author", alice},
                      {"public", true},
                      {"trails", Json::array({ids["T"], ids["P"]})}},
                     owner);
    Make("/api/v1/trail-share", {{"trail", ids["T"]}, {"user", ids["bob"]}, {"permission", "view"}},
         owner);
    Make("/api/v1/trail-share",
         {{"trail", ids["T"]}, {"user", ids["carol"]}, {"permission", "edit"}}, owner);
    Make("/api/v1/list-share", {{"list", ids["L"]}, {"user", ids["dave"]}, {"permission", "view"}},
         owner);
    Make("/api/v1/list-share", {{"list", ids["L"]}, {"user", ids["carol"]}, {"permission", "edit"}},
         owner);
    Reply link = server.Put("/api/v1/trail-link-share",
                            {{"trail", ids["T"]}, {"permission", "view"}}, owner);
    REQUIRE(link.status == 200);
    ids["link_token"] = link.body["token"];
    Reply key = server.Put("/api/v1/api-token", {{"name", "script"}}, owner);
    REQUIRE(key.status == 200);
    credentials[Role::kAnonymous] = "";
    credentials[Role::kLinkHolder] = "";
    credentials[Role::kOwner] = owner;
    credentials[Role::kViewer] = ids["bob_token"];
    credentials[Role::kEditor] = ids["carol_token"];
    credentials[Role::kListHolder] = ids["dave_token"];
    credentials[Role::kStranger] = ids["eve_token"];
    credentials[Role::kApiKey] = key.body["token"];
  }

  Reply Search(Role role, const std::string& index, const Json& body) {
    std::string path = "/api/v1/search/" + index;
    if (role == Role::kLinkHolder) path += "?share=" + ids.at("link_token");
    return server.Post(path, body, credentials.at(role));
  }

  std::set<std::string> Names(const std::set<std::string>& keys) const {
    std::set<std::string> out;
    for (const auto& key : keys) out.insert(ids.at(key));
    return out;
  }
};

std::set<std::string> HitIds(const Json& answer) {
  std::set<std::string> out;
  for (const Json& hit : answer["hits"]) out.insert(hit["id"].get<std::string>());
  return out;
}

// Which trails and lists each role may see.
const std::map<Role, std::set<std::string>> kVisibleTrails = {
    {Role::kAnonymous, {"P"}},     {Role::kOwner, {"T", "P"}},      {Role::kViewer, {"T", "P"}},
    {Role::kEditor, {"T", "P"}},   {Role::kListHolder, {"T", "P"}}, {Role::kLinkHolder, {"T", "P"}},
    {Role::kStranger, {"P", "Q"}}, {Role::kApiKey, {"T", "P"}}};
const std::map<Role, std::set<std::string>> kVisibleLists = {
    {Role::kAnonymous, {"PL"}},   {Role::kOwner, {"L", "PL"}},      {Role::kViewer, {"PL"}},
    {Role::kEditor, {"L", "PL"}}, {Role::kListHolder, {"L", "PL"}}, {Role::kLinkHolder, {"PL"}},
    {Role::kStranger, {"PL"}},    {Role::kApiKey, {"L", "PL"}}};

TEST_CASE("search shows each caller exactly what they may see", "[api][search][security]") {
  World world;
  for (Role role : kAllRoles) {
    INFO(Name(role));
    const std::set<std::string> trails = world.Names(kVisibleTrails.at(role));
    const std::set<std::string> lists = world.Names(kVisibleLists.at(role));
    // A query, offset mode.
    Reply r = world.Search(role, "trails", {{"q", "wetterstein"}});
    REQUIRE(r.status == 200);
    CHECK(HitIds(r.body) == trails);
    CHECK(r.body["estimatedTotalHits"] == trails.size());
    // Page mode counts the same.
    r = world.Search(role, "trails", {{"q", "wetter"}, {"page", 1}, {"hitsPerPage", 1}});
    REQUIRE(r.status == 200);
    CHECK(r.body["totalHits"] == trails.size());
    CHECK(r.body["totalPages"] == trails.size());
    CHECK(r.body["hits"].size() == 1);
    // A filter cannot widen what the caller sees: asking for private trails only.
    r = world.Search(role, "trails", {{"q", ""}, {"filter", "public = false"}});
    REQUIRE(r.status == 200);
    std::set<std::string> private_ones;
    for (const auto& key : kVisibleTrails.at(role)) {
      if (key != "P") private_ones.insert(world.ids.at(key));
    }
    CHECK(HitIds(r.body) == private_ones);
    CHECK(r.body["estimatedTotalHits"] == private_ones.size());
    // A word only in the private trail's description: hits, totals and highlights.
    const bool sees_t = kVisibleTrails.at(role).count("T") > 0;
    r = world.Search(role, "trails",
                     {{"q", "geheim"}, {"attributesToHighlight", Json::array({"*"})}});
    REQUIRE(r.status == 200);
    CHECK(r.body["estimatedTotalHits"] == (sees_t ? 1 : 0));
    CHECK(r.body["hits"].size() == (sees_t ? 1u : 0u));
    if (sees_t) {
      CHECK(r.body["hits"][0]["_formatted"]["description"] == "<em>geheim</em> Höllental");
    }
    const bool leaks_description = r.body.dump().find("geheim Höllental") != std::string::npos;
    CHECK((sees_t || !leaks_description));
    // Lists, and each list's trail count and sums over the trails this caller may see.
    r = world.Search(role, "lists", {{"q", "wetterstein"}});
    REQUIRE(r.status == 200);
    CHECK(HitIds(r.body) == lists);
    CHECK(r.body["estimatedTotalHits"] == lists.size());
    for (const Json& hit : r.body["hits"]) {
      if (hit["id"] != world.ids.at("PL")) continue;
      CHECK(hit["trails"] == (sees_t ? 2 : 1));
      CHECK(hit["distance"] == (sees_t ? 6000 : 1000));
      CHECK_FALSE(hit.contains("shares"));
    }
    // Nothing names who a record is shared with.
    CHECK(r.body.dump().find(world.ids.at("bob")) == std::string::npos);
    // Multi-search answers both indexes with the same rules.
    r = world.server.Post(
        std::string("/api/v1/search/multi") +
            (role == Role::kLinkHolder ? "?share=" + world.ids.at("link_token") : ""),
        {{"queries", Json::array({{{"indexUid", "trails"}, {"q", "wetterstein"}},
                                  {{"indexUid", "lists"}, {"q", "wetterstein"}}})}},
        world.credentials.at(role));
    REQUIRE(r.status == 200);
    REQUIRE(r.body["results"].size() == 2);
    CHECK(r.body["results"][0]["indexUid"] == "trails");
    CHECK(HitIds(r.body["results"][0]) == trails);
    CHECK(HitIds(r.body["results"][1]) == lists);
  }
}

TEST_CASE("a hit never lists who a trail is shared with", "[api][search][security]") {
  World world;
  Reply r = world.Search(Role::kOwner, "trails", {{"q", "secret"}});
  REQUIRE(r.status == 200);
  REQUIRE(r.body["hits"].size() == 1);
  const Json& hit = r.body["hits"][0];
  CHECK_FALSE(hit.contains("shares"));
  CHECK_FALSE(hit.contains("likes"));
  CHECK(r.raw.find(world.ids.at("bob")) == std::string::npos);
  CHECK(r.raw.find(world.ids.at("carol")) == std::string::npos);
  CHECK(r.raw.find(world.ids.at("link_token")) == std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
