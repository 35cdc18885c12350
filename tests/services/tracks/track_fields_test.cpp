// The fields a track gives a trail: the map line and its preview, derived in one place.
#include "services/tracks/track_fields.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "geo/polyline.h"
#include "geo/readers.h"
#include "geo/simplify.h"

namespace cairn::services {
namespace {

// A 5000-point recording of 28 km that winds north in 20 bends of 150 m.
geo::Track WindingTrack() {
  geo::Track track;
  geo::TrackPart part;
  geo::Segment segment;
  for (int i = 0; i < 5000; ++i) {
    segment.push_back({47 + 0.00005 * i, 11 + 0.002 * std::sin(i / 40.0), 500.0 + i % 30,
                       1'717'228'800'000 + i * 1000});
  }
  part.segments.push_back(std::move(segment));
  track.parts.push_back(std::move(part));
  return track;
}

TEST_CASE("a track gives a trail a preview of at most 100 points on its map line",
          "[services][tracks]") {
  const records::Json fields = TrailFieldsFromTrack(WindingTrack());
  const std::string polyline = fields["polyline"];
  const std::string preview = fields["preview"];
  auto line = geo::DecodePolyline(polyline);
  auto points = geo::DecodePolyline(preview);
  REQUIRE(line.ok());
  REQUIRE(points.ok());
  CHECK(line->size() > geo::kPreviewMaxPoints);
  CHECK(points->size() <= geo::kPreviewMaxPoints);
  CHECK(points->size() > 10);
  CHECK(points->front() == line->front());
  CHECK(points->back() == line->back());
  // The same derivation as the schema migration's, from the stored polyline.
  CHECK(preview == geo::PreviewPolyline(polyline).value());
  CHECK(preview.size() < polyline.size());
}

TEST_CASE("a track gives a trail a sketch of at most 24 points for overview maps",
          "[services][tracks]") {
  const records::Json fields = TrailFieldsFromTrack(WindingTrack());
  const std::string polyline = fields["polyline"];
  const std::string sketch = fields["sketch"];
  auto points = geo::DecodePolyline(sketch);
  REQUIRE(points.ok());
  auto line = geo::DecodePolyline(polyline);
  REQUIRE(line.ok());
  CHECK(points->size() <= geo::kSketchMaxPoints);
  CHECK(points->size() >= 2);
  CHECK(points->front() == line->front());
  CHECK(points->back() == line->back());
  CHECK(sketch == geo::SketchPolyline(polyline).value());
  CHECK(sketch.size() < std::string(fields["preview"]).size());
}

// A straight run of `count` points east along the 47th parallel from `lon`, 0.001° apart, as
// GPX <trkpt>s.
std::string TrackPoints(double lon, int count) {
  std::string points;
  for (int i = 0; i < count; ++i) {
    points += "<trkpt lat=\"47\" lon=\"" + std::to_string(lon + 0.001 * i) + "\"><ele>" +
              std::to_string(500 + i) + "</ele></trkpt>";
  }
  return points;
}

std::string Gpx(const std::string& tracks) {
  return "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" "
         "xmlns=\"http://www.topografix.com/GPX/1/1\">" +
         tracks + "</gpx>";
}

// The points of `field` on both sides of each of its breaks.
void CheckBreaksAt(const records::Json& fields, const std::string& field,
                   const std::vector<std::pair<double, double>>& around) {
  INFO(field);
  auto points = geo::DecodePolyline(fields[field].get<std::string>());
  REQUIRE(points.ok());
  const std::vector<size_t> breaks = fields["line_breaks"][field];
  REQUIRE(breaks.size() == around.size());
  for (size_t k = 0; k < breaks.size(); ++k) {
    CHECK((*points)[breaks[k] - 1].lon == Approx(around[k].first).margin(1e-5));
    CHECK((*points)[breaks[k]].lon == Approx(around[k].second).margin(1e-5));
  }
}

TEST_CASE("two segments or two tracks of a GPX file give the map lines a break",
          "[services][tracks]") {
  // 21 points from 11.000 to 11.020, a 2 km hole, 21 points from 11.047 to 11.067: straight,
  // so each part simplifies to its two ends.
  const std::string first = TrackPoints(11, 21), second = TrackPoints(11.047, 21);
  const std::string files[] = {
      Gpx("<trk><trkseg>" + first + "</trkseg><trkseg>" + second + "</trkseg></trk>"),
      Gpx("<trk><trkseg>" + first + "</trkseg></trk><trk><trkseg>" + second + "</trkseg></trk>")};
  for (const std::string& file : files) {
    auto track = geo::ReadGpx(file);
    REQUIRE(track.ok());
    const records::Json fields = TrailFieldsFromTrack(*track);
    REQUIRE(fields["line_breaks"].is_object());
    CHECK(fields["line_breaks"]["polyline"].get<std::vector<size_t>>() == std::vector<size_t>{2});
    for (const char* field : {"polyline", "preview", "sketch"}) {
      CheckBreaksAt(fields, field, {{11.02, 11.047}});
    }
  }
}

TEST_CASE("a GeoJSON MultiLineString gives a break between its lines", "[services][tracks]") {
  const std::string geojson = R"({"type": "Feature", "properties": {}, "geometry": {
      "type": "MultiLineString", "coordinates": [
        [[7.0, 46.0], [7.01, 46.002], [7.02, 46.0]],
        [[7.05, 46.0], [7.06, 46.0]],
        [[7.1, 46.0], [7.11, 46.003], [7.12, 46.0], [7.13, 46.0]]]}})";
  auto track = geo::ReadGeoJson(geojson);
  REQUIRE(track.ok());
  const records::Json fields = TrailFieldsFromTrack(*track);
  CHECK(fields["line_breaks"]["polyline"].get<std::vector<size_t>>() == std::vector<size_t>{3, 5});
  CheckBreaksAt(fields, "polyline", {{7.02, 7.05}, {7.06, 7.1}});
  CheckBreaksAt(fields, "sketch", {{7.02, 7.05}, {7.06, 7.1}});
}

TEST_CASE("a track of one segment has no line breaks", "[services][tracks]") {
  CHECK(TrailFieldsFromTrack(WindingTrack())["line_breaks"].is_null());
  CHECK(TrailFieldsFromTrack(geo::Track{})["line_breaks"].is_null());
  CHECK(TrailFieldsWithoutTrack()["line_breaks"].is_null());
}

TEST_CASE("a trail without a track has no preview", "[services][tracks]") {
  CHECK(TrailFieldsWithoutTrack()["preview"] == "");
  CHECK(TrailFieldsFromTrack(geo::Track{})["preview"] == "");
  CHECK(TrailFieldsWithoutTrack()["sketch"] == "");
  CHECK(TrailFieldsFromTrack(geo::Track{})["sketch"] == "");
}

geo::Track StampedTrack(int64_t first_ms, int64_t step_ms) {
  geo::Track track;
  geo::TrackPart part;
  geo::Segment segment;
  for (int i = 0; i < 10; ++i)
    segment.push_back({47 + 0.0001 * i, 11, 500, first_ms + i * step_ms});
  part.segments.push_back(std::move(segment));
  track.parts.push_back(std::move(part));
  return track;
}

TEST_CASE("points stamped 1901 under a sane metadata time take the metadata's date",
          "[services][tracks]") {
  // Mojstrovka.gpx: every point says 1901-12-13T20:45:52Z, the metadata 2010-12-14.
  geo::Track track = StampedTrack(-2147483648000, 0);
  track.time_ms = 1292330000000;  // 2010-12-14T12:33:20Z
  const records::Json fields = TrailFieldsFromTrack(track);
  CHECK(fields["date"] == "2010-12-14");
  CHECK(fields["duration"] == 0);
  CHECK(fields["moving_duration"] == 0);
  // Without a metadata time there is no date at all.
  track.time_ms = geo::kNoTime;
  CHECK_FALSE(TrailFieldsFromTrack(track).contains("date"));
}

TEST_CASE("a clock set in the future gives no date or duration", "[services][tracks]") {
  // 2090-01-01: plausible for a device's range, but not yet.
  const records::Json future = TrailFieldsFromTrack(StampedTrack(3786912000000, 1000));
  CHECK_FALSE(future.contains("date"));
  CHECK(future["duration"] == 0);
  // The same walk in 2021 has both.
  const records::Json past = TrailFieldsFromTrack(StampedTrack(1631065600000, 1000));
  CHECK(past["date"] == "2021-09-08");
  CHECK(past["duration"] == 9);
}

TEST_CASE("device totals come beside ours, null when the file has none", "[services][tracks]") {
  geo::Track track = StampedTrack(1631065600000, 1000);
  const records::Json none = TrailFieldsFromTrack(track);
  for (const char* key :
       {"device_distance", "device_elevation_gain", "device_elevation_loss", "device_duration"}) {
    CHECK(none[key].is_null());
  }
  track.device.distance_m = 1200;
  track.device.ascent_m = 41;
  track.device.elapsed_s = 600;
  const records::Json some = TrailFieldsFromTrack(track);
  CHECK(some["device_distance"] == 1200);
  CHECK(some["device_elevation_gain"] == 41);
  CHECK(some["device_elevation_loss"].is_null());
  CHECK(some["device_duration"] == 600);
}

}  // namespace
}  // namespace cairn::services
