// Keys read from PEM text into OpenSSL, and OpenSSL's errors read into Cairn's: shared by the
// crypto layer's sources only (the one place libcrypto is seen).
#pragma once

#include <openssl/evp.h>

#include <memory>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::crypto::internal {

struct PKeyDeleter {
  void operator()(EVP_PKEY* key) const { EVP_PKEY_free(key); }
};
using PKey = std::unique_ptr<EVP_PKEY, PKeyDeleter>;

// Which half of a key pair a PEM text holds.
enum class KeyHalf { kPrivate, kPublic };

// An RSA key from PEM text: a private key as PKCS#8 ("BEGIN PRIVATE KEY") or PKCS#1 ("BEGIN RSA
// PRIVATE KEY"), a public one as SubjectPublicKeyInfo ("BEGIN PUBLIC KEY") or PKCS#1 ("BEGIN RSA
// PUBLIC KEY"). Fails with InvalidArgument when the text holds no such key (an encrypted private
// key included: no pass phrase is ever asked for), when the key is not RSA, or when its modulus
// has fewer than `min_bits`. Messages never quote the text.
util::Result<PKey> ReadRsaKey(std::string_view pem, KeyHalf half, int min_bits);

// The reason of the oldest error OpenSSL queued on this thread ("" when none); the queue is
// emptied, so no stale error is left for the next caller (libcurl reads the same queue).
std::string TakeOpenSslError();

}  // namespace cairn::crypto::internal
