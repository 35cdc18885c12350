// Deleting a record together with everything that cannot live without it, in the caller's
// transaction.
#pragma once

#include <string_view>

#include "records/record_engine.h"

namespace cairn::services {

// Deletes record `id` of `collection` and what depends on it:
// - a trail: its comments, summit logs, waypoints, shares and link shares, and its links from
//   every list (lists themselves stay);
// - a list: its shares (its trails stay);
// - a user: everything they authored (with the cascades above), the shares granted to them, their
//   API tokens, settings and password resets, and the account itself.
// Must run inside a write transaction so a failure leaves nothing half-deleted.
util::Status DeleteWithDependents(storage::Connection& connection,
                                  const records::RecordEngine& engine,
                                  const records::CollectionSpec& collection, std::string_view id);

}  // namespace cairn::services
