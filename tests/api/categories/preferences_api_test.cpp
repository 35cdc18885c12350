// Each user's category and subcategory preferences (wanderer's §12.4 shapes): upserts, reorders,
// privacy between users, and what goes with a deleted user.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

constexpr char kCategoryPrefs[] = "/api/v1/user-category-preference";
constexpr char kSubcategoryPrefs[] = "/api/v1/user-subcategory-preference";

TEST_CASE("a category preference is upserted by user and category", "[api][preferences]") {
  TestServer server;
  Reply anonymous = server.Get(kCategoryPrefs);
  REQUIRE(anonymous.status == 200);
  CHECK(anonymous.body == Json::array());
  CHECK(server.Put(kCategoryPrefs, {{"category", "hikingcategory1"}, {"visible", false}}).status ==
        401);
  CHECK(server
            .Post(std::string(kCategoryPrefs) + "/reorder",
                  {{"categories", Json::array({"hikingcategory1"})}})
            .status == 401);

  auto [ann, token] = server.CreateUser("ann");
  CHECK(server.Get(kCategoryPrefs, token).body == Json::array());
  Reply hidden =
      server.Put(kCategoryPrefs, {{"category", "hikingcategory1"}, {"visible", false}}, token);
  INFO(hidden.raw);
  REQUIRE(hidden.status == 200);
  for (const char* key : {"id", "user", "category", "visible", "priority", "created", "updated"}) {
    CHECK(hidden.body.contains(key));
  }
  CHECK(hidden.body["user"] == ann);
  CHECK(hidden.body["visible"] == false);
  CHECK(hidden.body["priority"] == 0);
  // The same category again updates that row.
  Reply shown =
      server.Put(kCategoryPrefs, {{"category", "hikingcategory1"}, {"visible", true}}, token);
  REQUIRE(shown.status == 200);
  CHECK(shown.body["id"] == hidden.body["id"]);
  CHECK(shown.body["visible"] == true);
  CHECK(server.Get(kCategoryPrefs, token).body.size() == 1);
  // Unknown or missing categories and wrong types are 400s naming the field.
  Reply unknown =
      server.Put(kCategoryPrefs, {{"category", "nosuchcategory1"}, {"visible", false}}, token);
  CHECK(unknown.status == 400);
  CHECK(unknown.body["data"].contains("category"));
  CHECK(server.Put(kCategoryPrefs, {{"visible", false}}, token).status == 400);
  CHECK(server.Put(kCategoryPrefs, {{"category", "hikingcategory1"}, {"visible", "no"}}, token)
            .status == 400);
  // Someone else's rows cannot be set through the body.
  auto [bob, bob_token] = server.CreateUser("bob");
  Reply forged = server.Put(
      kCategoryPrefs, {{"category", "walkingcategory"}, {"visible", false}, {"user", bob}}, token);
  CHECK(forged.status == 200);
  CHECK(forged.body["user"] == ann);
}

TEST_CASE("a user sees and changes only their own preferences", "[api][preferences]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  Reply mine =
      server.Put(kCategoryPrefs, {{"category", "skiingcategory1"}, {"visible", false}}, ann_token);
  REQUIRE(mine.status == 200);
  const std::string row = mine.body["id"];
  CHECK(server.Get(kCategoryPrefs, bob_token).body == Json::array());
  CHECK(server.Get(std::string(kCategoryPrefs) + "/" + row, bob_token).status == 404);
  CHECK(server.Get(std::string(kCategoryPrefs) + "/" + row, ann_token).status == 200);
  CHECK(server.Get(std::string(kCategoryPrefs) + "/" + row).status == 404);
  // bob's upsert of the same category makes his own row and leaves ann's alone.
  Reply his =
      server.Put(kCategoryPrefs, {{"category", "skiingcategory1"}, {"visible", true}}, bob_token);
  REQUIRE(his.status == 200);
  CHECK(his.body["id"] != row);
  Reply ann_rows = server.Get(kCategoryPrefs, ann_token);
  REQUIRE(ann_rows.body.size() == 1);
  CHECK(ann_rows.body[0]["visible"] == false);
  // No writes through the generic routes.
  CHECK(
      server.Post(std::string(kCategoryPrefs) + "/" + row, {{"visible", true}}, bob_token).status ==
      405);
  CHECK(server.Delete(std::string(kCategoryPrefs) + "/" + row, bob_token).status == 405);
}

TEST_CASE("reorder sets priorities 1 to n and refuses unknown or repeated ids",
          "[api][preferences]") {
  TestServer server;
  auto [ann, token] = server.CreateUser("ann");
  const std::string reorder = std::string(kCategoryPrefs) + "/reorder";
  REQUIRE(server.Put(kCategoryPrefs, {{"category", "bikingcategory1"}, {"visible", false}}, token)
              .status == 200);
  Reply done = server.Post(
      reorder,
      {{"categories", Json::array({"bikingcategory1", "hikingcategory1", "skiingcategory1"})}},
      token);
  INFO(done.raw);
  REQUIRE(done.status == 200);
  CHECK(done.body == Json{{"acknowledged", true}});
  Reply rows = server.Get(kCategoryPrefs, token);
  REQUIRE(rows.body.size() == 3);
  CHECK(rows.body[0]["category"] == "bikingcategory1");
  CHECK(rows.body[0]["priority"] == 1);
  CHECK(rows.body[0]["visible"] == false);  // the order keeps what was hidden hidden
  CHECK(rows.body[1]["category"] == "hikingcategory1");
  CHECK(rows.body[1]["priority"] == 2);
  CHECK(rows.body[1]["visible"] == true);
  CHECK(rows.body[2]["priority"] == 3);

  Reply unknown = server.Post(
      reorder, {{"categories", Json::array({"hikingcategory1", "nosuchcategory1"})}}, token);
  CHECK(unknown.status == 400);
  CHECK(unknown.body["data"]["categories"]["code"] == "validation_invalid_value");
  Reply twice = server.Post(
      reorder, {{"categories", Json::array({"hikingcategory1", "hikingcategory1"})}}, token);
  CHECK(twice.status == 400);
  CHECK(server.Post(reorder, {{"categories", "hikingcategory1"}}, token).status == 400);
  // A refused reorder changes nothing.
  Reply after = server.Get(kCategoryPrefs, token);
  CHECK(after.body == rows.body);
}

TEST_CASE("subcategory preferences are ordered within their category", "[api][preferences]") {
  TestServer server;
  auto [ann, token] = server.CreateUser("ann");
  Reply hidden = server.Put(kSubcategoryPrefs,
                            {{"subcategory", "hikingviaferrat"}, {"visible", false}}, token);
  REQUIRE(hidden.status == 200);
  CHECK(hidden.body["subcategory"] == "hikingviaferrat");
  CHECK_FALSE(hidden.body.contains("category"));
  const std::string reorder = std::string(kSubcategoryPrefs) + "/reorder";
  Reply done = server.Post(reorder,
                           {{"category", "hikingcategory1"},
                            {"subcategories", Json::array({"hikingviaferrat", "hikingdayhike01"})}},
                           token);
  REQUIRE(done.status == 200);
  Reply rows = server.Get(kSubcategoryPrefs, token);
  REQUIRE(rows.body.size() == 2);
  CHECK(rows.body[0]["subcategory"] == "hikingviaferrat");
  CHECK(rows.body[0]["priority"] == 1);
  CHECK(rows.body[1]["subcategory"] == "hikingdayhike01");
  // Another category's subcategory, an unknown category, or no category: 400.
  CHECK(server
            .Post(reorder,
                  {{"category", "hikingcategory1"},
                   {"subcategories", Json::array({"bikingroad00001"})}},
                  token)
            .status == 400);
  CHECK(server
            .Post(reorder,
                  {{"category", "nosuchcategory1"},
                   {"subcategories", Json::array({"hikingviaferrat"})}},
                  token)
            .status == 400);
  CHECK(server.Post(reorder, {{"subcategories", Json::array()}}, token).status == 400);
  CHECK(server.Put(kSubcategoryPrefs, {{"subcategory", "hikingviaferrat"}, {"visible", true}})
            .status == 401);
}

}  // namespace
}  // namespace cairn::api_test
