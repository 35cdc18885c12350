// Thin handlers: read the body, call the like service, render.
#include "api/social/like_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {
namespace {

constexpr char kPath[] = "/api/v1/trail-like";

}  // namespace

void LikeRoutes::Register(ApiRouter& router) {
  router.Add("PUT", kPath, [this](auto& r, auto& c) { return LikeTrail(r, c); });
  router.Add("POST", std::string(kPath) + "/delete",
             [this](auto& r, auto& c) { return UnlikeTrail(r, c); });
}

util::Result<http::Response> LikeRoutes::LikeTrail(const http::Request& request,
                                                   const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(Json like, likes_.Like(caller, body, request.QueryValue("expand")));
  fields.Prune(like);
  return JsonResponse(like);
}

util::Result<http::Response> LikeRoutes::UnlikeTrail(const http::Request& request,
                                                     const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_RETURN_IF_ERROR(likes_.Unlike(caller, body));
  return AcknowledgedResponse();
}

}  // namespace cairn::api
