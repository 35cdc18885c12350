#include "geo/line_area.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "geo/polyline.h"

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

// Whether `b`, or the stretch from `a` to `b` when there is an `a`, lies in `box`.
bool StepMeetsPlainBox(const LatLon* a, const LatLon& b, const PlainBox& box) {
  if (box.Holds(b.lat, b.lon)) return true;
  if (a == nullptr) return false;
  // The short way: a stretch over the antimeridian is drawn from `a` past ±180°; test it as
  // seen from both sides (each copy of the stretch in one of the two neighbouring worlds).
  const double step = LongitudeDifferenceDegrees(a->lon, b.lon);
  if (SegmentMeetsBox(a->lon, a->lat, a->lon + step, b.lat, box)) return true;
  return a->lon + step != b.lon && SegmentMeetsBox(b.lon - step, a->lat, b.lon, b.lat, box);
}

// LineCrossesBox over the points `next(point)` yields until it returns false, stopping at the
// first point or stretch in the box.
template <typename NextPoint>
bool CrossesBox(NextPoint&& next, const BoundingBox& box) {
  PlainBox parts[2] = {{box.south, box.west, box.north, box.east}, {}};
  int count = 1;
  if (box.CrossesAntimeridian()) {
    parts[0] = {box.south, box.west, box.north, 180};
    parts[1] = {box.south, -180, box.north, box.east};
    count = 2;
  }
  LatLon previous{}, point{};
  bool first = true;
  while (next(point)) {
    for (int i = 0; i < count; ++i) {
      if (StepMeetsPlainBox(first ? nullptr : &previous, point, parts[i])) return true;
    }
    previous = point;
    first = false;
  }
  return false;
}

bool InBox(const LatLon& p, const BoundingBox& box) {
  return p.lat >= box.south && p.lat <= box.north &&
         (box.CrossesAntimeridian() ? p.lon >= box.west || p.lon <= box.east
                                    : p.lon >= box.west && p.lon <= box.east);
}

// DistanceToLineMeters over the points `next(point)` yields, stopping as soon as one is within
// `enough` metres (then the distance returned is at most `enough`, not necessarily the least).
template <typename NextPoint>
double Nearest(NextPoint&& next, const LatLon& point, double enough) {
  const MetersPerDegree scale = MetersPerDegreeAt(point.lat);
  // Each point in metres east and north of `point`. Longitudes keep the cosine of `point`'s
  // latitude, which overstates east-west distances poleward and understates them equatorward
  // by about the latitude difference in radians times tan(lat): small for map-search radii.
  auto project = [&](const LatLon& p) {
    return std::pair{LongitudeDifferenceDegrees(point.lon, p.lon) * scale.lon,
                     (p.lat - point.lat) * scale.lat};
  };
  double best = std::numeric_limits<double>::infinity();
  LatLon p{};
  if (!next(p)) return best;
  auto [x0, y0] = project(p);
  best = std::hypot(x0, y0);
  while (best > enough && next(p)) {
    const auto [x1, y1] = project(p);
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

// Yields the points of a span one by one.
auto SpanPoints(std::span<const LatLon> line) {
  return [line, i = size_t{0}](LatLon& point) mutable {
    if (i == line.size()) return false;
    point = line[i++];
    return true;
  };
}

// Yields the points of an encoded polyline one by one, up to its end or its first fault.
auto EncodedPoints(PolylineReader& reader) {
  return [&reader](LatLon& point) { return reader.Next(point); };
}

}  // namespace

bool LineCrossesBox(std::span<const LatLon> line, const BoundingBox& box) {
  return CrossesBox(SpanPoints(line), box);
}

bool AnyPointInBox(std::span<const LatLon> points, const BoundingBox& box) {
  return std::any_of(points.begin(), points.end(), [&](const LatLon& p) { return InBox(p, box); });
}

double DistanceToLineMeters(std::span<const LatLon> line, const LatLon& point) {
  return Nearest(SpanPoints(line), point, -1);
}

bool EncodedLineCrossesBox(std::string_view polyline, const BoundingBox& box) {
  PolylineReader reader(polyline);
  return CrossesBox(EncodedPoints(reader), box);
}

bool EncodedPointInBox(std::string_view polyline, const BoundingBox& box) {
  PolylineReader reader(polyline);
  for (LatLon point; reader.Next(point);) {
    if (InBox(point, box)) return true;
  }
  return false;
}

bool EncodedLineWithin(std::string_view polyline, const LatLon& point, double meters) {
  PolylineReader reader(polyline);
  return Nearest(EncodedPoints(reader), point, meters) <= meters;
}

}  // namespace cairn::geo
