// libFuzzer target for the TCX reader: any bytes must be read or rejected without a crash,
// and whatever is read must hold only valid coordinates.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "geo/readers.h"

namespace {

bool ValidPosition(double lat, double lon) {
  return std::isfinite(lat) && std::isfinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 &&
         lon <= 180;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto track = cairn::geo::ReadTcx(bytes);
  if (!track.ok()) {
    if (track.error().message.rfind("TCX: ", 0) != 0) std::abort();  // errors name the format
    return 0;
  }
  if (track->PointCount() + track->waypoints.size() == 0) std::abort();
  for (const auto& part : track->parts) {
    for (const auto& segment : part.segments) {
      if (segment.empty()) std::abort();
      for (const auto& point : segment) {
        if (!ValidPosition(point.lat, point.lon)) std::abort();
      }
    }
  }
  for (const auto& waypoint : track->waypoints) {
    if (!ValidPosition(waypoint.lat, waypoint.lon)) std::abort();
  }
  return 0;
}
