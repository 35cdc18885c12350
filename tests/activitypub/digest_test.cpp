// Digest and Content-Digest values: the draft's example, other algorithms, tampering.
#include "activitypub/digest.h"

#include <catch2/catch.hpp>

namespace cairn::activitypub {
namespace {

constexpr std::string_view kBody = R"({"hello": "world"})";
// draft-cavage-http-signatures-12 Appendix C's Digest for kBody.
constexpr std::string_view kSha256 = "X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=";

TEST_CASE("The Digest header of a body is SHA-256= and its base64 digest", "[activitypub]") {
  CHECK(DigestHeaderValue(kBody) == "SHA-256=" + std::string(kSha256));
  CHECK(DigestHeaderValue("") == "SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
}

TEST_CASE("Digest headers are checked by their SHA-256 value only", "[activitypub]") {
  const std::string sha = std::string(kSha256);
  const std::pair<std::string, DigestCheck> cases[] = {
      {"SHA-256=" + sha, DigestCheck::kMatches},
      {"sha-256=" + sha, DigestCheck::kMatches},
      {" SHA-256 = " + sha + " ", DigestCheck::kMatches},
      {"MD5=Sd/dVLAcvNLSq16eXua5uQ==, SHA-256=" + sha, DigestCheck::kMatches},
      {"SHA-256=" + DigestHeaderValue("other").substr(8), DigestCheck::kDiffers},
      {"SHA-256=not base64!", DigestCheck::kDiffers},
      {"SHA-256=", DigestCheck::kDiffers},
      {"SHA-256=" + sha + ",SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=",
       DigestCheck::kDiffers},
      {"SHA-512=" + sha, DigestCheck::kNoSha256},
      {"", DigestCheck::kNoSha256},
      {"SHA-256", DigestCheck::kNoSha256},
  };
  for (const auto& [header, expected] : cases) {
    INFO(header);
    CHECK(CheckDigestHeader(header, kBody) == expected);
  }
}

TEST_CASE("Content-Digest headers (RFC 9530) are checked by their sha-256 member",
          "[activitypub]") {
  const std::string sha = std::string(kSha256);
  const std::pair<std::string, DigestCheck> cases[] = {
      {"sha-256=:" + sha + ":", DigestCheck::kMatches},
      {"sha-512=:WZDPaVn/"
       "7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJw"
       "ew==:, sha-256=:" +
           sha + ":",
       DigestCheck::kMatches},
      {"sha-256=" + sha, DigestCheck::kDiffers},  // not a byte sequence
      {"sha-256=:" + DigestHeaderValue("x").substr(8) + ":", DigestCheck::kDiffers},
      {"sha-512=:" + sha + ":", DigestCheck::kNoSha256},
  };
  for (const auto& [header, expected] : cases) {
    INFO(header);
    CHECK(CheckContentDigestHeader(header, kBody) == expected);
  }
}

}  // namespace
}  // namespace cairn::activitypub
