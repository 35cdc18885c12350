// The plugin-system routes: read the request, call one service, render its answer.
#include "api/plugins/plugin_routes.h"

#include <charconv>

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {
namespace {

util::Result<std::string> StringMember(const Json& body, const char* key) {
  const Json value = body.value(key, Json());
  if (value.is_null()) return std::string();
  if (!value.is_string()) {
    return util::Error::InvalidField("Invalid request.", key, "validation_invalid_value",
                                     "Must be a text.");
  }
  return value.get<std::string>();
}

}  // namespace

void PluginRoutes::Register(ApiRouter& router) {
  router.Add("GET", "/api/v1/plugin-system/plugins",
             [this](auto& r, auto& c) { return ListPlugins(r, c); });
  router.Add("PUT", "/api/v1/plugin-system/import",
             [this](auto& r, auto& c) { return CreateImport(r, c); });
  router.Add("GET", "/api/v1/plugin-system/import",
             [this](auto& r, auto& c) { return ListImports(r, c); });
  router.Add("GET", "/api/v1/plugin-system/import/:id",
             [this](auto& r, auto& c) { return ShowImport(r, c); });
  router.Add("DELETE", "/api/v1/plugin-system/import/:id",
             [this](auto& r, auto& c) { return CancelImport(r, c); });
  router.Add("POST", "/api/v1/plugin-system/import/:id/data",
             [this](auto& r, auto& c) { return AppendImport(r, c); });
  router.Add("POST", "/api/v1/plugin-system/category-remap/preview",
             [this](auto& r, auto& c) { return PreviewRemap(r, c); });
  router.Add("POST", "/api/v1/plugin-system/category-remap/apply",
             [this](auto& r, auto& c) { return ApplyRemap(r, c); });
  router.Add("POST", "/api/v1/plugin-system/trail-send",
             [this](auto& r, auto& c) { return SendTrail(r, c); });
  router.Add("POST", "/api/v1/plugin-system/auth/validate",
             [this](auto& r, auto& c) { return ValidateAuth(r, c); });
  router.Add("POST", "/api/v1/plugin-system/oauth/start",
             [this](auto& r, auto& c) { return StartOAuth(r, c); });
  router.Add("POST", "/api/v1/plugin-system/oauth/callback",
             [this](auto& r, auto& c) { return FinishOAuth(r, c); });
  router.Add("POST", "/api/v1/plugin-system/oauth/revoke",
             [this](auto& r, auto& c) { return RevokeOAuth(r, c); });
  router.Add("POST", "/api/v1/plugin-system/sync", [this](auto& r, auto& c) { return Sync(r, c); });
}

namespace {

// The instance named by a body's "instance", which must be there.
util::Result<std::string> InstanceMember(const Json& body, const char* missing) {
  CAIRN_ASSIGN_OR_RETURN(std::string instance, StringMember(body, "instance"));
  if (instance.empty()) {
    return util::Error::InvalidField(missing, "instance", "validation_required",
                                     "Name the plugin connection.");
  }
  return instance;
}

}  // namespace

util::Result<http::Response> PluginRoutes::ListPlugins(const http::Request&,
                                                       const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to see the plugins.");
  return JsonResponse(catalog_.ListJson());
}

util::Result<http::Response> PluginRoutes::CreateImport(const http::Request& request,
                                                        const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to import.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  services::imports::NewImport create;
  CAIRN_ASSIGN_OR_RETURN(create.plugin, StringMember(body, "plugin"));
  CAIRN_ASSIGN_OR_RETURN(create.name, StringMember(body, "name"));
  const Json size = body.value("size", Json());
  if (!size.is_number_unsigned()) {
    return util::Error::InvalidField("Invalid request.", "size", "validation_invalid_value",
                                     "Must be the archive's size in bytes.");
  }
  create.size = size.get<uint64_t>();
  CAIRN_ASSIGN_OR_RETURN(Json job, imports_.Create(caller, create));
  return JsonResponse(job);
}

util::Result<http::Response> PluginRoutes::AppendImport(const http::Request& request,
                                                        const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(std::string id, RecordIdParam(request));
  const std::string text = request.QueryValue("offset");
  uint64_t offset = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), offset);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    return util::Error::InvalidArgument("offset must be the number of bytes sent before.");
  }
  CAIRN_ASSIGN_OR_RETURN(Json job, imports_.Append(caller, id, offset, request.body));
  return JsonResponse(job);
}

util::Result<http::Response> PluginRoutes::ListImports(const http::Request&,
                                                       const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json jobs, imports_.List(caller));
  return JsonResponse(jobs);
}

util::Result<http::Response> PluginRoutes::ShowImport(const http::Request& request,
                                                      const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(std::string id, RecordIdParam(request));
  CAIRN_ASSIGN_OR_RETURN(Json job, imports_.Show(caller, id));
  return JsonResponse(job);
}

util::Result<http::Response> PluginRoutes::CancelImport(const http::Request& request,
                                                        const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(std::string id, RecordIdParam(request));
  CAIRN_RETURN_IF_ERROR(imports_.Cancel(caller, id));
  return AcknowledgedResponse();
}

util::Result<http::Response> PluginRoutes::PreviewRemap(const http::Request& request,
                                                        const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to remap categories.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(std::string job, StringMember(body, "job"));
  CAIRN_ASSIGN_OR_RETURN(Json preview, remap_.Preview(caller, job));
  return JsonResponse(preview);
}

util::Result<http::Response> PluginRoutes::ApplyRemap(const http::Request& request,
                                                      const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to remap categories.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(std::string job, StringMember(body, "job"));
  const Json mapping = body.value("mapping", Json());
  std::map<std::string, std::string> choices;
  bool ok = mapping.is_object();
  for (auto it = ok ? mapping.begin() : mapping.end(); ok && it != mapping.end(); ++it) {
    ok = it->is_string() || it->is_null();
    if (ok) choices[it.key()] = it->is_null() ? "" : it->get<std::string>();
  }
  if (!ok) {
    return util::Error::InvalidField("Invalid request.", "mapping", "validation_invalid_value",
                                     "Must map activity types to category ids.");
  }
  CAIRN_ASSIGN_OR_RETURN(Json applied, remap_.Apply(caller, job, choices));
  return JsonResponse(applied);
}

util::Result<http::Response> PluginRoutes::SendTrail(const http::Request& request,
                                                     const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to send trails.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(std::string trail, StringMember(body, "trail"));
  CAIRN_ASSIGN_OR_RETURN(std::string instance, StringMember(body, "instance"));
  if (trail.empty() || instance.empty()) {
    return util::Error::InvalidArgument("Name the trail and the connection to send it through.");
  }
  CAIRN_ASSIGN_OR_RETURN(Json sent, sender_.Send(caller, trail, instance));
  return JsonResponse(sent);
}

util::Result<http::Response> PluginRoutes::ValidateAuth(const http::Request& request,
                                                        const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to check a connection.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(std::string instance,
                         InstanceMember(body, "Name the connection to check."));
  CAIRN_ASSIGN_OR_RETURN(Json checked, sync_.Validate(caller, instance));
  return JsonResponse(checked);
}

util::Result<http::Response> PluginRoutes::StartOAuth(const http::Request& request,
                                                      const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to connect a service.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(std::string instance,
                         InstanceMember(body, "Name the connection to sign in with."));
  CAIRN_ASSIGN_OR_RETURN(Json started,
                         oauth_.Start(caller, instance, callers_.PublicOrigin(request)));
  return JsonResponse(started);
}

util::Result<http::Response> PluginRoutes::FinishOAuth(const http::Request& request,
                                                       const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to connect a service.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  services::plugins::OAuthCallback callback;
  CAIRN_ASSIGN_OR_RETURN(callback.state, StringMember(body, "state"));
  CAIRN_ASSIGN_OR_RETURN(callback.code, StringMember(body, "code"));
  CAIRN_ASSIGN_OR_RETURN(callback.scope, StringMember(body, "scope"));
  CAIRN_ASSIGN_OR_RETURN(callback.error, StringMember(body, "error"));
  CAIRN_ASSIGN_OR_RETURN(Json instance, oauth_.Finish(caller, callback));
  return JsonResponse(instance);
}

util::Result<http::Response> PluginRoutes::RevokeOAuth(const http::Request& request,
                                                       const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to disconnect a service.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(std::string instance,
                         InstanceMember(body, "Name the connection to sign out of."));
  CAIRN_ASSIGN_OR_RETURN(Json revoked, oauth_.Revoke(caller, instance));
  return JsonResponse(revoked);
}

util::Result<http::Response> PluginRoutes::Sync(const http::Request& request,
                                                const services::Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to sync.");
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(std::string instance,
                         InstanceMember(body, "Name the connection to sync."));
  CAIRN_ASSIGN_OR_RETURN(Json job, sync_.Sync(caller, instance));
  return JsonResponse(job);
}

}  // namespace cairn::api
