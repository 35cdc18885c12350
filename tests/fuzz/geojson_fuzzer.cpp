// libFuzzer target for the GeoJSON reader: never crashes, and every position it keeps is valid.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "geo/readers.h"
#include "geo/writers.h"

namespace {

bool Valid(double lat, double lon) {
  return std::isfinite(lat) && std::isfinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 &&
         lon <= 180;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto track = cairn::geo::ReadGeoJson(bytes);
  if (!track.ok()) return 0;
  if (track->PointCount() == 0 && track->waypoints.empty()) std::abort();
  for (const auto& part : track->parts) {
    for (const auto& segment : part.segments) {
      if (segment.empty()) std::abort();
      for (const auto& point : segment) {
        if (!Valid(point.lat, point.lon)) std::abort();
      }
    }
  }
  for (const auto& waypoint : track->waypoints) {
    if (!Valid(waypoint.lat, waypoint.lon)) std::abort();
  }
  // What was read can be written and read back with as many points.
  auto again = cairn::geo::ReadGeoJson(cairn::geo::WriteGeoJson(*track));
  if (!again.ok() || again->PointCount() != track->PointCount() ||
      again->waypoints.size() != track->waypoints.size()) {
    std::abort();
  }
  return 0;
}
