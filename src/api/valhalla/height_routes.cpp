// The height route: read the JSON body, call the height service, render its answer.
#include "api/valhalla/height_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void HeightRoutes::Register(ApiRouter& router) {
  router.Add("POST", "/api/v1/valhalla/height", [this](auto& r, auto& c) { return Heights(r, c); });
}

util::Result<http::Response> HeightRoutes::Heights(const http::Request& request,
                                                   const services::Caller& caller) {
  // Anonymous callers learn nothing, not even whether their body was well formed.
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to look up heights.");
  CAIRN_ASSIGN_OR_RETURN(
      Json body, JsonBody(request, ContentTypeRule::kOptional, services::kMaxHeightBodyBytes));
  CAIRN_ASSIGN_OR_RETURN(std::string answer, heights_.Heights(caller, body));
  return http::Response{200, "application/json", std::move(answer), {}};
}

}  // namespace cairn::api
