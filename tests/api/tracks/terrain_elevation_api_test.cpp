// POST and DELETE /api/v1/trail/{id}/terrain-elevation against the real server, with a terrain
// tile of a known surface the test makes and imports with `cairn dem add`; and uploads that take
// the terrain's heights as their owner's settings say.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>

#include "api/test_gpx.h"
#include "api/test_server.h"
#include "test_support/srtm_tile.h"

namespace cairn::api_test {
namespace {

// A plane in whole metres at every SRTM3 sample: the terrain's height anywhere on N46E008.
double Plane(double lat, double lon) { return 1000 + 2400 * (47 - lat) - 1200 * (lon - 8); }

// North along 8.5°E from 46.100° to 46.120° and back, a point every 0.001° (111 m) a minute apart,
// with noisy altitudes as a phone's GPS records them (`with_ele` false: none at all). On the plane
// the walk descends 48 m and climbs 48 m.
std::string OutAndBackGpx(bool with_ele = true) {
  std::string gpx = R"(<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test phone" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><name>Out and back</name><trkseg>)";
  for (int k = 0; k <= 40; ++k) {
    const int along = k <= 20 ? k : 40 - k;
    char point[256];
    std::snprintf(point, sizeof point, R"(<trkpt lat="%.3f" lon="8.5">)", 46.1 + 0.001 * along);
    gpx += point;
    if (with_ele) gpx += "<ele>" + std::to_string(2500 + (k % 2 == 0 ? 8 : -8)) + "</ele>";
    std::snprintf(point, sizeof point, "<time>2024-06-01T08:%02d:00Z</time></trkpt>", k);
    gpx += point;
  }
  return gpx + "</trkseg></trk></gpx>";
}

// A server whose data dir holds N46E008 of the plane, and alice.
struct TerrainServer {
  TestServer server;
  test_support::TempDir scratch;
  std::string alice, token;

  TerrainServer() {
    std::tie(alice, token) = server.CreateUser("alice");
    test_support::WriteBytes(
        scratch.path() + "/N46E008.hgt", test_support::MakeHgt(1201, [](int r, int c) {
          return static_cast<int>(std::lround(Plane(47 - r / 1200.0, 8 + c / 1200.0)));
        }));
    int code = -1;
    const std::string out = RunCommand(std::string(CAIRN_BINARY) + " dem add " + scratch.path() +
                                           " --dir " + server.data_dir() + " 2>&1 </dev/null",
                                       &code);
    INFO(out);
    REQUIRE(code == 0);
  }
  Reply Upload(const std::string& gpx, const std::string& who) {
    return server.Send("PUT", "/api/v1/trail/upload", who, gpx, "application/gpx+xml");
  }
  std::string Terrain(const std::string& id) {
    return "/api/v1/trail/" + id + "/terrain-elevation";
  }
};

TEST_CASE("terrain elevation: applied from the model, the file kept, overrides kept, undone",
          "[api][tracks][terrain]") {
  TerrainServer s;
  TestServer& server = s.server;
  const std::string gpx = OutAndBackGpx();
  Reply uploaded = s.Upload(gpx, s.token);
  INFO(uploaded.raw);
  REQUIRE(uploaded.status == 200);
  const std::string id = uploaded.body["id"];
  const Json device = uploaded.body;
  CHECK(device["elevation_source"] == "device");
  CHECK(device["elevation_gain"].get<double>() > 300);  // the phone's noise, counted
  CHECK(device["min_elevation"] == 2492);
  // A typed loss: an override the terrain must not touch.
  Reply typed =
      server.Post("/api/v1/trail/" + id, {{"name", "Walk"}, {"elevation_loss", 100}}, s.token);
  REQUIRE(typed.status == 200);
  CHECK(typed.body["overrides"] == Json({"elevation_loss"}));

  Reply applied = server.Post(s.Terrain(id), Json::object(), s.token);
  INFO(applied.raw);
  REQUIRE(applied.status == 200);
  const Json& t = applied.body;
  CHECK(t["elevation_source"] == "terrain");
  CHECK(t["elevation_gain"].get<double>() == Approx(48).margin(0.01));
  CHECK(t["computed_elevation_gain"].get<double>() == Approx(48).margin(0.01));
  CHECK(t["computed_elevation_loss"].get<double>() == Approx(48).margin(0.01));
  CHECK(t["elevation_loss"] == 100);  // typed: kept
  CHECK(t["overrides"] == Json({"elevation_loss"}));
  CHECK(t["max_elevation"].get<double>() == Approx(Plane(46.1, 8.5)).margin(1e-6));
  CHECK(t["min_elevation"].get<double>() == Approx(Plane(46.12, 8.5)).margin(1e-6));
  CHECK(t["distance"] == device["distance"]);
  CHECK(t["gpx"] == device["gpx"]);
  CHECK(t["device_totals"] == device["device_totals"]);

  // The profile follows the terrain: each point at the plane's height.
  Reply profile = server.Get("/api/v1/trail/" + id + "/profile", s.token);
  REQUIRE(profile.status == 200);
  REQUIRE(profile.body["points"].size() == 41);
  for (const Json& p : profile.body["points"]) {
    CHECK(p[1].get<double>() ==
          Approx(Plane(p[2].get<double>(), p[3].get<double>())).margin(0.051));
  }
  // The uploaded file is untouched.
  Reply file =
      server.Get("/api/v1/files/trails/" + id + "/" + t["gpx"].get<std::string>(), s.token);
  REQUIRE(file.status == 200);
  CHECK(file.raw == gpx);
  // The statistics follow the trail's figures.
  Reply stats = server.Get("/api/v1/profile/@alice/stats", s.token);
  REQUIRE(stats.status == 200);
  CHECK(stats.body["totals"]["elevation_gain"].get<double>() == Approx(48).margin(0.01));
  CHECK(stats.body["records"]["highest"]["value"].get<double>() ==
        Approx(Plane(46.1, 8.5)).margin(1e-6));

  Reply undone = server.Delete(s.Terrain(id), s.token);
  INFO(undone.raw);
  REQUIRE(undone.status == 200);
  CHECK(undone.body["elevation_source"] == "device");
  CHECK(undone.body["elevation_gain"] == device["elevation_gain"]);
  CHECK(undone.body["computed_elevation_loss"] == device["computed_elevation_loss"]);
  CHECK(undone.body["elevation_loss"] == 100);
  CHECK(undone.body["max_elevation"] == device["max_elevation"]);
  CHECK(undone.body["min_elevation"] == device["min_elevation"]);
  Reply back = server.Get("/api/v1/trail/" + id + "/profile", s.token);
  REQUIRE(back.status == 200);
  CHECK(back.body["points"][0][1] == 2508);
  CHECK(back.body["points"][1][1] == 2492);
  stats = server.Get("/api/v1/profile/@alice/stats", s.token);
  CHECK(stats.body["totals"]["elevation_gain"] == device["elevation_gain"]);
}

TEST_CASE("terrain elevation: who may apply it, and what is refused", "[api][tracks][terrain]") {
  TerrainServer s;
  TestServer& server = s.server;
  auto [bob, bob_token] = server.CreateUser("bob");        // a view share
  auto [carol, carol_token] = server.CreateUser("carol");  // an edit share
  auto [dave, dave_token] = server.CreateUser("dave");     // a stranger
  Reply uploaded = s.Upload(OutAndBackGpx(), s.token);
  REQUIRE(uploaded.status == 200);
  const std::string id = uploaded.body["id"];
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", id}, {"user", bob}, {"permission", "view"}},
                   s.token)
              .status == 200);
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", id}, {"user", carol}, {"permission", "edit"}},
                   s.token)
              .status == 200);

  CHECK(server.Post(s.Terrain(id), Json::object()).status == 401);
  CHECK(server.Post(s.Terrain(id), Json::object(), dave_token).status == 404);
  CHECK(server.Delete(s.Terrain(id), dave_token).status == 404);
  CHECK(server.Post(s.Terrain(id), Json::object(), bob_token).status == 403);
  CHECK(server.Post(s.Terrain("nosuchtrail0001"), Json::object(), s.token).status == 404);
  Reply edited = server.Post(s.Terrain(id), Json::object(), carol_token);
  INFO(edited.raw);
  CHECK(edited.status == 200);
  CHECK(edited.body["elevation_source"] == "terrain");
  // A new track starts again from its file's figures.
  auto [form, type] = Multipart({}, {{"gpx", "again.gpx", OutAndBackGpx()}});
  Reply replaced = server.Send("POST", "/api/v1/trail/" + id + "/file", s.token, form, type);
  INFO(replaced.raw);
  REQUIRE(replaced.status == 200);
  CHECK(replaced.body["elevation_source"] == "device");
  CHECK(replaced.body["elevation_gain"] == uploaded.body["elevation_gain"]);

  // WalkGpx lies at 47°N 11°E, where the model has no tile.
  Reply outside = s.Upload(WalkGpx(), s.token);
  REQUIRE(outside.status == 200);
  Reply refused = server.Post(s.Terrain(outside.body["id"]), Json::object(), s.token);
  INFO(refused.raw);
  CHECK(refused.status == 409);
  CHECK_THAT(refused.raw,
             Catch::Contains("The terrain model covers 0% of this track (0 of 5 points)"));
  CHECK(server.Get("/api/v1/trail/" + outside.body["id"].get<std::string>(), s.token)
            .body["elevation_source"] == "device");

  // A trail without a track has nothing to take heights along.
  const std::string bare = server.CreateTrail(s.token, s.alice, {{"name", "No track"}});
  Reply no_track = server.Post(s.Terrain(bare), Json::object(), s.token);
  CHECK(no_track.status == 409);
  CHECK_THAT(no_track.raw, Catch::Contains("no track"));
}

TEST_CASE("terrain elevation: how much of a track the model covers, for who may apply it",
          "[api][tracks][terrain]") {
  TerrainServer s;
  TestServer& server = s.server;
  auto [bob, bob_token] = server.CreateUser("bob");  // a view share
  Reply inside = s.Upload(OutAndBackGpx(), s.token);
  REQUIRE(inside.status == 200);
  const std::string id = inside.body["id"];
  Reply coverage = server.Get(s.Terrain(id), s.token);
  INFO(coverage.raw);
  REQUIRE(coverage.status == 200);
  CHECK(coverage.body ==
        Json({{"elevation_source", "device"}, {"points", 41}, {"covered", 41}, {"percent", 100}}));
  REQUIRE(server.Post(s.Terrain(id), Json::object(), s.token).status == 200);
  CHECK(server.Get(s.Terrain(id), s.token).body["elevation_source"] == "terrain");

  // Half on the tile, half off it (west of 8°E): the share, rounded down, and nothing applied.
  std::string gpx = R"(<?xml version="1.0"?><gpx version="1.1" creator="t"
    xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>)";
  for (int k = 0; k < 3; ++k)
    gpx += "<trkpt lat=\"46.5\" lon=\"" + std::to_string(8.001 - 0.001 * k) + "\"/>";
  gpx += "</trkseg></trk></gpx>";
  Reply edge = s.Upload(gpx, s.token);
  INFO(edge.raw);
  REQUIRE(edge.status == 200);
  Reply part = server.Get(s.Terrain(edge.body["id"]), s.token);
  INFO(part.raw);
  REQUIRE(part.status == 200);
  CHECK(part.body["points"] == 3);
  CHECK(part.body["covered"] == 2);
  CHECK(part.body["percent"] == 66);
  CHECK(server.Get("/api/v1/trail/" + edge.body["id"].get<std::string>(), s.token)
            .body["elevation_source"] == "device");

  // Who may not apply it learns nothing of the track from here either.
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", id}, {"user", bob}, {"permission", "view"}},
                   s.token)
              .status == 200);
  CHECK(server.Get(s.Terrain(id)).status == 401);
  CHECK(server.Get(s.Terrain(id), bob_token).status == 403);
  auto [dave, dave_token] = server.CreateUser("dave");
  CHECK(server.Get(s.Terrain(id), dave_token).status == 404);
  const std::string bare = server.CreateTrail(s.token, s.alice, {{"name", "No track"}});
  CHECK(server.Get(s.Terrain(bare), s.token).status == 409);
}

TEST_CASE("uploads take the terrain's heights when their owner's setting asks",
          "[api][tracks][terrain]") {
  TerrainServer s;
  TestServer& server = s.server;
  CHECK(server.Put("/api/v1/settings", {{"terrain_elevation", "always"}}, s.token).status == 400);
  Reply settings = server.Put("/api/v1/settings", {{"terrain_elevation", "missing"}}, s.token);
  REQUIRE(settings.status == 200);
  const std::string settings_id = settings.body["id"];

  Reply bare = s.Upload(OutAndBackGpx(false), s.token);
  INFO(bare.raw);
  REQUIRE(bare.status == 200);
  CHECK(bare.body["elevation_source"] == "terrain");
  CHECK(bare.body["elevation_gain"].get<double>() == Approx(48).margin(0.01));
  // Noisy altitude is still the file's under "missing"...
  Reply noisy = s.Upload(OutAndBackGpx(), s.token);
  REQUIRE(noisy.status == 200);
  CHECK(noisy.body["elevation_source"] == "device");
  // ...and the terrain's under "gps".
  REQUIRE(server.Post("/api/v1/settings/" + settings_id, {{"terrain_elevation", "gps"}}, s.token)
              .status == 200);
  Reply gps = server.Send("PUT", "/api/v1/trail/upload?ignoreDuplicates=true", s.token,
                          OutAndBackGpx(), "application/gpx+xml");
  INFO(gps.raw);
  REQUIRE(gps.status == 200);
  CHECK(gps.body["elevation_source"] == "terrain");
  // Outside the model the upload keeps the file's figures and says why.
  Reply outside = s.Upload(WalkGpx(), s.token);
  REQUIRE(outside.status == 200);
  CHECK(outside.body["elevation_source"] == "device");
  CHECK_THAT(outside.body["warnings"].dump(), Catch::Contains("covers 0% of this track"));
}

}  // namespace
}  // namespace cairn::api_test
