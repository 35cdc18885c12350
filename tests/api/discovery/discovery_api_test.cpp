// Filter ranges, the bounding box and recommendations: each covers exactly the trails the caller
// may see.
#include <catch2/catch.hpp>
#include <set>

#include "api/test_files.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

std::string Trail(TestServer& server, const std::string& token, const std::string& author,
                  const Json& fields) {
  Json body = fields;
  body["author"] = author;
  body["name"] = fields.value("name", std::string("Trail"));
  Reply r = server.Put("/api/v1/trail", body, token);
  if (r.status != 200) throw std::runtime_error("trail: " + r.raw);
  return r.body["id"];
}

// A GPX from (lat, lon1) to (lat, lon2) with one point each; lon2 < lon1 crosses the antimeridian.
std::string LineGpx(double lat, double lon1, double lon2) {
  return "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
         "<trkpt lat=\"" +
         std::to_string(lat) + "\" lon=\"" + std::to_string(lon1) + "\"/><trkpt lat=\"" +
         std::to_string(lat + 0.01) + "\" lon=\"" + std::to_string(lon2) +
         "\"/></trkseg></trk></gpx>";
}

std::string Upload(TestServer& server, const std::string& token, const std::string& gpx,
                   bool open) {
  Reply r = server.Send("PUT", "/api/v1/trail/upload?ignoreDuplicates=true", token, gpx,
                        "application/gpx+xml");
  if (r.status != 200) throw std::runtime_error("upload: " + r.raw);
  const std::string id = r.body["id"];
  if (open) {
    Reply made_public =
        server.Post("/api/v1/trail/" + id, {{"name", r.body["name"]}, {"public", true}}, token);
    if (made_public.status != 200) throw std::runtime_error("public: " + made_public.raw);
  }
  return id;
}

TEST_CASE("filter ranges cover the trails the caller may see, and only those", "[api][discovery]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Trail(server, alice_token, alice,
        {{"public", true}, {"distance", 1000}, {"elevation_gain", 50}, {"duration", 600}});
  const std::string shared = Trail(server, alice_token, alice,
                                   {{"public", false}, {"distance", 20000}, {"elevation_loss", 7}});
  Trail(server, bob_token, bob, {{"public", false}, {"distance", 99000}, {"duration", 90000}});

  const Json anonymous = server.Get("/api/v1/trail/filter").body;
  CHECK(anonymous["min_distance"] == 1000);
  CHECK(anonymous["max_distance"] == 1000);  // only the public trail
  CHECK(anonymous["max_elevation_gain"] == 50);
  CHECK(anonymous["max_duration"] == 600);
  const Json mine = server.Get("/api/v1/trail/filter", alice_token).body;
  CHECK(mine["max_distance"] == 20000);
  CHECK(mine["max_elevation_loss"] == 7);
  CHECK(mine["max_duration"] == 600);  // not bob's 90 000 s
  const Json bobs = server.Get("/api/v1/trail/filter", bob_token).body;
  CHECK(bobs["max_distance"] == 99000);
  CHECK(bobs["min_distance"] == 1000);
  // A share widens what bob sees.
  REQUIRE(server
              .Put("/api/v1/trail-share",
                   {{"trail", shared}, {"user", bob}, {"permission", "view"}}, alice_token)
              .status == 200);
  CHECK(server.Get("/api/v1/trail/filter", bob_token).body["max_elevation_loss"] == 7);
  // Numbers, all of them, and zeros when nothing is visible.
  TestServer empty;
  const Json none = empty.Get("/api/v1/trail/filter").body;
  REQUIRE(none.size() == 8);
  for (const auto& [key, value] : none.items()) {
    INFO(key);
    CHECK(value == 0);
  }
}

TEST_CASE("the bounding box frames every visible track, across the antimeridian too",
          "[api][discovery]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  CHECK(server.Get("/api/v1/trail/bounding-box").body["min_lat"].is_null());
  Upload(server, token, LineGpx(47.0, 11.0, 11.5), true);
  Upload(server, token, LineGpx(-16.5, 179.9, -179.8), true);       // Fiji to Samoa
  Upload(server, bob_token, LineGpx(60.0, -150.0, -149.0), false);  // bob's, private
  const Json box = server.Get("/api/v1/trail/bounding-box").body;
  CHECK(box["min_lat"].get<double>() == Approx(-16.5));
  CHECK(box["max_lat"].get<double>() == Approx(47.01));
  // The narrowest arc holding 11..11.5 and 179.9..-179.8 runs east from 11 over the date line.
  CHECK(box["min_lon"].get<double>() == Approx(11.0));
  CHECK(box["max_lon"].get<double>() == Approx(-179.8));
  // Bob also sees his own track in Alaska (-150..-149): the widest empty stretch is now from
  // 11.5 east to 179.9, so the box runs the other way, from 179.9 east to 11.5.
  const Json bobs = server.Get("/api/v1/trail/bounding-box", bob_token).body;
  CHECK(bobs["max_lat"].get<double>() == Approx(60.01));
  CHECK(bobs["min_lon"].get<double>() == Approx(179.9));
  CHECK(bobs["max_lon"].get<double>() == Approx(11.5));
  // A trail without a track counts by its start.
  Trail(server, token, alice, {{"public", true}, {"lat", 70.0}, {"lon", 20.0}});
  CHECK(server.Get("/api/v1/trail/bounding-box").body["max_lat"] == 70.0);
}

TEST_CASE("recommendations are visible trails the caller neither wrote nor completed",
          "[api][discovery]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  std::set<std::string> open;
  for (int i = 0; i < 6; ++i) {
    open.insert(Trail(server, alice_token, alice,
                      {{"public", true}, {"lat", 47 + i}, {"lon", 11}, {"name", "Open"}}));
  }
  const std::string hidden = Trail(server, alice_token, alice, {{"public", false}});
  const std::string own = Trail(server, bob_token, bob, {{"public", true}, {"lat", 47}});
  const std::string done = *open.begin();
  REQUIRE(server
              .Put("/api/v1/summit-log", {{"date", "2024-05-01"}, {"trail", done}, {"author", bob}},
                   bob_token)
              .status == 200);
  std::set<std::string> seen;
  for (int round = 0; round < 20; ++round) {
    Reply r = server.Get("/api/v1/trail/recommend?size=3", bob_token);
    REQUIRE(r.status == 200);
    REQUIRE(r.body.size() == 3);
    for (const auto& trail : r.body) {
      const std::string id = trail["id"];
      CHECK(open.count(id) == 1);
      CHECK(id != done);
      CHECK(id != hidden);
      CHECK(id != own);
      seen.insert(id);
    }
  }
  CHECK(seen.size() > 3);  // varied between calls
  // Anonymous visitors get public trails; bad sizes are refused.
  Reply anonymous = server.Get("/api/v1/trail/recommend?size=100");
  REQUIRE(anonymous.status == 200);
  CHECK(anonymous.body.size() == 7);  // alice's six and bob's one
  for (const char* bad : {"0", "101", "x", "-3"}) {
    INFO(bad);
    CHECK(server.Get(std::string("/api/v1/trail/recommend?size=") + bad).status == 400);
  }
}

}  // namespace
}  // namespace cairn::api_test
