// Which trails are duplicates and which of them to keep: POST /trail-merge/suggest in its three
// modes (wanderer-behaviour §12.2). Reads only; every trail it names is one the caller may see.
#pragma once

#include <string>
#include <vector>

#include "records/record_codec.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "storage/database.h"

namespace cairn::services {

// A manual selection compares every pair of its trails' tracks; this many keep that under a
// second.
inline constexpr size_t kMaxSelectedTrails = 20;

enum class SuggestMode { kManualSelection, kAutoDiscovery, kMaintenanceGroups };

struct SuggestRequest {
  SuggestMode mode = SuggestMode::kManualSelection;
  std::vector<std::string> trail_ids;  // manual selection
  std::string source_trail_id;         // auto-discovery
};

// Thread-safe: reads on the reader pool.
class MergeSuggestions {
 public:
  MergeSuggestions(storage::Database& database, RecordService& records)
      : database_(database), records_(records) {}

  // manual-selection: `trail_ids` (at least 2 distinct, at most kMaxSelectedTrails, each one the
  // caller can see) => {targetTrailId, reason, warnings, candidates: [{trailId, score, reason,
  // warnings, selectable}]} in the request's order; warnings compare each track with the others;
  // selectable: the caller may edit it.
  // auto-discovery: `source_trail_id` (the caller's own) => the same shape, candidates among the
  // caller's other trails whose tracks strongly match the source's (track_match.h), best first;
  // none: targetTrailId "" and reason "no_geometry_match".
  // maintenance-groups => {groups: [{groupId, trailIds, targetTrailId, reason, score, indirect}]}
  // over the caller's trails and those shared with them to edit: connected components of strong
  // matches, largest and closest first.
  // Errors (merge_errors.h): Unauthorized when anonymous; InvalidArgument with the codes for too
  // few or too many ids, a trail the caller cannot see (never told apart from a missing one), a
  // missing source or one of someone else's.
  util::Result<records::Json> Suggest(const Caller& caller, const SuggestRequest& request);

 private:
  util::Result<records::Json> ManualSelection(const Caller& caller,
                                              const std::vector<std::string>& ids);
  util::Result<records::Json> AutoDiscovery(const Caller& caller, const std::string& source_id);
  util::Result<records::Json> MaintenanceGroups(const Caller& caller);

  storage::Database& database_;
  RecordService& records_;
};

}  // namespace cairn::services
