// Routes that take or give GPS files: upload a GPS file as a new trail, download trails as GPX or
// GeoJSON, a planned line as GPX, a trail's elevation profile, and its figures from the terrain
// model (or its file). (New tracks for existing records are uploads: see FileRoutes.)
#pragma once

#include "api/core/api_router.h"
#include "services/tracks/terrain_elevation.h"
#include "services/tracks/track_service.h"

namespace cairn::api {

class TrackRoutes {
 public:
  TrackRoutes(services::TrackService& tracks, services::TerrainElevation& terrain)
      : tracks_(tracks), terrain_(terrain) {}

  void Register(ApiRouter& router);

 private:
  using Caller = services::Caller;
  util::Result<http::Response> UploadTrail(const http::Request& request, const Caller& caller);
  util::Result<http::Response> DownloadTrails(const http::Request& request, const Caller& caller);
  util::Result<http::Response> PlannedGpx(const http::Request& request, const Caller& caller);
  util::Result<http::Response> ShowProfile(const http::Request& request, const Caller& caller);
  util::Result<http::Response> ApplyTerrainElevation(const http::Request& request,
                                                     const Caller& caller);
  util::Result<http::Response> ShowTerrainCoverage(const http::Request& request,
                                                   const Caller& caller);
  util::Result<http::Response> UndoTerrainElevation(const http::Request& request,
                                                    const Caller& caller);

  services::TrackService& tracks_;
  services::TerrainElevation& terrain_;
};

}  // namespace cairn::api
