// Digest and Content-Digest values: only SHA-256 is computed; other algorithms are passed over.
#include "activitypub/digest.h"

#include <optional>

#include "util/base64.h"
#include "util/sha256.h"
#include "util/text.h"

namespace cairn::activitypub {
namespace {

// Compares the base64 SHA-256 values of `header` (members split at ',', each "name=value",
// the value unwrapped by `unwrap`) with the body's digest.
template <class Unwrap>
DigestCheck Check(std::string_view header, std::string_view body, std::string_view algorithm,
                  Unwrap unwrap) {
  std::optional<std::string> body_digest;  // computed once, when a SHA-256 value is found
  bool found = false;
  size_t start = 0;
  while (start <= header.size()) {
    const size_t comma = std::min(header.find(',', start), header.size());
    const std::string_view member = util::TrimWhitespace(header.substr(start, comma - start));
    start = comma + 1;
    const size_t equals = member.find('=');
    if (equals == std::string_view::npos ||
        !util::EqualsIgnoringAsciiCase(util::TrimWhitespace(member.substr(0, equals)), algorithm)) {
      continue;
    }
    found = true;
    if (!body_digest) body_digest = util::Sha256Digest(body);
    const std::optional<std::string_view> value =
        unwrap(util::TrimWhitespace(member.substr(equals + 1)));
    if (!value || util::Base64Decode(*value) != body_digest) return DigestCheck::kDiffers;
  }
  return found ? DigestCheck::kMatches : DigestCheck::kNoSha256;
}

}  // namespace

std::string DigestHeaderValue(std::string_view body) {
  return "SHA-256=" + util::Base64Encode(util::Sha256Digest(body));
}

DigestCheck CheckDigestHeader(std::string_view digest, std::string_view body) {
  return Check(digest, body, "SHA-256",
               [](std::string_view value) -> std::optional<std::string_view> { return value; });
}

DigestCheck CheckContentDigestHeader(std::string_view content_digest, std::string_view body) {
  // A structured-field byte sequence: the base64 between colons.
  return Check(content_digest, body, "sha-256",
               [](std::string_view value) -> std::optional<std::string_view> {
                 if (value.size() < 2 || value.front() != ':' || value.back() != ':') {
                   return std::nullopt;
                 }
                 return value.substr(1, value.size() - 2);
               });
}

}  // namespace cairn::activitypub
