// Thin handlers for GPS files: find the file in the request, call the track service, render.
#include "api/tracks/track_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"
#include "http/file_response.h"

namespace cairn::api {
namespace {

bool IsTrue(std::string_view text) { return text == "true" || text == "1" || text == "on"; }

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

std::string ETagOf(const std::string& version) { return "\"" + version + "\""; }

http::Response FileResponse(services::ExportedFile file) {
  http::Response response{200, file.content_type, std::move(file.content), {}};
  response.headers.emplace_back("Content-Disposition",
                                "attachment; filename=\"" + file.file_name + "\"");
  response.headers.emplace_back("X-Content-Type-Options", "nosniff");
  return response;
}

}  // namespace

void TrackRoutes::Register(http::Router& router) {
  router.Add("PUT", "/api/v1/trail/upload", [this](auto& r) { return UploadTrail(r); });
  router.Add("POST", "/api/v1/trail/download", [this](auto& r) { return DownloadTrails(r); });
  router.Add("GET", "/api/v1/trail/:id/profile", [this](auto& r) { return ShowProfile(r); });
}

http::Response TrackRoutes::UploadTrail(const http::Request& request) {
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  if (request.Header("Content-Type").empty()) {
    return ErrorResponse(util::Error::InvalidArgument("The Content-Type header is required."));
  }
  services::UploadedFile file;
  services::TrailImportOptions options;
  if (!request.form_parts.empty()) {
    auto part = OnlyFile(request, "file", {"name", "ignoreDuplicates"});
    if (!part.ok()) return ErrorResponse(part.error());
    file = {(*part)->content, (*part)->filename};
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
  auto fields = FieldSelectionOf(request);
  if (!fields.ok()) return ErrorResponse(fields.error());
  auto trail = tracks_.ImportTrail(*caller, file, options);
  if (!trail.ok()) return ErrorResponse(trail.error());
  fields->Prune(*trail);
  return JsonResponse(*trail);
}

http::Response TrackRoutes::DownloadTrails(const http::Request& request) {
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto body = JsonBody(request, ContentTypeRule::kOptional);
  if (!body.ok()) return ErrorResponse(body.error());
  std::vector<std::string> ids;
  const Json& listed = (*body)["ids"];
  const Json& format = (*body)["format"];
  if (!listed.is_array() || !(format.is_null() || format.is_string())) {
    return ErrorResponse(util::Error::InvalidArgument(
        "Send {\"ids\": [trail ids], \"format\": \"gpx\" or \"geojson\"}."));
  }
  for (const auto& id : listed) {
    if (!id.is_string()) {
      return ErrorResponse(util::Error::InvalidField(
          "Invalid ids.", "ids", "validation_invalid_type", "Trail ids are strings."));
    }
    ids.push_back(id.get<std::string>());
  }
  const std::string kind = format.is_string() ? format.get<std::string>() : "gpx";
  if (kind != "gpx" && kind != "geojson") {
    return ErrorResponse(util::Error::InvalidField("Unknown format.", "format",
                                                   "validation_invalid_value",
                                                   "Must be \"gpx\" or \"geojson\"."));
  }
  auto file = tracks_.ExportTrails(
      *caller, ids,
      kind == "gpx" ? services::ExportFormat::kGpx : services::ExportFormat::kGeoJson);
  if (!file.ok()) return ErrorResponse(file.error());
  return FileResponse(std::move(file).value());
}

http::Response TrackRoutes::ShowProfile(const http::Request& request) {
  auto id = RecordIdParam(request);
  if (!id.ok()) return ErrorResponse(id.error());
  auto caller = callers_.Resolve(request);
  if (!caller.ok()) return ErrorResponse(caller.error());
  auto points = BoundedIntParam(request, "points", services::kDefaultProfilePoints,
                                services::kMinProfilePoints, services::kMaxProfilePoints);
  if (!points.ok()) return ErrorResponse(points.error());
  const std::string if_none_match = request.Header("If-None-Match");
  auto profile = tracks_.ProfileOfTrail(*caller, *id, *points, [&](const std::string& version) {
    return !if_none_match.empty() && http::IfNoneMatchMatches(if_none_match, ETagOf(version));
  });
  if (!profile.ok()) return ErrorResponse(profile.error());
  http::Response response = profile->profile ? JsonResponse(*profile->profile)
                                             : http::Response{304, "application/json", "", {}};
  response.headers.emplace_back("ETag", ETagOf(profile->version));
  response.headers.emplace_back("Cache-Control", kProfileCache);
  // The same URL answers differently to different callers (a share token, a login).
  response.headers.emplace_back("Vary", "Cookie, Authorization");
  return response;
}

}  // namespace cairn::api
