// Counting failed sign-in attempts per client address and per account, to slow down guessing.
#pragma once

#include <cstdint>
#include <deque>
#include <mutex>
#include <string>
#include <unordered_map>

#include "util/clock.h"

namespace cairn::services {

// A sliding window of failures per key ("ip:1.2.3.4", "account:ada"). Thread-safe; memory is
// bounded by `max_keys` (the keys with the oldest failures are forgotten first).
class LoginThrottle {
 public:
  struct Limits {
    int max_failures = 10;
    int64_t window_millis = 15 * 60 * 1000;
    size_t max_keys = 10000;
  };
  explicit LoginThrottle(const util::Clock& clock) : LoginThrottle(clock, Limits{}) {}
  LoginThrottle(const util::Clock& clock, Limits limits) : clock_(clock), limits_(limits) {}

  // Seconds until `key` may try again (at least 1), or 0 when it may try now.
  int64_t RetryAfterSeconds(const std::string& key);
  void RecordFailure(const std::string& key);
  // Forgets `key`'s failures (after a successful sign-in to that account).
  void Clear(const std::string& key);

 private:
  // Drops failures that left the window. Caller holds mutex_.
  void Expire(std::deque<int64_t>& failures, int64_t now) const;
  void EvictOldestKeys(int64_t now);

  const util::Clock& clock_;
  const Limits limits_;
  std::mutex mutex_;
  std::unordered_map<std::string, std::deque<int64_t>> failures_;  // oldest first
};

}  // namespace cairn::services
