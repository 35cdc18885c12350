// Routes from the Valhalla server the admin configured (--routing-url), for signed-in people,
// within a rate limit, with its answers and failures turned into Cairn's.
#pragma once

#include <atomic>
#include <nlohmann/json.hpp>
#include <optional>

#include "net/http_client.h"
#include "services/core/caller.h"
#include "util/clock.h"
#include "util/result.h"
#include "util/token_buckets.h"

namespace cairn::services::routing {

// The message of the 503 without --routing-url; the web app recognises the error by its
// fact "reason": "routing_not_configured" (and may show this text).
inline constexpr const char* kRoutingNotConfiguredMessage =
    "Routing is not configured on this server: the admin can point it at a Valhalla server with "
    "--routing-url. Lines are drawn straight until then.";

struct RoutingLimits {
  // Per user: this many requests at once, then `per_minute` (a route planner asks once per pair
  // of points, and twice when a point in the middle is dragged).
  int burst = 30;
  int per_minute = 60;
  // Requests waiting on the routing server at one time, for all users together: each holds one
  // of the server's HTTP threads, so a slow routing server cannot take them all.
  int max_in_flight = 4;
};

// Thread-safe.
class RoutingService {
 public:
  // `server` is the routing server's client, nullopt when routing is not configured.
  RoutingService(std::optional<net::HttpClient> server, const util::Clock& clock,
                 RoutingLimits limits = {});

  bool configured() const { return server_.has_value(); }

  // Forwards `request` (checked by CheckRouteRequest, otherwise unchanged) to the server's
  // /route and answers Valhalla's JSON answer as it is (`trip.legs[].shape` polylines are
  // precision 6). Nothing in `request` chooses where it goes: only the configured URL is used.
  // Fails with
  //  - Unauthorized for an anonymous caller;
  //  - Unavailable with kRoutingNotConfiguredMessage and the fact reason=routing_not_configured
  //    when there is no server;
  //  - what CheckRouteRequest fails with;
  //  - TooManyRequests (with the seconds to wait) past the caller's limit, or when
  //    `max_in_flight` requests are already waiting on the server;
  //  - InvalidArgument with Valhalla's own message (and the fact valhalla_error_code) when
  //    Valhalla refuses the request (HTTP 400: no route, no road near a point, over its limits);
  //  - UpstreamTimeout when the server does not answer within its timeout;
  //  - UpstreamFailed when it cannot be reached, fails (5xx, with its message when it gave one),
  //    or answers something that is not a JSON object.
  // The failures of the server are logged for the admin (where, why; never the request's
  // coordinates), and answered with a sentence that does not name the server's address.
  util::Result<nlohmann::json> Route(const Caller& caller, const nlohmann::json& request);

 private:
  util::Result<nlohmann::json> Forward(const nlohmann::json& request);

  std::optional<net::HttpClient> server_;
  const RoutingLimits limits_;
  util::TokenBuckets per_user_;
  std::atomic<int> in_flight_{0};
};

}  // namespace cairn::services::routing
