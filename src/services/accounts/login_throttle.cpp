// Sliding-window failure counting.
#include "services/accounts/login_throttle.h"

#include <algorithm>
#include <vector>

namespace cairn::services {

void LoginThrottle::Expire(std::deque<int64_t>& failures, int64_t now) const {
  while (!failures.empty() && failures.front() <= now - limits_.window_millis) failures.pop_front();
}

int64_t LoginThrottle::RetryAfterSeconds(const std::string& key) {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mutex_);
  auto it = failures_.find(key);
  if (it == failures_.end()) return 0;
  Expire(it->second, now);
  if (static_cast<int>(it->second.size()) < limits_.max_failures) return 0;
  // Free again when the oldest failure still counted leaves the window.
  const int64_t millis = it->second.front() + limits_.window_millis - now;
  return std::max<int64_t>(1, (millis + 999) / 1000);
}

void LoginThrottle::RecordFailure(const std::string& key) {
  const int64_t now = clock_.NowMillis();
  std::lock_guard lock(mutex_);
  if (failures_.size() >= limits_.max_keys && !failures_.count(key)) EvictOldestKeys(now);
  auto& failures = failures_[key];
  Expire(failures, now);
  failures.push_back(now);
  // Never keep more than the limit needs: memory per key stays small under a flood.
  while (static_cast<int>(failures.size()) > limits_.max_failures) failures.pop_front();
}

void LoginThrottle::Clear(const std::string& key) {
  std::lock_guard lock(mutex_);
  failures_.erase(key);
}

void LoginThrottle::EvictOldestKeys(int64_t now) {
  // First whatever has expired; if still full, the quarter of keys with the oldest last failure.
  for (auto it = failures_.begin(); it != failures_.end();) {
    Expire(it->second, now);
    it = it->second.empty() ? failures_.erase(it) : std::next(it);
  }
  if (failures_.size() < limits_.max_keys) return;
  std::vector<std::pair<int64_t, std::string>> by_age;
  by_age.reserve(failures_.size());
  for (const auto& [key, failures] : failures_) by_age.emplace_back(failures.back(), key);
  const size_t drop = std::max<size_t>(1, by_age.size() / 4);
  std::nth_element(by_age.begin(), by_age.begin() + drop - 1, by_age.end());
  for (size_t i = 0; i < drop; ++i) failures_.erase(by_age[i].second);
}

}  // namespace cairn::services
