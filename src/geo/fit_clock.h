// A FIT device's clock: how its system time (seconds since it powered on, what FIT timestamps
// below 0x10000000 count) maps to UTC, learnt from the messages that pair the two clocks.
#pragma once

#include <cstdint>
#include <optional>

#include "geo/fit_decoder.h"

namespace cairn::geo::fit_internal {

class DeviceClock {
 public:
  // Learns the pairing `message` carries, if it is one that can: timestamp_correlation first,
  // else aviation_attitude, obdii_data or gps_metadata (fit_profile.h says how each does). The
  // first of the best kind seen is kept.
  void OnMessage(const Message& message);

  // Milliseconds to add to a system time in ms to get Unix epoch ms; nullopt when no message said.
  std::optional<int64_t> OffsetMillis() const { return offset_ms_; }

 private:
  void Learn(int rank, int64_t utc_unix_ms, int64_t system_ms);

  std::optional<int64_t> offset_ms_;
  int rank_ = 0;  // of offset_ms_'s source: lower is better
};

}  // namespace cairn::geo::fit_internal
