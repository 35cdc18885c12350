// POST /api/v1/activitypub/user/{name}/inbox and the shared inbox /api/v1/activitypub/inbox:
// the request handed to services::Inbox as it came (method, target, headers, body), since the
// signature covers exactly those. Bound only while federation is on.
#pragma once

#include "api/core/api_router.h"
#include "services/federation/inbox.h"

namespace cairn::api {

class InboxRoutes {
 public:
  explicit InboxRoutes(services::Inbox& inbox) : inbox_(inbox) {}

  void Register(ApiRouter& router);

 private:
  services::Inbox& inbox_;
};

}  // namespace cairn::api
