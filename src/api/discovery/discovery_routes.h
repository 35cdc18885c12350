// Routes that help find trails beyond a query: the trail filter's slider ranges, the box around
// every visible trail, and trails to try next.
#pragma once

#include "api/core/api_router.h"
#include "services/discovery/trail_discovery.h"

namespace cairn::api {

class DiscoveryRoutes {
 public:
  explicit DiscoveryRoutes(services::TrailDiscovery& discovery) : discovery_(discovery) {}

  void Register(ApiRouter& router);

 private:
  services::TrailDiscovery& discovery_;
};

}  // namespace cairn::api
