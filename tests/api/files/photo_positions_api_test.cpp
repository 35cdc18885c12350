// Where a trail's photos were taken (`photo_positions`): from the camera's GPS on upload, placed
// or moved by hand, and gone with the photo.
#include <catch2/catch.hpp>

#include "api/test_files.h"

namespace cairn::api_test {
namespace {

// A small JPEG whose EXIF says it was taken at 47°25'18.3"N 10°59'36"E.
std::string GeotaggedJpeg() {
  const std::string tiff =
      testing::TiffBuilder(false)
          .Ascii(testing::TiffBuilder::kGps, 1, "N")
          .Rationals(testing::TiffBuilder::kGps, 2, {{47, 1}, {25, 1}, {1830, 100}})
          .Ascii(testing::TiffBuilder::kGps, 3, "E")
          .Rationals(testing::TiffBuilder::kGps, 4, {{10, 1}, {59, 1}, {3600, 100}})
          .Build();
  return testing::WithApp1(testing::SmallJpeg(), tiff);
}
constexpr double kTakenLat = 47.0 + 25.0 / 60 + 18.3 / 3600;
constexpr double kTakenLon = 10.0 + 59.0 / 60 + 36.0 / 3600;

TEST_CASE("a photo whose camera knew the place is on the trail's map, and one without is not",
          "[api][files]") {
  TestServer server;
  auto [user, token] = server.CreateUser("ann");
  const std::string trail = NewTrail(server, token, user);
  Reply r =
      SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
               {{"photos", "summit.jpg", GeotaggedJpeg()}, {"photos", "plain.png", RedPng()}});
  REQUIRE(r.status == 200);
  const std::string geotagged = r.body["photos"][0], plain = r.body["photos"][1];
  const Json stored = server.Get("/api/v1/trail/" + trail, token).body["photo_positions"];
  REQUIRE(stored.is_object());
  CHECK(stored.size() == 1);
  CHECK(stored[geotagged]["lat"].get<double>() == Approx(kTakenLat));
  CHECK(stored[geotagged]["lon"].get<double>() == Approx(kTakenLon));
  CHECK_FALSE(stored.contains(plain));

  SECTION("a later upload adds its photo's place and keeps the others") {
    Reply more = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token, {},
                          {{"photos", "again.jpg", GeotaggedJpeg()}});
    REQUIRE(more.status == 200);
    const Json after = server.Get("/api/v1/trail/" + trail, token).body["photo_positions"];
    CHECK(after.size() == 2);
    CHECK(after.contains(geotagged));
  }
  SECTION("the owner places the other photo by hand and moves the first") {
    Json positions = {{geotagged, {{"lat", 46.5}, {"lon", 8.25}}},
                      {plain, {{"lat", 46.6}, {"lon", 8.3}}}};
    Reply placed = server.Post("/api/v1/trail/" + trail,
                               {{"name", "T"}, {"photo_positions", positions}}, token);
    REQUIRE(placed.status == 200);
    CHECK(placed.body["photo_positions"] == positions);
    SECTION("a photo removed from the trail takes its place with it") {
      Reply removed = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", token,
                               {{"photos-", plain}}, {});
      REQUIRE(removed.status == 200);
      const Json after = server.Get("/api/v1/trail/" + trail, token).body["photo_positions"];
      CHECK(after.size() == 1);
      CHECK(after[geotagged]["lat"].get<double>() == Approx(46.5));
    }
    SECTION("a position for a file the trail does not have is not kept") {
      Json bogus = positions;
      bogus["someone_else.jpg"] = {{"lat", 1}, {"lon", 2}};
      Reply r2 =
          server.Post("/api/v1/trail/" + trail, {{"name", "T"}, {"photo_positions", bogus}}, token);
      REQUIRE(r2.status == 200);
      CHECK(r2.body["photo_positions"] == positions);
    }
  }
  SECTION("a place off the globe, or not a place, is refused at the field and nothing changes") {
    for (const Json& bad : {Json{{geotagged, {{"lat", 91}, {"lon", 0}}}},
                            Json{{geotagged, {{"lat", 10}, {"lon", -180.5}}}},
                            Json{{geotagged, {{"lat", "47"}, {"lon", 10}}}},
                            Json{{geotagged, {{"lat", 47}, {"lon", 10}, {"label", "x"}}}},
                            Json{{geotagged, Json::array({47, 10})}}, Json::array()}) {
      INFO(bad.dump());
      Reply refused =
          server.Post("/api/v1/trail/" + trail, {{"name", "T"}, {"photo_positions", bad}}, token);
      CHECK(refused.status == 400);
      CHECK(refused.body["data"].contains("photo_positions"));
    }
    CHECK(server.Get("/api/v1/trail/" + trail, token).body["photo_positions"] == stored);
  }
}

TEST_CASE("who may place a trail's photos: its author and edit shares, nobody else",
          "[api][files]") {
  TestServer server;
  auto [ann, ann_token] = server.CreateUser("ann");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [cy, cy_token] = server.CreateUser("cyd");
  const std::string trail = NewTrail(server, ann_token, ann);
  Reply up = SendForm(server, "POST", "/api/v1/trail/" + trail + "/file", ann_token, {},
                      {{"photos", "p.png", RedPng()}});
  REQUIRE(up.status == 200);
  const std::string photo = up.body["photos"][0];
  REQUIRE(
      server.Post("/api/v1/trail/" + trail, {{"name", "T"}, {"public", true}}, ann_token).status ==
      200);
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", trail}, {"user", bob}, {"permission", "edit"}},
                   ann_token)
              .status == 200);
  const Json place = {{photo, {{"lat", 45}, {"lon", 7}}}};
  CHECK(
      server.Post("/api/v1/trail/" + trail, {{"name", "T"}, {"photo_positions", place}}, bob_token)
          .status == 200);
  // A public trail is seen by everyone, but changed only by its author and editors.
  Reply stranger = server.Post("/api/v1/trail/" + trail,
                               {{"name", "T"}, {"photo_positions", Json::object()}}, cy_token);
  CHECK(stranger.status >= 400);
  CHECK(server.Get("/api/v1/trail/" + trail, ann_token).body["photo_positions"] == place);
}

}  // namespace
}  // namespace cairn::api_test
