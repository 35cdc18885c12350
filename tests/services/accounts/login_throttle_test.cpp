// The sliding window of failed sign-ins.
#include "services/accounts/login_throttle.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

class ManualClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return now; }
  int64_t now = 1'000'000;
};

TEST_CASE("ten failures in fifteen minutes lock a key until the oldest one leaves the window",
          "[throttle]") {
  ManualClock clock;
  LoginThrottle throttle(clock);
  for (int i = 0; i < 9; ++i) {
    throttle.RecordFailure("ip:1.2.3.4");
    clock.now += 1000;
  }
  CHECK(throttle.RetryAfterSeconds("ip:1.2.3.4") == 0);
  throttle.RecordFailure("ip:1.2.3.4");  // the tenth, 9 s after the first
  const int64_t wait = throttle.RetryAfterSeconds("ip:1.2.3.4");
  CHECK(wait == 15 * 60 - 9);
  CHECK(throttle.RetryAfterSeconds("ip:5.6.7.8") == 0);  // other keys are not affected
  clock.now += (wait - 1) * 1000;
  CHECK(throttle.RetryAfterSeconds("ip:1.2.3.4") == 1);
  clock.now += 1000;
  CHECK(throttle.RetryAfterSeconds("ip:1.2.3.4") == 0);  // one failure has left the window
  throttle.RecordFailure("ip:1.2.3.4");
  CHECK(throttle.RetryAfterSeconds("ip:1.2.3.4") > 0);
  throttle.Clear("ip:1.2.3.4");
  CHECK(throttle.RetryAfterSeconds("ip:1.2.3.4") == 0);
}

TEST_CASE("a flood of keys stays within the memory bound and keeps recent offenders",
          "[throttle]") {
  ManualClock clock;
  LoginThrottle throttle(clock, {.max_failures = 3, .window_millis = 60'000, .max_keys = 100});
  for (int i = 0; i < 3; ++i) throttle.RecordFailure("account:target");
  for (int i = 0; i < 10'000; ++i) {
    clock.now += 1;
    throttle.RecordFailure("ip:" + std::to_string(i));
  }
  // The oldest keys were forgotten first, but the locked account kept failing recently...
  clock.now += 1;
  for (int i = 0; i < 3; ++i) throttle.RecordFailure("account:target");
  CHECK(throttle.RetryAfterSeconds("account:target") > 0);
  // ...and the newest flood keys are still counted: two more failures lock the newest one.
  throttle.RecordFailure("ip:9999");
  throttle.RecordFailure("ip:9999");
  CHECK(throttle.RetryAfterSeconds("ip:9999") > 0);
}

}  // namespace
}  // namespace cairn::services
