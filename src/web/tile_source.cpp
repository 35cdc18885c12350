// Tile URL template validation and its CSP origin.
#include "web/tile_source.h"

#include <cctype>

namespace cairn::web {
namespace {

bool IsHostChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.';
}

// The host with a placeholder-bearing first label replaced by '*', or an error.
util::Result<std::string> CspHost(std::string_view host) {
  std::string out;
  size_t first_dot = host.find('.');
  std::string_view first = host.substr(0, first_dot);
  std::string_view rest = first_dot == std::string_view::npos ? "" : host.substr(first_dot);
  if (first.find('{') != std::string_view::npos) {
    if (rest.size() < 2)
      return util::Error::InvalidArgument("needs a domain after {s} in the host");
    out = "*";
  } else {
    out = std::string(first);
  }
  for (char c : rest) {
    if (!IsHostChar(c)) {
      return util::Error::InvalidArgument(
          "may hold a placeholder such as {s} only in the host's first label");
    }
  }
  for (char c : first) {
    if (!IsHostChar(c) && c != '{' && c != '}') {
      return util::Error::InvalidArgument(
          "has a host name with a character host names do not have");
    }
  }
  if (out.empty() || out.front() == '.' || rest.ends_with(".")) {
    return util::Error::InvalidArgument("has no valid host name");
  }
  return out + std::string(rest);
}

}  // namespace

util::Result<TileSource> ParseTileTemplate(std::string_view text) {
  if (text == "none") return TileSource{};
  std::string_view rest;
  std::string scheme;
  if (text.starts_with("https://")) {
    scheme = "https://";
  } else if (text.starts_with("http://")) {
    scheme = "http://";
  } else {
    return util::Error::InvalidArgument(
        "expects an http:// or https:// URL template or none, got \"" + std::string(text) + "\"");
  }
  for (char c : text) {
    const auto u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f || c == '"' || c == '\'' || c == ';' || c == ',' || c == '\\') {
      return util::Error::InvalidArgument("must not contain whitespace, quotes, ';', ',' or '\\'");
    }
  }
  for (std::string_view placeholder : {"{z}", "{x}", "{y}"}) {
    if (text.find(placeholder) == std::string_view::npos) {
      return util::Error::InvalidArgument("needs {z}, {x} and {y} in the URL template, got \"" +
                                          std::string(text) + "\"");
    }
  }
  rest = text.substr(scheme.size());
  const std::string_view authority = rest.substr(0, rest.find_first_of("/?#"));
  if (authority.find('@') != std::string_view::npos) {
    return util::Error::InvalidArgument("must not contain a user name");
  }
  const size_t colon = authority.find(':');
  const std::string_view host = authority.substr(0, colon);
  std::string port;
  if (colon != std::string_view::npos) {
    const std::string_view digits = authority.substr(colon + 1);
    if (digits.empty() || digits.size() > 5) return util::Error::InvalidArgument("has a bad port");
    for (char c : digits) {
      if (!std::isdigit(static_cast<unsigned char>(c))) {
        return util::Error::InvalidArgument("has a bad port");
      }
    }
    port = ":" + std::string(digits);
  }
  auto csp_host = CspHost(host);
  if (!csp_host.ok()) return csp_host.error();
  return TileSource{std::string(text), scheme + *csp_host + port};
}

}  // namespace cairn::web
