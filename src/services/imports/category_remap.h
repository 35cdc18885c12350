// Activity types to categories after an import: a preview of what each type of activity became
// (how many trails, which category they have now, which one their type suggests), then the
// choice applied to every trail of that type.
#pragma once

#include <map>
#include <string>

#include "records/record_codec.h"
#include "services/core/caller.h"
#include "services/trails/trail_bulk.h"
#include "storage/database.h"

namespace cairn::services::imports {

// Thread-safe.
class CategoryRemap {
 public:
  CategoryRemap(storage::Database& database, TrailBulk& bulk) : database_(database), bulk_(bulk) {}

  // POST /plugin-system/category-remap/preview: for the trails the caller imported in job
  // `job_id` (every import of theirs when empty), one item per activity type: {type, count,
  // category, categoryName (what most of them have now, "" for none), suggested,
  // suggestedName (the category the type's sport belongs in, "" when none matches)}, the most
  // frequent type first. Unauthorized when anonymous; NotFound for a job that is not theirs.
  util::Result<records::Json> Preview(const Caller& caller, const std::string& job_id);

  // POST /plugin-system/category-remap/apply: gives the trails of each type in `mapping` (type ->
  // category id, "" for none) that category, through the same checks as editing them (a trail
  // the caller no longer owns is left alone). {acknowledged, changed, refused}. InvalidArgument
  // for an empty mapping or a category that does not exist.
  util::Result<records::Json> Apply(const Caller& caller, const std::string& job_id,
                                    const std::map<std::string, std::string>& mapping);

 private:
  storage::Database& database_;
  TrailBulk& bulk_;
};

}  // namespace cairn::services::imports
