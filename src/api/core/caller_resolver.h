// Who sent a request: the credential it carries (bearer token, API key or session cookie), a
// link-share token, the client's address, and the checks the instance's mode adds.
#pragma once

#include <string>

#include "http/request.h"
#include "services/accounts/auth_service.h"

namespace cairn::api {

// The session cookie of the web UI.
inline constexpr char kSessionCookie[] = "cairn_auth";

struct CallerOptions {
  // --private: anonymous callers are refused wherever a caller is resolved (everything but
  // health, login, sign-up and password reset).
  bool private_instance = false;
  // --behind-proxy: trust X-Forwarded-For / -Proto / -Host from the reverse proxy in front.
  bool behind_proxy = false;
  // --public-url: the address people use (scheme://host[:port]); checked as the origin of
  // cookie-authenticated writes and used in reset links. Empty: taken from each request.
  std::string public_url;
};

// Thread-safe (immutable).
class CallerResolver {
 public:
  CallerResolver(services::AuthService& auth, CallerOptions options)
      : auth_(auth), options_(std::move(options)) {}

  // The caller of `request`: Unauthorized for a bad credential (or none on a private instance);
  // Forbidden for a cookie-authenticated write whose Origin (or Referer) is not this server,
  // which is how a cross-site request forgery looks.
  util::Result<services::Caller> Resolve(const http::Request& request) const;

  // The client's address: the peer, or with --behind-proxy the address the proxy reports.
  std::string ClientAddress(const http::Request& request) const;

  // The origin people reach this server at, e.g. "https://trails.example.org".
  std::string PublicOrigin(const http::Request& request) const;

  // Set-Cookie values that start and end a web session.
  std::string SessionCookie(const http::Request& request, const std::string& token) const;
  std::string ExpiredSessionCookie(const http::Request& request) const;

 private:
  bool IsHttps(const http::Request& request) const;
  util::Status CheckOrigin(const http::Request& request) const;

  services::AuthService& auth_;
  const CallerOptions options_;
};

// The value of cookie `name` in the request's Cookie header, or "".
std::string CookieValue(const http::Request& request, std::string_view name);

}  // namespace cairn::api
