// A track's altitudes replaced by the terrain model's heights along it.
#pragma once

#include <cstddef>

#include "dem/tile_set.h"
#include "geo/track.h"

namespace cairn::dem {

// How much of a track's line (the parts geo::LinePartKind picks) the terrain model covers.
struct TrackCoverage {
  size_t points = 0;   // line points
  size_t covered = 0;  // of them, those a tile covers
  bool Complete() const { return points > 0 && covered == points; }
  // The covered share in whole percent, rounded down (so 99.9% never reads as 100%).
  int Percent() const { return points == 0 ? 0 : static_cast<int>(covered * 100 / points); }
};

// Sets the elevation of every point of every part of `track` (tracks and routes alike) to the
// terrain's height there, or to no elevation (NaN) where no tile covers it; waypoints keep
// theirs. Returns the coverage of the line parts. Times, positions and device totals are left
// as they were. Thread-safe as TileSet::Heights is; no allocation beyond one segment's heights.
TrackCoverage PutTerrainHeights(const TileSet& tiles, geo::Track& track);

}  // namespace cairn::dem
