// A followee's answers, through the record service and the follows family's rules.
#include "services/social/follows.h"

#include "services/families/names.h"

namespace cairn::services {

util::Result<Json> Follows::Answer(const Caller& caller, std::string_view id, FollowAnswer answer,
                                   std::string_view expand) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to answer follow requests.");
  CAIRN_ASSIGN_OR_RETURN(Json follow, records_.Show(caller, kFollows, id, expand));
  // The family's update rule would refuse the follower too; the reject path deletes, which the
  // follower may do, so the check is made here for both answers.
  if (follow.value("followee", "") != caller.user_id) {
    return util::Error::Forbidden("Only the followed user can answer a follow request.");
  }
  if (answer == FollowAnswer::kReject) {
    CAIRN_RETURN_IF_ERROR(records_.Delete(caller, kFollows, id));
    follow["status"] = "rejected";
    return follow;
  }
  WriteOptions accepted;
  accepted.without_body = true;
  accepted.derived = Json{{"status", kFollowAccepted}};
  CAIRN_ASSIGN_OR_RETURN(
      WriteResult written,
      records_.UpdateWith(caller, kFollows, id, Json::object(), expand, accepted));
  return std::move(written.record);
}

}  // namespace cairn::services
