// Routes that take or give GPS files: upload a GPS file as a new trail, download trails as GPX or
// GeoJSON, a planned line as GPX, and a trail's elevation profile. (New tracks for existing records
// are uploads: see FileRoutes.)
#pragma once

#include "api/core/api_router.h"
#include "services/tracks/track_service.h"

namespace cairn::api {

class TrackRoutes {
 public:
  explicit TrackRoutes(services::TrackService& tracks) : tracks_(tracks) {}

  void Register(ApiRouter& router);

 private:
  using Caller = services::Caller;
  util::Result<http::Response> UploadTrail(const http::Request& request, const Caller& caller);
  util::Result<http::Response> DownloadTrails(const http::Request& request, const Caller& caller);
  util::Result<http::Response> PlannedGpx(const http::Request& request, const Caller& caller);
  util::Result<http::Response> ShowProfile(const http::Request& request, const Caller& caller);

  services::TrackService& tracks_;
};

}  // namespace cairn::api
