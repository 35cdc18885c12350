// The person a profile route names (`@username` or `username`) and how much of them a caller may
// see: everything for themself, an accepted follower, or anyone when the account is public; only
// name and avatar otherwise (a private account).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "services/core/caller.h"
#include "services/people/follow_graph.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services::people {

enum class ProfileView {
  kFull,           // counts, bio, items, statistics
  kNameAndAvatar,  // a private account seen by someone it did not accept
};

struct ProfileOwner {
  std::string id;
  std::string username;
  std::string created;
  std::string bio;
  std::string avatar;  // the file name, "" for none
  bool private_account = false;
  ProfileView view = ProfileView::kFull;
  bool is_caller = false;
  // The caller's follow of this person, if any.
  std::optional<FollowState> follow;
  // A person of another server (federation): their actor IRI and profile page there.
  std::string remote_actor;
  std::string remote_url;
};

// Finds the profile `handle` names for `caller`. NotFound for an empty handle or an unknown name.
// A handle of another server (`@name@domain`) names a remote person this server keeps (found
// before by search or by their activities); Unauthorized for an anonymous caller, as nobody
// outside may learn through this server whom it knows elsewhere.
util::Result<ProfileOwner> FindProfileOwner(storage::Connection& connection, const Caller& caller,
                                            std::string_view handle);

// Forbidden unless the caller may see the owner's items (ProfileView::kFull).
util::Status CheckFullView(const ProfileOwner& owner);

}  // namespace cairn::services::people
