// System clock.
#include "util/clock.h"

#include <chrono>

namespace cairn::util {

int64_t SystemClock::NowMillis() const {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

}  // namespace cairn::util
