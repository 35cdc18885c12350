// Terrain heights along a track: one batched lookup per segment, in order along the line (the
// order TileSet::Heights is fastest in).
#include "dem/track_heights.h"

#include <cmath>
#include <vector>

#include "geo/statistics.h"

namespace cairn::dem {

TrackCoverage PutTerrainHeights(const TileSet& tiles, geo::Track& track) {
  const geo::PartKind line_kind = geo::LinePartKind(track);
  TrackCoverage coverage;
  std::vector<geo::LatLon> points;
  std::vector<double> heights;
  for (geo::TrackPart& part : track.parts) {
    for (geo::Segment& segment : part.segments) {
      points.clear();
      for (const geo::TrackPoint& p : segment) points.push_back({p.lat, p.lon});
      heights.assign(points.size(), 0.0);
      tiles.Heights(points, heights);
      for (size_t i = 0; i < segment.size(); ++i) {
        segment[i].ele = heights[i];
        if (part.kind != line_kind) continue;
        ++coverage.points;
        if (!std::isnan(heights[i])) ++coverage.covered;
      }
    }
  }
  return coverage;
}

}  // namespace cairn::dem
