// Waiting for what federation does in the background (deliveries, on both sides of a test).
#pragma once

#include <chrono>
#include <functional>
#include <thread>

namespace cairn::api_test {

// Polls `done` every 100 ms for up to `seconds`; its last answer.
inline bool Eventually(const std::function<bool()>& done, int seconds = 20) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  while (std::chrono::steady_clock::now() < until) {
    if (done()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return done();
}

}  // namespace cairn::api_test
