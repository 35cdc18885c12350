// POST /api/v1/trail-merge/suggest and POST /api/v1/trail-merge: finding duplicate trails and
// merging one into another (services/merge, docs/MERGE.md).
#pragma once

#include "api/core/api_router.h"
#include "services/merge/merge_suggestions.h"
#include "services/merge/trail_merge.h"

namespace cairn::api {

class MergeRoutes {
 public:
  MergeRoutes(services::MergeSuggestions& suggestions, services::TrailMerge& merge)
      : suggestions_(suggestions), merge_(merge) {}

  void Register(ApiRouter& router);

 private:
  // Body: {mode: "manual-selection" | "auto-discovery" | "maintenance-groups", trailIds?,
  // sourceTrailId?}. 200 with the suggestion (MergeSuggestions::Suggest); 401
  // trail_merge_auth_required; 400 trail_merge_* codes.
  util::Result<http::Response> Suggest(const http::Request& request,
                                       const services::Caller& caller);
  // Body: {sourceTrailId, targetTrailId, settings: {summitLog, photos, comments, delete, tags,
  // likes}} (missing settings are false). 200 {acknowledged: true}; 401, 400, 403
  // trail_merge_not_allowed.
  util::Result<http::Response> Merge(const http::Request& request, const services::Caller& caller);

  services::MergeSuggestions& suggestions_;
  services::TrailMerge& merge_;
};

}  // namespace cairn::api
