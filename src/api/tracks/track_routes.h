// Routes that take or give GPS files: upload a GPS file as a new trail, download trails as GPX or
// GeoJSON, and a trail's elevation profile. (New tracks for existing records are uploads: see
// FileRoutes.)
#pragma once

#include "api/core/caller_resolver.h"
#include "http/router.h"
#include "services/tracks/track_service.h"

namespace cairn::api {

class TrackRoutes {
 public:
  TrackRoutes(services::TrackService& tracks, const CallerResolver& callers)
      : tracks_(tracks), callers_(callers) {}

  void Register(http::Router& router);

 private:
  http::Response UploadTrail(const http::Request& request);
  http::Response DownloadTrails(const http::Request& request);
  http::Response ShowProfile(const http::Request& request);

  services::TrackService& tracks_;
  const CallerResolver& callers_;
};

}  // namespace cairn::api
