// GET /api/v1/trail/{id}/profile over HTTP: the downsampled elevation profile of a real GPX,
// who may read it (as the trail itself), its parameter, and revalidation with ETags.
#include <catch2/catch.hpp>
#include <cstdio>
#include <stdexcept>

#include "api/test_gpx.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// A 3000-point walk north from 47°N 11°E, 0.0001° (about 11 m) per second, rolling between 500 and
// 520 m with one summit at 2000 m on point 1777; without elevations when `with_ele` is false.
std::string LongGpx(bool with_ele = true) {
  std::string gpx = R"(<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>long</name><trkseg>)";
  for (int i = 0; i < 3000; ++i) {
    const int ele = i == 1777 ? 2000 : 500 + (i / 10) % 20;
    char point[200];
    std::snprintf(
        point, sizeof point,
        R"(<trkpt lat="%.4f" lon="11.0">%s<time>2024-06-01T%02d:%02d:%02dZ</time></trkpt>)",
        47.0 + 0.0001 * i, with_ele ? ("<ele>" + std::to_string(ele) + "</ele>").c_str() : "",
        8 + i / 3600, i / 60 % 60, i % 60);
    gpx += point;
  }
  return gpx + "</trkseg></trk></gpx>";
}

std::string Upload(TestServer& server, const std::string& token, const std::string& gpx) {
  Reply r = server.Send("PUT", "/api/v1/trail/upload?ignoreDuplicates=true", token, gpx,
                        "application/gpx+xml");
  if (r.status != 200) throw std::runtime_error("upload failed: " + r.raw);
  return r.body["id"];
}

TEST_CASE("the profile of a long GPX is downsampled and keeps its ends and its summit",
          "[api][profile]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const std::string id = Upload(server, token, LongGpx());
  const double distance = server.Get("/api/v1/trail/" + id, token).body["distance"];

  Reply profile = server.Get("/api/v1/trail/" + id + "/profile?points=100", token);
  INFO(profile.raw.substr(0, 300));
  REQUIRE(profile.status == 200);
  const Json& points = profile.body["points"];
  CHECK(points.size() <= 100);
  CHECK(points.size() >= 90);
  CHECK(profile.body["distance"].get<double>() == Approx(distance).margin(0.05));
  CHECK(points.front() == Json::array({0, 500, 47, 11}));
  CHECK(points.back()[0] == profile.body["distance"]);
  CHECK(points.back()[2].get<double>() == Approx(47.2999));
  bool summit = false;
  for (size_t i = 0; i < points.size(); ++i) {
    REQUIRE(points[i].size() == 4);
    if (i > 0) CHECK(points[i][0].get<double>() >= points[i - 1][0].get<double>());
    summit = summit || points[i][1] == 2000;
  }
  CHECK(summit);
  CHECK(profile.Header("Cache-Control") == "private, no-cache");
  CHECK(profile.Header("Content-Type").rfind("application/json", 0) == 0);

  // The default is 1000 points; 5000 gives every one of the 3000.
  CHECK(server.Get("/api/v1/trail/" + id + "/profile", token).body["points"].size() <= 1000);
  CHECK(server.Get("/api/v1/trail/" + id + "/profile?points=5000", token).body["points"].size() ==
        3000);
  CHECK(server.Get("/api/v1/trail/" + id + "/profile?points=2", token).body["points"].size() == 2);
}

TEST_CASE("the profile is seen exactly by those who see the trail, link shares included",
          "[api][profile]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  const std::string id = Upload(server, token, WalkGpx());
  REQUIRE(server
              .Put("/api/v1/trail-share", {{"trail", id}, {"user", carol}, {"permission", "view"}},
                   token)
              .status == 200);
  Reply link =
      server.Put("/api/v1/trail-link-share", {{"trail", id}, {"permission", "view"}}, token);
  REQUIRE(link.status == 200);
  const std::string share = link.body["token"];
  const std::string url = "/api/v1/trail/" + id + "/profile";
  const std::string wrong_share(share.size(), 'x');
  struct Case {
    const char* name;
    std::string url;
    std::string token;
    int status;
  };
  const Case cases[] = {
      {"owner", url, token, 200},
      {"a view share", url, carol_token, 200},
      {"a stranger", url, bob_token, 404},
      {"anonymous", url, "", 404},
      {"a link-share token", url + "?share=" + share, "", 200},
      {"a stranger with the token", url + "?share=" + share, bob_token, 200},
      {"a wrong token", url + "?share=" + wrong_share, "", 404},
      {"a trail that does not exist", "/api/v1/trail/abcdefghijklmno/profile", token, 404},
      {"a bad token", url, "garbage", 401},
  };
  const Json owners = server.Get(url, token).body;
  const Json missing = server.Get("/api/v1/trail/abcdefghijklmno/profile", token).body;
  for (const Case& c : cases) {
    INFO(c.name);
    Reply r = server.Get(c.url, c.token);
    CHECK(r.status == c.status);
    if (c.status == 200) CHECK(r.body == owners);
    if (c.status == 404) CHECK(r.body == missing);  // invisible and absent look the same
  }
  // A five-point walk comes back whole: 111.17 m steps, 10 m climbs.
  REQUIRE(owners["points"].size() == 5);
  CHECK(owners["points"][1] == Json::array({111.2, 510, 47.001, 11}));
  CHECK(owners["distance"] == 444.7);

  // Revoking the link share closes it at once; a public trail is everyone's.
  REQUIRE(server.Delete("/api/v1/trail-link-share/" + link.body["id"].get<std::string>(), token)
              .status == 200);
  CHECK(server.Get(url + "?share=" + share).status == 404);
  REQUIRE(server.Post("/api/v1/trail/" + id, {{"name", "Open"}, {"public", true}}, token).status ==
          200);
  CHECK(server.Get(url).status == 200);
}

TEST_CASE("the points parameter is an integer from 2 to 5000", "[api][profile]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const std::string id = Upload(server, token, WalkGpx());
  struct Case {
    const char* points;
    int status;
    const char* code;  // Form B issue code, or "" for a 200
  };
  const Case cases[] = {
      {"2", 200, ""},
      {"5000", 200, ""},
      {"abc", 400, "invalid_type"},
      {"", 400, "invalid_type"},
      {"1.5", 400, "invalid_type"},
      {"1", 400, "too_small"},
      {"-3", 400, "too_small"},
      {"5001", 400, "too_big"},
      {"99999999999", 400, "invalid_type"},
  };
  for (const Case& c : cases) {
    INFO(c.points);
    Reply r = server.Get("/api/v1/trail/" + id + "/profile?points=" + Url(c.points), token);
    CHECK(r.status == c.status);
    if (c.status != 400) continue;
    CHECK(r.body["message"] == "invalid_params");
    REQUIRE(r.body["details"].size() == 1);
    CHECK(r.body["details"][0]["code"] == c.code);
    CHECK(r.body["details"][0]["path"] == Json::array({"points"}));
  }
  Reply small = server.Get("/api/v1/trail/" + id + "/profile?points=1", token);
  CHECK(small.body["details"][0]["minimum"] == 2);
  Reply big = server.Get("/api/v1/trail/" + id + "/profile?points=5001", token);
  CHECK(big.body["details"][0]["maximum"] == 5000);
  // The id is checked like every record id.
  CHECK(server.Get("/api/v1/trail/short/profile", token).body["message"] == "invalid_params");
}

TEST_CASE("the profile revalidates with its ETag and changes with the track", "[api][profile]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  const std::string id = Upload(server, token, WalkGpx());
  const std::string url = "/api/v1/trail/" + id + "/profile";
  Reply first = server.Get(url, token);
  REQUIRE(first.status == 200);
  const std::string etag = first.Header("ETag");
  REQUIRE(etag.size() == 18);  // 16 hex digits in quotes
  CHECK(etag.front() == '"');
  // (The server adds its own Vary: Accept-Encoding when it compresses.)
  std::string vary;
  for (auto [it, end] = first.headers.equal_range("Vary"); it != end; ++it)
    vary += it->second + ";";
  CHECK(vary.find("Cookie, Authorization") != std::string::npos);

  auto conditional = [&](const std::string& path, const std::string& if_none_match,
                         const std::string& bearer) {
    httplib::Headers headers = {{"If-None-Match", if_none_match}};
    if (!bearer.empty()) headers.emplace("Authorization", "Bearer " + bearer);
    return server.SendWithHeaders("GET", path, headers);
  };
  Reply same = conditional(url, etag, token);
  CHECK(same.status == 304);
  CHECK(same.raw.empty());
  CHECK(same.Header("ETag") == etag);
  CHECK(same.Header("Cache-Control") == "private, no-cache");
  CHECK(conditional(url, "\"other\", W/" + etag, token).status == 304);
  CHECK(conditional(url, "\"other\"", token).status == 200);
  // Another number of points is another answer; a stranger's validator still gets 404.
  CHECK(conditional(url + "?points=3", etag, token).status == 200);
  auto [bob, bob_token] = server.CreateUser("bob");
  CHECK(conditional(url, etag, bob_token).status == 404);

  // A new track: a new version, and the new line's profile.
  std::string shorter = WalkGpx();
  shorter.replace(shorter.find("<trkpt lat=\"47.004\""), std::string::npos,
                  "</trkseg></trk></gpx>");
  auto [body, type] = Multipart({}, {{"gpx", "shorter.gpx", shorter}});
  REQUIRE(server.Send("POST", "/api/v1/trail/" + id + "/file", token, body, type).status == 200);
  Reply changed = conditional(url, etag, token);
  CHECK(changed.status == 200);
  CHECK(changed.Header("ETag") != etag);
  CHECK(changed.body["points"].size() == 4);
}

TEST_CASE("a trail without a track or elevations has a plain profile, a lost file is a 500",
          "[api][profile]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply bare =
      server.Put("/api/v1/trail", {{"name", "Typed"}, {"public", false}, {"author", alice}}, token);
  REQUIRE(bare.status == 200);
  Reply none =
      server.Get("/api/v1/trail/" + bare.body["id"].get<std::string>() + "/profile", token);
  CHECK(none.status == 200);
  CHECK(none.raw == R"({"breaks":[],"distance":0,"points":[]})");

  const std::string flat = Upload(server, token, LongGpx(/*with_ele=*/false));
  Reply r = server.Get("/api/v1/trail/" + flat + "/profile?points=10", token);
  REQUIRE(r.status == 200);
  CHECK(r.body["points"].size() <= 10);
  for (const Json& p : r.body["points"]) CHECK(p[1].is_null());

  // A stored file gone missing is the server's fault, not a missing trail.
  const std::string gpx = server.Get("/api/v1/trail/" + flat, token).body["gpx"];
  std::remove((server.data_dir() + "/storage/e864strfxo14pm4/" + flat + "/" + gpx).c_str());
  CHECK(server.Get("/api/v1/trail/" + flat + "/profile?points=11", token).status == 500);
  CHECK(server.ReadLog().find("cannot be read") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
