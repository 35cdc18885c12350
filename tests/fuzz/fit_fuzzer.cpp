// libFuzzer target for the FIT reader: no crash, no hang, and whatever it accepts is on the globe.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "geo/readers.h"
#include "track_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  const auto result = cairn::geo::ReadFit(bytes);
  if (!result.ok()) {
    cairn::fuzz::CheckRefusal(result.error(), "FIT: ");
    return 0;
  }
  cairn::fuzz::CheckReadTrack(*result);
  return 0;
}
