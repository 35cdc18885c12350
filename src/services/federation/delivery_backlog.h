// What waits in the delivery queue, per inbox: for `cairn federation status`, so an operator
// sees which servers are not taking deliveries and why.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

struct InboxBacklog {
  std::string inbox;
  int64_t waiting = 0;
  int64_t oldest = 0;        // unix seconds the oldest was queued
  int64_t next_attempt = 0;  // unix seconds of the next try
  int64_t attempts = 0;      // most tries of any of them
  std::string last_error;    // of the most tried one
};

// Inboxes with deliveries waiting, the most waiting first (at most 50).
util::Result<std::vector<InboxBacklog>> DeliveryBacklog(storage::Database& database);

}  // namespace cairn::services
