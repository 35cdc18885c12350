// The bulk trail route: parse the body into a request, call the service, render the outcome.
#include "api/records/trail_bulk_routes.h"

#include <set>

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {
namespace {

// The fields a bulk update may set: what the trails page offers to change for many trails.
const std::set<std::string> kBulkFields = {"category", "subcategory", "difficulty", "public"};

util::Error Malformed(const std::string& field, const std::string& message) {
  return util::Error::InvalidField("Invalid bulk request.", field, "validation_invalid_value",
                                   message);
}

// `value` as a list of strings (absent: none).
util::Result<std::vector<std::string>> Strings(const Json& value, const std::string& field) {
  std::vector<std::string> out;
  if (value.is_null()) return out;
  if (!value.is_array()) return Malformed(field, "Send a list of ids.");
  for (const Json& item : value) {
    if (!item.is_string() || item.get<std::string>().empty()) {
      return Malformed(field, "Ids are non-empty strings.");
    }
    out.push_back(item.get<std::string>());
  }
  return out;
}

util::Result<services::BulkTrailRequest> BulkRequestOf(const Json& body) {
  services::BulkTrailRequest request;
  CAIRN_ASSIGN_OR_RETURN(request.ids, Strings(body.value("ids", Json()), "ids"));
  if (const Json update = body.value("update", Json()); !update.is_null()) {
    if (!update.is_object()) return Malformed("update", "Send an object of field values.");
    for (const auto& [key, value] : update.items()) {
      if (!kBulkFields.contains(key)) {
        return Malformed("update",
                         "Only category, subcategory, difficulty and public change in bulk.");
      }
    }
    request.update = update;
  }
  if (const Json tags = body.value("tags", Json()); !tags.is_null()) {
    if (!tags.is_object()) return Malformed("tags", "Send {\"add\": [...], \"remove\": [...]}.");
    CAIRN_ASSIGN_OR_RETURN(request.add_tags, Strings(tags.value("add", Json()), "tags"));
    CAIRN_ASSIGN_OR_RETURN(request.remove_tags, Strings(tags.value("remove", Json()), "tags"));
  }
  if (const Json remove = body.value("delete", Json()); !remove.is_null()) {
    if (!remove.is_boolean()) return Malformed("delete", "Send true to delete.");
    request.remove = remove.get<bool>();
  }
  if (const Json list = body.value("add_to_list", Json()); !list.is_null()) {
    if (!list.is_string() || list.get<std::string>().empty()) {
      return Malformed("add_to_list", "Send a list id.");
    }
    request.add_to_list = list.get<std::string>();
  }
  return request;
}

Json RefusalJson(const services::BulkRefusal& refusal) {
  std::string message = PublicMessage(refusal.error);
  // A field's own words say more than "Failed to update record."
  if (!refusal.error.field_errors.empty()) {
    message = refusal.error.field_errors.begin()->second.message;
  }
  return {{"id", refusal.id}, {"status", StatusOf(refusal.error.kind)}, {"message", message}};
}

}  // namespace

void TrailBulkRoutes::Register(ApiRouter& router) {
  router.Add("POST", "/api/v1/trail/bulk",
             [this](auto& r, auto& c) { return ApplyToTrails(r, c); });
}

util::Result<http::Response> TrailBulkRoutes::ApplyToTrails(const http::Request& request,
                                                            const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(services::BulkTrailRequest bulk, BulkRequestOf(body));
  CAIRN_ASSIGN_OR_RETURN(services::BulkTrailOutcome outcome, bulk_.Apply(caller, bulk));
  Json refused = Json::array();
  for (const auto& refusal : outcome.refused) refused.push_back(RefusalJson(refusal));
  return JsonResponse(Json{{"done", outcome.done}, {"refused", refused}});
}

}  // namespace cairn::api
