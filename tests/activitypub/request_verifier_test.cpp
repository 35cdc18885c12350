// Verifying incoming signed requests: a round trip, every tampering and policy failure with its
// own message, the clock window, the forms servers send, and the draft's own request.
#include "activitypub/request_verifier.h"

#include <catch2/catch.hpp>
#include <functional>

#include "activitypub/digest.h"
#include "crypto/rsa_keys.h"
#include "test_support/cavage_test_values.h"
#include "test_support/test_request.h"
#include "util/base64.h"
#include "util/http_date.h"

namespace cairn::activitypub {
namespace {

using test_support::TestRequest;

constexpr int64_t kNow = 1'700'000'000;
constexpr const char* kKeyId = "https://trails.example/api/v1/activitypub/user/ada#main-key";

const crypto::RsaKeyPair& Keys() {
  static const crypto::RsaKeyPair keys = [] {
    auto made = crypto::GenerateRsaKeyPair();
    REQUIRE(made.ok());
    return std::move(made).value();
  }();
  return keys;
}

// A POST as a Fediverse server delivers it, dated `date` and signed over `signed_headers`
// (empty: the default list).
TestRequest SignedPost(int64_t date = kNow, std::vector<std::string> signed_headers = {}) {
  TestRequest request{"POST",
                      "/api/v1/activitypub/user/ada/inbox",
                      {{"Host", "trails.example"},
                       {"Date", util::HttpDate(date)},
                       {"Content-Type", "application/activity+json"}},
                      R"({"type":"Follow","actor":"https://h.example/users/bo"})"};
  request.Set("Digest", DigestHeaderValue(request.body));
  auto signature = SignRequest(request.ToSign(), kKeyId, Keys().private_pem, signed_headers);
  REQUIRE(signature.ok());
  request.Set("Signature", *signature);
  return request;
}

// "" when the request verifies, its error message otherwise (every failure is Unauthorized).
std::string Verify(const TestRequest& request, const std::string& public_pem = Keys().public_pem,
                   const VerificationOptions& options = {}) {
  auto verified = VerifySignedRequest(request.Incoming(), public_pem, kNow, options);
  if (verified.ok()) return "";
  CHECK(verified.error().kind == util::ErrorKind::kUnauthorized);
  return verified.error().message;
}

void Replace(std::string& text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  text.replace(at, from.size(), to);
}

TEST_CASE("A signed delivery verifies and names its key", "[activitypub]") {
  const TestRequest request = SignedPost();
  auto verified = VerifySignedRequest(request.Incoming(), Keys().public_pem, kNow);
  REQUIRE(verified.ok());
  CHECK(verified->key_id == kKeyId);
  CHECK(verified->headers ==
        std::vector<std::string>{"(request-target)", "host", "date", "digest"});
}

TEST_CASE("Tampered, unsigned and oddly written requests", "[activitypub]") {
  constexpr const char* kBadSignature = "the signature does not verify with the signer's key";
  const struct {
    const char* name;
    std::function<void(TestRequest&)> change;
    std::string expected;
  } cases[] = {
      {"untouched", [](TestRequest&) {}, ""},
      {"a tampered body", [](TestRequest& r) { r.body += " "; },
       "the body does not match its Digest header"},
      {"a replaced body with its own digest",
       [](TestRequest& r) {
         r.body = R"({"type":"Delete"})";
         r.Set("Digest", DigestHeaderValue(r.body));
       },
       kBadSignature},
      {"a tampered Date", [](TestRequest& r) { r.Set("Date", util::HttpDate(kNow - 60)); },
       kBadSignature},
      {"a tampered Host", [](TestRequest& r) { r.Set("Host", "other.example"); }, kBadSignature},
      {"another target", [](TestRequest& r) { r.target = "/api/v1/activitypub/inbox"; },
       kBadSignature},
      {"another method", [](TestRequest& r) { r.method = "PUT"; }, kBadSignature},
      {"a Digest of another algorithm", [](TestRequest& r) { r.Set("Digest", "SHA-512=abc"); },
       "the Digest header has no SHA-256 value"},
      {"no Signature header", [](TestRequest& r) { r.Remove("Signature"); },
       "the request is not signed (no Signature header)"},
      {"an unsigned Authorization header",
       [](TestRequest& r) {
         r.Remove("Signature");
         r.Set("Authorization", "Bearer abc");
       },
       "the request is not signed (no Signature header)"},
      {"the Authorization: Signature form",
       [](TestRequest& r) {
         r.Set("Authorization", "Signature " + r.Header("Signature"));
         r.Remove("Signature");
       },
       ""},
      {"no Digest header", [](TestRequest& r) { r.Remove("Digest"); },
       "the signed header \"digest\" is not in the request"},
      {"no Date header", [](TestRequest& r) { r.Remove("Date"); },
       "the signed header \"date\" is not in the request"},
      {"parameters reordered and spaced",
       [](TestRequest& r) {
         auto signature = ParseSignatureHeader(r.Header("Signature"));
         REQUIRE(signature.ok());
         r.Set("Signature", "signature = \"" + util::Base64Encode(signature->signature) +
                                "\" ,  headers=\"(request-target)   host date  digest\" , "
                                "algorithm=\"rsa-sha256\",keyId=\"" +
                                signature->key_id + "\"");
       },
       ""},
      {"header names in capitals",
       [](TestRequest& r) {
         std::string value = r.Header("Signature");
         Replace(value, "(request-target) host date digest", "(Request-Target) Host Date Digest");
         r.Set("Signature", value);
       },
       ""},
      {"algorithm hs2019",
       [](TestRequest& r) {
         std::string value = r.Header("Signature");
         Replace(value, "rsa-sha256", "hs2019");
         r.Set("Signature", value);
       },
       ""},
      {"no algorithm",
       [](TestRequest& r) {
         std::string value = r.Header("Signature");
         Replace(value, "algorithm=\"rsa-sha256\",", "");
         r.Set("Signature", value);
       },
       ""},
      {"an unknown algorithm",
       [](TestRequest& r) {
         std::string value = r.Header("Signature");
         Replace(value, "rsa-sha256", "hmac-sha256");
         r.Set("Signature", value);
       },
       "the signature's algorithm \"hmac-sha256\" is not supported (rsa-sha256, hs2019)"},
      {"a signature that is not base64",
       [](TestRequest& r) {
         std::string value = r.Header("Signature");
         Replace(value, "signature=\"", "signature=\"!");
         r.Set("Signature", value);
       },
       "the Signature header is malformed: the signature is not base64"},
      {"an expiry passed",
       [](TestRequest& r) {
         r.Set("Signature", r.Header("Signature") + ",expires=" + std::to_string(kNow - 5));
       },
       "the signature expired 5 s ago"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    TestRequest request = SignedPost();
    c.change(request);
    CHECK(Verify(request) == c.expected);
  }
}

TEST_CASE("A signature made with another key, or checked with an unusable one, is refused",
          "[activitypub]") {
  const TestRequest request = SignedPost();
  CHECK(Verify(request, test_support::kCavagePublicPem) ==
        "the signature does not verify with the signer's key");
  CHECK(Verify(request, "not a key") ==
        "the signer's key cannot be used: the public key is not an RSA key in PEM form");
}

TEST_CASE("The Date must be within the window, past or future", "[activitypub]") {
  const std::pair<int64_t, std::string> cases[] = {
      {0, ""},
      {-3600, ""},
      {3600, ""},
      {-3601, "the Date header is 3601 s in the past, outside the 3600 s window"},
      {3601, "the Date header is 3601 s in the future, outside the 3600 s window"},
      {-86'400, "the Date header is 86400 s in the past, outside the 3600 s window"},
  };
  for (const auto& [offset, expected] : cases) {
    INFO(offset);
    CHECK(Verify(SignedPost(kNow + offset)) == expected);
  }
  const VerificationOptions five_minutes{.time_window = std::chrono::minutes(5)};
  CHECK(Verify(SignedPost(kNow - 300), Keys().public_pem, five_minutes) == "");
  CHECK(Verify(SignedPost(kNow - 301), Keys().public_pem, five_minutes) ==
        "the Date header is 301 s in the past, outside the 300 s window");
}

TEST_CASE("A Date that is not an HTTP date is refused", "[activitypub]") {
  TestRequest request = SignedPost();
  request.Set("Date", "2023-11-14T22:13:20Z");
  auto signature = SignRequest(request.ToSign(), kKeyId, Keys().private_pem);
  REQUIRE(signature.ok());
  request.Set("Signature", *signature);
  CHECK(Verify(request) == "the Date header is not an HTTP date");
}

TEST_CASE("(request-target), host, date and, with a body, digest must be signed", "[activitypub]") {
  const std::pair<std::vector<std::string>, std::string> cases[] = {
      {{"(request-target)", "host", "date"}, "the signature does not cover \"digest\""},
      {{"host", "date", "digest"}, "the signature does not cover \"(request-target)\""},
      {{"(request-target)", "date", "digest"}, "the signature does not cover \"host\""},
      {{"(request-target)", "host", "digest"}, "the signature does not cover \"date\""},
      {{"date", "digest", "host", "(request-target)", "content-type"}, ""},
  };
  for (const auto& [signed_headers, expected] : cases) {
    INFO(expected);
    CHECK(Verify(SignedPost(kNow, signed_headers)) == expected);
  }
}

TEST_CASE("A GET needs no digest", "[activitypub]") {
  TestRequest request{"GET",
                      "/api/v1/activitypub/user/ada/outbox?page=2",
                      {{"Host", "trails.example"},
                       {"Date", util::HttpDate(kNow)},
                       {"Accept", "application/activity+json"}},
                      ""};
  auto signature = SignRequest(request.ToSign(), kKeyId, Keys().private_pem);
  REQUIRE(signature.ok());
  request.Set("Signature", *signature);
  CHECK(Verify(request) == "");
  request.target = "/api/v1/activitypub/user/ada/outbox?page=3";
  CHECK(Verify(request) == "the signature does not verify with the signer's key");
}

TEST_CASE("RFC 9530 Content-Digest may stand for Digest", "[activitypub]") {
  TestRequest request = SignedPost();
  request.Remove("Digest");
  request.Set("Content-Digest", "sha-256=:" + DigestHeaderValue(request.body).substr(8) + ":");
  auto signature = SignRequest(request.ToSign(), kKeyId, Keys().private_pem,
                               {"(request-target)", "host", "date", "content-digest"});
  REQUIRE(signature.ok());
  request.Set("Signature", *signature);
  CHECK(Verify(request) == "");
  request.body += "x";
  CHECK(Verify(request) == "the body does not match its Content-Digest header");
}

TEST_CASE("The policy is checked before any key is needed", "[activitypub]") {
  const TestRequest stale = SignedPost(kNow - 7200);
  auto signature = ReadRequestSignature(stale.Lookup());
  REQUIRE(signature.ok());
  auto checked = CheckSignedRequest(stale.Incoming(), *signature, kNow);
  REQUIRE_FALSE(checked.ok());
  CHECK(checked.error().kind == util::ErrorKind::kUnauthorized);
  CHECK(checked.error().message.find("7200 s in the past") != std::string::npos);
  // The signature itself is sound: only the policy refuses it.
  CHECK(VerifyRequestSignature(stale.Incoming(), *signature, Keys().public_pem).ok());
}

TEST_CASE("draft-cavage-http-signatures-12 Appendix C's requests verify with its key",
          "[activitypub]") {
  TestRequest request = test_support::CavageRequest();
  // C.3, as one line and without the (created) and (expires) its signature does not cover.
  request.Set(
      "Signature",
      "keyId=\"Test\",algorithm=\"rsa-sha256\","
      "headers=\"(request-target) host date content-type digest content-length\","
      "signature=\"vSdrb+dS3EceC9bcwHSo4MlyKS59iFIrhgYkz8+oVLEEzmYZZvRs8rgOp+63LEM3v+MFHB32Nf"
      "pB2bEKBIvB1q52LaEUHFv120V01IL+TAD48XaERZFukWgHoBTLMhYS2Gb51gWxpeIq8knRmPnYePbF5MOkR0Zk"
      "ly4zKH7s1dE=\"");
  auto verified = VerifySignedRequest(request.Incoming(), test_support::kCavagePublicPem,
                                      test_support::kCavageDate);
  CHECK(verified.ok());

  // C.2 (Authorization form) and C.1 (no header list: date alone) are valid signatures, but
  // they leave the body, or the target and host, unsigned: the policy refuses them.
  request.Remove("Signature");
  request.Set(
      "Authorization",
      "Signature keyId=\"Test\",algorithm=\"rsa-sha256\",headers=\"(request-target) host "
      "date\",signature=\"qdx+H7PHHDZgy4y/Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxB"
      "LSPQR2aAjn7ndmw2iicw3HMbe8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBskLu6kd9Fswtem"
      "r3lgdDEmn04swr2Os0=\"");
  request.Set(
      "Signature",
      "keyId=\"Test\",algorithm=\"rsa-sha256\",signature=\"SjWJWbWN7i0wzBvtPl8rbASWz5xQW6mcJm"
      "n+ibttBqtifLN7Sazz6m79cNfwwb8DMJ5cou1s7uEGKKCs+FLEEaDV5lp7q25WqS+lavg7T8hc0GppauB6hbgE"
      "KTwblDHYGEtbGmtdHgVCk9SuS13F0hZ8FD0k/5OxEPXe5WozsbM=\"");
  for (const char* form : {"Signature", "Authorization"}) {
    INFO(form);
    TestRequest one = request;
    one.Remove(form == std::string("Signature") ? "Authorization" : "Signature");
    auto signature = ReadRequestSignature(one.Lookup());
    REQUIRE(signature.ok());
    CHECK(VerifyRequestSignature(one.Incoming(), *signature, test_support::kCavagePublicPem).ok());
    auto checked = CheckSignedRequest(one.Incoming(), *signature, test_support::kCavageDate);
    REQUIRE_FALSE(checked.ok());
    CHECK(checked.error().message == (form == std::string("Signature")
                                          ? "the signature does not cover \"(request-target)\""
                                          : "the signature does not cover \"digest\""));
  }
}

}  // namespace
}  // namespace cairn::activitypub
