// libFuzzer target for the TCX reader: any bytes must be read or rejected without a crash,
// and whatever is read must hold only valid coordinates.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "geo/readers.h"
#include "track_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto track = cairn::geo::ReadTcx(bytes);
  if (!track.ok()) {
    cairn::fuzz::CheckRefusal(track.error(), "TCX: ");  // errors name the format
    return 0;
  }
  cairn::fuzz::CheckReadTrack(*track);
  return 0;
}
