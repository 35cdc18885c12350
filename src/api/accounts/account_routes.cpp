// Thin handlers for accounts and authentication.
#include "api/accounts/account_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void AccountRoutes::Register(http::Router& router) {
  router.Add("PUT", "/api/v1/user", [this](auto& r) { return SignUp(r); });
  router.Add("POST", "/api/v1/auth/login", [this](auto& r) { return Login(r); });
  router.Add("POST", "/api/v1/auth/logout", [this](auto& r) { return Logout(r); });
  router.Add("POST", "/api/v1/auth/reset", [this](auto& r) { return RequestReset(r); });
  router.Add("POST", "/api/v1/auth/confirm-reset", [this](auto& r) { return ConfirmReset(r); });
  router.Add("GET", "/api/v1/auth/oauth", [this](auto& r) { return ListOAuthProviders(r); });
  router.Add("GET", "/api/v1/auth/me", [this](auto& r) { return ShowSignedInUser(r); });
  router.Add("GET", "/api/v1/search/actor", [this](auto& r) { return SearchUsers(r); });
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
  auto session = auth_.Login(*body, callers_.ClientAddress(request));
  if (!session.ok()) return ErrorResponse(session.error());
  http::Response response = JsonResponse(*session);
  response.headers.emplace_back("Set-Cookie", callers_.SessionCookie(request, (*session)["token"]));
  return response;
}

http::Response AccountRoutes::Logout(const http::Request& request) {
  http::Response response = AcknowledgedResponse();
  response.headers.emplace_back("Set-Cookie", callers_.ExpiredSessionCookie(request));
  return response;
}

http::Response AccountRoutes::RequestReset(const http::Request& request) {
  auto body = JsonBody(request, ContentTypeRule::kOptional);
  if (!body.ok()) return ErrorResponse(body.error());
  auto requested =
      auth_.RequestPasswordReset(*body, callers_.ClientAddress(request),
                                 callers_.PublicOrigin(request) + "/reset-password?token=");
  if (!requested.ok()) return ErrorResponse(requested.error());
  return JsonResponse(true);
}

http::Response AccountRoutes::ConfirmReset(const http::Request& request) {
  auto body = JsonBody(request, ContentTypeRule::kOptional);
  if (!body.ok()) return ErrorResponse(body.error());
  auto confirmed = auth_.ConfirmPasswordReset(*body, callers_.ClientAddress(request));
  if (!confirmed.ok()) return ErrorResponse(confirmed.error());
  return JsonResponse(true);
}

http::Response AccountRoutes::ListOAuthProviders(const http::Request&) {
  // PocketBase's auth-methods shape, which wanderer's UI reads; no OAuth providers are built in.
  return JsonResponse(Json{{"usernamePassword", true},
                           {"emailPassword", true},
                           {"onlyVerified", false},
                           {"authProviders", Json::array()}});
}

// The web UI's "who am I" after a reload: its session cookie is HttpOnly, so only the server can
// say whose it is (401 when it has expired or was revoked).
http::Response AccountRoutes::ShowSignedInUser(const http::Request& request) {
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  if (caller->IsAnonymous()) return ErrorResponse(util::Error::Unauthorized("Not signed in."));
  auto record = accounts_.Show(*caller, caller->user_id, request.QueryValue("expand"));
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response AccountRoutes::SearchUsers(const http::Request& request) {
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto users = accounts_.SearchUsers(*caller, request.QueryValue("q"), 10);
  if (!users.ok()) return ErrorResponse(users.error());
  return JsonResponse(Json(*users));
}

http::Response AccountRoutes::ShowUser(const http::Request& request) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto record = accounts_.Show(*caller, *id, request.QueryValue("expand"));
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response AccountRoutes::UpdateUser(const http::Request& request) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto body = JsonBody(request, ContentTypeRule::kRequired);
  if (!body.ok()) return ErrorResponse(body.error());
  auto record = accounts_.Update(*caller, *id, *body);
  if (!record.ok()) return ErrorResponse(record.error());
  http::Response response = JsonResponse(*record);
  // A password change signs out every session; a cookie session gets its new token at once.
  if (caller->method == services::AuthMethod::kSessionCookie && record->contains("token") &&
      (*record)["token"] != caller->token) {
    response.headers.emplace_back("Set-Cookie",
                                  callers_.SessionCookie(request, (*record)["token"]));
  }
  return response;
}

http::Response AccountRoutes::DeleteUser(const http::Request& request) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto deleted = accounts_.Delete(*caller, *id);
  if (!deleted.ok()) return ErrorResponse(deleted.error());
  return AcknowledgedResponse();
}

}  // namespace cairn::api
