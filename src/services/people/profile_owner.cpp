#include "services/people/profile_owner.h"

namespace cairn::services::people {
namespace {

std::string TextOf(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

}  // namespace

util::Result<ProfileOwner> FindProfileOwner(storage::Connection& connection, const Caller& caller,
                                            std::string_view handle) {
  if (!handle.empty() && handle.front() == '@') handle.remove_prefix(1);
  if (handle.empty()) return util::Error::NotFound();
  const bool remote = handle.find('@') != std::string_view::npos;
  if (remote && caller.IsAnonymous()) {
    return util::Error::Unauthorized("Sign in to see people of other servers.");
  }
  // A local name never holds '@', a remote one always does: one lookup serves both.
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult found,
      connection.Query("SELECT u.id, u.username, u.created, u.bio, u.avatar, u.private, "
                       "u.remote_actor, coalesce(nullif(a.url, ''), a.iri, '') FROM users u "
                       "LEFT JOIN ap_actors a ON a.user = u.id WHERE u.username = ? COLLATE NOCASE",
                       {std::string(handle)}));
  if (found.rows.empty()) return util::Error::NotFound();
  const auto& row = found.rows[0];
  ProfileOwner owner{.id = TextOf(row[0]),
                     .username = TextOf(row[1]),
                     .created = TextOf(row[2]),
                     .bio = TextOf(row[3]),
                     .avatar = TextOf(row[4]),
                     .private_account = storage::AsNumber(row[5]) != 0,
                     .remote_actor = TextOf(row[6]),
                     .remote_url = TextOf(row[7])};
  owner.is_caller = !caller.IsAnonymous() && caller.user_id == owner.id;
  CAIRN_ASSIGN_OR_RETURN(owner.follow, FindFollow(connection, caller.user_id, owner.id));
  const bool accepted = owner.follow && owner.follow->status == "accepted";
  owner.view = !owner.private_account || owner.is_caller || accepted ? ProfileView::kFull
                                                                     : ProfileView::kNameAndAvatar;
  return owner;
}

util::Status CheckFullView(const ProfileOwner& owner) {
  if (owner.view == ProfileView::kFull) return util::OkStatus();
  return util::Error::Forbidden("This account is private; only the people it accepted see it.");
}

}  // namespace cairn::services::people
