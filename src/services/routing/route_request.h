// What a Valhalla /route request forwarded by Cairn may hold: the checks made before it leaves.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>

#include "util/result.h"

namespace cairn::services::routing {

// At most this many locations in one request. Valhalla applies its own, often lower, limits
// (its defaults: 20 for auto, 50 for bicycle and pedestrian) and answers a 400 past them.
inline constexpr size_t kMaxRouteLocations = 50;
// The request as JSON text: 50 locations with options take a few kilobytes.
inline constexpr size_t kMaxRouteRequestBytes = 64 * 1024;

// Checks a Valhalla route request
// (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/):
//  - `locations`: 2..kMaxRouteLocations objects, each with numeric `lat` in [-90, 90] and `lon`
//    in [-180, 180] (further keys of a location, such as `type`, are Valhalla's business);
//  - `costing`: "pedestrian", "bicycle" or "auto";
//  - `costing_options`, when present: an object;
//  - `directions_type`, when present: "none", "maneuvers" or "instructions";
//  - `format`, when present: "json" (the answer must be JSON for Cairn and its web app).
// Any other key is left to Valhalla. Fails with InvalidArgument naming the first offending
// field (Form A: `data.<field>` with code validation_required or validation_invalid_value) and
// with TooLarge when the JSON text exceeds kMaxRouteRequestBytes. Pure and thread-safe.
util::Status CheckRouteRequest(const nlohmann::json& request);

}  // namespace cairn::services::routing
