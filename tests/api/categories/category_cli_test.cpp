// `cairn category add|rename|delete|list`: the server owner's categories, with the server
// running, and what a delete does to the trails, subcategories and preferences that used one.
#include <catch2/catch.hpp>

#include "api/test_files.h"

namespace cairn::api_test {
namespace {

std::string CairnCategory(const std::string& arguments, int* code) {
  return RunCommand(std::string(CAIRN_BINARY) + " category " + arguments + " 2>&1 </dev/null",
                    code);
}

Json CategoryNamed(TestServer& server, const std::string& name) {
  Reply r = server.Get("/api/v1/category?filter=" + Url("name = '" + name + "'"));
  REQUIRE(r.status == 200);
  return r.body.empty() ? Json() : r.body[0];
}

TEST_CASE("the category CLI adds categories with an image and unique names",
          "[api][cli][categories]") {
  TestServer server;
  const std::string dir = " --dir " + server.data_dir();
  test_support::TempDir scratch;
  const std::string image = scratch.path() + "/kayak.png";
  {
    std::ofstream out(image, std::ios::binary);
    out << testing::MakePng(64, 48, testing::LeftRedRightBlue);
  }
  int code = -1;
  std::string out = CairnCategory("add Kayaking --image " + image + dir, &code);
  INFO(out);
  REQUIRE(code == 0);
  CHECK(out.find("added category Kayaking") != std::string::npos);
  Json kayaking = CategoryNamed(server, "Kayaking");
  REQUIRE(kayaking.is_object());
  const std::string img = kayaking["img"];
  CHECK(img.rfind("kayak_", 0) == 0);
  Reply file =
      server.Get("/api/v1/files/categories/" + kayaking["id"].get<std::string>() + "/" + img);
  CHECK(file.status == 200);
  CHECK(file.Header("Content-Type") == "image/png");
  // Without an image, and names taken however they are capitalised.
  out = CairnCategory("add Sailing" + dir, &code);
  CHECK(code == 0);
  CHECK(CategoryNamed(server, "Sailing")["img"] == "");
  for (const char* taken : {"kayaking", "HIKING", "Sailing"}) {
    out = CairnCategory(std::string("add ") + taken + dir, &code);
    INFO(out);
    CHECK(code == 1);
    CHECK(out.find("exists already") != std::string::npos);
  }
  // A file that is no image is refused, and nothing is added.
  const std::string text = scratch.path() + "/notes.txt";
  { std::ofstream(text) << "not an image"; }
  out = CairnCategory("add Rowing --image " + text + dir, &code);
  CHECK(code == 1);
  CHECK(out.find("img") != std::string::npos);
  CHECK(CategoryNamed(server, "Rowing").is_null());
  out = CairnCategory("add ' Padded '" + dir, &code);
  CHECK(code == 1);
  out = CairnCategory("list" + dir, &code);
  CHECK(code == 0);
  CHECK(out.find("Kayaking") != std::string::npos);
  CHECK(out.find("Hiking") != std::string::npos);
  // The API stays read-only.
  auto [ann, token] = server.CreateUser("ann");
  CHECK(server.Put("/api/v1/category", {{"name", "Mine"}}, token).status == 405);
}

TEST_CASE("the category CLI renames by id or by name", "[api][cli][categories]") {
  TestServer server;
  const std::string dir = " --dir " + server.data_dir();
  int code = -1;
  std::string out = CairnCategory("rename hiking Trekking" + dir, &code);
  INFO(out);
  REQUIRE(code == 0);
  CHECK(out.find("renamed category hikingcategory1 to Trekking") != std::string::npos);
  CHECK(server.Get("/api/v1/category/hikingcategory1").body["name"] == "Trekking");
  out = CairnCategory("rename bikingcategory1 Cycling" + dir, &code);
  CHECK(code == 0);
  CHECK(server.Get("/api/v1/category/bikingcategory1").body["name"] == "Cycling");
  // A case change of its own name is fine; another category's name is not.
  CHECK(CairnCategory("rename Cycling CYCLING" + dir, &code).find("renamed") != std::string::npos);
  out = CairnCategory("rename CYCLING trekking" + dir, &code);
  CHECK(code == 1);
  CHECK(out.find("exists already") != std::string::npos);
  out = CairnCategory("rename nothing-like-it Other" + dir, &code);
  CHECK(code == 1);
  CHECK(out.find("No category") != std::string::npos);
}

TEST_CASE("deleting a category in use empties its trails' category and says how many",
          "[api][cli][categories]") {
  TestServer server;
  const std::string dir = " --dir " + server.data_dir();
  auto [ann, token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  std::vector<std::string> rides;
  for (int i = 0; i < 3; ++i) {
    Reply r = server.Put("/api/v1/trail",
                         {{"name", "Ride " + std::to_string(i)},
                          {"public", true},
                          {"author", ann},
                          {"category", "bikingcategory1"},
                          {"subcategory", "bikinggravel001"}},
                         token);
    REQUIRE(r.status == 200);
    rides.push_back(r.body["id"]);
  }
  const std::string walk = NewTrail(server, token, ann, true);
  REQUIRE(
      server
          .Post("/api/v1/trail/" + walk, {{"name", "Walk"}, {"category", "walkingcategory"}}, token)
          .status == 200);
  // Preferences of two users, one of whom then leaves: their rows go with them.
  for (const std::string& t : {token, bob_token}) {
    REQUIRE(server
                .Put("/api/v1/user-category-preference",
                     {{"category", "bikingcategory1"}, {"visible", false}}, t)
                .status == 200);
    REQUIRE(server
                .Put("/api/v1/user-subcategory-preference",
                     {{"subcategory", "bikingroad00001"}, {"visible", false}}, t)
                .status == 200);
  }
  REQUIRE(server.Delete("/api/v1/user/" + bob, bob_token).status == 200);

  int code = -1;
  std::string out = CairnCategory("delete Biking" + dir, &code);  // no terminal, no --yes
  CHECK(code == 1);
  CHECK(out.find("not deleted") != std::string::npos);
  CHECK(server.Get("/api/v1/category/bikingcategory1").status == 200);

  out = CairnCategory("delete biking --yes" + dir, &code);
  INFO(out);
  REQUIRE(code == 0);
  CHECK(out.find("3 trails no longer have a category") != std::string::npos);
  CHECK(out.find("4 subcategories and 2 user preferences went with it") != std::string::npos);
  CHECK(server.Get("/api/v1/category/bikingcategory1").status == 404);
  CHECK(server.Get("/api/v1/subcategory/bikinggravel001").status == 404);
  CHECK(server.Get("/api/v1/subcategory?filter=" + Url("category='bikingcategory1'")).body ==
        Json::array());
  for (const std::string& id : rides) {
    Reply trail = server.Get("/api/v1/trail/" + id, token);
    REQUIRE(trail.status == 200);
    CHECK(trail.body["category"] == "");
    CHECK(trail.body["subcategory"] == "");
  }
  CHECK(server.Get("/api/v1/trail/" + walk, token).body["category"] == "walkingcategory");
  CHECK(server.Get("/api/v1/user-category-preference", token).body == Json::array());
  CHECK(server.Get("/api/v1/user-subcategory-preference", token).body == Json::array());
  CHECK_FALSE(
      std::filesystem::exists(server.data_dir() + "/storage/kjxvi8asj2igqwf/bikingcategory1"));
  out = CairnCategory("delete biking --yes" + dir, &code);
  CHECK(code == 1);
  CHECK(out.find("No category") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
