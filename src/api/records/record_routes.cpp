// Thin handlers for the record families.
#include "api/records/record_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"
#include "services/families/names.h"

namespace cairn::api {

void RecordRoutes::Register(ApiRouter& router, const FamilyRoute& family) {
  const std::string& path = family.routes.path;
  const std::string item = path + "/:id";
  const unsigned ops = family.routes.operations;
  if (ops & services::kList) {
    router.Add("GET", path, [this, family](auto& r, auto& c) { return ListRecords(r, c, family); });
  }
  if (ops & services::kShow) {
    router.Add("GET", item, [this, family](auto& r, auto& c) { return ShowRecord(r, c, family); });
  }
  if (ops & services::kCreate) {
    router.Add("PUT", path,
               [this, family](auto& r, auto& c) { return CreateRecord(r, c, family); });
  }
  if (ops & services::kUpdate) {
    router.Add("POST", item,
               [this, family](auto& r, auto& c) { return UpdateRecord(r, c, family); });
  }
  if (ops & services::kDelete) {
    router.Add("DELETE", item,
               [this, family](auto& r, auto& c) { return DeleteRecord(r, c, family); });
  }
}

util::Result<http::Response> RecordRoutes::ListRecords(const http::Request& request,
                                                       const Caller& caller,
                                                       const FamilyRoute& family) {
  CAIRN_ASSIGN_OR_RETURN(services::ListParams params, ListParamsOf(request));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  params.fields = fields.TopLevelNames();
  CAIRN_ASSIGN_OR_RETURN(services::ListPage page, records_.List(caller, family.collection, params));
  for (Json& item : page.items) fields.Prune(item);
  http::Response response;
  if (family.routes.list_shape == services::ListShape::kPage) {
    response = JsonResponse(Json{{"page", page.page},
                                 {"perPage", page.per_page},
                                 {"totalItems", page.total_items},
                                 {"totalPages", page.total_pages},
                                 {"items", std::move(page.items)}});
  } else {
    response = JsonResponse(Json(std::move(page.items)));
  }
  response.headers.emplace_back("X-Total-Count", std::to_string(page.total_items));
  return response;
}

util::Result<http::Response> RecordRoutes::CreateRecord(const http::Request& request,
                                                        const Caller& caller,
                                                        const FamilyRoute& family) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(
      Json record, records_.Create(caller, family.collection, body, request.QueryValue("expand")));
  fields.Prune(record);
  return JsonResponse(record);
}

util::Result<http::Response> RecordRoutes::ShowRecord(const http::Request& request,
                                                      const Caller& caller,
                                                      const FamilyRoute& family) {
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  std::string id = request.PathParam("id");
  if (family.collection == services::kTrails && remote_trails_) {
    CAIRN_ASSIGN_OR_RETURN(id, remote_trails_->Resolve(caller, id, request.QueryValue("handle")));
  }
  CAIRN_ASSIGN_OR_RETURN(
      Json record, records_.Show(caller, family.collection, id, request.QueryValue("expand")));
  fields.Prune(record);
  return JsonResponse(record);
}

util::Result<http::Response> RecordRoutes::UpdateRecord(const http::Request& request,
                                                        const Caller& caller,
                                                        const FamilyRoute& family) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kRequired));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(Json record,
                         records_.Update(caller, family.collection, request.PathParam("id"), body,
                                         request.QueryValue("expand")));
  fields.Prune(record);
  return JsonResponse(record);
}

util::Result<http::Response> RecordRoutes::DeleteRecord(const http::Request& request,
                                                        const Caller& caller,
                                                        const FamilyRoute& family) {
  CAIRN_RETURN_IF_ERROR(records_.Delete(caller, family.collection, request.PathParam("id")));
  return AcknowledgedResponse();
}

}  // namespace cairn::api
