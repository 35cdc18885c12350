// Thin handlers for files: read the multipart form or the file path, call one service, render.
#include "api/files/file_routes.h"

#include "api/core/etag.h"
#include "api/core/request_parsing.h"
#include "api/core/responses.h"
#include "http/file_response.h"

namespace cairn::api {
namespace {

// A stored name never gets other content (a new upload gets a new name), so caches may keep a
// public record's files for 30 days.
constexpr const char* kPublicCache = "public, max-age=2592000, stale-while-revalidate=86400";
// Private files are revalidated every time, so a revoked share or a trail made private takes
// effect at once; the answer is a 304 without the body when nothing changed.
constexpr const char* kPrivateCache = "private, no-cache";
// Served files never run anything, whatever they contain (an SVG's script, an XML stylesheet).
constexpr const char* kFilePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

}  // namespace

void FileRoutes::Register(ApiRouter& router, const std::string& collection,
                          const services::FamilyRoutes& routes) {
  if (routes.file_uploads) {
    router.Add("POST", routes.path + "/:id/file",
               [this, collection](auto& r, auto& c) { return Upload(r, c, collection); });
  }
  if (routes.forms) {
    router.Add("PUT", routes.path + "/form",
               [this, collection](auto& r, auto& c) { return CreateFromForm(r, c, collection); });
    router.Add("POST", routes.path + "/form/:id",
               [this, collection](auto& r, auto& c) { return UpdateFromForm(r, c, collection); });
  }
}

void FileRoutes::Register(ApiRouter& router) {
  router.Add("GET", "/api/v1/files/:collection/:record/:file",
             [this](auto& r, auto& c) { return ServeFile(r, c); });
}

util::Result<http::Response> FileRoutes::Upload(const http::Request& request, const Caller& caller,
                                                const std::string& collection) {
  CAIRN_ASSIGN_OR_RETURN(services::MultipartForm form, MultipartFormOf(request));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(Json record,
                         uploads_.Upload(caller, collection, request.PathParam("id"), form));
  fields.Prune(record);
  return JsonResponse(record);
}

util::Result<http::Response> FileRoutes::CreateFromForm(const http::Request& request,
                                                        const Caller& caller,
                                                        const std::string& collection) {
  CAIRN_ASSIGN_OR_RETURN(services::MultipartForm form, MultipartFormOf(request));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(
      Json record, uploads_.CreateFromForm(caller, collection, form, request.QueryValue("expand")));
  fields.Prune(record);
  return JsonResponse(record);
}

util::Result<http::Response> FileRoutes::UpdateFromForm(const http::Request& request,
                                                        const Caller& caller,
                                                        const std::string& collection) {
  CAIRN_ASSIGN_OR_RETURN(services::MultipartForm form, MultipartFormOf(request));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(Json record,
                         uploads_.UpdateFromForm(caller, collection, request.PathParam("id"), form,
                                                 request.QueryValue("expand")));
  fields.Prune(record);
  return JsonResponse(record);
}

util::Result<http::Response> FileRoutes::ServeFile(const http::Request& request,
                                                   const Caller& caller) {
  services::FileRequest wanted{.collection = request.PathParam("collection"),
                               .record_id = request.PathParam("record"),
                               .name = request.PathParam("file"),
                               .thumb = request.QueryValue("thumb"),
                               .download = IsTrue(request.QueryValue("download"))};
  CAIRN_ASSIGN_OR_RETURN(services::DeliveredFile file, delivery_.Open(caller, wanted));
  http::StoredFile stored{.file = file.file,
                          .content_type = file.content_type,
                          .etag = ETagOf(*file.file),
                          .modified_unix_seconds = file.file->modified_ns() / 1'000'000'000};
  stored.headers = {
      {"Cache-Control", file.public_record ? kPublicCache : kPrivateCache},
      {"Content-Disposition", std::string(file.attachment ? "attachment" : "inline") +
                                  "; filename=\"" + file.file_name + "\""},
      {"X-Content-Type-Options", "nosniff"},
      {"Content-Security-Policy", kFilePolicy},
  };
  // The same URL answers differently to different callers (a share token, a login).
  if (!file.public_record) stored.headers.emplace_back("Vary", "Cookie, Authorization");
  return http::ServeStoredFile(request, std::move(stored));
}

}  // namespace cairn::api
