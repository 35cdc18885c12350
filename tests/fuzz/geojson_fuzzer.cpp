// libFuzzer target for the GeoJSON reader: never crashes, and every position it keeps is valid.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "geo/readers.h"
#include "geo/writers.h"
#include "track_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto track = cairn::geo::ReadGeoJson(bytes);
  if (!track.ok()) return 0;
  cairn::fuzz::CheckReadTrack(*track);
  // What was read can be written and read back with as many points.
  auto again = cairn::geo::ReadGeoJson(cairn::geo::WriteGeoJson(*track));
  if (!again.ok() || again->PointCount() != track->PointCount() ||
      again->waypoints.size() != track->waypoints.size()) {
    std::abort();
  }
  return 0;
}
