// Reads of `follows`, each along one of its indexes: (follower, followee) unique,
// (followee, status) and (follower, status).
#include "services/people/follow_graph.h"

namespace cairn::services::people {
namespace {

std::string TextOf(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

}  // namespace

util::Result<std::optional<FollowState>> FindFollow(storage::Connection& connection,
                                                    const std::string& follower,
                                                    const std::string& followee) {
  if (follower.empty() || followee.empty()) return std::optional<FollowState>();
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult found,
      connection.Query("SELECT id, status FROM follows WHERE follower = ? AND followee = ?",
                       {follower, followee}));
  if (found.rows.empty()) return std::optional<FollowState>();
  return std::optional<FollowState>(
      FollowState{TextOf(found.rows[0][0]), TextOf(found.rows[0][1])});
}

util::Result<bool> IsAcceptedFollower(storage::Connection& connection, const std::string& follower,
                                      const std::string& followee) {
  CAIRN_ASSIGN_OR_RETURN(std::optional<FollowState> follow,
                         FindFollow(connection, follower, followee));
  return follow.has_value() && follow->status == "accepted";
}

util::Result<int64_t> CountFollows(storage::Connection& connection, const std::string& user,
                                   FollowDirection direction) {
  const char* sql = direction == FollowDirection::kFollowers
                        ? "SELECT count(*) FROM follows WHERE followee = ? AND status = 'accepted'"
                        : "SELECT count(*) FROM follows WHERE follower = ? AND status = 'accepted'";
  CAIRN_ASSIGN_OR_RETURN(storage::QueryResult counted, connection.Query(sql, {user}));
  return static_cast<int64_t>(storage::AsNumber(counted.rows.at(0).at(0)));
}

}  // namespace cairn::services::people
