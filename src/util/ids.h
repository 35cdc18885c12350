// Record ids: 15 characters of [a-z0-9], as PocketBase makes them.
#pragma once

#include <string>
#include <string_view>

namespace cairn::util {

inline constexpr size_t kRecordIdLength = 15;

// A fresh random record id (77 bits of entropy).
std::string NewRecordId();

// True when `id` has the record id shape (length 15, [a-z0-9]).
bool IsRecordIdShape(std::string_view id);

}  // namespace cairn::util
