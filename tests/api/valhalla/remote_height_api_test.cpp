// POST /api/v1/valhalla/height with --elevation-url: points the terrain model covers are answered
// from it, the others asked of a stand-in Valhalla on 127.0.0.1 (only those, and only there);
// when it fails the answer still comes, with the model's heights and a warning.
#include <catch2/catch.hpp>

#include "api/valhalla/height_server.h"
#include "test_support/local_http_server.h"

namespace cairn::api_test {
namespace {

using test_support::LocalHttpServer;

// The stand-in's surface, unlike the tiles' plane so that the source of a height shows.
double Remote(double lat, double lon) { return std::round(10 * (300 + lat + lon)) / 10; }

// A Valhalla /height that answers Remote() for every point, or as `scenario` says ("ok",
// "no-data" for null everywhere, "fail" for HTTP 503).
class FakeElevation {
 public:
  FakeElevation() {
    server_.Post("/valhalla/height",
                 [this](const httplib::Request& request, httplib::Response& response) {
                   if (scenario == "fail") {
                     response.status = 503;
                     response.set_content(R"({"error":"overloaded"})", "application/json");
                     return;
                   }
                   const Json body = Json::parse(request.body);
                   Json heights = Json::array();
                   for (const auto& [lat, lon] : DecodePolyline6(body.at("encoded_polyline")))
                     heights.push_back(scenario == "no-data" ? Json() : Json(Remote(lat, lon)));
                   response.set_content(Json{{"height", heights}}.dump(), "application/json");
                 });
  }
  std::string base_url() const { return server_.url() + "/valhalla"; }
  std::vector<test_support::RecordedRequest> requests() const { return server_.requests(); }
  std::string scenario = "ok";

 private:
  LocalHttpServer server_;
};

// Two points on the tiles (46..47 N, 8..10 E) and two far from them.
const std::vector<std::pair<double, double>> kMixed = {
    {46.5, 8.5}, {45.5, 8.5}, {46.2, 9.7}, {50.25, 4.75}};

TEST_CASE("heights the terrain model lacks come from --elevation-url", "[api][terrain][remote]") {
  FakeElevation remote;
  HeightServer s({"--elevation-url", remote.base_url()});
  Reply r = s.Height({{"shape", Shape(kMixed)}, {"height_precision", 1}}, s.token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  const Json& h = r.body["height"];
  CHECK(h[0].get<double>() == Approx(Plane(46.5, 8.5)).margin(0.06));
  CHECK(h[1].get<double>() == Approx(Remote(45.5, 8.5)).margin(0.06));
  CHECK(h[2].get<double>() == Approx(Plane(46.2, 9.7)).margin(0.06));
  CHECK(h[3].get<double>() == Approx(Remote(50.25, 4.75)).margin(0.06));
  CHECK_FALSE(r.body.contains("warnings"));
  // One request, with only the two points outside the tiles, and nothing of the caller's.
  const auto asked = remote.requests();
  REQUIRE(asked.size() == 1);
  CHECK(asked[0].target == "/valhalla/height");
  CHECK(asked[0].Header("Authorization").empty());
  const auto sent = DecodePolyline6(Json::parse(asked[0].body)["encoded_polyline"]);
  REQUIRE(sent.size() == 2);
  CHECK(sent[0].first == Approx(45.5));
  CHECK(sent[1].second == Approx(4.75));

  // A line the tiles cover whole is not forwarded.
  REQUIRE(s.Height({{"shape", Shape({{46.5, 8.5}, {46.7, 9.2}})}}, s.token).status == 200);
  CHECK(remote.requests().size() == 1);
  // Nor is an anonymous caller's.
  CHECK(s.Height({{"shape", Shape(kMixed)}}, "").status == 401);
  CHECK(remote.requests().size() == 1);
}

TEST_CASE("a failing --elevation-url leaves the model's heights and says why",
          "[api][terrain][remote]") {
  FakeElevation remote;
  HeightServer s({"--elevation-url", remote.base_url()});
  SECTION("the remote fails") {
    remote.scenario = "fail";
    Reply r = s.Height({{"shape", Shape(kMixed)}}, s.token);
    INFO(r.raw);
    REQUIRE(r.status == 200);
    CHECK(r.body["height"][0] == std::lround(Plane(46.5, 8.5)));
    CHECK(r.body["height"][1].is_null());
    CHECK(r.body["height"][3].is_null());
    REQUIRE(r.body["warnings"].size() == 2);
    CHECK(r.body["warnings"][0]["code"] == "remote_elevation_failed");
    CHECK(r.body["warnings"][0]["text"] ==
          "Heights from the remote elevation service are missing: it failed (HTTP 503).");
    CHECK(r.body["warnings"][1]["code"] == "outside_terrain_model");
    // No address of the remote in what the caller reads.
    CHECK(r.raw.find("127.0.0.1") == std::string::npos);
  }
  SECTION("the remote has no data there either") {
    remote.scenario = "no-data";
    Reply r = s.Height({{"shape", Shape(kMixed)}}, s.token);
    INFO(r.raw);
    REQUIRE(r.status == 200);
    CHECK(r.body["height"][1].is_null());
    REQUIRE(r.body["warnings"].size() == 1);
    CHECK(r.body["warnings"][0]["text"].get<std::string>().find(
              "2 of 4 points have no height, neither from this server's terrain model nor from "
              "the remote") == 0);
  }
}

TEST_CASE("an --elevation-url that is not a URL stops the server at start",
          "[api][terrain][remote]") {
  test_support::TempDir dir;
  int code = -1;
  const std::string out = RunCommand(
      std::string(CAIRN_BINARY) +
          " serve --http 127.0.0.1:" + std::to_string(test_support::UnusedLoopbackPort()) +
          " --dir " + dir.path() + " --elevation-url ftp://elevation.lan 2>&1",
      &code);
  INFO(out);
  CHECK(code == 1);
  CHECK(out.find("--elevation-url") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
