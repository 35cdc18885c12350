// The error codes of the merge routes (wanderer-behaviour §12.2): each is the error's message, so
// a client can translate it; the kind decides the status.
#pragma once

#include "util/result.h"

namespace cairn::services::merge_errors {

inline util::Error AuthRequired() { return util::Error::Unauthorized("trail_merge_auth_required"); }
inline util::Error NotAllowed() { return util::Error::Forbidden("trail_merge_not_allowed"); }
// 400s.
inline util::Error Invalid(const char* code) { return util::Error::InvalidArgument(code); }
inline constexpr char kInvalidRequest[] = "trail_merge_invalid_request";
inline constexpr char kUnknownSuggestMode[] = "trail_merge_unknown_suggest_mode";
inline constexpr char kRequiresMultipleTrails[] = "trail_merge_requires_multiple_trails";
inline constexpr char kTooManyTrails[] = "trail_merge_too_many_trails";
inline constexpr char kTrailNotFound[] = "trail_merge_trail_not_found";
inline constexpr char kMissingSourceTrailId[] = "trail_merge_missing_source_trail_id";
inline constexpr char kSourceActorMismatch[] = "trail_merge_source_actor_mismatch";
inline constexpr char kMissingTrailId[] = "trail_merge_missing_trail_id";
inline constexpr char kSameSourceTarget[] = "trail_merge_same_source_target";
inline constexpr char kSourceNotFound[] = "trail_merge_source_not_found";
inline constexpr char kTargetNotFound[] = "trail_merge_target_not_found";
inline constexpr char kTooManyPhotos[] = "trail_merge_too_many_photos";

}  // namespace cairn::services::merge_errors
