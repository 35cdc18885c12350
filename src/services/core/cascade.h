// Deleting a record together with what its family's relations say must go with it, in the
// caller's transaction.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "services/core/family_registry.h"
#include "storage/blob_store.h"
#include "storage/database.h"

namespace cairn::services {

// A record whose stored files (storage/<collection_id>/<record_id>/) are to be removed.
struct FileOwner {
  std::string collection_id;
  std::string record_id;
};

// Deletes record `id` of `family` and, following every relation declared on any family that
// points at it, what depends on it: rows whose relation is OnDelete::kCascade are deleted the
// same way (recursively), ids in kUnlink relations are taken out (keeping the order of the rest,
// with `updated` = `now`), and a kRefuse relation still naming it fails the whole delete with
// Conflict. Rows of the family's `owned_rows` tables go too. Must run inside a write transaction,
// so a failure leaves nothing half-deleted. Returns the deleted records of families with file
// fields, for the caller to remove once the transaction has committed (never before: a rollback
// would leave rows pointing at nothing).
util::Result<std::vector<FileOwner>> DeleteWithDependents(storage::Connection& connection,
                                                          const FamilyRegistry& families,
                                                          const Family& family, std::string_view id,
                                                          const std::string& now);

// Removes the stored files of `owners` (after their rows are gone). A failure is logged, not
// returned: the rows are already deleted, and `cairn doctor` finds what was left.
void RemoveStoredFiles(storage::BlobStore& blobs, const std::vector<FileOwner>& owners);

}  // namespace cairn::services
