// Outgoing signatures: the signing string over the headers as they will be sent, RSA-SHA256.
#include "activitypub/request_signer.h"

#include "activitypub/http_signature.h"
#include "crypto/rsa_signature.h"
#include "util/text.h"

namespace cairn::activitypub {
namespace {

// A lowercase header name (letters, digits, '-', '_', '.') or a parenthesised pseudo-header: no
// character that could break the headers="..." list.
bool IsSignableName(std::string_view name) {
  if (name.size() > 2 && name.front() == '(' && name.back() == ')') {
    name = name.substr(1, name.size() - 2);
  }
  if (name.empty()) return false;
  for (const char c : name) {
    const bool allowed =
        (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
    if (!allowed) return false;
  }
  return true;
}

}  // namespace

std::vector<std::string> DefaultSignedHeaders(std::string_view method) {
  if (util::EqualsIgnoringAsciiCase(method, "GET") ||
      util::EqualsIgnoringAsciiCase(method, "HEAD")) {
    return {"(request-target)", "host", "date"};
  }
  return {"(request-target)", "host", "date", "digest"};
}

util::Result<std::string> SignRequest(const RequestToSign& request, std::string_view key_id,
                                      std::string_view private_pem,
                                      std::vector<std::string> signed_headers) {
  HttpSignature signature{.key_id = std::string(key_id), .algorithm = "rsa-sha256"};
  signature.headers =
      signed_headers.empty() ? DefaultSignedHeaders(request.method) : std::move(signed_headers);
  for (std::string& name : signature.headers) {
    name = util::LowercaseAscii(name);
    if (!IsSignableName(name)) {
      return util::Error::InvalidArgument("\"" + name + "\" is not a header name to sign");
    }
  }
  const HeaderLookup lookup = [&request](std::string_view name) -> std::optional<std::string> {
    std::optional<std::string> value;
    for (const RequestHeader& header : request.headers) {
      if (!util::EqualsIgnoringAsciiCase(header.name, name)) continue;
      value = value ? *value + ", " + header.value : header.value;
    }
    return value;
  };
  CAIRN_ASSIGN_OR_RETURN(const std::string signing_string,
                         BuildSigningString(signature, request.method, request.target, lookup));
  CAIRN_ASSIGN_OR_RETURN(signature.signature, crypto::SignRsaSha256(private_pem, signing_string));
  return FormatSignatureHeader(signature);
}

}  // namespace cairn::activitypub
