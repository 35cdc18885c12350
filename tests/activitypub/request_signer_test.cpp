// Signing outgoing requests: the draft's published signatures reproduced exactly, the default
// header lists, and what cannot be signed.
#include "activitypub/request_signer.h"

#include <catch2/catch.hpp>

#include "activitypub/digest.h"
#include "test_support/cavage_test_values.h"

namespace cairn::activitypub {
namespace {

using test_support::CavageRequest;
using test_support::kCavagePrivatePem;
using test_support::TestRequest;

TEST_CASE("draft-cavage-http-signatures-12 C.2 Basic Test: the published header, exactly",
          "[activitypub]") {
  const TestRequest request = CavageRequest();
  auto header = SignRequest(request.ToSign(), "Test", kCavagePrivatePem,
                            {"(request-target)", "host", "date"});
  REQUIRE(header.ok());
  CHECK(
      *header ==
      "keyId=\"Test\",algorithm=\"rsa-sha256\",headers=\"(request-target) host date\","
      "signature=\"qdx+H7PHHDZgy4y/Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxBLSPQR2aAjn7n"
      "dmw2iicw3HMbe8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBskLu6kd9Fswtemr3lgdDEmn04swr2"
      "Os0=\"");
}

TEST_CASE("draft-cavage-http-signatures-12 C.3 All Headers Test: the published signature",
          "[activitypub]") {
  // The draft's header list for C.3 also names (created) and (expires), but its signature is
  // over the signing string it shows, which has neither: that string is what is signed here.
  const TestRequest request = CavageRequest();
  CHECK(request.Header("digest") == DigestHeaderValue(request.body));
  auto header =
      SignRequest(request.ToSign(), "Test", kCavagePrivatePem,
                  {"(request-target)", "host", "date", "content-type", "digest", "content-length"});
  REQUIRE(header.ok());
  CHECK(
      *header ==
      "keyId=\"Test\",algorithm=\"rsa-sha256\","
      "headers=\"(request-target) host date content-type digest content-length\","
      "signature=\"vSdrb+dS3EceC9bcwHSo4MlyKS59iFIrhgYkz8+oVLEEzmYZZvRs8rgOp+63LEM3v+MFHB32NfpB2bE"
      "KBIvB1q52LaEUHFv120V01IL+TAD48XaERZFukWgHoBTLMhYS2Gb51gWxpeIq8knRmPnYePbF5MOkR0Zkly4zKH7s"
      "1dE=\"");
}

TEST_CASE("By default a POST signs its digest and a GET does not", "[activitypub]") {
  CHECK(DefaultSignedHeaders("POST") ==
        std::vector<std::string>{"(request-target)", "host", "date", "digest"});
  CHECK(DefaultSignedHeaders("GET") ==
        std::vector<std::string>{"(request-target)", "host", "date"});
  TestRequest request = CavageRequest();
  auto post = SignRequest(request.ToSign(), "Test", kCavagePrivatePem);
  REQUIRE(post.ok());
  CHECK(post->find("headers=\"(request-target) host date digest\"") != std::string::npos);
  request.method = "GET";
  request.Remove("Digest");
  auto get = SignRequest(request.ToSign(), "Test", kCavagePrivatePem);
  REQUIRE(get.ok());
  CHECK(get->find("headers=\"(request-target) host date\"") != std::string::npos);
}

TEST_CASE("Header names to sign are lowercased, and a repeated header is joined", "[activitypub]") {
  TestRequest request = CavageRequest();
  request.headers.push_back({"Accept", "application/activity+json"});
  request.headers.push_back({"accept", "application/ld+json"});
  auto header = SignRequest(request.ToSign(), "Test", kCavagePrivatePem,
                            {"(Request-Target)", "Host", "Date", "Accept"});
  REQUIRE(header.ok());
  CHECK(header->find("headers=\"(request-target) host date accept\"") != std::string::npos);
}

TEST_CASE("What cannot be signed is refused, and the key is never quoted", "[activitypub]") {
  TestRequest request = CavageRequest();
  request.Remove("Digest");
  auto no_digest = SignRequest(request.ToSign(), "Test", kCavagePrivatePem);
  REQUIRE_FALSE(no_digest.ok());
  CHECK(no_digest.error().message == "the signed header \"digest\" is not in the request");

  request = CavageRequest();
  for (const char* name : {"", "host date", "x\"y", "(", "na\nme"}) {
    INFO(name);
    auto refused = SignRequest(request.ToSign(), "Test", kCavagePrivatePem, {"date", name});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == util::ErrorKind::kInvalidArgument);
  }
  auto bad_key_id = SignRequest(request.ToSign(), "a\"b", kCavagePrivatePem);
  CHECK_FALSE(bad_key_id.ok());

  const std::string not_a_key =
      "-----BEGIN PRIVATE KEY-----\nc2VjcmV0\n-----END PRIVATE KEY-----\n";
  auto bad_key = SignRequest(request.ToSign(), "Test", not_a_key);
  REQUIRE_FALSE(bad_key.ok());
  CHECK(bad_key.error().message == "the private key is not an RSA key in PEM form");
  CHECK(bad_key.error().message.find("c2VjcmV0") == std::string::npos);
}

}  // namespace
}  // namespace cairn::activitypub
