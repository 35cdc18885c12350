// The default privacy of a user's new trails and lists, from their settings.
#pragma once

#include <string>
#include <string_view>

#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// Whether a new trail or list (`kind` "trails" or "lists") of `user_id` is public when the
// request does not say: the user's settings.privacy, private when unset.
util::Result<bool> DefaultPublic(storage::Connection& connection, const std::string& user_id,
                                 std::string_view kind);

}  // namespace cairn::services
