// POST /valhalla/height: heights along a line from the server's terrain model (dem/), in
// Valhalla's shapes, with a seam for a remote elevation service where the model has no tile.
#pragma once

#include <nlohmann/json.hpp>
#include <span>

#include "dem/terrain_model.h"
#include "services/core/caller.h"
#include "services/elevation/valhalla_height.h"
#include "util/result.h"

namespace cairn::services {

// Heights for points the terrain model does not cover, from elsewhere (--elevation-url:
// services/elevation/remote_elevation.h). Implementations must be thread-safe and bounded in
// time.
class RemoteElevation {
 public:
  virtual ~RemoteElevation() = default;
  // Fills the NaN entries of `heights` (one per point) that it can, for `caller` (limits are per
  // person). An error leaves the rest NaN; its message completes "The remote elevation service
  // ...: " and the caller turns it into a warning, never into a failed request.
  virtual util::Status FillMissing(const Caller& caller, std::span<const geo::LatLon> points,
                                   std::span<double> heights) = 0;
};

class HeightService {
 public:
  // `remote` may be null (no remote configured); both must outlive the service.
  HeightService(dem::TerrainModel& terrain, RemoteElevation* remote)
      : terrain_(terrain), remote_(remote) {}

  // Answers a Valhalla /height body (services/elevation/valhalla_height.h) for a signed-in
  // caller: heights from the terrain model, then from the remote for points it lacks; points
  // still without one are null, with a warning saying how many. Unauthorized for anonymous
  // callers; the errors of ParseHeightRequest. Never touches the disk beyond the mapped tiles
  // (and a stat of the manifest). Thread-safe.
  // The answer is JSON text (RenderHeightAnswer).
  util::Result<std::string> Heights(const Caller& caller, const nlohmann::json& body) const;

 private:
  dem::TerrainModel& terrain_;
  RemoteElevation* remote_;
};

}  // namespace cairn::services
