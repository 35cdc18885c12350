// The routing proxy: POST /api/v1/valhalla/route, answered by services/routing.
#pragma once

#include "api/core/api_router.h"
#include "services/routing/routing_service.h"

namespace cairn::api {

class RoutingRoutes {
 public:
  explicit RoutingRoutes(services::routing::RoutingService& routing) : routing_(routing) {}

  void Register(ApiRouter& router);

 private:
  // POST {locations, costing, ...} (a Valhalla route request): Valhalla's answer, as it is.
  util::Result<http::Response> Route(const http::Request& request, const services::Caller& caller);

  services::routing::RoutingService& routing_;
};

}  // namespace cairn::api
