// Valhalla's /height request and answer shapes (valhalla.github.io/valhalla/api/elevation):
// `shape: [{lat, lon}]` or `encoded_polyline` (precision 6), `range`, `height_precision`, `id`.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "geo/geodesy.h"
#include "util/result.h"

namespace cairn::services {

// The most points one request may hold: a 100 000-point line is answered in well under a second
// on a Raspberry Pi class machine (docs/TERRAIN.md), and its JSON stays below the body limit.
inline constexpr size_t kMaxHeightPoints = 100'000;
// The largest /height body: 100 000 shape points with generous formatting.
inline constexpr size_t kMaxHeightBodyBytes = 8 * 1024 * 1024;

// Something the caller should know about an answer, e.g. points without a height.
struct HeightWarning {
  std::string code;  // "outside_terrain_model", "remote_elevation_failed"
  std::string text;
};

struct HeightRequest {
  std::vector<geo::LatLon> points;
  bool range = false;   // answer range_height ([distance, height] pairs) instead of height
  int precision = 0;    // decimals of heights and distances, 0..2
  nlohmann::json echo;  // what the answer repeats: id and shape or encoded_polyline
};

// Reads a /height body. InvalidArgument naming the member for: neither shape nor
// encoded_polyline, an empty line, a shape point without numeric lat and lon in range, a
// malformed polyline (naming the byte), a non-boolean range, a height_precision other than
// 0, 1 or 2, and resample_distance (not supported). TooLarge beyond kMaxHeightPoints points
// (the polyline is decoded no further than that). Pure.
util::Result<HeightRequest> ParseHeightRequest(const nlohmann::json& body);

// The answer as JSON text: the echo's members, then `height` (or with range `range_height`) with
// `heights` (NaN = unknown, rendered null) and `distances` (metres from the first point, with
// range) rounded to the request's precision (integers at 0), and `warnings` as [{code, text}]
// when there are any. Pure.
std::string RenderHeightAnswer(const HeightRequest& request, const std::vector<double>& heights,
                               const std::vector<double>& distances,
                               const std::vector<HeightWarning>& warnings);

}  // namespace cairn::services
