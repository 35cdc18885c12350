// libFuzzer target for the FIT reader: no crash, no hang, and whatever it accepts is on the globe.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "geo/readers.h"

namespace {

bool OnTheGlobe(double lat, double lon) {
  return std::isfinite(lat) && std::isfinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 &&
         lon <= 180;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto result = cairn::geo::ReadFit(bytes);
  if (!result.ok()) {
    if (result.error().message.rfind("FIT: ", 0) != 0) std::abort();
    return 0;
  }
  if (result->PointCount() == 0 && result->waypoints.empty()) std::abort();
  for (const auto& part : result->parts) {
    for (const auto& segment : part.segments) {
      if (segment.empty()) std::abort();
      for (const auto& point : segment) {
        if (!OnTheGlobe(point.lat, point.lon)) std::abort();
      }
    }
  }
  for (const auto& waypoint : result->waypoints) {
    if (!OnTheGlobe(waypoint.lat, waypoint.lon)) std::abort();
  }
  return 0;
}
