// Finding trails beyond a text query: the ranges of the trail filter's sliders, the box that
// frames every visible trail on a map, and trails to try next. Each answer covers only the trails
// the caller may see.
#pragma once

#include <random>

#include "services/core/record_service.h"
#include "storage/database.h"

namespace cairn::services {

// How many trails a recommendation holds when the caller names no number, and at most.
inline constexpr int kDefaultRecommendedTrails = 5;
inline constexpr int kMaxRecommendedTrails = 100;

class TrailDiscovery {
 public:
  TrailDiscovery(storage::Database& database, RecordService& records);

  // {min_distance, max_distance, min_elevation_gain, max_elevation_gain, min_elevation_loss,
  // max_elevation_loss, min_duration, max_duration} over the visible trails, numbers; all 0 when
  // there are none.
  util::Result<Json> FilterBounds(const Caller& caller);

  // {min_lat, min_lon, max_lat, max_lon} around every visible trail's whole track (or its start
  // when it has no track); min_lon > max_lon when the box crosses the antimeridian, the whole
  // globe's longitudes when the tracks go all the way round; all null when there is no trail.
  util::Result<Json> BoundingBox(const Caller& caller);

  // Up to `size` (1 to 100) visible trails the caller did not write and has no summit log on,
  // drawn at random from those nearest the caller's own trails (from all, for a caller without
  // trails or signed out), so two calls differ.
  util::Result<Json> Recommend(const Caller& caller, int size);

 private:
  storage::Database& database_;
  RecordService& records_;
  std::mutex random_mutex_;
  std::mt19937_64 random_;
};

}  // namespace cairn::services
