// The merge routes: read the body into a request, call the service, render its answer.
#include "api/merge/merge_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"
#include "services/merge/merge_errors.h"

namespace cairn::api {
namespace {

namespace errors = services::merge_errors;

util::Error InvalidRequest() { return errors::Invalid(errors::kInvalidRequest); }

// An optional string member ("" when absent).
util::Result<std::string> OptionalString(const Json& body, const char* key) {
  const Json value = body.value(key, Json());
  if (value.is_null()) return std::string();
  if (!value.is_string()) return InvalidRequest();
  return value.get<std::string>();
}

// An optional boolean member (false when absent).
util::Result<bool> OptionalFlag(const Json& object, const char* key) {
  const Json value = object.value(key, Json());
  if (value.is_null()) return false;
  if (!value.is_boolean()) return InvalidRequest();
  return value.get<bool>();
}

util::Result<Json> ObjectBody(const http::Request& request) {
  auto body = JsonBody(request, ContentTypeRule::kOptional);
  if (!body.ok() && body.error().kind == util::ErrorKind::kTooLarge) return std::move(body).error();
  if (!body.ok() || !body->is_object()) return InvalidRequest();
  return std::move(body).value();
}

util::Result<services::SuggestRequest> SuggestRequestOf(const Json& body) {
  services::SuggestRequest out;
  CAIRN_ASSIGN_OR_RETURN(std::string mode, OptionalString(body, "mode"));
  if (mode == "manual-selection") {
    out.mode = services::SuggestMode::kManualSelection;
  } else if (mode == "auto-discovery") {
    out.mode = services::SuggestMode::kAutoDiscovery;
  } else if (mode == "maintenance-groups") {
    out.mode = services::SuggestMode::kMaintenanceGroups;
  } else {
    return errors::Invalid(errors::kUnknownSuggestMode);
  }
  const Json ids = body.value("trailIds", Json());
  if (!ids.is_null()) {
    if (!ids.is_array()) return InvalidRequest();
    for (const Json& id : ids) {
      if (!id.is_string()) return InvalidRequest();
      out.trail_ids.push_back(id.get<std::string>());
    }
  }
  CAIRN_ASSIGN_OR_RETURN(out.source_trail_id, OptionalString(body, "sourceTrailId"));
  return out;
}

util::Result<services::MergeRequest> MergeRequestOf(const Json& body) {
  services::MergeRequest out;
  CAIRN_ASSIGN_OR_RETURN(out.source_trail_id, OptionalString(body, "sourceTrailId"));
  CAIRN_ASSIGN_OR_RETURN(out.target_trail_id, OptionalString(body, "targetTrailId"));
  const Json settings = body.value("settings", Json::object());
  if (!settings.is_object()) return InvalidRequest();
  services::MergeSettings& s = out.settings;
  CAIRN_ASSIGN_OR_RETURN(s.summit_log, OptionalFlag(settings, "summitLog"));
  CAIRN_ASSIGN_OR_RETURN(s.photos, OptionalFlag(settings, "photos"));
  CAIRN_ASSIGN_OR_RETURN(s.comments, OptionalFlag(settings, "comments"));
  CAIRN_ASSIGN_OR_RETURN(s.remove, OptionalFlag(settings, "delete"));
  CAIRN_ASSIGN_OR_RETURN(s.tags, OptionalFlag(settings, "tags"));
  CAIRN_ASSIGN_OR_RETURN(s.likes, OptionalFlag(settings, "likes"));
  return out;
}

}  // namespace

void MergeRoutes::Register(ApiRouter& router) {
  router.Add("POST", "/api/v1/trail-merge/suggest",
             [this](auto& r, auto& c) { return Suggest(r, c); });
  router.Add("POST", "/api/v1/trail-merge", [this](auto& r, auto& c) { return Merge(r, c); });
}

util::Result<http::Response> MergeRoutes::Suggest(const http::Request& request,
                                                  const services::Caller& caller) {
  // Anonymous callers learn nothing, not even whether their body was well formed.
  if (caller.IsAnonymous()) return errors::AuthRequired();
  CAIRN_ASSIGN_OR_RETURN(Json body, ObjectBody(request));
  CAIRN_ASSIGN_OR_RETURN(services::SuggestRequest suggest, SuggestRequestOf(body));
  CAIRN_ASSIGN_OR_RETURN(Json answer, suggestions_.Suggest(caller, suggest));
  return JsonResponse(answer);
}

util::Result<http::Response> MergeRoutes::Merge(const http::Request& request,
                                                const services::Caller& caller) {
  if (caller.IsAnonymous()) return errors::AuthRequired();
  CAIRN_ASSIGN_OR_RETURN(Json body, ObjectBody(request));
  CAIRN_ASSIGN_OR_RETURN(services::MergeRequest merge, MergeRequestOf(body));
  CAIRN_RETURN_IF_ERROR(merge_.Merge(caller, merge));
  return AcknowledgedResponse();
}

}  // namespace cairn::api
