// Missing heights from a remote Valhalla: batches of the missing points, answers checked.
#include "services/elevation/remote_elevation.h"

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "geo/polyline.h"
#include "util/in_flight.h"
#include "util/log.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

// Valhalla's value for a point its tiles do not cover (skadi's NO_DATA_VALUE).
constexpr double kValhallaNoData = -32768;
// Heights outside this range are not of this planet's surface: a broken answer.
constexpr double kLowestPlausible = -500;
constexpr double kHighestPlausible = 9000;

}  // namespace

ValhallaRemoteElevation::ValhallaRemoteElevation(net::HttpClient server, const util::Clock& clock,
                                                 RemoteElevationLimits limits)
    : server_(std::move(server)),
      limits_(limits),
      per_user_(clock, {.capacity = limits.burst, .refill_per_minute = limits.per_minute}) {}

util::Status ValhallaRemoteElevation::FillMissing(const Caller& caller,
                                                  std::span<const geo::LatLon> points,
                                                  std::span<double> heights) {
  std::vector<size_t> missing;
  for (size_t i = 0; i < heights.size(); ++i) {
    if (std::isnan(heights[i])) missing.push_back(i);
  }
  if (missing.empty()) return util::OkStatus();
  if (const int64_t wait = per_user_.TakeOrRetryAfterSeconds(caller.user_id); wait > 0) {
    return util::Error::TooManyRequests(
        "too many requests for remote heights; try again in " + std::to_string(wait) + " s", wait);
  }
  util::InFlightSlot slot(in_flight_, limits_.max_in_flight);
  if (!slot.taken()) {
    return util::Error::TooManyRequests("it is busy with other requests; try again in a moment", 1);
  }
  std::vector<geo::LatLon> batch;
  std::vector<double> answer;
  for (size_t start = 0; start < missing.size(); start += limits_.points_per_request) {
    const size_t end = std::min(missing.size(), start + limits_.points_per_request);
    batch.clear();
    for (size_t k = start; k < end; ++k) batch.push_back(points[missing[k]]);
    answer.assign(batch.size(), NAN);
    CAIRN_RETURN_IF_ERROR(AskBatch(batch, answer));
    for (size_t k = start; k < end; ++k) heights[missing[k]] = answer[k - start];
  }
  return util::OkStatus();
}

util::Status ValhallaRemoteElevation::AskBatch(std::span<const geo::LatLon> batch,
                                               std::span<double> out) const {
  const Json request = {{"encoded_polyline", geo::EncodePolyline(batch, 6)},
                        {"height_precision", 1}};
  auto answer = server_.PostJson("/height", request.dump());
  if (!answer.ok()) {
    util::LogWarning("elevation: " + answer.error().message);
    if (answer.error().kind == util::ErrorKind::kUpstreamTimeout) {
      return util::Error::UpstreamTimeout("it did not answer in time");
    }
    return util::Error::UpstreamFailed("it could not be reached");
  }
  const std::string where = "elevation: " + server_.display_url() + "/height answered HTTP " +
                            std::to_string(answer->status);
  if (answer->status < 200 || answer->status >= 300) {
    util::LogWarning(where);
    return util::Error::UpstreamFailed("it failed (HTTP " + std::to_string(answer->status) + ")");
  }
  const Json body = Json::parse(answer->body, nullptr, false);
  const Json* heights = nullptr;
  if (body.is_object()) {
    if (auto found = body.find("height"); found != body.end() && found->is_array()) {
      heights = &*found;
    }
  }
  if (!heights || heights->size() != out.size()) {
    util::LogWarning(where + " without a height array of " + std::to_string(out.size()) +
                     " entries");
    return util::Error::UpstreamFailed("its answer was not a list of heights for the points");
  }
  for (size_t i = 0; i < out.size(); ++i) {
    const Json& value = (*heights)[i];
    if (!value.is_number()) continue;  // null: no data there either
    const double height = value.get<double>();
    if (height == kValhallaNoData) continue;
    if (!std::isfinite(height) || height < kLowestPlausible || height > kHighestPlausible) {
      util::LogWarning(where + " with an implausible height " + value.dump());
      return util::Error::UpstreamFailed("its answer held an implausible height");
    }
    out[i] = height;
  }
  return util::OkStatus();
}

}  // namespace cairn::services
