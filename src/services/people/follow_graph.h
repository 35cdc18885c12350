// Who follows whom, read from the `follows` table (schema 18): a follow is `accepted`, or
// `pending` until a private followee answers. The follow routes write it; profiles, their counts
// and the private-account rule read it through these functions, so "accepted follower" means one
// thing everywhere. All take the connection of the caller's read or write.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "storage/database.h"
#include "util/result.h"

namespace cairn::services::people {

// One row of `follows` seen from its follower.
struct FollowState {
  std::string id;
  std::string status;  // "accepted" or "pending"
};

enum class FollowDirection {
  kFollowers,  // who follows the user
  kFollowing,  // whom the user follows
};

// The follow of `follower` to `followee`, or nullopt when there is none (or either is empty).
util::Result<std::optional<FollowState>> FindFollow(storage::Connection& connection,
                                                    const std::string& follower,
                                                    const std::string& followee);

// Whether `follower` follows `followee` and was accepted.
util::Result<bool> IsAcceptedFollower(storage::Connection& connection, const std::string& follower,
                                      const std::string& followee);

// How many accepted follows the user has in `direction` (pending requests do not count).
util::Result<int64_t> CountFollows(storage::Connection& connection, const std::string& user,
                                   FollowDirection direction);

}  // namespace cairn::services::people
