// Signed auth tokens in JWT form (HS256). The signing key combines the installation secret with
// the user's own token key, so rotating that key (on a password change) revokes every token of
// that user, and a deleted user's tokens fail because the key can no longer be found.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::services {

struct TokenClaims {
  std::string user_id;
  std::string collection_id;
  int64_t expires_at = 0;  // unix seconds
  std::string type;        // "auth"
};

// Immutable after construction; thread-safe.
class TokenSigner {
 public:
  explicit TokenSigner(std::string installation_secret);

  std::string Sign(const TokenClaims& claims, std::string_view user_token_key) const;

  // Reads the claims WITHOUT checking the signature (to find whose token key to verify with).
  // Malformed tokens: Unauthorized.
  util::Result<TokenClaims> Decode(std::string_view token) const;

  // Checks the header (HS256 only), the signature (constant time) and the expiry.
  util::Status Verify(std::string_view token, std::string_view user_token_key,
                      int64_t now_seconds) const;

 private:
  std::string Mac(std::string_view signing_input, std::string_view user_token_key) const;

  std::string secret_;
};

}  // namespace cairn::services
