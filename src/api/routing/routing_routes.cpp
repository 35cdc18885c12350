// Thin handler: read the body, call the routing service, render.
#include "api/routing/routing_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void RoutingRoutes::Register(ApiRouter& router) {
  router.Add("POST", "/api/v1/valhalla/route", [this](auto& r, auto& c) { return Route(r, c); });
}

util::Result<http::Response> RoutingRoutes::Route(const http::Request& request,
                                                  const services::Caller& caller) {
  // As for heights: an anonymous caller learns nothing, not even whether its body was well formed.
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to plan routes.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(Json route, routing_.Route(caller, body));
  return JsonResponse(route);
}

}  // namespace cairn::api
