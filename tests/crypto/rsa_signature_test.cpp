// RSA keys and RSA-SHA256 signatures: round trips, refusals, and the known answers of
// draft-cavage-http-signatures-12 Appendix C.
#include "crypto/rsa_signature.h"

#include <catch2/catch.hpp>

#include "crypto/rsa_keys.h"
#include "test_support/cavage_test_values.h"
#include "util/base64.h"

namespace cairn::crypto {
namespace {

using test_support::kCavagePrivatePem;
using test_support::kCavagePublicPem;

// One key pair for the whole file: generating one takes a noticeable fraction of a second.
const RsaKeyPair& TestKeyPair() {
  static const RsaKeyPair pair = [] {
    auto made = GenerateRsaKeyPair();
    REQUIRE(made.ok());
    return std::move(made).value();
  }();
  return pair;
}

TEST_CASE("A new key pair is 2048-bit PKCS#8 and SPKI PEM that signs and verifies",
          "[crypto][rsa]") {
  const RsaKeyPair& pair = TestKeyPair();
  CHECK(pair.private_pem.starts_with("-----BEGIN PRIVATE KEY-----\n"));
  CHECK(pair.public_pem.starts_with("-----BEGIN PUBLIC KEY-----\n"));
  CHECK(pair.public_pem.ends_with("-----END PUBLIC KEY-----\n"));
  // A 2048-bit modulus makes a 256-byte signature.
  auto signature = SignRsaSha256(pair.private_pem, "hello");
  REQUIRE(signature.ok());
  CHECK(signature->size() == 256);
  auto valid = VerifyRsaSha256(pair.public_pem, "hello", *signature);
  REQUIRE(valid.ok());
  CHECK(*valid);
  auto derived = PublicPemOfPrivate(pair.private_pem);
  REQUIRE(derived.ok());
  CHECK(*derived == pair.public_pem);
}

TEST_CASE("Two key pairs differ", "[crypto][rsa]") {
  auto other = GenerateRsaKeyPair();
  REQUIRE(other.ok());
  CHECK(other->private_pem != TestKeyPair().private_pem);
  CHECK(other->public_pem != TestKeyPair().public_pem);
}

TEST_CASE("A signature does not verify for other data, another key or altered bytes",
          "[crypto][rsa]") {
  const RsaKeyPair& pair = TestKeyPair();
  auto signature = SignRsaSha256(pair.private_pem, "the data");
  REQUIRE(signature.ok());
  auto other_data = VerifyRsaSha256(pair.public_pem, "the data!", *signature);
  REQUIRE(other_data.ok());
  CHECK_FALSE(*other_data);
  auto other_key = VerifyRsaSha256(kCavagePublicPem, "the data", *signature);
  REQUIRE(other_key.ok());
  CHECK_FALSE(*other_key);
  std::string flipped = *signature;
  flipped[100] = static_cast<char>(flipped[100] ^ 0x01);
  for (const std::string& bad : {flipped, signature->substr(1), std::string(), *signature + "x"}) {
    auto valid = VerifyRsaSha256(pair.public_pem, "the data", bad);
    REQUIRE(valid.ok());
    CHECK_FALSE(*valid);
  }
}

TEST_CASE("draft-cavage-http-signatures-12 Appendix C: the published signatures, made and checked",
          "[crypto][rsa]") {
  // The draft's three signing strings and the signatures it publishes for them (C.1, C.2, C.3;
  // C.3's string is the one shown, without the (created) and (expires) its header list names).
  const std::pair<const char*, const char*> cases[] = {
      {"date: Sun, 05 Jan 2014 21:31:40 GMT",
       "SjWJWbWN7i0wzBvtPl8rbASWz5xQW6mcJmn+ibttBqtifLN7Sazz6m79cNfwwb8DMJ5cou1s7uEGKKCs+"
       "FLEEaDV5lp7"
       "q25WqS+lavg7T8hc0GppauB6hbgEKTwblDHYGEtbGmtdHgVCk9SuS13F0hZ8FD0k/5OxEPXe5WozsbM="},
      {"(request-target): post /foo?param=value&pet=dog\n"
       "host: example.com\n"
       "date: Sun, 05 Jan 2014 21:31:40 GMT",
       "qdx+H7PHHDZgy4y/"
       "Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxBLSPQR2aAjn7ndmw2iicw3HMbe"
       "8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBskLu6kd9Fswtemr3lgdDEmn04swr2Os0="},
      {"(request-target): post /foo?param=value&pet=dog\n"
       "host: example.com\n"
       "date: Sun, 05 Jan 2014 21:31:40 GMT\n"
       "content-type: application/json\n"
       "digest: SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=\n"
       "content-length: 18",
       "vSdrb+dS3EceC9bcwHSo4MlyKS59iFIrhgYkz8+oVLEEzmYZZvRs8rgOp+63LEM3v+"
       "MFHB32NfpB2bEKBIvB1q52LaEU"
       "HFv120V01IL+TAD48XaERZFukWgHoBTLMhYS2Gb51gWxpeIq8knRmPnYePbF5MOkR0Zkly4zKH7s1dE="},
  };
  for (const auto& [signing_string, expected] : cases) {
    INFO(signing_string);
    auto signature = SignRsaSha256(kCavagePrivatePem, signing_string);
    REQUIRE(signature.ok());
    CHECK(util::Base64Encode(*signature) == expected);
    auto valid = VerifyRsaSha256(kCavagePublicPem, signing_string, *util::Base64Decode(expected));
    REQUIRE(valid.ok());
    CHECK(*valid);
  }
}

TEST_CASE("A PKCS#1 RSA PUBLIC KEY verifies like its SubjectPublicKeyInfo form", "[crypto][rsa]") {
  // The draft's public key in PKCS#1 form (`openssl rsa -RSAPublicKey_out` of its private key).
  const char* pkcs1 =
      "-----BEGIN RSA PUBLIC KEY-----\n"
      "MIGJAoGBAMIUQ0bDffIaKHL3akONlCGXQLfqs8mP4K99ILz6rbyHEDXrVAU1R3Xf\n"
      "C4JNRyrRB3aqwF7/aEXJzYMIkmDSHUvvz7pnhQxHsQ5yl91QT0d/eb+Gz4VRHjm4\n"
      "El4MrUdIUcPxscoPqS/wU8Z8lOi1z7bGMnChiL7WGqnV8h6RrGzJAgMBAAE=\n"
      "-----END RSA PUBLIC KEY-----\n";
  auto signature = SignRsaSha256(kCavagePrivatePem, "data");
  REQUIRE(signature.ok());
  auto valid = VerifyRsaSha256(pkcs1, "data", *signature);
  REQUIRE(valid.ok());
  CHECK(*valid);
  auto wrong = VerifyRsaSha256(pkcs1, "other data", *signature);
  REQUIRE(wrong.ok());
  CHECK_FALSE(*wrong);
}

TEST_CASE("Keys that are not RSA PEM keys of at least 1024 bits are refused, never quoted",
          "[crypto][rsa]") {
  // A 512-bit RSA key (made with openssl genpkey for this test): breakable, so refused.
  const char* small_public =
      "-----BEGIN PUBLIC KEY-----\n"
      "MFwwDQYJKoZIhvcNAQEBBQADSwAwSAJBAMKY01ZTJuLEMROntwGHdVSFVJ4cR7k2\n"
      "q+fLa+slaHFMvtcCCg+GO2P/PgHW64UsPS7NrX9PHYSLHDMQ9dekR98CAwEAAQ==\n"
      "-----END PUBLIC KEY-----\n";
  // An Ed25519 public key: not RSA.
  const char* ed25519_public =
      "-----BEGIN PUBLIC KEY-----\n"
      "MCowBQYDK2VwAyEA2OZ8DiWNXXxCcgdAtTdrmEadCQnmkwkKBZCAAklIKsU=\n"
      "-----END PUBLIC KEY-----\n";
  const std::pair<const char*, const char*> cases[] = {
      {"", "not an RSA key in PEM form"},
      {"MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDCFENGw33yGihy92pDjZQhl0C3", "not an RSA key"},
      {"-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----\n", "not an RSA key"},
      {ed25519_public, "not an RSA key"},
      {small_public, "has 512 bits, fewer than the 1024 required"},
  };
  for (const auto& [pem, reason] : cases) {
    INFO(pem);
    auto valid = VerifyRsaSha256(pem, "data", "signature");
    REQUIRE_FALSE(valid.ok());
    CHECK(valid.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK(valid.error().message.find(reason) != std::string::npos);
    if (*pem != '\0') CHECK(valid.error().message.find(pem) == std::string::npos);
  }
  // A public key where a private one belongs, and the other way round.
  auto signed_with_public = SignRsaSha256(kCavagePublicPem, "data");
  REQUIRE_FALSE(signed_with_public.ok());
  CHECK(signed_with_public.error().message == "the private key is not an RSA key in PEM form");
  CHECK_FALSE(PublicPemOfPrivate(kCavagePublicPem).ok());
}

}  // namespace
}  // namespace cairn::crypto
