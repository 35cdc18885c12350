// HTTP Signatures as the Fediverse uses them (draft-cavage-http-signatures-12, the form Mastodon
// and Fedify send): the Signature header's parameters, read and written, and the signing string
// they cover.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::activitypub {

// A request header's value by its lowercase name, nullopt when the request has none. A header
// sent several times is one value, its values joined with ", " in the order received (as the
// draft's signing string wants them).
using HeaderLookup = std::function<std::optional<std::string>(std::string_view lowercase_name)>;

// The parameters of a Signature header (or of an "Authorization: Signature" credential).
struct HttpSignature {
  std::string key_id;     // keyId: the URL of the signer's key, "https://h/users/ada#main-key"
  std::string algorithm;  // lowercased; "" when absent
  // The signed headers' lowercase names in signing order, pseudo-headers included:
  // "(request-target)", "(created)", "(expires)". When the parameter is absent: {"date"}, as
  // the earlier drafts and Mastodon read it.
  std::vector<std::string> headers;
  std::string signature;           // the signature's raw bytes (base64-decoded)
  std::optional<int64_t> created;  // Unix seconds, when sent
  std::optional<int64_t> expires;  // Unix seconds, when sent
};

// Reads a Signature header value, or an Authorization header value starting with the
// "Signature" scheme: comma-separated name="value" parameters in any order, with any spaces
// around names, '=' and commas; created and expires may be bare integers; unknown parameters are
// ignored. Fails with InvalidArgument naming what is wrong: no keyId or signature, a parameter
// given twice, an empty header list, a signature that is not base64, a value that is not quoted.
util::Result<HttpSignature> ParseSignatureHeader(std::string_view value);

// The Signature header value of `signature`: keyId, algorithm (when not empty), created and
// expires (when set), headers and signature, in that order, each quoted, without spaces.
// InvalidArgument when the key id holds a '"' or a control character, which no quoting carries.
util::Result<std::string> FormatSignatureHeader(const HttpSignature& signature);

// The string the signature covers: for each name of `signature.headers`, in order, a line
// "name: value" (lines joined by "\n", no final newline), where (request-target) is the
// lowercased `method`, a space and `target` (path and query, exactly as on the request line),
// (created) and (expires) are the parameters', and any other name is the header's value from
// `lookup`, white space trimmed at both ends. Fails with InvalidArgument naming the first signed
// header (or parameter) the request lacks.
util::Result<std::string> BuildSigningString(const HttpSignature& signature,
                                             std::string_view method, std::string_view target,
                                             const HeaderLookup& lookup);

}  // namespace cairn::activitypub
