// Secrets people hand to Cairn for other services (a plugin's password, OAuth tokens), sealed at
// rest with a key derived from the installation secret, so a copy of the database alone does not
// reveal them.
#pragma once

#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::services {

// Thread-safe (immutable after construction).
class SecretSealer {
 public:
  // The key is derived from `installation_secret` (BLAKE2b, its own context), never the secret
  // itself, so sealed values and auth tokens do not share a key.
  explicit SecretSealer(std::string_view installation_secret);

  // "sealed:1:" followed by the URL-safe Base64 of a fresh nonce and the XSalsa20-Poly1305
  // ciphertext of `plain`. Each call gives a different text for the same secret.
  std::string Seal(std::string_view plain) const;
  // The plain text of a value Seal() made with the same installation secret. InvalidArgument
  // when `sealed` is not such a value or was changed (the message never holds the value).
  util::Result<std::string> Open(std::string_view sealed) const;
  // Whether `value` has Seal()'s form (it need not open).
  static bool IsSealed(std::string_view value);

 private:
  std::string key_;
};

}  // namespace cairn::services
