// Token buckets: bursts, refills, the wait announced, keys apart, and memory bounded.
#include "util/token_buckets.h"

#include <catch2/catch.hpp>
#include <string>

namespace cairn::util {
namespace {

class ManualClock : public Clock {
 public:
  int64_t NowMillis() const override { return now; }
  int64_t now = 1'000'000;
};

TEST_CASE("A bucket lets a burst through, then one request per refill", "[util][rate]") {
  ManualClock clock;
  TokenBuckets buckets(clock, {.capacity = 3, .refill_per_minute = 60});
  for (int i = 0; i < 3; ++i) CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 1);
  clock.now += 500;  // half a token
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 1);
  clock.now += 500;
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 1);
  // A long pause refills to the capacity, never beyond.
  clock.now += 3'600'000;
  for (int i = 0; i < 3; ++i) CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") > 0);
}

TEST_CASE("A refused take costs nothing and names the whole seconds to wait", "[util][rate]") {
  ManualClock clock;
  TokenBuckets buckets(clock, {.capacity = 1, .refill_per_minute = 4});  // one per 15 s
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 15);
  clock.now += 10'001;
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 5);
  clock.now += 4'999;
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
}

TEST_CASE("Keys have buckets of their own", "[util][rate]") {
  ManualClock clock;
  TokenBuckets buckets(clock, {.capacity = 1, .refill_per_minute = 1});
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 60);
  CHECK(buckets.TakeOrRetryAfterSeconds("bob") == 0);
}

TEST_CASE("A clock stepping back drains no bucket", "[util][rate]") {
  ManualClock clock;
  TokenBuckets buckets(clock, {.capacity = 2, .refill_per_minute = 60});
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  clock.now -= 60'000;
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 1);
}

TEST_CASE("A flood of keys keeps memory bounded and busy keys limited", "[util][rate]") {
  ManualClock clock;
  TokenBuckets buckets(clock, {.capacity = 1, .refill_per_minute = 1, .max_keys = 100});
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") == 0);
  clock.now += 1;
  // Other keys, below the bound, leave a bucket alone.
  for (int i = 0; i < 50; ++i)
    CHECK(buckets.TakeOrRetryAfterSeconds("key" + std::to_string(i)) == 0);
  CHECK(buckets.TakeOrRetryAfterSeconds("ada") > 0);
  // Past the bound the least recently used go first; the process keeps working.
  for (int i = 0; i < 1000; ++i) {
    clock.now += 1;
    CHECK(buckets.TakeOrRetryAfterSeconds("flood" + std::to_string(i)) == 0);
  }
}

}  // namespace
}  // namespace cairn::util
