// What the GPS readers' fuzz targets assert of what a reader returns; a failed check aborts,
// which libFuzzer reports with the input.
#pragma once

#include <cmath>
#include <cstdlib>
#include <string_view>

#include "geo/track.h"
#include "util/result.h"

namespace cairn::fuzz {

inline bool OnTheGlobe(double lat, double lon) {
  return std::isfinite(lat) && std::isfinite(lon) && lat >= -90 && lat <= 90 && lon >= -180 &&
         lon <= 180;
}

// Every track point and waypoint is a valid position.
inline void CheckPositions(const geo::Track& track) {
  for (const auto& part : track.parts) {
    for (const auto& segment : part.segments) {
      for (const auto& point : segment) {
        if (!OnTheGlobe(point.lat, point.lon)) std::abort();
      }
    }
  }
  for (const auto& waypoint : track.waypoints) {
    if (!OnTheGlobe(waypoint.lat, waypoint.lon)) std::abort();
  }
}

// A track a reader accepted holds something, has no empty segment, and only valid positions.
inline void CheckReadTrack(const geo::Track& track) {
  if (track.PointCount() == 0 && track.waypoints.empty()) std::abort();
  for (const auto& part : track.parts) {
    for (const auto& segment : part.segments) {
      if (segment.empty()) std::abort();
    }
  }
  CheckPositions(track);
}

// A refusal names its format first ("GPX: line 3, ...").
inline void CheckRefusal(const util::Error& error, std::string_view format_prefix) {
  if (std::string_view(error.message).substr(0, format_prefix.size()) != format_prefix) {
    std::abort();
  }
}

}  // namespace cairn::fuzz
