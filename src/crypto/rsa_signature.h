// RSA-SHA256 signatures (RSASSA-PKCS1-v1_5, RFC 8017 section 8.2): the rsa-sha256 algorithm of
// HTTP Signatures as the Fediverse signs requests.
#pragma once

#include <string>
#include <string_view>

#include "crypto/rsa_keys.h"
#include "util/result.h"

namespace cairn::crypto {

// The RSASSA-PKCS1-v1_5 signature with SHA-256 of `data` (raw bytes, as long as the modulus)
// under the RSA private key `private_pem` (PKCS#8 or PKCS#1 PEM). The signature is
// deterministic: the same key and data always give the same bytes. Fails with InvalidArgument
// when `private_pem` holds no RSA private key of at least kMinRsaKeyBits (the message never
// quotes it), Internal when OpenSSL fails. Thread-safe.
util::Result<std::string> SignRsaSha256(std::string_view private_pem, std::string_view data);

// Whether `signature` (raw bytes) is the RSASSA-PKCS1-v1_5 SHA-256 signature of `data` under
// the RSA public key `public_pem`: SubjectPublicKeyInfo ("BEGIN PUBLIC KEY") or PKCS#1 ("BEGIN
// RSA PUBLIC KEY", which some servers publish). False for any signature that does not verify,
// whatever its length. Fails with InvalidArgument only when `public_pem` holds no RSA public key
// of at least kMinRsaKeyBits. Thread-safe.
util::Result<bool> VerifyRsaSha256(std::string_view public_pem, std::string_view data,
                                   std::string_view signature);

}  // namespace cairn::crypto
