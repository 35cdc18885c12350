// Verifying the HTTP Signature of an incoming federation request (an inbox POST, a signed
// fetch): what the signature must cover, the body's digest, the date, and the signature itself.
// Whose key it is (its owner against the activity's actor) is the caller's check.
#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>

#include "activitypub/http_signature.h"
#include "util/result.h"

namespace cairn::activitypub {

struct IncomingRequest {
  std::string_view method;  // as received: "POST"
  // The request line's target as received, undecoded: path and query ("/inbox?x=1"). Behind a
  // reverse proxy, the one the client sent.
  std::string_view target;
  HeaderLookup headers;   // Host as the client sent it, not a proxy's rewrite
  std::string_view body;  // "" for none
};

struct VerificationOptions {
  // How far the Date header may be from now, either way. One hour is Fedify's default
  // (signatureTimeWindow): it allows for clocks that drift and queues that deliver late, and
  // since the date is signed, a captured request can be replayed only within it.
  std::chrono::seconds time_window{3600};
};

// The request's signature: its Signature header, or else an Authorization header with the
// Signature scheme. Fails with Unauthorized: "the request is not signed" when it has neither,
// "the Signature header is malformed: <why>" when its parameters cannot be read.
util::Result<HttpSignature> ReadRequestSignature(const HeaderLookup& headers);

// What can be checked without the signer's key, cheaply, before the key is fetched. Fails with
// Unauthorized, each with its own message:
//  - "the signature's algorithm "<a>" is not supported": other than rsa-sha256, hs2019 (read
//    as RSA-SHA256 with an RSA key) or absent;
//  - "the signature does not cover "<name>"": (request-target), host and date must be signed,
//    and for a request with a body (any method but GET and HEAD) digest or content-digest;
//  - "the signed header "<name>" is not in the request";
//  - "the Date header is not an HTTP date";
//  - "the Date header is <n> s in the past|future, outside the <w> s window" (against
//    `now_unix_seconds`); likewise "the signature expired <n> s ago" for an expires parameter
//    passed, and "the signature was created <n> s in the future" beyond the window;
//  - "the Digest header has no SHA-256 value" / "the body does not match its Digest header"
//    (and the same for Content-Digest, RFC 9530, when that is the one signed).
util::Status CheckSignedRequest(const IncomingRequest& request, const HttpSignature& signature,
                                int64_t now_unix_seconds, const VerificationOptions& options = {});

// Whether `signature` is the signer's over the request: Unauthorized "the signature does not
// verify with the signer's key" when it is not, "the signer's key cannot be used: <why>" when
// `public_pem` is not an RSA public key of at least 1024 bits (SPKI or PKCS#1 PEM). Call after
// CheckSignedRequest; on the first failure a caller may fetch the key again (it may have been
// rotated) and retry once.
util::Status VerifyRequestSignature(const IncomingRequest& request, const HttpSignature& signature,
                                    std::string_view public_pem);

// ReadRequestSignature, CheckSignedRequest and VerifyRequestSignature in turn: for a caller that
// already holds the key. Returns the signature read (its key_id names the key) on success.
util::Result<HttpSignature> VerifySignedRequest(const IncomingRequest& request,
                                                std::string_view public_pem,
                                                int64_t now_unix_seconds,
                                                const VerificationOptions& options = {});

}  // namespace cairn::activitypub
