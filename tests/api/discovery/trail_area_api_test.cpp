// Map-area queries over whole tracks: `GET /trail?bbox=` and the search filters `_geoBoundingBox`
// and `_geoRadius` find a trail by any part of its track, not only where it starts.
#include <catch2/catch.hpp>
#include <set>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// A GPX track through `points` (lat, lon).
std::string TrackGpx(const std::vector<std::pair<double, double>>& points) {
  std::string gpx =
      "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>";
  for (const auto& [lat, lon] : points) {
    gpx += "<trkpt lat=\"" + std::to_string(lat) + "\" lon=\"" + std::to_string(lon) + "\"/>";
  }
  return gpx + "</trkseg></trk></gpx>";
}

std::string Upload(TestServer& server, const std::string& token, const std::string& name,
                   const std::vector<std::pair<double, double>>& points, bool open = true) {
  Reply r = server.Send("PUT", "/api/v1/trail/upload?ignoreDuplicates=true", token,
                        TrackGpx(points), "application/gpx+xml");
  if (r.status != 200) throw std::runtime_error("upload: " + r.raw);
  const std::string id = r.body["id"];
  Reply named = server.Post("/api/v1/trail/" + id, {{"name", name}, {"public", open}}, token);
  if (named.status != 200) throw std::runtime_error("rename: " + named.raw);
  return id;
}

std::set<std::string> Names(const Json& items) {
  std::set<std::string> out;
  for (const Json& item : items) out.insert(item["name"].get<std::string>());
  return out;
}

std::set<std::string> ListedInBox(TestServer& server, const std::string& bbox,
                                  const std::string& token = "") {
  Reply r = server.Get("/api/v1/trail?perPage=100&bbox=" + bbox, token);
  INFO(bbox << " -> " << r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body["totalItems"] == r.body["items"].size());
  return Names(r.body["items"]);
}

std::set<std::string> Searched(TestServer& server, const std::string& filter,
                               const std::string& token = "") {
  Reply r =
      server.Post("/api/v1/search/trails", {{"q", ""}, {"filter", filter}, {"limit", 100}}, token);
  INFO(filter << " -> " << r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body["estimatedTotalHits"] == r.body["hits"].size());
  return Names(r.body["hits"]);
}

using Set = std::set<std::string>;

TEST_CASE("a trail crossing the view without starting or ending in it is found",
          "[api][discovery][map]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [eve, eve_token] = server.CreateUser("eve");
  // The view: lat 46.9..47.1, lon 10.9..11.1.
  Upload(server, token, "crossing", {{47.0, 10.0}, {47.0, 10.5}, {47.0, 11.5}, {47.0, 12.0}});
  // Its bounds hold the whole view, but the line runs round it.
  Upload(server, token, "around", {{46.0, 10.0}, {46.0, 12.0}, {48.0, 12.0}});
  Upload(server, token, "inside", {{46.95, 10.95}, {47.05, 11.05}});
  Upload(server, token, "far", {{40.0, 10.0}, {40.1, 10.1}});
  Upload(server, eve_token, "eve's private", {{47.0, 10.0}, {47.0, 12.0}},
         /*open=*/false);
  REQUIRE(server
              .Put("/api/v1/trail",
                   {{"name", "no track"},
                    {"public", true},
                    {"author", alice},
                    {"lat", 47.0},
                    {"lon", 11.0}},
                   token)
              .status == 200);
  REQUIRE(
      server
          .Put("/api/v1/trail", {{"name", "no place"}, {"public", true}, {"author", alice}}, token)
          .status == 200);

  const Set expected = {"crossing", "inside", "no track"};
  CHECK(ListedInBox(server, "10.9,46.9,11.1,47.1") == expected);
  CHECK(Searched(server, "_geoBoundingBox([47.1, 11.1], [46.9, 10.9])") == expected);
  // Eve sees her own trail too.
  CHECK(ListedInBox(server, "10.9,46.9,11.1,47.1", eve_token).count("eve's private") == 1);
  // Within 2 km of the view's centre: the crossing line passes through it, the one round the
  // view is 100 km off.
  CHECK(Searched(server, "_geoRadius(47.0, 11.0, 2000)") == expected);
  CHECK(Searched(server, "_geoRadius(46.02, 11.0, 3000)") == Set{"around"});
  // Combined with other conditions and the list's own filter.
  CHECK(Searched(server, "_geoBoundingBox([47.1, 11.1], [46.9, 10.9]) AND distance > 50000") ==
        Set{"crossing"});
  Reply r = server.Get("/api/v1/trail?bbox=10.9,46.9,11.1,47.1&filter=" + Url("name='inside'"));
  CHECK(Names(r.body["items"]) == Set{"inside"});
  // A trail without any place is in no box, not even one around (0, 0).
  CHECK(ListedInBox(server, "-1,-1,1,1").empty());
  // The whole world holds every trail with a place.
  CHECK(ListedInBox(server, "-180,-90,180,90").size() == 5);
}

TEST_CASE("map areas across the antimeridian", "[api][discovery][map]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Upload(server, token, "fiji crossing", {{-17.0, 178.0}, {-17.0, -178.0}});
  Upload(server, token, "greenwich", {{51.4, -0.1}, {51.5, 0.1}});
  // A box from 179° E to 179° W: the line's short way passes through it.
  CHECK(ListedInBox(server, "179,-18,-179,-16") == Set{"fiji crossing"});
  CHECK(ListedInBox(server, "-10,-18,10,-16").empty());
  CHECK(Searched(server, "_geoBoundingBox([-16, -179], [-18, 179])") == Set{"fiji crossing"});
  CHECK(Searched(server, "_geoRadius(-17.0, 180, 5000)") == Set{"fiji crossing"});
}

TEST_CASE("a malformed bbox is a 400 naming the problem", "[api][discovery][map]") {
  TestServer server;
  for (const char* bad : {"1,2,3", "a,b,c,d", "0,91,1,92", "0,10,1,5", "0,0,181,1", "1,2,3,4,5", "",
                          "nan,0,1,1", "1e999,0,1,1"}) {
    INFO(bad);
    Reply r = server.Get(std::string("/api/v1/trail?bbox=") + bad);
    CHECK(r.status == 400);
    CHECK(r.body["message"].get<std::string>().find("bbox") != std::string::npos);
  }
}

TEST_CASE("completed lists the trails the caller has a summit log on", "[api][discovery]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Reply done =
      server.Put("/api/v1/trail", {{"name", "done"}, {"public", true}, {"author", alice}}, token);
  REQUIRE(done.status == 200);
  REQUIRE(
      server.Put("/api/v1/trail", {{"name", "todo"}, {"public", true}, {"author", alice}}, token)
          .status == 200);
  REQUIRE(server
              .Put("/api/v1/summit-log",
                   {{"author", alice}, {"trail", done.body["id"]}, {"date", "2024-06-01"}}, token)
              .status == 200);
  CHECK(Names(server.Get("/api/v1/trail?completed=true", token).body["items"]) == Set{"done"});
  CHECK(Names(server.Get("/api/v1/trail?completed=false", token).body["items"]) == Set{"todo"});
  // Bob has completed nothing; alice's log is hers.
  CHECK(server.Get("/api/v1/trail?completed=true", bob_token).body["items"].empty());
  CHECK(server.Get("/api/v1/trail?completed=false").body["totalItems"] == 2);
  CHECK(server.Get("/api/v1/trail?completed=maybe").status == 400);
}

}  // namespace
}  // namespace cairn::api_test
