// What the indexes' document builders (trail_search.cpp, list_search.cpp) share.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <vector>

#include "storage/sql_value.h"

namespace cairn::services::search {

// The text of a column, "" for NULL or a number.
std::string TextOf(const storage::SqlValue& value);

// A record timestamp ("YYYY-MM-DD HH:MM:SS.mmmZ") as Unix seconds (floored), null when empty or
// unreadable: how search documents carry dates.
nlohmann::json UnixSeconds(const std::string& timestamp);

// The files route of a user's avatar, "" when the user has none.
std::string AvatarUrl(const std::string& user_id, const std::string& file);

// The documents of `by_id` in the order of `ids`; an id without a document is left out.
std::vector<nlohmann::json> InRequestedOrder(const std::vector<std::string>& ids,
                                             std::unordered_map<std::string, nlohmann::json> by_id);

}  // namespace cairn::services::search
