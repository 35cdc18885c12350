// Acting on many trails at once: change their category, difficulty, visibility or tags, delete
// them, or add them to a list. Each trail goes through the same record checks as a single write.
#pragma once

#include <string>
#include <vector>

#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// The most trails one bulk request names (a client selecting more sends several requests).
inline constexpr size_t kMaxBulkTrails = 100;

// What to do to every trail named. Exactly one of: changes (`update` and/or `add_tags` /
// `remove_tags`), `remove` or `add_to_list`.
struct BulkTrailRequest {
  std::vector<std::string> ids;
  // Field values written as a single update would (category, subcategory, difficulty, public).
  Json update = Json::object();
  // Tag ids added to / taken from each trail's own tags; the trail's other tags stay.
  std::vector<std::string> add_tags;
  std::vector<std::string> remove_tags;
  bool remove = false;      // delete the trails
  std::string add_to_list;  // a list id the caller may change
};

struct BulkRefusal {
  std::string id;
  util::Error error;  // why this trail was left as it was
};

struct BulkTrailOutcome {
  std::vector<std::string> done;  // in request order, each id once
  std::vector<BulkRefusal> refused;
};

// Thread-safe (every write goes through the database's single writer).
class TrailBulk {
 public:
  TrailBulk(storage::Database& database, RecordService& records)
      : database_(database), records_(records) {}

  // Applies `request` to each trail in its own transaction: a trail the caller may not change (or
  // see) is refused with the error a single write would give (NotFound, Forbidden for `public`
  // from an edit share or a delete by anyone but the author, InvalidArgument) and never blocks
  // the others. Errors for the whole request: Unauthorized when anonymous; InvalidArgument for no
  // ids, more than kMaxBulkTrails, no action or several, or values no trail could take; for
  // add_to_list, the list's own error (NotFound, Forbidden) when the caller may not change it.
  // Adding to a list writes the list once with every trail the caller can see; trails already
  // in it count as done.
  util::Result<BulkTrailOutcome> Apply(const Caller& caller, const BulkTrailRequest& request);

 private:
  util::Status ChangeTrail(const Caller& caller, const std::string& id,
                           const BulkTrailRequest& request);
  util::Result<BulkTrailOutcome> AddToList(const Caller& caller,
                                           const std::vector<std::string>& ids,
                                           const std::string& list_id);

  storage::Database& database_;
  RecordService& records_;
};

}  // namespace cairn::services
