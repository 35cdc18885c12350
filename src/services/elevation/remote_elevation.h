// Heights the terrain model lacks, from the Valhalla server the admin configured
// (--elevation-url): its /height endpoint, asked only for the missing points, within limits.
#pragma once

#include <atomic>
#include <optional>

#include "net/http_client.h"
#include "services/elevation/height_service.h"
#include "util/clock.h"
#include "util/token_buckets.h"

namespace cairn::services {

struct RemoteElevationLimits {
  // Points per request to the remote: Valhalla's default limit for /height is far higher, but
  // public servers set lower ones, and smaller requests time out less.
  size_t points_per_request = 5'000;
  // Per user, requests to the remote: this many at once, then `per_minute` (the route planner
  // asks once per batch of new points).
  int burst = 30;
  int per_minute = 60;
  // Requests waiting on the remote at one time, all users together: each holds a server thread.
  int max_in_flight = 4;
};

// Thread-safe.
class ValhallaRemoteElevation : public RemoteElevation {
 public:
  ValhallaRemoteElevation(net::HttpClient server, const util::Clock& clock,
                          RemoteElevationLimits limits = {});

  // POSTs {encoded_polyline (precision 6), height_precision: 1} to /height in batches of
  // `points_per_request` and fills the NaN heights from the answers' `height` arrays (null and
  // Valhalla's no-data value -32768 stay NaN). Fails, with what was filled kept, with
  // TooManyRequests past the caller's limit or when `max_in_flight` requests are waiting,
  // UpstreamTimeout / UpstreamFailed when the remote does not answer, answers an HTTP error,
  // something that is not JSON or a `height` array of another length. Messages are for people
  // and name no URL; the log names the remote's display URL.
  util::Status FillMissing(const Caller& caller, std::span<const geo::LatLon> points,
                           std::span<double> heights) override;

 private:
  // One batch: the heights of `batch` into `out` (same length).
  util::Status AskBatch(std::span<const geo::LatLon> batch, std::span<double> out) const;

  net::HttpClient server_;
  RemoteElevationLimits limits_;
  util::TokenBuckets per_user_;
  std::atomic<int> in_flight_{0};
};

}  // namespace cairn::services
