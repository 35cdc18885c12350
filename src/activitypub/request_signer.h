// Signing outgoing federation requests (deliveries and fetches) with an actor's RSA key, as
// draft-cavage-http-signatures-12 and Mastodon do it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::activitypub {

// A header of the request to sign. Names are matched in any case.
struct RequestHeader {
  std::string name;
  std::string value;
};

// What a Fediverse server expects signed: "(request-target) host date", and "digest" as well
// for a request with a body (any method but GET and HEAD).
std::vector<std::string> DefaultSignedHeaders(std::string_view method);

struct RequestToSign {
  std::string_view method;  // "POST", "GET"
  std::string_view target;  // path and query as they will be on the request line: "/inbox?x=1"
  // The headers that will be sent: every signed one must be here (Host, Date, and Digest for a
  // body; see DigestHeaderValue and util::HttpDate).
  const std::vector<RequestHeader>& headers;
};

// The Signature header value for `request`:
//   keyId="<key_id>",algorithm="rsa-sha256",headers="<names>",signature="<base64>"
// signing `signed_headers` (lowercase names, pseudo-headers such as "(request-target)"
// included; empty: DefaultSignedHeaders(method)) with RSA-SHA256 under `private_pem`. Fails
// with InvalidArgument when a signed header is not in `request.headers`, a name is not a token,
// the key id holds a quote or control character, or `private_pem` is not a usable RSA private
// key; the message never quotes the key. Thread-safe.
util::Result<std::string> SignRequest(const RequestToSign& request, std::string_view key_id,
                                      std::string_view private_pem,
                                      std::vector<std::string> signed_headers = {});

}  // namespace cairn::activitypub
