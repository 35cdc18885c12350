// Body digests of federation requests: the Digest header (RFC 3230) that draft-cavage HTTP
// Signatures sign, and RFC 9530's Content-Digest that newer servers send.
#pragma once

#include <string>
#include <string_view>

namespace cairn::activitypub {

// The Digest header value for `body`: "SHA-256=" and the base64 of its SHA-256, as Mastodon
// sends and checks it.
std::string DigestHeaderValue(std::string_view body);

enum class DigestCheck {
  kMatches,   // every SHA-256 value given is the body's
  kDiffers,   // a SHA-256 value given is not the body's (or not base64)
  kNoSha256,  // no SHA-256 value: only other algorithms, or nothing readable
};

// Checks a Digest header value (RFC 3230: "SHA-256=<base64>", possibly with other algorithms,
// comma-separated; algorithm names in any case) against `body`.
DigestCheck CheckDigestHeader(std::string_view digest, std::string_view body);

// Checks a Content-Digest header value (RFC 9530: a dictionary such as "sha-256=:<base64>:,
// sha-512=:<base64>:") against `body`.
DigestCheck CheckContentDigestHeader(std::string_view content_digest, std::string_view body);

}  // namespace cairn::activitypub
