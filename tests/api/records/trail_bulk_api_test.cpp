// POST /api/v1/trail/bulk: each trail of a bulk action is checked as a single write would be, so a
// mix of own, shared and unseen trails changes only what the caller may change and reports the
// rest trail by trail.
#include <catch2/catch.hpp>
#include <map>
#include <set>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// alice owns A (private, carol may edit it), V (private, carol may only view it) and P (public);
// carol owns C; bob owns B (private, nobody else sees it).
struct BulkWorld {
  TestServer server;
  std::string alice, alice_token, bob, bob_token, carol, carol_token;
  std::string a, v, p, c, b;

  BulkWorld() {
    std::tie(alice, alice_token) = server.CreateUser("alice");
    std::tie(bob, bob_token) = server.CreateUser("bob");
    std::tie(carol, carol_token) = server.CreateUser("carol");
    a = server.CreateTrail(alice_token, alice, {{"name", "A"}, {"public", false}});
    v = server.CreateTrail(alice_token, alice, {{"name", "V"}, {"public", false}});
    p = server.CreateTrail(alice_token, alice, {{"name", "P"}, {"public", true}});
    c = server.CreateTrail(carol_token, carol, {{"name", "C"}, {"public", false}});
    b = server.CreateTrail(bob_token, bob, {{"name", "B"}, {"public", false}});
    Share(a, "edit");
    Share(v, "view");
  }

  void Share(const std::string& trail, const std::string& permission) {
    Reply r =
        server.Put("/api/v1/trail-share",
                   {{"trail", trail}, {"user", carol}, {"permission", permission}}, alice_token);
    REQUIRE(r.status == 200);
  }

  Reply Bulk(const Json& body, const std::string& token) {
    return server.Post("/api/v1/trail/bulk", body, token);
  }

  // The trail as its author sees it.
  Json Trail(const std::string& id, const std::string& token) {
    return server.Get("/api/v1/trail/" + id, token).body;
  }
};

// id -> status of the refused trails of a bulk answer.
std::map<std::string, int> Refused(const Json& body) {
  std::map<std::string, int> out;
  for (const Json& r : body["refused"]) {
    CHECK_FALSE(r["message"].get<std::string>().empty());
    out[r["id"]] = r["status"];
  }
  return out;
}

TEST_CASE("a bulk change touches only the trails the caller may change and reports the rest",
          "[api][trail][bulk]") {
  BulkWorld w;
  Reply r = w.Bulk({{"ids", {w.c, w.a, w.v, w.p, w.b, w.c}}, {"update", {{"difficulty", "hard"}}}},
                   w.carol_token);
  REQUIRE(r.status == 200);
  // Own and edit-shared trails change, each once; view-shared and public ones are 403, an unseen
  // one 404 (as a single update answers: not found is not revealed as forbidden).
  CHECK(r.body["done"] == Json::array({w.c, w.a}));
  CHECK(Refused(r.body) == std::map<std::string, int>{{w.v, 403}, {w.p, 403}, {w.b, 404}});
  CHECK(w.Trail(w.c, w.carol_token)["difficulty"] == "hard");
  CHECK(w.Trail(w.a, w.alice_token)["difficulty"] == "hard");
  CHECK(w.Trail(w.v, w.alice_token)["difficulty"] == "");
  CHECK(w.Trail(w.p, w.alice_token)["difficulty"] == "");
  CHECK(w.Trail(w.b, w.bob_token)["difficulty"] == "");

  // Who may see a trail is its author's decision alone: the edit share is refused `public`.
  r = w.Bulk({{"ids", {w.c, w.a}}, {"update", {{"public", true}}}}, w.carol_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["done"] == Json::array({w.c}));
  CHECK(Refused(r.body) == std::map<std::string, int>{{w.a, 403}});
  CHECK(w.Trail(w.c, w.carol_token)["public"] == true);
  CHECK(w.Trail(w.a, w.alice_token)["public"] == false);
  CHECK(w.server.Get("/api/v1/trail/" + w.a).status == 404);

  // The author changes category and visibility of her own trails at once.
  r = w.Bulk({{"ids", {w.a, w.v}}, {"update", {{"category", "bikingcategory1"}, {"public", true}}}},
             w.alice_token);
  CHECK(r.body["done"] == Json::array({w.a, w.v}));
  CHECK(w.Trail(w.v, "")["category"] == "bikingcategory1");
}

TEST_CASE("a bulk delete removes only the caller's own trails", "[api][trail][bulk]") {
  BulkWorld w;
  Reply r = w.Bulk({{"ids", {w.c, w.a, w.v, w.b}}, {"delete", true}}, w.carol_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["done"] == Json::array({w.c}));
  // Only the author deletes: an edit share is refused like a view share.
  CHECK(Refused(r.body) == std::map<std::string, int>{{w.a, 403}, {w.v, 403}, {w.b, 404}});
  CHECK(w.server.Get("/api/v1/trail/" + w.c, w.carol_token).status == 404);
  for (const std::string& kept : {w.a, w.v}) {
    CHECK(w.server.Get("/api/v1/trail/" + kept, w.alice_token).status == 200);
  }
  CHECK(w.server.Get("/api/v1/trail/" + w.b, w.bob_token).status == 200);

  r = w.Bulk({{"ids", {w.a, w.v, w.p}}, {"delete", true}}, w.alice_token);
  CHECK(r.body["done"] == Json::array({w.a, w.v, w.p}));
  CHECK(r.body["refused"] == Json::array());
  CHECK(w.server.Get("/api/v1/trail?filter=" + Url("author = \"" + w.alice + "\""), w.alice_token)
            .body["totalItems"] == 0);
}

TEST_CASE("bulk tags are added and removed, keeping each trail's other tags",
          "[api][trail][bulk]") {
  BulkWorld w;
  auto tag = [&](const std::string& name) -> std::string {
    return w.server.Put("/api/v1/tag", {{"name", name}}, w.alice_token).body["id"];
  };
  const std::string old_tag = tag("old"), keep = tag("keep"), fresh = tag("fresh");
  REQUIRE(
      w.server
          .Post("/api/v1/trail/" + w.a, {{"name", "A"}, {"tags", {old_tag, keep}}}, w.alice_token)
          .status == 200);
  REQUIRE(w.server.Post("/api/v1/trail/" + w.p, {{"name", "P"}, {"tags", {fresh}}}, w.alice_token)
              .status == 200);
  Reply r = w.Bulk({{"ids", {w.a, w.p, w.v}}, {"tags", {{"add", {fresh}}, {"remove", {old_tag}}}}},
                   w.alice_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["done"] == Json::array({w.a, w.p, w.v}));
  CHECK(w.Trail(w.a, w.alice_token)["tags"] == Json::array({keep, fresh}));
  CHECK(w.Trail(w.p, w.alice_token)["tags"] == Json::array({fresh}));
  CHECK(w.Trail(w.v, w.alice_token)["tags"] == Json::array({fresh}));

  // carol's edit share may retag A; V (view only) and B (unseen) stay as they were.
  r = w.Bulk({{"ids", {w.a, w.v, w.b}}, {"tags", {{"remove", {fresh}}}}}, w.carol_token);
  CHECK(r.body["done"] == Json::array({w.a}));
  CHECK(Refused(r.body) == std::map<std::string, int>{{w.v, 403}, {w.b, 404}});
  CHECK(w.Trail(w.a, w.alice_token)["tags"] == Json::array({keep}));
  CHECK(w.Trail(w.v, w.alice_token)["tags"] == Json::array({fresh}));
}

TEST_CASE("bulk add to a list adds every trail the caller can see, once", "[api][trail][bulk]") {
  BulkWorld w;
  Reply list = w.server.Put(
      "/api/v1/list", {{"name", "Carol's"}, {"author", w.carol}, {"trails", {w.c}}}, w.carol_token);
  REQUIRE(list.status == 200);
  const std::string id = list.body["id"];
  Reply r = w.Bulk({{"ids", {w.c, w.a, w.v, w.p, w.b}}, {"add_to_list", id}}, w.carol_token);
  REQUIRE(r.status == 200);
  CHECK(r.body["done"] == Json::array({w.c, w.a, w.v, w.p}));
  CHECK(Refused(r.body) == std::map<std::string, int>{{w.b, 404}});
  CHECK(w.server.Get("/api/v1/list/" + id, w.carol_token).body["trails"] ==
        Json::array({w.c, w.a, w.v, w.p}));

  // A list the caller may not change refuses the whole request; nothing is added to it.
  r = w.Bulk({{"ids", {w.b}}, {"add_to_list", id}}, w.bob_token);
  CHECK(r.status == 404);
  Reply open_list = w.server.Put(
      "/api/v1/list", {{"name", "Open"}, {"author", w.carol}, {"public", true}}, w.carol_token);
  r = w.Bulk({{"ids", {w.b}}, {"add_to_list", open_list.body["id"]}}, w.bob_token);
  CHECK(r.status == 403);
  CHECK(w.server.Get("/api/v1/list/" + open_list.body["id"].get<std::string>()).body["trails"] ==
        Json::array());
}

TEST_CASE("malformed bulk requests are refused whole with the spec's 400 and change nothing",
          "[api][trail][bulk]") {
  BulkWorld w;
  const Json ids = {w.a};
  CHECK(w.Bulk({{"ids", ids}, {"delete", true}}, "").status == 401);
  CHECK(w.Bulk({{"ids", Json::array()}, {"delete", true}}, w.alice_token).status == 400);
  CHECK(w.Bulk({{"ids", {1, 2}}, {"delete", true}}, w.alice_token).status == 400);
  CHECK(w.Bulk({{"ids", ids}}, w.alice_token).status == 400);
  CHECK(w.Bulk({{"ids", ids}, {"delete", true}, {"update", {{"public", true}}}}, w.alice_token)
            .status == 400);
  Reply name = w.Bulk({{"ids", ids}, {"update", {{"name", "Same"}}}}, w.alice_token);
  CHECK(name.status == 400);
  CHECK(name.body["data"].contains("update"));
  Reply bad = w.Bulk({{"ids", ids}, {"update", {{"difficulty", "extreme"}}}}, w.alice_token);
  CHECK(bad.status == 400);
  CHECK(bad.body["data"].contains("difficulty"));
  // The cap is documented and enforced before anything is written.
  Json many = Json::array();
  for (int i = 0; i < 101; ++i) many.push_back(w.a);
  Reply capped = w.Bulk({{"ids", many}, {"delete", true}}, w.alice_token);
  CHECK(capped.status == 400);
  CHECK(capped.body["data"]["ids"]["code"] == "validation_too_many_values");
  Json trail = w.Trail(w.a, w.alice_token);
  CHECK(trail["name"] == "A");
  CHECK(trail["difficulty"] == "");
}

}  // namespace
}  // namespace cairn::api_test
