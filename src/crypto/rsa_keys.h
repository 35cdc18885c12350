// RSA key pairs for signing federation requests: made for an actor, and the public half of a
// stored private key.
#pragma once

#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::crypto {

// The size of the keys Cairn makes: what Mastodon and Fedify make and every peer accepts.
inline constexpr int kRsaKeyBits = 2048;

// The smallest RSA modulus accepted, to sign or to verify. Cairn makes 2048-bit keys, but older
// servers still publish 1024-bit ones, and refusing them would cut those servers off; below 1024
// bits a key is breakable.
inline constexpr int kMinRsaKeyBits = 1024;

struct RsaKeyPair {
  // PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"), unencrypted. A secret: store it as such and
  // never log it.
  std::string private_pem;
  // SubjectPublicKeyInfo PEM ("-----BEGIN PUBLIC KEY-----"): an actor's publicKeyPem.
  std::string public_pem;
};

// A new key pair of kRsaKeyBits bits, from OpenSSL's CSPRNG. Fails with Internal only when
// OpenSSL cannot make one (no randomness). Takes tens to hundreds of milliseconds (more on a
// Raspberry Pi): make keys once per actor, off any hot path. Thread-safe.
util::Result<RsaKeyPair> GenerateRsaKeyPair();

// The SubjectPublicKeyInfo PEM of the RSA private key `private_pem` (PKCS#8 or PKCS#1). Fails
// with InvalidArgument when `private_pem` holds no usable RSA private key (see
// ReadRsaKey in openssl_key.h); the message never quotes it. Thread-safe.
util::Result<std::string> PublicPemOfPrivate(std::string_view private_pem);

}  // namespace cairn::crypto
