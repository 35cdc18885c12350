// POST /api/v1/valhalla/height: heights along a line from the server's terrain model, in
// Valhalla's request and answer shapes (services/elevation, docs/TERRAIN.md).
#pragma once

#include "api/core/api_router.h"
#include "services/elevation/height_service.h"

namespace cairn::api {

class HeightRoutes {
 public:
  explicit HeightRoutes(services::HeightService& heights) : heights_(heights) {}

  void Register(ApiRouter& router);

 private:
  // Body: {shape: [{lat, lon}]} or {encoded_polyline} (precision 6), optional range,
  // height_precision (0..2) and id; at most 8 MiB and services::kMaxHeightPoints points.
  // 200 {shape | encoded_polyline, height | range_height, warnings?}; 401 anonymous; 400 for a
  // malformed body or polyline; 413 above the limits.
  util::Result<http::Response> Heights(const http::Request& request,
                                       const services::Caller& caller);

  services::HeightService& heights_;
};

}  // namespace cairn::api
