// A count of requests in progress, held for exactly as long as one runs: for caps on how many may
// wait on a slow outside server at once.
#pragma once

#include <atomic>

namespace cairn::util {

// Takes a slot of `count` if fewer than `limit` are taken; releases it when destroyed, however
// the request ends. Check taken() before going on.
class InFlightSlot {
 public:
  InFlightSlot(std::atomic<int>& count, int limit) : count_(count) {
    taken_ = count_.fetch_add(1) < limit;
    if (!taken_) count_.fetch_sub(1);
  }
  ~InFlightSlot() {
    if (taken_) count_.fetch_sub(1);
  }
  InFlightSlot(const InFlightSlot&) = delete;
  InFlightSlot& operator=(const InFlightSlot&) = delete;

  bool taken() const { return taken_; }

 private:
  std::atomic<int>& count_;
  bool taken_ = false;
};

}  // namespace cairn::util
