// Credentials, link tokens, CSRF origin checks and private mode.
#include "api/core/caller_resolver.h"

#include <strings.h>

namespace cairn::api {
namespace {

constexpr size_t kLinkTokenLength = 32;
constexpr std::string_view kBearer = "Bearer ";

// The authority ("host[:port]") of an absolute URL, or "" for anything else.
std::string AuthorityOf(std::string_view url) {
  const size_t scheme_end = url.find("://");
  if (scheme_end == std::string_view::npos) return "";
  std::string_view rest = url.substr(scheme_end + 3);
  rest = rest.substr(0, rest.find_first_of("/?#"));
  std::string out(rest);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// A link-share token has a fixed shape; anything else is ignored rather than looked up.
bool IsLinkToken(const std::string& token) {
  if (token.size() != kLinkTokenLength) return false;
  for (char c : token) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))) return false;
  }
  return true;
}

bool IsMutating(const std::string& method) {
  return method != "GET" && method != "HEAD" && method != "OPTIONS";
}

std::string Trim(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return std::string(text);
}

}  // namespace

std::string CookieValue(const http::Request& request, std::string_view name) {
  const std::string header = request.Header("Cookie");
  size_t start = 0;
  while (start < header.size()) {
    size_t end = header.find(';', start);
    if (end == std::string::npos) end = header.size();
    std::string_view pair(header.data() + start, end - start);
    const size_t eq = pair.find('=');
    if (eq != std::string_view::npos && Trim(pair.substr(0, eq)) == name) {
      return Trim(pair.substr(eq + 1));
    }
    start = end + 1;
  }
  return "";
}

bool CallerResolver::IsHttps(const http::Request& request) const {
  if (!options_.public_url.empty()) return options_.public_url.rfind("https://", 0) == 0;
  return options_.behind_proxy && Lower(request.Header("X-Forwarded-Proto")) == "https";
}

std::string CallerResolver::PublicOrigin(const http::Request& request) const {
  if (!options_.public_url.empty()) {
    std::string origin = options_.public_url;
    while (!origin.empty() && origin.back() == '/') origin.pop_back();
    return origin;
  }
  std::string host = request.Header("Host");
  if (options_.behind_proxy && !request.Header("X-Forwarded-Host").empty()) {
    host = request.Header("X-Forwarded-Host");
  }
  return (IsHttps(request) ? "https://" : "http://") + host;
}

std::string CallerResolver::ClientAddress(const http::Request& request) const {
  if (options_.behind_proxy) {
    // The proxy appends the peer it saw; earlier entries come from the client and may be forged.
    const std::string forwarded = request.Header("X-Forwarded-For");
    const size_t comma = forwarded.rfind(',');
    const std::string last =
        Trim(comma == std::string::npos ? forwarded : forwarded.substr(comma + 1));
    if (!last.empty()) return last;
  }
  return request.remote_address;
}

util::Status CallerResolver::CheckOrigin(const http::Request& request) const {
  std::string origin = request.Header("Origin");
  if (origin.empty() || origin == "null") origin = request.Header("Referer");
  const std::string expected = AuthorityOf(PublicOrigin(request));
  if (origin.empty() || AuthorityOf(origin).empty() || AuthorityOf(origin) != expected) {
    return util::Error::Forbidden(
        "Cross-site request refused: a change made with the session cookie must come from this "
        "server's own pages.");
  }
  return util::OkStatus();
}

util::Result<services::Caller> CallerResolver::Resolve(const http::Request& request) const {
  services::Caller caller;
  std::string header = request.Header("Authorization");
  if (!header.empty()) {
    if (header.size() >= kBearer.size() &&
        strncasecmp(header.c_str(), kBearer.data(), kBearer.size()) == 0) {
      header.erase(0, kBearer.size());
    }
    header = Trim(header);
    if (header.empty()) return util::Error::Unauthorized("The token is invalid.");
    CAIRN_ASSIGN_OR_RETURN(caller, auth_.Authenticate(header, services::AuthMethod::kBearerToken));
  } else if (std::string cookie = CookieValue(request, kSessionCookie); !cookie.empty()) {
    if (IsMutating(request.method)) CAIRN_RETURN_IF_ERROR(CheckOrigin(request));
    CAIRN_ASSIGN_OR_RETURN(caller,
                           auth_.Authenticate(cookie, services::AuthMethod::kSessionCookie));
  }
  if (caller.IsAnonymous() && options_.private_instance) {
    return util::Error::Unauthorized("This server is private; sign in to continue.");
  }
  if (const std::string share = request.QueryValue("share"); IsLinkToken(share)) {
    caller.share_token = share;
  }
  return caller;
}

std::string CallerResolver::SessionCookie(const http::Request& request,
                                          const std::string& token) const {
  return std::string(kSessionCookie) + "=" + token +
         "; Path=/; Max-Age=" + std::to_string(services::kAuthTokenLifetimeSeconds) +
         "; HttpOnly; SameSite=Lax" + (IsHttps(request) ? "; Secure" : "");
}

std::string CallerResolver::ExpiredSessionCookie(const http::Request& request) const {
  return std::string(kSessionCookie) + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" +
         (IsHttps(request) ? "; Secure" : "");
}

}  // namespace cairn::api
