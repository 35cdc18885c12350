// Answering follow requests (the follows family, services/families/follow.cpp): a private
// account's followers wait as `pending` until the followee accepts or rejects them. Following,
// listing and ending follows are the family's generic routes.
#pragma once

#include <string>

#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "util/result.h"

namespace cairn::services {

// A followee's answer to a follow.
enum class FollowAnswer { kAccept, kReject };

// Thread-safe (the record service is).
class Follows {
 public:
  explicit Follows(RecordService& records) : records_(records) {}

  // The followee's answer to follow `id`. Accept makes it `accepted` (the follower's feed gains
  // the followee's items through schema.sql's triggers) and answers the record; Reject removes it
  // and answers the record as it was, with status "rejected". Answering an accepted follow again
  // keeps it; rejecting it removes that follower. Unauthorized when anonymous; NotFound when the
  // caller is neither side of it; Forbidden when the caller is the follower.
  util::Result<Json> Answer(const Caller& caller, std::string_view id, FollowAnswer answer,
                            std::string_view expand);

 private:
  RecordService& records_;
};

}  // namespace cairn::services
