// The clock seam: production uses the system clock, tests inject a fixed one.
#pragma once

#include <cstdint>

namespace cairn::util {

class Clock {
 public:
  virtual ~Clock() = default;
  // Milliseconds since the Unix epoch, UTC.
  virtual int64_t NowMillis() const = 0;
};

class SystemClock final : public Clock {
 public:
  int64_t NowMillis() const override;
};

}  // namespace cairn::util
