// Randomness from libsodium's CSPRNG: record ids, secrets, file-name suffixes.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace cairn::util {

inline constexpr std::string_view kLowerAlnum = "abcdefghijklmnopqrstuvwxyz0123456789";

// Returns `length` characters drawn uniformly from `alphabet`. Thread-safe.
std::string RandomString(size_t length, std::string_view alphabet = kLowerAlnum);

// Returns `count` random bytes. Thread-safe.
std::string RandomBytes(size_t count);

}  // namespace cairn::util
