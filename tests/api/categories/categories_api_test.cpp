// Categories with their pictograms, subcategories and trails that carry one, over HTTP.
#include <stb_image.h>

#include <catch2/catch.hpp>

#include "api/test_files.h"

namespace cairn::api_test {
namespace {

constexpr char kCategoriesId[] = "kjxvi8asj2igqwf";

TEST_CASE("each seeded category has a pictogram served through the files route",
          "[api][categories]") {
  TestServer server;
  Reply list = server.Get("/api/v1/category?perPage=500");
  REQUIRE(list.status == 200);
  REQUIRE(list.body.size() == 6);
  for (const auto& category : list.body) {
    INFO(category.dump());
    const std::string img = category["img"];
    REQUIRE_FALSE(img.empty());
    CHECK(category.contains("name_folded") == false);
    Reply file =
        server.Get("/api/v1/files/categories/" + category["id"].get<std::string>() + "/" + img);
    REQUIRE(file.status == 200);
    CHECK(file.Header("Content-Type") == "image/png");
    CHECK(file.Header("Cache-Control").rfind("public, max-age=", 0) == 0);
    CHECK_FALSE(file.Header("ETag").empty());
    int width = 0, height = 0, channels = 0;
    REQUIRE(stbi_info_from_memory(reinterpret_cast<const stbi_uc*>(file.raw.data()),
                                  static_cast<int>(file.raw.size()), &width, &height,
                                  &channels) == 1);
    CHECK(width == 128);
    CHECK(height == 128);
    CHECK(file.raw.size() > 1000);  // a picture, not a placeholder pixel
    // By collection id too, and thumbnails like any image.
    CHECK(server
              .Get("/api/v1/files/" + std::string(kCategoriesId) + "/" +
                   category["id"].get<std::string>() + "/" + img + "?thumb=64x64")
              .status == 200);
  }
  // A restart writes nothing again and serves the same bytes.
  const std::string first = server
                                .Get(
                                    "/api/v1/files/categories/bikingcategory1/"
                                    "biking_pictogram1.png")
                                .raw;
  const std::string dir = server.data_dir();
  REQUIRE(server.Stop() == 0);
  TestServer again(dir);
  CHECK(again.Get("/api/v1/files/categories/bikingcategory1/biking_pictogram1.png").raw == first);
}

TEST_CASE("a deleted pictogram file is drawn again at the next start", "[api][categories]") {
  test_support::TempDir scratch;
  const std::string dir = scratch.path() + "/data";
  { TestServer first(dir); }
  const std::string path =
      dir + "/storage/" + kCategoriesId + "/hikingcategory1/hiking_pictogram1.png";
  REQUIRE(std::filesystem::exists(path));
  std::filesystem::remove(path);
  TestServer server(dir);
  CHECK(std::filesystem::exists(path));
  CHECK(server.Get("/api/v1/files/categories/hikingcategory1/hiking_pictogram1.png").status == 200);
}

TEST_CASE("subcategories are listed, filtered by category and read by everyone",
          "[api][categories]") {
  TestServer server;
  Reply all = server.Get("/api/v1/subcategory?perPage=500");
  REQUIRE(all.status == 200);
  CHECK(all.body.size() == 21);
  Reply biking =
      server.Get("/api/v1/subcategory?sort=name&filter=" + Url("category='bikingcategory1'"));
  REQUIRE(biking.status == 200);
  std::vector<std::string> names;
  for (const auto& s : biking.body) names.push_back(s["name"]);
  CHECK(names == std::vector<std::string>{"Gravel", "Mountain", "Road", "Touring"});
  Reply one = server.Get("/api/v1/subcategory/hikingviaferrat?expand=category");
  REQUIRE(one.status == 200);
  CHECK(one.body["name"] == "Via ferrata");
  CHECK(one.body["expand"]["category"]["name"] == "Hiking");
  CHECK(one.body["collectionName"] == "subcategories");
  auto [ann, token] = server.CreateUser("ann");
  CHECK(server.Put("/api/v1/subcategory", {{"name", "x"}, {"category", "hikingcategory1"}}, token)
            .status == 405);
  CHECK(server.Delete("/api/v1/subcategory/hikingviaferrat", token).status == 405);
}

TEST_CASE("a trail's subcategory must be one of its category", "[api][categories]") {
  TestServer server;
  auto [ann, token] = server.CreateUser("ann");
  Reply made = server.Put("/api/v1/trail?expand=subcategory",
                          {{"name", "Ride"},
                           {"public", true},
                           {"author", ann},
                           {"category", "bikingcategory1"},
                           {"subcategory", "bikinggravel001"}},
                          token);
  INFO(made.raw);
  REQUIRE(made.status == 200);
  CHECK(made.body["subcategory"] == "bikinggravel001");
  CHECK(made.body["expand"]["subcategory"]["name"] == "Gravel");
  const std::string id = made.body["id"];
  // Another category's subcategory is refused, on create and update, with a clear message.
  Reply wrong = server.Put("/api/v1/trail",
                           {{"name", "Walk"},
                            {"public", true},
                            {"author", ann},
                            {"category", "walkingcategory"},
                            {"subcategory", "bikinggravel001"}},
                           token);
  CHECK(wrong.status == 400);
  CHECK(wrong.body["data"]["subcategory"]["code"] == "validation_invalid_value");
  CHECK(wrong.body["data"]["subcategory"]["message"].get<std::string>().find("another category") !=
        std::string::npos);
  CHECK(server
            .Post("/api/v1/trail/" + id, {{"name", "Ride"}, {"subcategory", "hikingviaferrat"}},
                  token)
            .status == 400);
  CHECK(server
            .Put("/api/v1/trail",
                 {{"name", "No category"},
                  {"public", true},
                  {"author", ann},
                  {"subcategory", "hikingviaferrat"}},
                 token)
            .status == 400);
  // An id that names nothing is a missing relation.
  Reply missing = server.Post("/api/v1/trail/" + id,
                              {{"name", "Ride"}, {"subcategory", "nosuchsubcateg"}}, token);
  CHECK(missing.status == 400);
  // Both together, and none at all.
  Reply both = server.Post(
      "/api/v1/trail/" + id,
      {{"name", "Ride"}, {"category", "hikingcategory1"}, {"subcategory", "hikingviaferrat"}},
      token);
  CHECK(both.status == 200);
  CHECK(server.Post("/api/v1/trail/" + id, {{"name", "Ride"}, {"subcategory", ""}}, token)
            .body["subcategory"] == "");
  // A change of category alone drops the old category's subcategory.
  REQUIRE(server
              .Post("/api/v1/trail/" + id, {{"name", "Ride"}, {"subcategory", "hikingdayhike01"}},
                    token)
              .status == 200);
  Reply moved = server.Post("/api/v1/trail/" + id,
                            {{"name", "Ride"}, {"category", "skiingcategory1"}}, token);
  REQUIRE(moved.status == 200);
  CHECK(moved.body["subcategory"] == "");
  // Filters and forms see the field too.
  REQUIRE(server
              .Post("/api/v1/trail/" + id, {{"name", "Ride"}, {"subcategory", "skiingtouring01"}},
                    token)
              .status == 200);
  Reply found =
      server.Get("/api/v1/trail?filter=" + Url("subcategory.name = 'Alpine touring'"), token);
  CHECK(found.body["totalItems"] == 1);
  Reply form = SendForm(server, "PUT", "/api/v1/trail/form", token,
                        {{"name", "Formed"},
                         {"public", "true"},
                         {"author", ann},
                         {"category", "canoeingcategor"},
                         {"subcategory", "bikingroad00001"}},
                        {});
  CHECK(form.status == 400);
}

}  // namespace
}  // namespace cairn::api_test
