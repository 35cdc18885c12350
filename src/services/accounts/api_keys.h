// API keys: long random secrets a user creates for scripts, stored only as their SHA-256.
#pragma once

#include <string>
#include <string_view>

namespace cairn::services {

// Every key starts with this, so a bearer credential can be told from a login token at a glance
// (and secret scanners can spot leaked keys).
inline constexpr std::string_view kApiKeyPrefix = "cairn_";

// A new key: the prefix and 40 characters of [a-z0-9] from libsodium's generator (206 bits).
std::string NewApiKey();

// The lowercase hex SHA-256 of `key`, the only form in which keys are stored.
std::string HashApiKey(std::string_view key);

// True when `credential` has the shape of an API key (prefix and length).
bool LooksLikeApiKey(std::string_view credential);

}  // namespace cairn::services
