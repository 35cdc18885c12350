// Thin handlers: read the body's members, call the preference service, render.
#include "api/categories/preference_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {
namespace {

constexpr char kCategoryPath[] = "/api/v1/user-category-preference";
constexpr char kSubcategoryPath[] = "/api/v1/user-subcategory-preference";

const char* ItemField(services::PreferenceKind kind) {
  return kind == services::PreferenceKind::kCategory ? "category" : "subcategory";
}

util::Error Invalid(const std::string& field, const std::string& code, const std::string& text) {
  return util::Error::InvalidField("Failed to save the preference.", field, code, text);
}

// The string member `field` of `body`; required.
util::Result<std::string> TextMember(const Json& body, const std::string& field) {
  auto it = body.find(field);
  if (it == body.end() || it->is_null() ||
      (it->is_string() && it->get_ref<const std::string&>().empty())) {
    return Invalid(field, "validation_required", "Missing required value.");
  }
  if (!it->is_string()) return Invalid(field, "validation_invalid_value", "Must be an id.");
  return it->get<std::string>();
}

// The array of ids `field` of `body`; required, possibly empty.
util::Result<std::vector<std::string>> IdsMember(const Json& body, const std::string& field) {
  auto it = body.find(field);
  if (it == body.end() || !it->is_array()) {
    return Invalid(field, "validation_required", "Must be an array of ids.");
  }
  std::vector<std::string> ids;
  for (const Json& id : *it) {
    if (!id.is_string()) return Invalid(field, "validation_invalid_value", "Must hold ids only.");
    ids.push_back(id.get<std::string>());
  }
  return ids;
}

}  // namespace

void PreferenceRoutes::Register(ApiRouter& router) {
  for (Kind kind : {Kind::kCategory, Kind::kSubcategory}) {
    const std::string path = kind == Kind::kCategory ? kCategoryPath : kSubcategoryPath;
    router.Add("GET", path, [this, kind](auto& r, auto& c) { return ListPreferences(r, c, kind); });
    router.Add("PUT", path, [this, kind](auto& r, auto& c) { return PutPreference(r, c, kind); });
    router.Add("POST", path + "/reorder",
               [this, kind](auto& r, auto& c) { return ReorderPreferences(r, c, kind); });
  }
}

util::Result<http::Response> PreferenceRoutes::ListPreferences(const http::Request&,
                                                               const Caller& caller, Kind kind) {
  CAIRN_ASSIGN_OR_RETURN(Json rows, preferences_.List(caller, kind));
  http::Response response = JsonResponse(rows);
  response.headers.emplace_back("X-Total-Count", std::to_string(rows.size()));  // as every list
  return response;
}

util::Result<http::Response> PreferenceRoutes::PutPreference(const http::Request& request,
                                                             const Caller& caller, Kind kind) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  services::PreferenceChange change;
  CAIRN_ASSIGN_OR_RETURN(change.item, TextMember(body, ItemField(kind)));
  if (auto it = body.find("visible"); it != body.end()) {
    if (!it->is_boolean())
      return Invalid("visible", "validation_invalid_value", "Must be true or false.");
    change.visible = it->get<bool>();
  }
  CAIRN_ASSIGN_OR_RETURN(Json row, preferences_.Put(caller, kind, change));
  return JsonResponse(row);
}

util::Result<http::Response> PreferenceRoutes::ReorderPreferences(const http::Request& request,
                                                                  const Caller& caller, Kind kind) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  services::PreferenceOrder order;
  if (kind == Kind::kCategory) {
    CAIRN_ASSIGN_OR_RETURN(order.items, IdsMember(body, "categories"));
  } else {
    CAIRN_ASSIGN_OR_RETURN(order.category, TextMember(body, "category"));
    CAIRN_ASSIGN_OR_RETURN(order.items, IdsMember(body, "subcategories"));
  }
  CAIRN_RETURN_IF_ERROR(preferences_.Reorder(caller, kind, order));
  return AcknowledgedResponse();
}

}  // namespace cairn::api
