// Thin handlers for accounts and authentication.
#include "api/accounts/account_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void AccountRoutes::Register(ApiRouter& router) {
  const CallerUse open = CallerUse::kIgnore;
  router.Add(
      "PUT", "/api/v1/user", [this](auto& r, auto& c) { return SignUp(r, c); }, open);
  router.Add(
      "POST", "/api/v1/auth/login", [this](auto& r, auto& c) { return Login(r, c); }, open);
  router.Add(
      "POST", "/api/v1/auth/logout", [this](auto& r, auto& c) { return Logout(r, c); }, open);
  router.Add(
      "POST", "/api/v1/auth/reset", [this](auto& r, auto& c) { return RequestReset(r, c); }, open);
  router.Add(
      "POST", "/api/v1/auth/confirm-reset", [this](auto& r, auto& c) { return ConfirmReset(r, c); },
      open);
  router.Add(
      "GET", "/api/v1/auth/oauth", [this](auto& r, auto& c) { return ListOAuthProviders(r, c); },
      open);
  router.Add("GET", "/api/v1/auth/me", [this](auto& r, auto& c) { return ShowSignedInUser(r, c); });
  router.Add("GET", "/api/v1/search/actor", [this](auto& r, auto& c) { return SearchUsers(r, c); });
  router.Add("GET", "/api/v1/user/:id", [this](auto& r, auto& c) { return ShowUser(r, c); });
  router.Add("POST", "/api/v1/user/:id", [this](auto& r, auto& c) { return UpdateUser(r, c); });
  router.Add("DELETE", "/api/v1/user/:id", [this](auto& r, auto& c) { return DeleteUser(r, c); });
}

AccountRoutes::Answer AccountRoutes::SignUp(const http::Request& request, const Caller&) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(Json record, accounts_.SignUp(body));
  return JsonResponse(record);
}

AccountRoutes::Answer AccountRoutes::Login(const http::Request& request, const Caller&) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(Json session, auth_.Login(body, callers_.ClientAddress(request)));
  http::Response response = JsonResponse(session);
  response.headers.emplace_back("Set-Cookie", callers_.SessionCookie(request, session["token"]));
  return response;
}

AccountRoutes::Answer AccountRoutes::Logout(const http::Request& request, const Caller&) {
  http::Response response = AcknowledgedResponse();
  response.headers.emplace_back("Set-Cookie", callers_.ExpiredSessionCookie(request));
  return response;
}

AccountRoutes::Answer AccountRoutes::RequestReset(const http::Request& request, const Caller&) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_RETURN_IF_ERROR(
      auth_.RequestPasswordReset(body, callers_.ClientAddress(request),
                                 callers_.PublicOrigin(request) + "/reset-password?token="));
  return JsonResponse(true);
}

AccountRoutes::Answer AccountRoutes::ConfirmReset(const http::Request& request, const Caller&) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_RETURN_IF_ERROR(auth_.ConfirmPasswordReset(body, callers_.ClientAddress(request)));
  return JsonResponse(true);
}

AccountRoutes::Answer AccountRoutes::ListOAuthProviders(const http::Request&, const Caller&) {
  // PocketBase's auth-methods shape, which wanderer's UI reads; no OAuth providers are built in.
  return JsonResponse(Json{{"usernamePassword", true},
                           {"emailPassword", true},
                           {"onlyVerified", false},
                           {"authProviders", Json::array()}});
}

// The web UI's "who am I" after a reload: its session cookie is HttpOnly, so only the server can
// say whose it is (401 when it has expired or was revoked).
AccountRoutes::Answer AccountRoutes::ShowSignedInUser(const http::Request& request,
                                                      const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Not signed in.");
  CAIRN_ASSIGN_OR_RETURN(Json record,
                         accounts_.Show(caller, caller.user_id, request.QueryValue("expand")));
  fields.Prune(record);
  return JsonResponse(record);
}

AccountRoutes::Answer AccountRoutes::SearchUsers(const http::Request& request,
                                                 const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(std::vector<Json> users,
                         accounts_.SearchUsers(caller, request.QueryValue("q"), 10));
  return JsonResponse(Json(std::move(users)));
}

AccountRoutes::Answer AccountRoutes::ShowUser(const http::Request& request, const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(
      Json record, accounts_.Show(caller, request.PathParam("id"), request.QueryValue("expand")));
  fields.Prune(record);
  return JsonResponse(record);
}

AccountRoutes::Answer AccountRoutes::UpdateUser(const http::Request& request,
                                                const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kRequired));
  CAIRN_ASSIGN_OR_RETURN(Json record, accounts_.Update(caller, request.PathParam("id"), body));
  http::Response response = JsonResponse(record);
  // A password change signs out every session; a cookie session gets its new token at once.
  if (caller.method == services::AuthMethod::kSessionCookie && record.contains("token") &&
      record["token"] != caller.token) {
    response.headers.emplace_back("Set-Cookie", callers_.SessionCookie(request, record["token"]));
  }
  return response;
}

AccountRoutes::Answer AccountRoutes::DeleteUser(const http::Request& request,
                                                const Caller& caller) {
  CAIRN_RETURN_IF_ERROR(accounts_.Delete(caller, request.PathParam("id")));
  return AcknowledgedResponse();
}

}  // namespace cairn::api
