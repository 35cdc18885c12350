// HS256 tokens with libsodium's HMAC-SHA-256 and URL-safe base64.
#include "services/accounts/token_signer.h"

#include <sodium.h>

#include <nlohmann/json.hpp>
#include <stdexcept>

#include "util/base64.h"
#include "util/sodium.h"

namespace cairn::services {
namespace {

constexpr size_t kMaxTokenLength = 4096;

util::Error Invalid() { return util::Error::Unauthorized("The token is invalid."); }

// A string member of an untrusted object, or "" when absent or of another type.
std::string StringMember(const nlohmann::json& object, const char* name) {
  auto it = object.find(name);
  return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::string Base64Url(std::string_view bytes) {
  return util::Base64Encode(bytes, util::Base64Alphabet::kUrlSafeUnpadded);
}

bool FromBase64Url(std::string_view text, std::string* out) {
  auto decoded = util::Base64Decode(text, util::Base64Alphabet::kUrlSafeUnpadded);
  if (!decoded) return false;
  *out = std::move(*decoded);
  return true;
}

// Splits "a.b.c" into its three parts; false for any other shape.
bool SplitToken(std::string_view token, std::string_view parts[3]) {
  if (token.empty() || token.size() > kMaxTokenLength) return false;
  size_t first = token.find('.');
  if (first == std::string_view::npos) return false;
  size_t second = token.find('.', first + 1);
  if (second == std::string_view::npos || token.find('.', second + 1) != std::string_view::npos) {
    return false;
  }
  parts[0] = token.substr(0, first);
  parts[1] = token.substr(first + 1, second - first - 1);
  parts[2] = token.substr(second + 1);
  return !parts[0].empty() && !parts[1].empty() && !parts[2].empty();
}

}  // namespace

TokenSigner::TokenSigner(std::string installation_secret)
    : secret_(std::move(installation_secret)) {
  util::EnsureSodiumReady();
}

std::string TokenSigner::Mac(std::string_view signing_input,
                             std::string_view user_token_key) const {
  // key = HMAC(secret, user_token_key): per-user keys derived from the installation secret.
  unsigned char key[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_state state;
  crypto_auth_hmacsha256_init(&state, reinterpret_cast<const unsigned char*>(secret_.data()),
                              secret_.size());
  crypto_auth_hmacsha256_update(
      &state, reinterpret_cast<const unsigned char*>(user_token_key.data()), user_token_key.size());
  crypto_auth_hmacsha256_final(&state, key);
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256_init(&state, key, sizeof key);
  crypto_auth_hmacsha256_update(
      &state, reinterpret_cast<const unsigned char*>(signing_input.data()), signing_input.size());
  crypto_auth_hmacsha256_final(&state, mac);
  sodium_memzero(key, sizeof key);
  return std::string(reinterpret_cast<const char*>(mac), sizeof mac);
}

std::string TokenSigner::Sign(const TokenClaims& claims, std::string_view user_token_key) const {
  static const std::string kHeader = Base64Url(R"({"alg":"HS256","typ":"JWT"})");
  const nlohmann::json payload = {{"collectionId", claims.collection_id},
                                  {"exp", claims.expires_at},
                                  {"id", claims.user_id},
                                  {"refreshable", true},
                                  {"type", claims.type}};
  const std::string signing_input = kHeader + "." + Base64Url(payload.dump());
  return signing_input + "." + Base64Url(Mac(signing_input, user_token_key));
}

util::Result<TokenClaims> TokenSigner::Decode(std::string_view token) const {
  std::string_view parts[3];
  if (!SplitToken(token, parts)) return Invalid();
  std::string header_text, payload_text;
  if (!FromBase64Url(parts[0], &header_text) || !FromBase64Url(parts[1], &payload_text)) {
    return Invalid();
  }
  const auto header = nlohmann::json::parse(header_text, nullptr, false);
  if (!header.is_object() || StringMember(header, "alg") != "HS256") return Invalid();
  const auto payload = nlohmann::json::parse(payload_text, nullptr, false);
  if (!payload.is_object()) return Invalid();
  auto id = payload.find("id");
  auto exp = payload.find("exp");
  if (id == payload.end() || !id->is_string() || exp == payload.end() ||
      !exp->is_number_integer()) {
    return Invalid();
  }
  TokenClaims claims;
  claims.user_id = id->get<std::string>();
  claims.expires_at = exp->get<int64_t>();
  claims.collection_id = StringMember(payload, "collectionId");
  claims.type = StringMember(payload, "type");
  return claims;
}

util::Status TokenSigner::Verify(std::string_view token, std::string_view user_token_key,
                                 int64_t now_seconds) const {
  CAIRN_ASSIGN_OR_RETURN(TokenClaims claims, Decode(token));
  std::string_view parts[3];
  SplitToken(token, parts);
  std::string signature;
  if (!FromBase64Url(parts[2], &signature) || signature.size() != crypto_auth_hmacsha256_BYTES) {
    return Invalid();
  }
  const std::string signing_input(token.substr(0, parts[0].size() + 1 + parts[1].size()));
  const std::string expected = Mac(signing_input, user_token_key);
  if (sodium_memcmp(expected.data(), signature.data(), expected.size()) != 0) return Invalid();
  if (claims.expires_at <= now_seconds) {
    return util::Error::Unauthorized("The token has expired.");
  }
  return util::OkStatus();
}

}  // namespace cairn::services
