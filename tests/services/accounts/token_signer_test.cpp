// Login tokens: what a valid one is, and every way one can be wrong.
#include "services/accounts/token_signer.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

const std::string kSecret(64, 's');
const TokenClaims kClaims{"user12345678901", "_pb_users_auth_", 2000, "auth"};

TEST_CASE("a token verifies until it expires, with its user's current key only", "[tokens]") {
  const TokenSigner signer(kSecret);
  const std::string token = signer.Sign(kClaims, "key-of-the-user");
  CHECK(signer.Verify(token, "key-of-the-user", 1999).ok());
  auto expired = signer.Verify(token, "key-of-the-user", 2000);
  REQUIRE_FALSE(expired.ok());
  CHECK(expired.error().kind == util::ErrorKind::kUnauthorized);
  CHECK(expired.error().message.find("expired") != std::string::npos);
  // A password change rotates the key: the old token stops verifying.
  CHECK_FALSE(signer.Verify(token, "rotated-key", 1000).ok());
  // Another installation's secret signs different tokens.
  CHECK_FALSE(TokenSigner(std::string(64, 'x')).Verify(token, "key-of-the-user", 1000).ok());
  auto decoded = signer.Decode(token);
  REQUIRE(decoded.ok());
  CHECK(decoded->user_id == kClaims.user_id);
}

TEST_CASE("tampered tokens are rejected", "[tokens]") {
  const TokenSigner signer(kSecret);
  const std::string token = signer.Sign(kClaims, "k");
  const size_t first_dot = token.find('.');
  const size_t second_dot = token.find('.', first_dot + 1);
  // Re-sign nothing, but claim another user or a later expiry in the payload.
  const TokenClaims other{"attacker1234567", kClaims.collection_id, 99999999999, "auth"};
  const std::string forged_payload = signer.Sign(other, "k").substr(first_dot + 1);
  const std::string spliced = token.substr(0, first_dot + 1) +
                              forged_payload.substr(0, forged_payload.find('.')) +
                              token.substr(second_dot);
  std::string flipped = token;
  flipped[second_dot + 3] = flipped[second_dot + 3] == 'A' ? 'B' : 'A';
  for (const std::string& bad :
       {spliced, flipped, token.substr(0, second_dot), token + ".x", std::string("..."),
        std::string(""), token.substr(0, first_dot) + "..", std::string(5000, 'a')}) {
    INFO(bad.substr(0, 80));
    CHECK_FALSE(signer.Verify(bad, "k", 1000).ok());
  }
}

}  // namespace
}  // namespace cairn::services
