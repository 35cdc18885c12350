// Thin handlers for the record families.
#include "api/records/record_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void RecordRoutes::Register(http::Router& router, const FamilyRoute& family) {
  const std::string& path = family.routes.path;
  const std::string item = path + "/:id";
  const unsigned ops = family.routes.operations;
  if (ops & services::kList) {
    router.Add("GET", path, [this, family](auto& r) { return ListRecords(r, family); });
  }
  if (ops & services::kShow) {
    router.Add("GET", item, [this, family](auto& r) { return ShowRecord(r, family); });
  }
  if (ops & services::kCreate) {
    router.Add("PUT", path, [this, family](auto& r) { return CreateRecord(r, family); });
  }
  if (ops & services::kUpdate) {
    router.Add("POST", item, [this, family](auto& r) { return UpdateRecord(r, family); });
  }
  if (ops & services::kDelete) {
    router.Add("DELETE", item, [this, family](auto& r) { return DeleteRecord(r, family); });
  }
}

http::Response RecordRoutes::ListRecords(const http::Request& request, const FamilyRoute& family) {
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto params = ListParamsOf(request);
  if (!params.ok()) return ErrorResponse(params.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto page = records_.List(*caller, family.collection, *params);
  if (!page.ok()) return ErrorResponse(page.error());
  for (Json& item : page->items) fields->Prune(item);
  http::Response response;
  if (family.routes.list_shape == services::ListShape::kPage) {
    response = JsonResponse(Json{{"page", page->page},
                                 {"perPage", page->per_page},
                                 {"totalItems", page->total_items},
                                 {"totalPages", page->total_pages},
                                 {"items", std::move(page->items)}});
  } else {
    response = JsonResponse(Json(std::move(page->items)));
  }
  response.headers.emplace_back("X-Total-Count", std::to_string(page->total_items));
  return response;
}

http::Response RecordRoutes::CreateRecord(const http::Request& request, const FamilyRoute& family) {
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto body = JsonBody(request, ContentTypeRule::kOptional);
  if (!body.ok()) return ErrorResponse(body.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto record = records_.Create(*caller, family.collection, *body, request.QueryValue("expand"));
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response RecordRoutes::ShowRecord(const http::Request& request, const FamilyRoute& family) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto record = records_.Show(*caller, family.collection, *id, request.QueryValue("expand"));
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response RecordRoutes::UpdateRecord(const http::Request& request, const FamilyRoute& family) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto body = JsonBody(request, ContentTypeRule::kRequired);
  if (!body.ok()) return ErrorResponse(body.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto record =
      records_.Update(*caller, family.collection, *id, *body, request.QueryValue("expand"));
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response RecordRoutes::DeleteRecord(const http::Request& request, const FamilyRoute& family) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto deleted = records_.Delete(*caller, family.collection, *id);
  if (!deleted.ok()) return ErrorResponse(deleted.error());
  return AcknowledgedResponse();
}

}  // namespace cairn::api
