// Thin handlers for files: read the multipart form or the file path, call one service, render.
#include "api/files/file_routes.h"

#include <cinttypes>
#include <cstdio>

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

std::string ETagOf(const util::FileHandle& file) {
  char text[64];
  std::snprintf(text, sizeof text, "\"%" PRIx64 "-%" PRIx64 "\"", file.size(),
                static_cast<uint64_t>(file.modified_ns()));
  return text;
}

bool IsTrue(const std::string& text) { return text == "1" || text == "true" || text == "yes"; }

}  // namespace

void FileRoutes::Register(http::Router& router, const std::string& collection,
                          const services::FamilyRoutes& routes) {
  if (routes.file_uploads) {
    router.Add("POST", routes.path + "/:id/file",
               [this, collection](auto& r) { return Upload(r, collection); });
  }
  if (routes.forms) {
    router.Add("PUT", routes.path + "/form",
               [this, collection](auto& r) { return CreateFromForm(r, collection); });
    router.Add("POST", routes.path + "/form/:id",
               [this, collection](auto& r) { return UpdateFromForm(r, collection); });
  }
}

void FileRoutes::Register(http::Router& router) {
  router.Add("GET", "/api/v1/files/:collection/:record/:file",
             [this](auto& r) { return ServeFile(r); });
}

http::Response FileRoutes::Upload(const http::Request& request, const std::string& collection) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto form = MultipartFormOf(request);
  if (!form.ok()) return ErrorResponse(form.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto record = uploads_.Upload(*caller, collection, *id, *form);
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response FileRoutes::CreateFromForm(const http::Request& request,
                                          const std::string& collection) {
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto form = MultipartFormOf(request);
  if (!form.ok()) return ErrorResponse(form.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto record = uploads_.CreateFromForm(*caller, collection, *form, request.QueryValue("expand"));
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response FileRoutes::UpdateFromForm(const http::Request& request,
                                          const std::string& collection) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto form = MultipartFormOf(request);
  if (!form.ok()) return ErrorResponse(form.error());
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto record =
      uploads_.UpdateFromForm(*caller, collection, *id, *form, request.QueryValue("expand"));
  if (!record.ok()) return ErrorResponse(record.error());
  fields->Prune(*record);
  return JsonResponse(*record);
}

http::Response FileRoutes::ServeFile(const http::Request& request) {
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  services::FileRequest wanted{.collection = request.PathParam("collection"),
                               .record_id = request.PathParam("record"),
                               .name = request.PathParam("file"),
                               .thumb = request.QueryValue("thumb"),
                               .download = IsTrue(request.QueryValue("download"))};
  auto file = delivery_.Open(*caller, wanted);
  if (!file.ok()) return ErrorResponse(file.error());
  http::StoredFile stored{.file = file->file,
                          .content_type = file->content_type,
                          .etag = ETagOf(*file->file),
                          .modified_unix_seconds = file->file->modified_ns() / 1'000'000'000};
  stored.headers = {
      {"Cache-Control", file->public_record ? kPublicCache : kPrivateCache},
      {"Content-Disposition", std::string(file->attachment ? "attachment" : "inline") +
                                  "; filename=\"" + file->file_name + "\""},
      {"X-Content-Type-Options", "nosniff"},
      {"Content-Security-Policy", kFilePolicy},
  };
  // The same URL answers differently to different callers (a share token, a login).
  if (!file->public_record) stored.headers.emplace_back("Vary", "Cookie, Authorization");
  return http::ServeStoredFile(request, std::move(stored));
}

}  // namespace cairn::api
