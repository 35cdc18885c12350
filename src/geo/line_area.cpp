#include "geo/line_area.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cairn::geo {
namespace {

// A box that does not cross the antimeridian: west <= east.
struct PlainBox {
  double south, west, north, east;

  bool Holds(double lat, double lon) const {
    return lat >= south && lat <= north && lon >= west && lon <= east;
  }
};

// Liang–Barsky: whether the segment from (x0, y0) to (x1, y1) meets the box.
bool SegmentMeetsBox(double x0, double y0, double x1, double y1, const PlainBox& box) {
  double enter = 0, leave = 1;
  const double dx = x1 - x0, dy = y1 - y0;
  const double p[4] = {-dx, dx, -dy, dy};
  const double q[4] = {x0 - box.west, box.east - x0, y0 - box.south, box.north - y0};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;  // parallel to this edge and outside it
      continue;
    }
    const double t = q[i] / p[i];
    if (p[i] < 0) {
      enter = std::max(enter, t);
    } else {
      leave = std::min(leave, t);
    }
    if (enter > leave) return false;
  }
  return true;
}

bool LineCrossesPlainBox(std::span<const LatLon> line, const PlainBox& box) {
  for (size_t i = 0; i < line.size(); ++i) {
    const LatLon& b = line[i];
    if (box.Holds(b.lat, b.lon)) return true;
    if (i == 0) continue;
    const LatLon& a = line[i - 1];
    // The short way: a stretch over the antimeridian is drawn from `a` past ±180°; test it as
    // seen from both sides (each copy of the stretch in one of the two neighbouring worlds).
    const double step = LongitudeDifferenceDegrees(a.lon, b.lon);
    if (SegmentMeetsBox(a.lon, a.lat, a.lon + step, b.lat, box)) return true;
    if (a.lon + step != b.lon && SegmentMeetsBox(b.lon - step, a.lat, b.lon, b.lat, box)) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool LineCrossesBox(std::span<const LatLon> line, const BoundingBox& box) {
  if (!box.CrossesAntimeridian()) {
    return LineCrossesPlainBox(line, {box.south, box.west, box.north, box.east});
  }
  return LineCrossesPlainBox(line, {box.south, box.west, box.north, 180}) ||
         LineCrossesPlainBox(line, {box.south, -180, box.north, box.east});
}

bool AnyPointInBox(std::span<const LatLon> points, const BoundingBox& box) {
  return std::any_of(points.begin(), points.end(), [&](const LatLon& p) {
    return p.lat >= box.south && p.lat <= box.north &&
           (box.CrossesAntimeridian() ? p.lon >= box.west || p.lon <= box.east
                                      : p.lon >= box.west && p.lon <= box.east);
  });
}

double DistanceToLineMeters(std::span<const LatLon> line, const LatLon& point) {
  if (line.empty()) return std::numeric_limits<double>::infinity();
  const MetersPerDegree scale = MetersPerDegreeAt(point.lat);
  // Each point in metres east and north of `point`. Longitudes keep the cosine of `point`'s
  // latitude, which overstates east-west distances poleward and understates them equatorward
  // by about the latitude difference in radians times tan(lat): small for map-search radii.
  auto project = [&](const LatLon& p) {
    return std::pair{LongitudeDifferenceDegrees(point.lon, p.lon) * scale.lon,
                     (p.lat - point.lat) * scale.lat};
  };
  double best = std::numeric_limits<double>::infinity();
  auto [x0, y0] = project(line[0]);
  best = std::hypot(x0, y0);
  for (size_t i = 1; i < line.size(); ++i) {
    const auto [x1, y1] = project(line[i]);
    const double dx = x1 - x0, dy = y1 - y0;
    const double length2 = dx * dx + dy * dy;
    // The nearest point of the stretch to the origin: its projection, clamped to the stretch.
    const double t = length2 > 0 ? std::clamp(-(x0 * dx + y0 * dy) / length2, 0.0, 1.0) : 0.0;
    best = std::min(best, std::hypot(x0 + t * dx, y0 + t * dy));
    x0 = x1;
    y0 = y1;
  }
  return best;
}

}  // namespace cairn::geo
