// Who is making a request: a signed-in user or nobody, how they proved it, and any link-share
// token they present.
#pragma once

#include <string>

namespace cairn::services {

// How the caller authenticated; some operations are closed to some methods (an API key cannot
// mint API keys, change the password or delete the account).
enum class AuthMethod {
  kNone,           // anonymous
  kBearerToken,    // Authorization: Bearer <login token>
  kSessionCookie,  // the web UI's HttpOnly cookie (mutations pass an origin check first)
  kApiKey,         // Authorization: Bearer cairn_<key>
};

struct Caller {
  std::string user_id;  // empty for anonymous callers
  std::string token;    // the login token presented, echoed in the caller's own user record
  // A trail link-share token (`?share=`): lets anyone, signed in or not, see that one trail,
  // its waypoints and its photos.
  std::string share_token;
  AuthMethod method = AuthMethod::kNone;

  bool IsAnonymous() const { return user_id.empty(); }
};

}  // namespace cairn::services
