// Base64 (RFC 4648) with libsodium: standard for mail, HTTP signatures and digests, URL-safe for
// tokens.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cairn::util {

enum class Base64Alphabet {
  kStandard,         // "+/" and '=' padding (section 4): MIME, Digest, Signature headers
  kUrlSafeUnpadded,  // "-_" without padding (section 5): tokens in URLs
};

// `bytes` in base64.
std::string Base64Encode(std::string_view bytes,
                         Base64Alphabet alphabet = Base64Alphabet::kStandard);

// The bytes `text` encodes, or nullopt when it is not base64 of that alphabet: another
// character (white space included), a wrong length, missing or misplaced padding for the
// standard alphabet, or non-zero bits in the last character.
std::optional<std::string> Base64Decode(std::string_view text,
                                        Base64Alphabet alphabet = Base64Alphabet::kStandard);

}  // namespace cairn::util
