// Base64 through libsodium's constant-time codec.
#include "util/base64.h"

#include <sodium.h>

#include "util/sodium.h"

namespace cairn::util {
namespace {

int Variant(Base64Alphabet alphabet) {
  return alphabet == Base64Alphabet::kStandard ? sodium_base64_VARIANT_ORIGINAL
                                               : sodium_base64_VARIANT_URLSAFE_NO_PADDING;
}

}  // namespace

std::string Base64Encode(std::string_view bytes, Base64Alphabet alphabet) {
  EnsureSodiumReady();
  const size_t size = sodium_base64_ENCODED_LEN(bytes.size(), Variant(alphabet));
  std::string encoded(size, '\0');
  sodium_bin2base64(encoded.data(), encoded.size(),
                    reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size(),
                    Variant(alphabet));
  encoded.resize(size - 1);  // the size counts a terminating NUL
  return encoded;
}

std::optional<std::string> Base64Decode(std::string_view text, Base64Alphabet alphabet) {
  EnsureSodiumReady();
  std::string decoded(text.size() / 4 * 3 + 3, '\0');
  size_t length = 0;
  const char* end = nullptr;
  // `end` catches trailing characters libsodium would otherwise leave unread.
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(decoded.data()), decoded.size(),
                        text.data(), text.size(), nullptr, &length, &end, Variant(alphabet)) != 0 ||
      end != text.data() + text.size()) {
    return std::nullopt;
  }
  decoded.resize(length);
  return decoded;
}

}  // namespace cairn::util
