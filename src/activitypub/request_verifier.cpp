// Incoming signatures: policy first (cheap, no key needed), then RSA-SHA256 over the signing
// string rebuilt from the request as received.
#include "activitypub/request_verifier.h"

#include <algorithm>

#include "activitypub/digest.h"
#include "crypto/rsa_signature.h"
#include "util/http_date.h"
#include "util/text.h"

namespace cairn::activitypub {
namespace {

util::Error Refused(std::string message) { return util::Error::Unauthorized(std::move(message)); }

bool Covers(const HttpSignature& signature, std::string_view name) {
  return std::find(signature.headers.begin(), signature.headers.end(), name) !=
         signature.headers.end();
}

bool HasBody(const IncomingRequest& request) {
  return !request.body.empty() || !(util::EqualsIgnoringAsciiCase(request.method, "GET") ||
                                    util::EqualsIgnoringAsciiCase(request.method, "HEAD"));
}

util::Status CheckTime(const IncomingRequest& request, const HttpSignature& signature, int64_t now,
                       int64_t window) {
  const std::optional<int64_t> date =
      util::ParseHttpDate(util::TrimWhitespace(request.headers("date").value_or("")));
  if (!date) return Refused("the Date header is not an HTTP date");
  if (*date < now - window) {
    return Refused("the Date header is " + std::to_string(now - *date) +
                   " s in the past, outside the " + std::to_string(window) + " s window");
  }
  if (*date > now + window) {
    return Refused("the Date header is " + std::to_string(*date - now) +
                   " s in the future, outside the " + std::to_string(window) + " s window");
  }
  if (signature.expires && *signature.expires < now) {
    return Refused("the signature expired " + std::to_string(now - *signature.expires) + " s ago");
  }
  if (signature.created && *signature.created > now + window) {
    return Refused("the signature was created " + std::to_string(*signature.created - now) +
                   " s in the future");
  }
  return util::OkStatus();
}

util::Status CheckDigests(const IncomingRequest& request, const HttpSignature& signature) {
  const struct {
    const char* name;
    const char* shown;
    DigestCheck (*check)(std::string_view, std::string_view);
  } kinds[] = {{"digest", "Digest", &CheckDigestHeader},
               {"content-digest", "Content-Digest", &CheckContentDigestHeader}};
  for (const auto& kind : kinds) {
    if (!Covers(signature, kind.name)) continue;
    // Present: BuildSigningString has found every signed header.
    switch (kind.check(request.headers(kind.name).value_or(""), request.body)) {
      case DigestCheck::kMatches:
        break;
      case DigestCheck::kNoSha256:
        return Refused(std::string("the ") + kind.shown + " header has no SHA-256 value");
      case DigestCheck::kDiffers:
        return Refused(std::string("the body does not match its ") + kind.shown + " header");
    }
  }
  return util::OkStatus();
}

}  // namespace

util::Result<HttpSignature> ReadRequestSignature(const HeaderLookup& headers) {
  std::optional<std::string> value = headers("signature");
  if (!value) {
    const std::string authorization = headers("authorization").value_or("");
    const std::string_view credential = util::TrimWhitespace(authorization);
    if (credential.size() > 10 &&
        util::EqualsIgnoringAsciiCase(credential.substr(0, 10), "signature ")) {
      value = std::string(credential);
    }
  }
  if (!value) return Refused("the request is not signed (no Signature header)");
  auto signature = ParseSignatureHeader(*value);
  if (!signature.ok()) return Refused(std::move(signature).error().message);
  return signature;
}

util::Status CheckSignedRequest(const IncomingRequest& request, const HttpSignature& signature,
                                int64_t now_unix_seconds, const VerificationOptions& options) {
  // hs2019 leaves the algorithm to the key; with the RSA keys the Fediverse publishes it is
  // RSA-SHA256, and VerifyRsaSha256 refuses any other kind of key.
  if (!signature.algorithm.empty() && signature.algorithm != "rsa-sha256" &&
      signature.algorithm != "hs2019") {
    return Refused("the signature's algorithm \"" + signature.algorithm +
                   "\" is not supported (rsa-sha256, hs2019)");
  }
  for (const char* required : {"(request-target)", "host", "date"}) {
    if (!Covers(signature, required)) {
      return Refused(std::string("the signature does not cover \"") + required + "\"");
    }
  }
  // The digest binds the body to the signature: without it a body could be swapped.
  if (HasBody(request) && !Covers(signature, "digest") && !Covers(signature, "content-digest")) {
    return Refused("the signature does not cover \"digest\"");
  }
  auto signing_string =
      BuildSigningString(signature, request.method, request.target, request.headers);
  if (!signing_string.ok()) return Refused(std::move(signing_string).error().message);
  CAIRN_RETURN_IF_ERROR(
      CheckTime(request, signature, now_unix_seconds, options.time_window.count()));
  return CheckDigests(request, signature);
}

util::Status VerifyRequestSignature(const IncomingRequest& request, const HttpSignature& signature,
                                    std::string_view public_pem) {
  auto signing_string =
      BuildSigningString(signature, request.method, request.target, request.headers);
  if (!signing_string.ok()) return Refused(std::move(signing_string).error().message);
  auto valid = crypto::VerifyRsaSha256(public_pem, *signing_string, signature.signature);
  if (!valid.ok()) return Refused("the signer's key cannot be used: " + valid.error().message);
  if (!*valid) return Refused("the signature does not verify with the signer's key");
  return util::OkStatus();
}

util::Result<HttpSignature> VerifySignedRequest(const IncomingRequest& request,
                                                std::string_view public_pem,
                                                int64_t now_unix_seconds,
                                                const VerificationOptions& options) {
  CAIRN_ASSIGN_OR_RETURN(HttpSignature signature, ReadRequestSignature(request.headers));
  CAIRN_RETURN_IF_ERROR(CheckSignedRequest(request, signature, now_unix_seconds, options));
  CAIRN_RETURN_IF_ERROR(VerifyRequestSignature(request, signature, public_pem));
  return signature;
}

}  // namespace cairn::activitypub
