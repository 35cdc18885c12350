// Thin handlers for accounts.
#include "api/account_routes.h"

#include "api/request_parsing.h"
#include "api/responses.h"

namespace cairn::api {

void AccountRoutes::Register(http::Router& router) {
  router.Add("PUT", "/api/v1/user", [this](auto& r) { return SignUp(r); });
  router.Add("POST", "/api/v1/auth/login", [this](auto& r) { return Login(r); });
  router.Add("GET", "/api/v1/user/:id", [this](auto& r) { return ShowUser(r); });
  router.Add("POST", "/api/v1/user/:id", [this](auto& r) { return UpdateUser(r); });
  router.Add("DELETE", "/api/v1/user/:id", [this](auto& r) { return DeleteUser(r); });
}

http::Response AccountRoutes::SignUp(const http::Request& request) {
  auto body = JsonBody(request, ContentTypeRule::kOptional);
  if (!body.ok()) return ErrorResponse(body.error());
  auto record = accounts_.SignUp(*body);
  if (!record.ok()) return ErrorResponse(record.error());
  return JsonResponse(*record);
}

http::Response AccountRoutes::Login(const http::Request& request) {
  auto body = JsonBody(request, ContentTypeRule::kOptional);
  if (!body.ok()) return ErrorResponse(body.error());
  auto session = accounts_.Login(*body);
  if (!session.ok()) return ErrorResponse(session.error());
  return JsonResponse(*session);
}

http::Response AccountRoutes::ShowUser(const http::Request& request) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = CallerOf(request, accounts_);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto record = accounts_.Show(*caller, *id);
  if (!record.ok()) return ErrorResponse(record.error());
  return JsonResponse(*record);
}

http::Response AccountRoutes::UpdateUser(const http::Request& request) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = CallerOf(request, accounts_);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto body = JsonBody(request, ContentTypeRule::kRequired);
  if (!body.ok()) return ErrorResponse(body.error());
  auto record = accounts_.Update(*caller, *id, *body);
  if (!record.ok()) return ErrorResponse(record.error());
  return JsonResponse(*record);
}

http::Response AccountRoutes::DeleteUser(const http::Request& request) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = CallerOf(request, accounts_);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto deleted = accounts_.Delete(*caller, *id);
  if (!deleted.ok()) return ErrorResponse(deleted.error());
  return AcknowledgedResponse();
}

}  // namespace cairn::api
