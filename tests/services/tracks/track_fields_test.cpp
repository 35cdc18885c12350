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

}  // namespace
}  // namespace cairn::services
