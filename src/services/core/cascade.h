// Deleting a record together with everything that cannot live without it, in the caller's
// transaction.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "records/record_engine.h"
#include "storage/blob_store.h"

namespace cairn::services {

// A record whose stored files (storage/<collection_id>/<record_id>/) are to be removed.
struct FileOwner {
  std::string collection_id;
  std::string record_id;
};

// Deletes record `id` of `collection` and what depends on it:
// - a trail: its comments, summit logs, waypoints, shares and link shares, and its links from
//   every list (lists themselves stay);
// - a list: its shares (its trails stay);
// - a user: everything they authored (with the cascades above), the shares granted to them, their
//   API tokens, settings and password resets, and the account itself.
// Must run inside a write transaction so a failure leaves nothing half-deleted. Returns the
// deleted records that may own stored files, for the caller to remove once the transaction has
// committed (never before: a rollback would leave rows pointing at nothing).
util::Result<std::vector<FileOwner>> DeleteWithDependents(storage::Connection& connection,
                                                          const records::RecordEngine& engine,
                                                          const records::CollectionSpec& collection,
                                                          std::string_view id);

// Removes the stored files of `owners` (after their rows are gone). A failure is logged, not
// returned: the rows are already deleted, and `cairn doctor` finds what was left.
void RemoveStoredFiles(storage::BlobStore& blobs, const std::vector<FileOwner>& owners);

}  // namespace cairn::services
