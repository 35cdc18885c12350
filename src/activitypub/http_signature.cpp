// The Signature header's grammar, read leniently (servers differ in spacing and order) but
// never ambiguously: a parameter given twice is refused, as draft 12 asks.
#include "activitypub/http_signature.h"

#include <charconv>

#include "util/base64.h"
#include "util/text.h"

namespace cairn::activitypub {
namespace {

constexpr std::string_view kSpace = " \t";

util::Error Malformed(const std::string& why) {
  return util::Error::InvalidArgument("the Signature header is malformed: " + why);
}

void SkipSpace(std::string_view text, size_t& at) {
  while (at < text.size() && kSpace.find(text[at]) != std::string_view::npos) ++at;
}

// `text` without a leading "Signature" authorization scheme: the scheme is a word followed by
// white space and then not by '=' (which would make it the signature parameter).
std::string_view WithoutScheme(std::string_view text) {
  text = util::TrimWhitespace(text);
  constexpr std::string_view kScheme = "signature";
  if (text.size() <= kScheme.size() ||
      !util::EqualsIgnoringAsciiCase(text.substr(0, kScheme.size()), kScheme) ||
      kSpace.find(text[kScheme.size()]) == std::string_view::npos) {
    return text;
  }
  size_t at = kScheme.size();
  SkipSpace(text, at);
  return at < text.size() && text[at] == '=' ? text : text.substr(at);
}

std::optional<int64_t> ParseSeconds(std::string_view text) {
  // Draft 12 allows a fraction; whole seconds are what the checks use.
  text = text.substr(0, text.find('.'));
  int64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

std::vector<std::string> SplitHeaderList(std::string_view list) {
  std::vector<std::string> names;
  size_t at = 0;
  while (true) {
    SkipSpace(list, at);
    if (at >= list.size()) break;
    const size_t end = std::min(list.find_first_of(kSpace, at), list.size());
    names.push_back(util::LowercaseAscii(list.substr(at, end - at)));
    at = end;
  }
  return names;
}

bool IsControlOrQuote(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte < 0x20 || byte == 0x7f || c == '"';
}

}  // namespace

util::Result<HttpSignature> ParseSignatureHeader(std::string_view value) {
  const std::string_view text = WithoutScheme(value);
  HttpSignature parsed;
  std::vector<std::string> seen;
  bool has_key_id = false;
  bool has_signature = false;
  bool has_headers = false;
  size_t at = 0;
  while (true) {
    SkipSpace(text, at);
    if (at >= text.size()) break;
    const size_t equals = text.find('=', at);
    if (equals == std::string_view::npos) return Malformed("a parameter has no value");
    const std::string name =
        util::LowercaseAscii(util::TrimWhitespace(text.substr(at, equals - at)));
    if (name.empty()) return Malformed("a parameter has no name");
    at = equals + 1;
    SkipSpace(text, at);
    std::string_view parameter;
    if (at < text.size() && text[at] == '"') {
      const size_t close = text.find('"', at + 1);
      if (close == std::string_view::npos) return Malformed("the " + name + " value is not closed");
      parameter = text.substr(at + 1, close - at - 1);
      at = close + 1;
    } else {
      // Only the numeric parameters may go unquoted.
      const size_t end = std::min(text.find(',', at), text.size());
      parameter = util::TrimWhitespace(text.substr(at, end - at));
      at = end;
      if (name != "created" && name != "expires") {
        return Malformed("the " + name + " value is not quoted");
      }
    }
    SkipSpace(text, at);
    if (at < text.size() && text[at] != ',')
      return Malformed("parameters must be separated by commas");
    ++at;
    for (const std::string& before : seen) {
      if (before == name) return Malformed("the " + name + " parameter is given twice");
    }
    seen.push_back(name);
    if (name == "keyid") {
      parsed.key_id = std::string(parameter);
      has_key_id = true;
    } else if (name == "algorithm") {
      parsed.algorithm = util::LowercaseAscii(parameter);
    } else if (name == "headers") {
      parsed.headers = SplitHeaderList(parameter);
      has_headers = true;
      if (parsed.headers.empty()) return Malformed("the headers list is empty");
    } else if (name == "signature") {
      auto bytes = util::Base64Decode(parameter);
      if (!bytes || bytes->empty()) return Malformed("the signature is not base64");
      parsed.signature = std::move(*bytes);
      has_signature = true;
    } else if (name == "created" || name == "expires") {
      auto seconds = ParseSeconds(parameter);
      if (!seconds) return Malformed("the " + name + " value is not a number");
      (name == "created" ? parsed.created : parsed.expires) = seconds;
    }
  }
  if (!has_key_id || parsed.key_id.empty()) return Malformed("there is no keyId");
  if (!has_signature) return Malformed("there is no signature");
  if (!has_headers) parsed.headers = {"date"};
  return parsed;
}

util::Result<std::string> FormatSignatureHeader(const HttpSignature& signature) {
  for (const char c : signature.key_id) {
    if (IsControlOrQuote(c)) {
      return util::Error::InvalidArgument("a key id cannot hold quotes or control characters");
    }
  }
  std::string value = "keyId=\"" + signature.key_id + "\"";
  if (!signature.algorithm.empty()) value += ",algorithm=\"" + signature.algorithm + "\"";
  if (signature.created) value += ",created=" + std::to_string(*signature.created);
  if (signature.expires) value += ",expires=" + std::to_string(*signature.expires);
  value += ",headers=\"";
  for (size_t i = 0; i < signature.headers.size(); ++i) {
    value += (i == 0 ? "" : " ") + signature.headers[i];
  }
  value += "\",signature=\"" + util::Base64Encode(signature.signature) + "\"";
  return value;
}

util::Result<std::string> BuildSigningString(const HttpSignature& signature,
                                             std::string_view method, std::string_view target,
                                             const HeaderLookup& lookup) {
  std::string text;
  for (const std::string& name : signature.headers) {
    if (!text.empty()) text += '\n';
    text += name + ": ";
    if (name == "(request-target)") {
      text += util::LowercaseAscii(method) + " " + std::string(target);
    } else if (name == "(created)" || name == "(expires)") {
      const auto& seconds = name == "(created)" ? signature.created : signature.expires;
      if (!seconds) {
        return util::Error::InvalidArgument("the signature covers " + name +
                                            " but has no such parameter");
      }
      text += std::to_string(*seconds);
    } else {
      const std::optional<std::string> header = lookup(name);
      if (!header) {
        return util::Error::InvalidArgument("the signed header \"" + name +
                                            "\" is not in the request");
      }
      text += util::TrimWhitespace(*header);
    }
  }
  return text;
}

}  // namespace cairn::activitypub
