// Follows: `follower` follows `followee`, a local user. Accepted at once, or pending while the
// followee's account is private (users.private) until they answer (services/social/follows.h).
// Both sides see the record and either may end it (unfollow, or remove a follower); only the
// followee accepts. schema.sql's triggers keep the follower's feed in step with the status.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

using records::Json;

// What an expanded follower or followee shows: no more than a share's user and the profile
// flag, whoever reads it (a private account's bio and counts are the profile routes' to give).
const std::vector<std::string>& FollowUserFields() {
  static const std::vector<std::string> kFields = {"avatar", "collectionId", "collectionName",
                                                   "id",     "private",      "username"};
  return kFields;
}

// Refuses following oneself; the status follows the followee's `private` flag (pending for a
// remote person until their server accepts).
util::Status PrepareFollow(storage::Connection& connection, const Caller&, NewRecord& record) {
  const std::string followee = record.values.value("followee", "");
  if (followee == record.values.value("follower", "")) {
    return util::Error::InvalidField(records::FailureMessage(records::WriteMode::kCreate),
                                     "followee", "validation_invalid_value",
                                     "You cannot follow yourself.");
  }
  // A remote person's server answers with Accept or Reject (services/federation/inbox.h).
  CAIRN_ASSIGN_OR_RETURN(
      auto rows,
      connection.Query("SELECT private OR remote_actor != '' FROM users WHERE id = ?", {followee}));
  const bool waits = !rows.rows.empty() && std::get<int64_t>(rows.rows[0][0]) != 0;
  record.values["status"] = waits ? kFollowPending : kFollowAccepted;
  return util::OkStatus();
}

}  // namespace

FamilyDefinition FollowFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"8obn1ukumze565i",
                     kFollows,
                     {Projected(Required(Relation("follower", kUsers, OnDelete::kCascade)),
                                FollowUserFields()),
                      Projected(Required(Relation("followee", kUsers, OnDelete::kCascade)),
                                FollowUserFields()),
                      ServerOnly(Select("status", {kFollowAccepted, kFollowPending}))}},
      .access = {.view = AnyOf({OwnRow("follower"), OwnRow("followee")}),
                 .create = ValueIsCaller("follower"),
                 // Answering a request is the followee's; the status is the only change.
                 .update = OwnRow("followee"),
                 .remove = AnyOf({OwnRow("follower"), OwnRow("followee")}),
                 .create_denied = "You can only follow as yourself.",
                 .update_denied = "Only the followed user can answer a follow request.",
                 .delete_denied = "Only the follower or the followed user can end a follow."},
      .owner_field = "follower",
      .owner_defaults_to_caller = true,
      .immutable_fields = {"followee"},
      .uniqueness = {{.fields = {"follower", "followee"},
                      .message = "You follow this user already (or asked to)."}},
      .prepare_insert = PrepareFollow,
      .routes = {.path = "/api/v1/follow",
                 .list_shape = ListShape::kPage,
                 // POST /follow/{id} answers a request (the social routes).
                 .operations = kList | kShow | kCreate | kDelete,
                 .extra = {"follows"}},
  };
}

}  // namespace cairn::services
