// Rate limiting by token buckets, one per key (a user id, an address).
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

#include "util/clock.h"

namespace cairn::util {

// Each key has a bucket of `capacity` tokens, full at first and refilled continuously at
// `refill_per_minute`; a request takes one token. So a key may send `capacity` requests at once,
// then `refill_per_minute` a minute. Thread-safe. Memory is bounded by `max_keys`: buckets that
// have refilled completely are forgotten first (forgetting a full bucket changes nothing), then,
// under a flood of keys, the least recently used ones.
class TokenBuckets {
 public:
  struct Limits {
    int capacity = 30;
    int refill_per_minute = 60;
    size_t max_keys = 10000;
  };
  TokenBuckets(const Clock& clock, Limits limits);

  // Takes a token from `key`'s bucket and returns 0, or, when it is empty, takes nothing and
  // returns the whole seconds (at least 1) until a token is there again.
  int64_t TakeOrRetryAfterSeconds(const std::string& key);

  const Limits& limits() const { return limits_; }

 private:
  struct Bucket {
    double tokens = 0;
    int64_t updated_millis = 0;  // when `tokens` was last brought up to date
  };
  // `bucket`'s tokens at `now`, at most the capacity.
  double TokensAt(const Bucket& bucket, int64_t now) const;
  // Makes room for one more key. Caller holds mutex_.
  void Evict(int64_t now);

  const Clock& clock_;
  Limits limits_;
  std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace cairn::util
