// Token buckets refilled from the clock on each take, so no timer thread is needed.
#include "util/token_buckets.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace cairn::util {

TokenBuckets::TokenBuckets(const Clock& clock, Limits limits) : clock_(clock), limits_(limits) {
  limits_.capacity = std::max(1, limits_.capacity);
}

double TokenBuckets::TokensAt(const Bucket& bucket, int64_t now) const {
  // A clock that steps back must not drain a bucket.
  const int64_t elapsed = std::max<int64_t>(0, now - bucket.updated_millis);
  const double refilled = static_cast<double>(elapsed) * limits_.refill_per_minute / 60'000.0;
  return std::min<double>(limits_.capacity, bucket.tokens + refilled);
}

int64_t TokenBuckets::TakeOrRetryAfterSeconds(const std::string& key) {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= limits_.max_keys) Evict(now);
    it = buckets_.emplace(key, Bucket{static_cast<double>(limits_.capacity), now}).first;
  }
  Bucket& bucket = it->second;
  bucket.tokens = TokensAt(bucket, now);
  bucket.updated_millis = now;
  if (bucket.tokens >= 1.0) {
    bucket.tokens -= 1.0;
    return 0;
  }
  if (limits_.refill_per_minute <= 0) return 60;  // never refilled: say a minute, not forever
  const double missing = 1.0 - bucket.tokens;
  const double seconds = missing * 60.0 / limits_.refill_per_minute;
  return std::max<int64_t>(1, static_cast<int64_t>(std::ceil(seconds)));
}

void TokenBuckets::Evict(int64_t now) {
  for (auto it = buckets_.begin(); it != buckets_.end();) {
    it = TokensAt(it->second, now) >= limits_.capacity ? buckets_.erase(it) : std::next(it);
  }
  if (buckets_.size() < limits_.max_keys) return;
  // Still full of busy keys: drop the quarter used longest ago.
  std::vector<std::pair<int64_t, std::string>> by_age;
  by_age.reserve(buckets_.size());
  for (const auto& [key, bucket] : buckets_) by_age.emplace_back(bucket.updated_millis, key);
  const size_t drop = std::max<size_t>(1, by_age.size() / 4);
  std::nth_element(by_age.begin(), by_age.begin() + drop - 1, by_age.end());
  for (size_t i = 0; i < drop; ++i) buckets_.erase(by_age[i].second);
}

}  // namespace cairn::util
