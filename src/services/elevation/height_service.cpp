// Heights from the terrain model, distances along the line, warnings for what is missing.
#include "services/elevation/height_service.h"

#include <cmath>

namespace cairn::services {
namespace {

size_t CountMissing(const std::vector<double>& heights) {
  size_t missing = 0;
  for (double h : heights) missing += std::isnan(h) ? 1 : 0;
  return missing;
}

std::vector<double> CumulativeDistances(const std::vector<geo::LatLon>& points) {
  std::vector<double> distances(points.size(), 0.0);
  for (size_t i = 1; i < points.size(); ++i) {
    distances[i] = distances[i - 1] + geo::DistanceMeters(points[i - 1], points[i]);
  }
  return distances;
}

}  // namespace

util::Result<std::string> HeightService::Heights(const Caller& caller,
                                                 const nlohmann::json& body) const {
  // Signed-in callers only, like the routing proxy: heights cost CPU, and once a remote is
  // configured an open endpoint would relay anyone's requests to it.
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to look up heights.");
  CAIRN_ASSIGN_OR_RETURN(HeightRequest request, ParseHeightRequest(body));
  std::vector<double> heights(request.points.size());
  terrain_.Current()->Heights(request.points, heights);
  std::vector<HeightWarning> warnings;
  size_t missing = CountMissing(heights);
  if (missing > 0 && remote_) {
    if (auto filled = remote_->FillMissing(caller, request.points, heights); !filled.ok()) {
      warnings.push_back(
          {"remote_elevation_failed", "Heights from the remote elevation service are missing: " +
                                          filled.error().message + "."});
    }
    missing = CountMissing(heights);
  }
  if (missing > 0) {
    warnings.push_back({"outside_terrain_model",
                        std::to_string(missing) + " of " + std::to_string(heights.size()) +
                            (remote_ ? " points have no height, neither from this server's "
                                       "terrain model nor from the remote elevation service; "
                                       "their heights are null."
                                     : " points lie outside this server's terrain model; their "
                                       "heights are null (the server's owner can add tiles "
                                       "with cairn dem add).")});
  }
  const std::vector<double> distances =
      request.range ? CumulativeDistances(request.points) : std::vector<double>();
  return RenderHeightAnswer(request, heights, distances, warnings);
}

}  // namespace cairn::services
