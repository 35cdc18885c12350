#include "geo/line_area.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <tuple>
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
  LatLon previous{}, p{};
  if (!next(previous)) return best;
  auto [x0, y0] = project(previous);
  best = std::hypot(x0, y0);
  while (best > enough && next(p)) {
    // The stretch goes the short way from where its start was placed: each end placed apart
    // could put them on opposite sides of the world, and a stretch half a world from `point`
    // (astride the meridian opposite it) would seem to pass right by it.
    const double x1 = x0 + LongitudeDifferenceDegrees(previous.lon, p.lon) * scale.lon;
    const double y1 = (p.lat - point.lat) * scale.lat;
    const double dx = x1 - x0, dy = y1 - y0;
    const double length2 = dx * dx + dy * dy;
    // The nearest point of the stretch to the origin: its projection, clamped to the stretch.
    const double t = length2 > 0 ? std::clamp(-(x0 * dx + y0 * dy) / length2, 0.0, 1.0) : 0.0;
    best = std::min(best, std::hypot(x0 + t * dx, y0 + t * dy));
    previous = p;
    std::tie(x0, y0) = project(p);
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

// The least `v` whose point `v / scale` (as PolylineReader divides) is at or above `edge`, and
// the greatest at or below it: a box's edges in a line's own units, so that an integer
// comparison answers exactly as the one in degrees would. `edge` is finite and within ±180.
int64_t FirstAtOrAbove(double edge, int64_t scale) {
  const double s = static_cast<double>(scale);
  auto v = static_cast<int64_t>(std::ceil(edge * s));
  while (static_cast<double>(v - 1) / s >= edge) --v;
  while (static_cast<double>(v) / s < edge) ++v;
  return v;
}
int64_t LastAtOrBelow(double edge, int64_t scale) {
  const double s = static_cast<double>(scale);
  auto v = static_cast<int64_t>(std::floor(edge * s));
  while (static_cast<double>(v + 1) / s <= edge) ++v;
  while (static_cast<double>(v) / s > edge) --v;
  return v;
}

// A box in a line's own units. Its outcode tells on which sides of the box a point lies: two
// points on the same side (a shared bit) have no stretch between them in the box, so most of a
// line far from the box costs its decoding and four comparisons per point.
struct ScaledBox {
  int64_t south, west, north, east;

  ScaledBox(const BoundingBox& box, int64_t scale)
      : south(FirstAtOrAbove(box.south, scale)),
        west(FirstAtOrAbove(box.west, scale)),
        north(LastAtOrBelow(box.north, scale)),
        east(LastAtOrBelow(box.east, scale)) {}

  unsigned Outcode(int64_t lat, int64_t lon) const {
    return (lat < south ? 1u : 0u) | (lat > north ? 2u : 0u) | (lon < west ? 4u : 0u) |
           (lon > east ? 8u : 0u);
  }
};

bool Scalable(const BoundingBox& box) {
  return std::abs(box.south) <= 90 && std::abs(box.north) <= 90 && std::abs(box.west) <= 180 &&
         std::abs(box.east) <= 180;
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
  if (box.CrossesAntimeridian() || !Scalable(box)) return CrossesBox(EncodedPoints(reader), box);
  const ScaledBox scaled(box, reader.scale());
  const PlainBox plain{box.south, box.west, box.north, box.east};
  const int64_t half_turn = 180 * reader.scale();
  const auto degrees = [s = static_cast<double>(reader.scale())](int64_t lat, int64_t lon) {
    return LatLon{static_cast<double>(lat) / s, static_cast<double>(lon) / s};
  };
  int64_t lat = 0, lon = 0;
  if (!reader.NextScaled(lat, lon)) return false;
  unsigned code = scaled.Outcode(lat, lon);
  if (code == 0) return true;
  for (int64_t previous_lat = lat, previous_lon = lon; reader.NextScaled(lat, lon);
       previous_lat = lat, previous_lon = lon) {
    const unsigned previous_code = code;
    code = scaled.Outcode(lat, lon);
    if (code == 0) return true;
    // Both ends beyond one edge: the stretch is too, unless it goes the short way over the
    // antimeridian, which the test in degrees follows.
    if ((code & previous_code) != 0 && std::llabs(lon - previous_lon) <= half_turn) continue;
    const LatLon a = degrees(previous_lat, previous_lon);
    if (StepMeetsPlainBox(&a, degrees(lat, lon), plain)) return true;
  }
  return false;
}

bool EncodedPointInBox(std::string_view polyline, const BoundingBox& box) {
  PolylineReader reader(polyline);
  if (!Scalable(box)) {
    for (LatLon point; reader.Next(point);) {
      if (InBox(point, box)) return true;
    }
    return false;
  }
  const ScaledBox scaled(box, reader.scale());
  const bool wraps = box.CrossesAntimeridian();
  for (int64_t lat = 0, lon = 0; reader.NextScaled(lat, lon);) {
    if (lat < scaled.south || lat > scaled.north) continue;
    if (wraps ? lon >= scaled.west || lon <= scaled.east
              : lon >= scaled.west && lon <= scaled.east) {
      return true;
    }
  }
  return false;
}

bool EncodedLineWithin(std::string_view polyline, const LatLon& point, double meters) {
  PolylineReader reader(polyline);
  return Nearest(EncodedPoints(reader), point, meters) <= meters;
}

}  // namespace cairn::geo
