// The record families Cairn serves and what is special about each.
#pragma once

#include <string_view>

#include "services/core/record_service.h"
#include "util/clock.h"

namespace cairn::services {

// Registers trails, lists, waypoints, comments, summit logs, list and trail shares, trail link
// shares, API tokens, settings and the read-only categories. `clock` judges API key expirations.
void RegisterFamilies(RecordService& service, const util::Clock& clock);

// Whether a new trail or list (`kind` "trails" or "lists") of `user_id` is public when the
// request does not say: the user's settings.privacy, private when unset.
util::Result<bool> DefaultPublic(storage::Connection& connection, const std::string& user_id,
                                 std::string_view kind);

}  // namespace cairn::services
