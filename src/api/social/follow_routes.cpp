// Thin handler: read the answer, call the follow service, render.
#include "api/social/follow_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {
namespace {

// `status` of the body: "accepted" or "rejected", else a Form A error on it.
util::Result<services::FollowAnswer> AnswerOf(const Json& body) {
  auto it = body.find("status");
  if (it != body.end() && *it == "accepted") return services::FollowAnswer::kAccept;
  if (it != body.end() && *it == "rejected") return services::FollowAnswer::kReject;
  return util::Error::InvalidField("Failed to answer the follow request.", "status",
                                   "validation_invalid_value",
                                   "Must be \"accepted\" or \"rejected\".");
}

}  // namespace

void FollowRoutes::Register(ApiRouter& router) {
  router.Add("POST", "/api/v1/follow/:id", [this](auto& r, auto& c) { return AnswerFollow(r, c); });
}

util::Result<http::Response> FollowRoutes::AnswerFollow(const http::Request& request,
                                                        const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kRequired));
  CAIRN_ASSIGN_OR_RETURN(services::FollowAnswer answer, AnswerOf(body));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(Json follow, follows_.Answer(caller, request.PathParam("id"), answer,
                                                      request.QueryValue("expand")));
  fields.Prune(follow);
  return JsonResponse(follow);
}

}  // namespace cairn::api
