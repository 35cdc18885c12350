// Liking trails (the trail_likes family, services/families/trail_like.cpp) where the generic
// record routes would answer differently: a like of a trail the caller cannot see is a 404, as
// if the trail did not exist, and a like is removed by naming its trail. Every write goes through
// the record service, so the family's rules hold here too.
#pragma once

#include <string>

#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "util/result.h"

namespace cairn::services {

// Thread-safe (the record service is).
class TrailLikes {
 public:
  explicit TrailLikes(RecordService& records) : records_(records) {}

  // Likes the trail `body.trail` as the caller and answers the like record
  // `{id, trail, user, ...}` (with `expand`). `body.user` and `body.actor`, when present, must
  // name the caller. Unauthorized when anonymous; Forbidden when `user` or `actor` names someone
  // else; NotFound when the caller cannot see the trail (a link token does not count: liking is
  // for people who may see the trail themselves); InvalidArgument on `trail` when it is missing or
  // the caller likes it already. The trail's `like_count` grows in the same transaction.
  util::Result<Json> Like(const Caller& caller, const Json& body, std::string_view expand);

  // Removes the caller's like of the trail `body.trail` (`user`/`actor` as for Like). Unauthorized
  // when anonymous; InvalidArgument when `trail` is missing; NotFound when the caller has no like
  // of it (whether or not they can still see the trail: their like is theirs to take back).
  util::Status Unlike(const Caller& caller, const Json& body);

 private:
  RecordService& records_;
};

}  // namespace cairn::services
