// libsodium's SHA-256, shown as hex.
#include "web/content_hash.h"

#include <sodium.h>

#include <stdexcept>

#include "util/sodium.h"

namespace cairn::web {
namespace {

// The first `digits` hex digits of the SHA-256 of `bytes`.
std::string Sha256Hex(std::string_view bytes, size_t digits) {
  util::EnsureSodiumReady();
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, digest, sizeof digest);
  return std::string(hex, digits);
}

}  // namespace

std::string ContentHashHex(std::string_view bytes) { return Sha256Hex(bytes, 16); }

void BundleHasher::AddFile(std::string_view path, std::string_view etag) {
  for (std::string_view field : {path, etag}) {
    input_ += std::to_string(field.size());
    input_ += ':';
    input_ += field;
  }
}

std::string BundleHasher::Hex() const { return Sha256Hex(input_, 12); }

}  // namespace cairn::web
