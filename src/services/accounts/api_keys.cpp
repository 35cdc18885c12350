// API key generation and hashing with libsodium.
#include "services/accounts/api_keys.h"

#include <sodium.h>

#include "util/ids.h"
#include "util/random.h"
#include "util/sodium.h"

namespace cairn::services {
namespace {

constexpr size_t kKeyRandomLength = 40;

}  // namespace

std::string NewApiKey() {
  return std::string(kApiKeyPrefix) + util::RandomString(kKeyRandomLength, util::kLowerAlnum);
}

std::string HashApiKey(std::string_view key) {
  util::EnsureSodiumReady();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(key.data()), key.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return hex;
}

bool LooksLikeApiKey(std::string_view credential) {
  return credential.size() == kApiKeyPrefix.size() + kKeyRandomLength &&
         credential.substr(0, kApiKeyPrefix.size()) == kApiKeyPrefix;
}

}  // namespace cairn::services
