// Thin handlers for GPS files: find the file in the request, call the track service, render.
#include "api/tracks/track_routes.h"

#include "api/core/etag.h"
#include "api/core/request_parsing.h"
#include "api/core/responses.h"
#include "services/tracks/planned_route.h"

namespace cairn::api {
namespace {

// The file name a raw (non-multipart) upload declares in Content-Disposition, or "".
std::string DispositionFileName(const http::Request& request) {
  const std::string header = request.Header("Content-Disposition");
  const size_t key = header.find("filename=");
  if (key == std::string::npos) return "";
  std::string name = header.substr(key + 9);
  if (!name.empty() && name.front() == '"') {
    name = name.substr(
        1, name.find('"', 1) == std::string::npos ? std::string::npos : name.find('"', 1) - 1);
  } else {
    name = name.substr(0, name.find(';'));
  }
  return name;
}

// The one file part `field` of a multipart upload; an error naming the field when it is absent
// or an unexpected field is present (so a misspelt field is not silently ignored).
util::Result<const http::FormPart*> OnlyFile(const http::Request& request, const char* field,
                                             const std::vector<std::string>& also_allowed) {
  const http::FormPart* file = nullptr;
  for (const auto& part : request.form_parts) {
    if (part.name == field && !part.filename.empty()) {
      if (file) {
        return util::Error::InvalidField("Send one file.", field, "validation_too_many_values",
                                         "Only one file can be uploaded here.");
      }
      file = &part;
    } else if (std::find(also_allowed.begin(), also_allowed.end(), part.name) ==
               also_allowed.end()) {
      return util::Error::InvalidField(
          "Unexpected form field.", part.name, "validation_unknown_field",
          std::string("This upload takes the field \"") + field + "\".");
    }
  }
  if (!file) {
    return util::Error::InvalidField("Missing file.", field, "validation_required",
                                     std::string("Attach the GPS file as \"") + field + "\".");
  }
  return file;
}

// A profile is the caller's to see (private trails, shares, link tokens): revalidated every
// time, so a revoked share takes effect at once; unchanged, it is a 304 without the body.
constexpr const char* kProfileCache = "private, no-cache";

http::Response FileResponse(services::ExportedFile file) {
  http::Response response{200, file.content_type, std::move(file.content), {}};
  response.headers.emplace_back("Content-Disposition",
                                "attachment; filename=\"" + file.file_name + "\"");
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  return response;
}

}  // namespace

void TrackRoutes::Register(ApiRouter& router) {
  router.Add("PUT", "/api/v1/trail/upload", [this](auto& r, auto& c) { return UploadTrail(r, c); });
  router.Add("POST", "/api/v1/trail/download",
             [this](auto& r, auto& c) { return DownloadTrails(r, c); });
  router.Add("POST", "/api/v1/plan/gpx", [this](auto& r, auto& c) { return PlannedGpx(r, c); });
  router.Add("GET", "/api/v1/trail/:id/profile",
             [this](auto& r, auto& c) { return ShowProfile(r, c); });
  router.Add("GET", "/api/v1/trail/:id/terrain-elevation",
             [this](auto& r, auto& c) { return ShowTerrainCoverage(r, c); });
  router.Add("POST", "/api/v1/trail/:id/terrain-elevation",
             [this](auto& r, auto& c) { return ApplyTerrainElevation(r, c); });
  router.Add("DELETE", "/api/v1/trail/:id/terrain-elevation",
             [this](auto& r, auto& c) { return UndoTerrainElevation(r, c); });
}

util::Result<http::Response> TrackRoutes::UploadTrail(const http::Request& request,
                                                      const Caller& caller) {
  if (request.Header("Content-Type").empty()) {
    return util::Error::InvalidArgument("The Content-Type header is required.");
  }
  services::UploadedFile file;
  services::TrailImportOptions options;
  if (!request.form_parts.empty()) {
    CAIRN_ASSIGN_OR_RETURN(const http::FormPart* part,
                           OnlyFile(request, "file", {"name", "ignoreDuplicates"}));
    file = {part->content, part->filename};
    if (const http::FormPart* name = request.FormField("name")) options.name = name->content;
    if (const http::FormPart* flag = request.FormField("ignoreDuplicates")) {
      options.ignore_duplicates = IsTrue(flag->content);
    }
  } else {
    // The spec's form: the file is the whole body.
    file = {request.body, DispositionFileName(request)};
    options.name = request.QueryValue("name");
    options.ignore_duplicates = IsTrue(request.QueryValue("ignoreDuplicates"));
  }
  if (file.file_name.empty()) file.file_name = "track";
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  CAIRN_ASSIGN_OR_RETURN(Json trail, tracks_.ImportTrail(caller, file, options));
  fields.Prune(trail);
  return JsonResponse(trail);
}

util::Result<http::Response> TrackRoutes::DownloadTrails(const http::Request& request,
                                                         const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  std::vector<std::string> ids;
  const Json& listed = body["ids"];
  const Json& format = body["format"];
  if (!listed.is_array() || !(format.is_null() || format.is_string())) {
    return util::Error::InvalidArgument(
        "Send {\"ids\": [trail ids], \"format\": \"gpx\" or \"geojson\"}.");
  }
  for (const auto& id : listed) {
    if (!id.is_string()) {
      return util::Error::InvalidField("Invalid ids.", "ids", "validation_invalid_type",
                                       "Trail ids are strings.");
    }
    ids.push_back(id.get<std::string>());
  }
  const std::string kind = format.is_string() ? format.get<std::string>() : "gpx";
  if (kind != "gpx" && kind != "geojson") {
    return util::Error::InvalidField("Unknown format.", "format", "validation_invalid_value",
                                     "Must be \"gpx\" or \"geojson\".");
  }
  CAIRN_ASSIGN_OR_RETURN(services::ExportedFile file,
                         tracks_.ExportTrails(caller, ids,
                                              kind == "gpx" ? services::ExportFormat::kGpx
                                                            : services::ExportFormat::kGeoJson));
  return FileResponse(std::move(file));
}

util::Result<http::Response> TrackRoutes::PlannedGpx(const http::Request& request,
                                                     const Caller& caller) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized();
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(services::ExportedFile file, services::GpxOfPlannedRoute(body));
  return FileResponse(std::move(file));
}

util::Result<http::Response> TrackRoutes::ShowProfile(const http::Request& request,
                                                      const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(int points,
                         BoundedIntParam(request, "points", services::kDefaultProfilePoints,
                                         services::kMinProfilePoints, services::kMaxProfilePoints));
  CAIRN_ASSIGN_OR_RETURN(services::TrailProfile profile,
                         tracks_.ProfileOfTrail(caller, request.PathParam("id"), points,
                                                [&](const std::string& version) {
                                                  return ClientHolds(request, ETagOf(version));
                                                }));
  http::Response response = profile.profile ? JsonResponse(*profile.profile)
                                            : http::Response{304, "application/json", "", {}};
  response.headers.emplace_back("ETag", ETagOf(profile.version));
  response.headers.emplace_back("Cache-Control", kProfileCache);
  // The same URL answers differently to different callers (a share token, a login).
  response.headers.emplace_back("Vary", "Cookie, Authorization");
  return response;
}

util::Result<http::Response> TrackRoutes::ApplyTerrainElevation(const http::Request& request,
                                                                const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json trail, terrain_.Apply(caller, request.PathParam("id")));
  return JsonResponse(trail);
}

util::Result<http::Response> TrackRoutes::ShowTerrainCoverage(const http::Request& request,
                                                              const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json coverage, terrain_.Coverage(caller, request.PathParam("id")));
  return JsonResponse(coverage);
}

util::Result<http::Response> TrackRoutes::UndoTerrainElevation(const http::Request& request,
                                                               const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json trail, terrain_.Undo(caller, request.PathParam("id")));
  return JsonResponse(trail);
}

}  // namespace cairn::api
