// A trail's elevation profile: elevation against distance along the line, and its downsampling
// to a size a browser draws cheaply without losing the peaks.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "geo/track.h"

namespace cairn::geo {

struct ProfilePoint {
  double distance_m = 0;      // along the line from its first point, as the statistics count it
  double ele = kNoElevation;  // metres; NaN when the point has none
  double lat = 0;
  double lon = 0;
  // The first point of a segment after the first (see PartedLine): the line is not drawn from
  // the point before it to this one.
  bool starts_part = false;
};

// Every point of the line parts (see LinePartKind) in file order, with the distance along the
// line (ForEachLinePoint: no distance across a gap between segments or a pause), so the last
// point's distance is ComputeStatistics(track).distance_m. Distances never decrease. The first
// point of every non-empty segment after the first starts a part. Empty for a track without
// line points. Pure.
std::vector<ProfilePoint> ElevationProfile(const Track& track);

// At most `max_points` (at least 2) of `profile`, chosen to keep its shape: the first and the last
// point, and between them (max_points - 2) / 2 equal stretches of distance, each represented by
// its lowest and its highest point (in their order along the line; one point when they are the
// same or the stretch has no elevation at all, none when it has no point). So the highest and
// the lowest point of the whole profile are always kept. When every point is at the same
// distance, the stretches are equal runs of points instead. A profile of at most `max_points`
// comes back whole. The points keep their order; distances never decrease. Linear; pure.
// A profile in parts (points that start one) is downsampled part by part, each part keeping its
// first and last point and a share of the budget for its length; when the parts' ends alone
// would not fit, it is downsampled as one line and a kept point starts a part when a part
// started since the kept point before it.
std::vector<ProfilePoint> DownsampleProfile(std::span<const ProfilePoint> profile,
                                            size_t max_points);

}  // namespace cairn::geo
