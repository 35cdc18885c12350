// A track of two segments over HTTP: the trail's `line_breaks` say where its map lines' parts
// start, the lines stay standard polylines whose points on both sides of a break are the
// segments' ends, and the elevation profile breaks there too.
#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "api/test_gpx.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// Google's polyline decoding (precision 5), as any client of the API decodes `polyline`.
std::vector<std::pair<double, double>> Decode(const std::string& text) {
  std::vector<std::pair<double, double>> points;
  size_t index = 0;
  long lat = 0, lon = 0;
  auto next = [&]() {
    long result = 0;
    int shift = 0, byte = 0;
    do {
      byte = text.at(index++) - 63;
      result |= static_cast<long>(byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return (result & 1) ? ~(result >> 1) : (result >> 1);
  };
  while (index < text.size()) {
    lat += next();
    lon += next();
    points.push_back({lat / 1e5, lon / 1e5});
  }
  return points;
}

// East along the 47th parallel: 30 points from 11.000° to 11.029° climbing from 500 m, a 2 km
// hole, then 30 points from 11.056° at 900 m; one point a second, and the second segment a
// minute after the first. Each segment wiggles 50 m north and back, so it keeps some bends.
std::string TwoSegmentGpx() {
  std::string gpx = R"(<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>two</name>)";
  for (int segment = 0; segment < 2; ++segment) {
    gpx += "<trkseg>";
    for (int i = 0; i < 30; ++i) {
      char point[200];
      std::snprintf(
          point, sizeof point,
          R"(<trkpt lat="%.5f" lon="%.5f"><ele>%d</ele><time>2024-06-01T08:%02d:%02dZ</time></trkpt>)",
          47.0 + (i % 10 == 5 ? 0.00045 : 0.0), 11.0 + 0.056 * segment + 0.001 * i,
          500 + 400 * segment + i, segment + (i / 60), i % 60);
      gpx += point;
    }
    gpx += "</trkseg>";
  }
  return gpx + "</trk></gpx>";
}

TEST_CASE("a two-segment GPX gives line breaks at the segments' ends in every map line",
          "[api][tracks]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply upload =
      server.Send("PUT", "/api/v1/trail/upload", token, TwoSegmentGpx(), "application/gpx+xml");
  INFO(upload.raw.substr(0, 600));
  REQUIRE(upload.status == 200);
  const std::string id = upload.body["id"];
  Reply trail = server.Get("/api/v1/trail/" + id, token);
  REQUIRE(trail.status == 200);
  const Json& breaks = trail.body["line_breaks"];
  REQUIRE(breaks.is_object());
  for (const char* field : {"polyline", "preview", "sketch"}) {
    INFO(field);
    const auto points = Decode(trail.body[field]);
    REQUIRE(breaks[field].size() == 1);
    const size_t at = breaks[field][0];
    REQUIRE(at > 0);
    REQUIRE(at < points.size());
    // The first segment's last point, then the second's first: 2.7 km apart, never walked.
    CHECK(points[at - 1].second == Approx(11.029).margin(1e-6));
    CHECK(points[at].second == Approx(11.056).margin(1e-6));
    CHECK(points.front().second == Approx(11.0).margin(1e-6));
    CHECK(points.back().second == Approx(11.085).margin(1e-6));
    // No other point lies in the hole.
    for (const auto& point : points) {
      CHECK_FALSE((point.second > 11.0291 && point.second < 11.0559));
    }
  }
  // The upload's answer says the same as the stored trail, and a page of trails can ask for it.
  CHECK(upload.body["line_breaks"] == breaks);
  Reply page = server.Get("/api/v1/trail?fields=id,sketch,line_breaks", token);
  REQUIRE(page.status == 200);
  CHECK(page.body["items"][0]["line_breaks"] == breaks);

  // The profile breaks between the segments: its point there is the second segment's first.
  Reply profile = server.Get("/api/v1/trail/" + id + "/profile?points=20", token);
  REQUIRE(profile.status == 200);
  const Json& profile_breaks = profile.body["breaks"];
  REQUIRE(profile_breaks.size() == 1);
  const size_t at = profile_breaks[0];
  const Json& points = profile.body["points"];
  CHECK(points[at][1] == 900);
  CHECK(points[at][3].get<double>() == Approx(11.056));
  CHECK(points[at - 1][1] == 529);
  CHECK(points[at - 1][3].get<double>() == Approx(11.029));
  CHECK(points.size() <= 20);

  // A JSON body cannot set them.
  Reply edited =
      server.Post("/api/v1/trail/" + id, {{"name", "Two walks"}, {"line_breaks", nullptr}}, token);
  INFO(edited.raw);
  REQUIRE(edited.status == 200);
  CHECK(edited.body["line_breaks"] == breaks);

  // A track of one segment has none, and neither does its profile.
  auto [body, type] = Multipart({}, {{"gpx", "one.gpx", WalkGpx()}});
  Reply replaced = server.Send("POST", "/api/v1/trail/" + id + "/file", token, body, type);
  REQUIRE(replaced.status == 200);
  CHECK(replaced.body["line_breaks"].is_null());
  CHECK(server.Get("/api/v1/trail/" + id + "/profile", token).body["breaks"] == Json::array());
}

}  // namespace
}  // namespace cairn::api_test
