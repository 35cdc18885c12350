// Parsing of --smtp-url ("smtp[s]://[user[:password]@]host[:port][?from=addr][&tls=required]")
// into SmtpSettings.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "mail/smtp_client.h"
#include "mail/smtp_text.h"

namespace cairn::mail {
namespace {

using internal::HasControl;
using internal::IsPlainAddress;
using internal::LowerAscii;

constexpr std::string_view kUrlForm =
    "smtp[s]://[user[:password]@]host[:port][?from=addr][&tls=required]";

// RFC 8314: mail submission over implicit TLS.
constexpr int kSmtpsPort = 465;

util::Error InvalidUrl(std::string_view problem) {
  return util::Error::InvalidArgument("invalid SMTP URL: " + std::string(problem));
}

int HexDigitValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Decodes %XX escapes; nullopt when an escape is malformed.
std::optional<std::string> PercentDecode(std::string_view text) {
  std::string decoded;
  decoded.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      decoded += text[i];
      continue;
    }
    if (i + 2 >= text.size()) return std::nullopt;
    const int high = HexDigitValue(text[i + 1]);
    const int low = HexDigitValue(text[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    decoded += static_cast<char>(high * 16 + low);
    i += 2;
  }
  return decoded;
}

bool IsHostNameChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_';
}

// Parses "1".."65535"; nullopt otherwise.
std::optional<int> ParsePort(std::string_view text) {
  if (text.empty() || text.size() > 5) return std::nullopt;
  int port = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    port = port * 10 + (c - '0');
  }
  if (port < 1 || port > 65535) return std::nullopt;
  return port;
}

// Fills host and port from "host[:port]" or "[v6]:port".
util::Status ParseHostAndPort(std::string_view text, SmtpSettings& settings) {
  std::string_view port_text;
  bool has_port = false;
  if (!text.empty() && text.front() == '[') {
    const size_t close = text.find(']');
    if (close == std::string_view::npos)
      return InvalidUrl("unterminated IPv6 address: missing ']'");
    settings.host = std::string(text.substr(1, close - 1));
    in6_addr address{};
    if (::inet_pton(AF_INET6, settings.host.c_str(), &address) != 1) {
      return InvalidUrl("the bracketed host is not an IPv6 address");
    }
    const std::string_view after = text.substr(close + 1);
    if (!after.empty() && after.front() != ':') {
      return InvalidUrl("unexpected characters after the IPv6 address");
    }
    has_port = !after.empty();
    if (has_port) port_text = after.substr(1);
  } else {
    const size_t colon = text.find(':');
    if (colon != std::string_view::npos && text.find(':', colon + 1) != std::string_view::npos) {
      return InvalidUrl("an IPv6 host must be written in brackets, e.g. smtp://[::1]:25");
    }
    settings.host = std::string(text.substr(0, colon));
    has_port = colon != std::string_view::npos;
    if (has_port) port_text = text.substr(colon + 1);
    if (!std::all_of(settings.host.begin(), settings.host.end(), IsHostNameChar)) {
      return InvalidUrl("the host may contain only letters, digits, '-', '.' and '_'");
    }
  }
  if (settings.host.empty()) return InvalidUrl("missing host");
  if (has_port) {
    const std::optional<int> port = ParsePort(port_text);
    if (!port) return InvalidUrl("the port must be a number from 1 to 65535");
    settings.port = *port;
  }
  return util::OkStatus();
}

// Fills username and password from the percent-encoded "user[:password]".
util::Status ParseUserInfo(std::string_view text, SmtpSettings& settings) {
  const size_t colon = text.find(':');
  std::optional<std::string> user = PercentDecode(text.substr(0, colon));
  if (!user) return InvalidUrl("malformed percent escape in the user name");
  std::optional<std::string> password =
      colon == std::string_view::npos ? std::string() : PercentDecode(text.substr(colon + 1));
  if (!password) return InvalidUrl("malformed percent escape in the password");
  if (HasControl(*user)) return InvalidUrl("the user name must not contain control characters");
  if (HasControl(*password)) return InvalidUrl("the password must not contain control characters");
  if (user->empty() && !password->empty()) return InvalidUrl("a password needs a user name");
  if (!user->empty() && password->empty()) return InvalidUrl("a user name needs a password");
  settings.username = std::move(*user);
  settings.password = std::move(*password);
  return util::OkStatus();
}

// Fills from and tls (when given) from "from=addr&tls=required".
util::Status ParseQuery(std::string_view query, SmtpSettings& settings) {
  while (!query.empty()) {
    const size_t amp = query.find('&');
    const std::string_view parameter = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view() : query.substr(amp + 1);
    if (parameter.empty()) continue;
    if (parameter == "tls=required") {
      // smtps:// is TLS from the start already.
      if (settings.tls == net::SmtpTls::kStartTlsIfOffered) {
        settings.tls = net::SmtpTls::kStartTlsRequired;
      }
      continue;
    }
    // The name is not echoed: in a malformed URL it may be the tail of a password.
    if (parameter.substr(0, 5) != "from=") {
      return InvalidUrl("unknown query parameter; only from= and tls=required are supported");
    }
    std::optional<std::string> from = PercentDecode(parameter.substr(5));
    if (!from) return InvalidUrl("malformed percent escape in from=");
    if (!IsPlainAddress(*from)) {
      return InvalidUrl("from= must be a plain address such as cairn@example.org");
    }
    settings.from = std::move(*from);
  }
  return util::OkStatus();
}

}  // namespace

util::Result<SmtpSettings> ParseSmtpUrl(std::string_view url) {
  // Messages below never quote the URL: it may hold the password.
  if (url.find_first_of("\r\n") != std::string_view::npos) {
    return InvalidUrl("it must not contain line breaks");
  }
  if (HasControl(url)) return InvalidUrl("it must not contain control characters");
  const size_t separator = url.find("://");
  if (separator == std::string_view::npos) {
    return InvalidUrl("expected " + std::string(kUrlForm));
  }
  const std::string scheme = LowerAscii(url.substr(0, separator));
  if (scheme != "smtp" && scheme != "smtps") {
    return InvalidUrl("only the smtp:// and smtps:// schemes are supported");
  }

  const std::string_view rest = url.substr(separator + 3);
  if (rest.find('#') != std::string_view::npos) {
    return InvalidUrl("a fragment ('#') is not allowed; percent-encode '#' in a password as %23");
  }
  const size_t authority_end = rest.find_first_of("/?");
  const std::string_view authority = rest.substr(0, authority_end);
  std::string_view path;
  std::string_view query;
  if (authority_end != std::string_view::npos) {
    const std::string_view tail = rest.substr(authority_end);
    const size_t question = tail.find('?');
    path = tail.substr(0, question);
    if (question != std::string_view::npos) query = tail.substr(question + 1);
  }
  if (!path.empty() && path != "/") {
    return InvalidUrl("a path is not allowed; percent-encode '/' in a password as %2F");
  }

  SmtpSettings settings;
  if (scheme == "smtps") {
    settings.tls = net::SmtpTls::kImplicit;
    settings.port = kSmtpsPort;
  }
  // The last '@' ends the user info, so an unencoded '@' in a password still works.
  const size_t at = authority.rfind('@');
  if (at != std::string_view::npos) {
    CAIRN_RETURN_IF_ERROR(ParseUserInfo(authority.substr(0, at), settings));
  }
  CAIRN_RETURN_IF_ERROR(ParseHostAndPort(
      at == std::string_view::npos ? authority : authority.substr(at + 1), settings));
  CAIRN_RETURN_IF_ERROR(ParseQuery(query, settings));
  if (settings.from.empty()) {
    const bool is_ipv6 = settings.host.find(':') != std::string::npos;
    settings.from = is_ipv6 ? "cairn@[IPv6:" + settings.host + "]" : "cairn@" + settings.host;
  }
  return settings;
}

}  // namespace cairn::mail
