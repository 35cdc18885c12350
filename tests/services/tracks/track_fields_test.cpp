// The fields a track gives a trail: the map line and its preview, derived in one place.
#include "services/tracks/track_fields.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "geo/polyline.h"
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
