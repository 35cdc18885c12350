// The Signature header read and written, and the signing string it covers: spacing, order,
// the Authorization form, and each malformation refused.
#include "activitypub/http_signature.h"

#include <catch2/catch.hpp>
#include <map>

#include "util/base64.h"

namespace cairn::activitypub {
namespace {

constexpr const char* kBasicSignature =
    "qdx+H7PHHDZgy4y/Ahn9Tny9V3GP6YgBPyUXMmoxWtLbHpUnXS2mg2+SbrQDMCJypxBLSPQR2aAjn7ndmw2iicw3HMbe"
    "8VfEdKFYRqzic+efkb3nndiv/x1xSHDJWeSWkx3ButlYSuBskLu6kd9Fswtemr3lgdDEmn04swr2Os0=";

TEST_CASE("A Signature header is read whatever its spacing, order and form", "[activitypub]") {
  const std::string signature = kBasicSignature;
  const std::string forms[] = {
      R"(keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date",signature=")" +
          signature + "\"",
      R"(signature=")" + signature +
          R"(" , headers = "(request-target)  host date" ,keyId="Test", algorithm="RSA-SHA256")",
      R"(Signature keyId="Test",algorithm="rsa-sha256",headers="(request-target) host date",signature=")" +
          signature + "\"",
      R"(  signature   keyId="Test", algorithm="rsa-sha256", headers="(Request-Target) Host Date", signature=")" +
          signature + "\", ext=\"ignored\"",
      "keyid=\"Test\",\talgorithm=\"rsa-sha256\",headers=\"(request-target) host "
      "date\",signature=\"" +
          signature + "\",",
  };
  for (const std::string& form : forms) {
    INFO(form);
    auto parsed = ParseSignatureHeader(form);
    REQUIRE(parsed.ok());
    CHECK(parsed->key_id == "Test");
    CHECK(parsed->algorithm == "rsa-sha256");
    CHECK(parsed->headers == std::vector<std::string>{"(request-target)", "host", "date"});
    CHECK(parsed->signature == util::Base64Decode(signature));
    CHECK_FALSE(parsed->created);
  }
}

TEST_CASE("Absent headers mean date, and created and expires may be bare numbers",
          "[activitypub]") {
  auto parsed = ParseSignatureHeader(
      R"(keyId="k",algorithm="hs2019",created=1402170695, expires="1402170699.5",signature="AAAA")");
  REQUIRE(parsed.ok());
  CHECK(parsed->headers == std::vector<std::string>{"date"});
  CHECK(parsed->algorithm == "hs2019");
  CHECK(parsed->created == 1402170695);
  CHECK(parsed->expires == 1402170699);
  CHECK(parsed->signature == std::string(3, '\0'));
}

TEST_CASE("Malformed Signature headers are refused with the reason", "[activitypub]") {
  const std::pair<const char*, const char*> cases[] = {
      {"", "there is no keyId"},
      {R"(algorithm="rsa-sha256",signature="AAAA")", "there is no keyId"},
      {R"(keyId="",signature="AAAA")", "there is no keyId"},
      {R"(keyId="k",headers="date")", "there is no signature"},
      {R"(keyId="k",keyId="j",signature="AAAA")", "the keyid parameter is given twice"},
      {R"(keyId="k",headers="  ",signature="AAAA")", "the headers list is empty"},
      {R"(keyId="k",signature="not base64!")", "the signature is not base64"},
      {R"(keyId="k",signature="")", "the signature is not base64"},
      {R"(keyId=k,signature="AAAA")", "the keyid value is not quoted"},
      {R"(keyId="k,signature=AAAA)", "the keyid value is not closed"},
      {R"(keyId="k" signature="AAAA")", "parameters must be separated by commas"},
      {R"(keyId="k",created="soon",signature="AAAA")", "the created value is not a number"},
      {R"(keyId="k",="x",signature="AAAA")", "a parameter has no name"},
      {R"(keyId="k",signature)", "a parameter has no value"},
  };
  for (const auto& [header, reason] : cases) {
    INFO(header);
    auto parsed = ParseSignatureHeader(header);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK(parsed.error().message == std::string("the Signature header is malformed: ") + reason);
  }
}

TEST_CASE("A Signature header is written in the Fediverse's order and read back", "[activitypub]") {
  HttpSignature signature{.key_id = "https://h.example/users/ada#main-key",
                          .algorithm = "rsa-sha256",
                          .headers = {"(request-target)", "host", "date", "digest"},
                          .signature = "\x01\x02\x03"};
  auto written = FormatSignatureHeader(signature);
  REQUIRE(written.ok());
  CHECK(*written == R"(keyId="https://h.example/users/ada#main-key",algorithm="rsa-sha256",)"
                    R"(headers="(request-target) host date digest",signature="AQID")");
  auto read = ParseSignatureHeader(*written);
  REQUIRE(read.ok());
  CHECK(read->key_id == signature.key_id);
  CHECK(read->headers == signature.headers);
  CHECK(read->signature == signature.signature);
  for (const char* bad : {"k\"ey", "k\ney", "k\x7f"}) {
    signature.key_id = bad;
    CHECK_FALSE(FormatSignatureHeader(signature).ok());
  }
}

TEST_CASE("The signing string follows the signed headers' order", "[activitypub]") {
  const std::map<std::string, std::string> headers = {
      {"host", "example.com"},
      {"date", " Sun, 05 Jan 2014 21:31:40 GMT\t"},
      {"content-type", "application/json"},
  };
  const HeaderLookup lookup = [&](std::string_view name) -> std::optional<std::string> {
    auto it = headers.find(std::string(name));
    return it == headers.end() ? std::nullopt : std::optional(it->second);
  };
  HttpSignature signature{.key_id = "k",
                          .headers = {"date", "(request-target)", "host", "(created)"},
                          .created = 1402170695};
  auto text = BuildSigningString(signature, "POST", "/foo?param=value&pet=dog", lookup);
  REQUIRE(text.ok());
  CHECK(*text ==
        "date: Sun, 05 Jan 2014 21:31:40 GMT\n(request-target): post /foo?param=value&pet=dog\n"
        "host: example.com\n(created): 1402170695");

  signature.headers = {"(request-target)", "digest"};
  auto missing = BuildSigningString(signature, "POST", "/", lookup);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().message == "the signed header \"digest\" is not in the request");
  signature.headers = {"(expires)"};
  auto no_parameter = BuildSigningString(signature, "POST", "/", lookup);
  REQUIRE_FALSE(no_parameter.ok());
  CHECK(no_parameter.error().message == "the signature covers (expires) but has no such parameter");
}

}  // namespace
}  // namespace cairn::activitypub
