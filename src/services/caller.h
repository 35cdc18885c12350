// Who is making a request: a signed-in user or nobody.
#pragma once

#include <string>

namespace cairn::services {

struct Caller {
  std::string user_id;  // empty for anonymous callers
  std::string token;    // the bearer token presented, echoed in the caller's own user record

  bool IsAnonymous() const { return user_id.empty(); }
};

}  // namespace cairn::services
