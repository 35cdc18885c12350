// Statistics typed over a track's over HTTP: overrides kept across a new track, reset, and who
// may set them.
#include <catch2/catch.hpp>

#include "api/test_files.h"
#include "api/test_gpx.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// The walk of WalkGpx without its last point: 333.5 m, 30 m up, 3 minutes.
std::string ShorterWalk() {
  std::string gpx = WalkGpx();
  gpx.replace(gpx.find("<trkpt lat=\"47.004\""), std::string::npos, "</trkseg></trk></gpx>");
  return gpx;
}

Reply NewTrack(TestServer& server, const std::string& token, const std::string& id) {
  auto [body, type] = Multipart({}, {{"gpx", "shorter.gpx", ShorterWalk()}});
  return server.Send("POST", "/api/v1/trail/" + id + "/file", token, body, type);
}

TEST_CASE("an override survives a new track, the other figures follow it, and a reset restores",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply uploaded =
      server.Send("PUT", "/api/v1/trail/upload", token, WalkGpx(), "application/gpx+xml");
  REQUIRE(uploaded.status == 200);
  const std::string id = uploaded.body["id"];
  CHECK(uploaded.body["overrides"] == Json::array());
  CHECK(uploaded.body["computed_distance"] == uploaded.body["distance"]);
  CHECK(uploaded.body["computed_date"] == "2024-06-01");

  Reply typed = server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"distance", 500}}, token);
  INFO(typed.raw);
  REQUIRE(typed.status == 200);
  CHECK(typed.body["distance"] == 500);
  CHECK(typed.body["computed_distance"].get<double>() == Approx(444.6835).margin(0.001));
  CHECK(typed.body["overrides"] == Json({"distance"}));
  // Lists filter and sort by the value in effect.
  Reply far = server.Get("/api/v1/trail?filter=" + Url("distance >= 500"), token);
  CHECK(far.body["totalItems"] == 1);

  Reply replaced = NewTrack(server, token, id);
  INFO(replaced.raw);
  REQUIRE(replaced.status == 200);
  CHECK(replaced.body["distance"] == 500);  // typed: kept
  CHECK(replaced.body["computed_distance"].get<double>() == Approx(333.5126).margin(0.001));
  CHECK(replaced.body["elevation_gain"] == 30);  // not typed: the new track's
  CHECK(replaced.body["computed_elevation_gain"] == 30);
  CHECK(replaced.body["duration"] == 180);
  CHECK(replaced.body["overrides"] == Json({"distance"}));

  SECTION("writing the computed value ends the override") {
    Reply reset =
        server.Post("/api/v1/trail/" + id,
                    {{"name", "Walk"}, {"distance", replaced.body["computed_distance"]}}, token);
    REQUIRE(reset.status == 200);
    CHECK(reset.body["overrides"] == Json::array());
    CHECK(reset.body["distance"] == replaced.body["computed_distance"]);
  }
  SECTION("leaving a field out of `overrides` restores its computed value") {
    Reply reset =
        server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"overrides", Json::array()}}, token);
    REQUIRE(reset.status == 200);
    CHECK(reset.body["overrides"] == Json::array());
    CHECK(reset.body["distance"].get<double>() == Approx(333.5126).margin(0.001));
    // From now on the distance follows the track again.
    auto [body, type] = Multipart({}, {{"gpx", "walk.gpx", WalkGpx()}});
    Reply again = server.Send("POST", "/api/v1/trail/" + id + "/file", token, body, type);
    REQUIRE(again.status == 200);
    CHECK(again.body["distance"].get<double>() == Approx(444.6835).margin(0.001));
  }
  SECTION("removing the track leaves plain values") {
    Reply removed = SendForm(server, "POST", "/api/v1/trail/form/" + id, token,
                             {{"name", "Walk"}, {"gpx", ""}}, {});
    INFO(removed.raw);
    REQUIRE(removed.status == 200);
    CHECK(removed.body["distance"] == 500);
    CHECK(removed.body["computed_distance"].is_null());
    CHECK(removed.body["overrides"] == Json::array());
  }
}

TEST_CASE("a form sent whole with a new track overrides only the figures the person changed",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply uploaded =
      server.Send("PUT", "/api/v1/trail/upload", token, WalkGpx(), "application/gpx+xml");
  REQUIRE(uploaded.status == 200);
  const std::string id = uploaded.body["id"];
  const Json& t = uploaded.body;
  Reply updated = SendForm(server, "POST", "/api/v1/trail/form/" + id, token,
                           {{"name", "Walk"},
                            {"distance", t["distance"].dump()},  // as shown: unchanged
                            {"duration", "600"},                 // changed by the person
                            {"elevation_gain", t["elevation_gain"].dump()}},
                           {{"gpx", "shorter.gpx", ShorterWalk()}});
  INFO(updated.raw);
  REQUIRE(updated.status == 200);
  CHECK(updated.body["distance"].get<double>() == Approx(333.5126).margin(0.001));
  CHECK(updated.body["elevation_gain"] == 30);
  CHECK(updated.body["duration"] == 600);
  CHECK(updated.body["overrides"] == Json({"duration"}));
}

TEST_CASE("an edit share may override, a view share may not, and bad values are field errors",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  Reply uploaded =
      server.Send("PUT", "/api/v1/trail/upload", token, WalkGpx(), "application/gpx+xml");
  REQUIRE(uploaded.status == 200);
  const std::string id = uploaded.body["id"];
  for (const auto& [user, permission] : {std::pair{bob, "view"}, std::pair{carol, "edit"}}) {
    REQUIRE(server
                .Put("/api/v1/trail-share",
                     {{"trail", id}, {"user", user}, {"permission", permission}}, token)
                .status == 200);
  }
  Reply by_editor =
      server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"elevation_gain", 55}}, carol_token);
  INFO(by_editor.raw);
  REQUIRE(by_editor.status == 200);
  CHECK(by_editor.body["overrides"] == Json({"elevation_gain"}));
  Reply reset_by_editor = server.Post(
      "/api/v1/trail/" + id, {{"name", "Walk"}, {"overrides", Json::array()}}, carol_token);
  REQUIRE(reset_by_editor.status == 200);
  CHECK(reset_by_editor.body["elevation_gain"] == 40);
  CHECK(server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"distance", 1}}, bob_token).status ==
        403);

  Reply negative = server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"distance", -5}}, token);
  CHECK(negative.status == 400);
  CHECK(negative.body["detail"]["data"].contains("distance"));
  Reply unknown =
      server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"overrides", {"name"}}}, token);
  CHECK(unknown.status == 400);
  CHECK(unknown.body["detail"]["data"]["overrides"]["code"] == "validation_invalid_value");
  // Server-computed values are not the client's to write.
  Reply computed =
      server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"computed_distance", 1}}, token);
  CHECK(server.Get("/api/v1/trail/" + id, token).body["computed_distance"].get<double>() ==
        Approx(444.6835).margin(0.001));
  (void)computed;
}

TEST_CASE("a trail without a track has plain figures and no overrides", "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply created = server.Put("/api/v1/trail",
                             {{"name", "By hand"},
                              {"public", false},
                              {"author", alice},
                              {"distance", 7000},
                              {"overrides", {"distance"}}},
                             token);
  INFO(created.raw);
  REQUIRE(created.status == 200);
  CHECK(created.body["distance"] == 7000);
  CHECK(created.body["overrides"] == Json::array());
  CHECK(created.body["computed_distance"].is_null());
  CHECK(created.body["computed_date"] == "");
}

}  // namespace
}  // namespace cairn::api_test
