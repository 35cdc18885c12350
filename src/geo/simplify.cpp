// Douglas–Peucker with a priority queue: the stretch whose farthest point is farthest is split
// first, so a point cap keeps the most visible bends.
#include "geo/simplify.h"

#include <algorithm>
#include <cmath>
#include <queue>

#include "geo/geodesy.h"
#include "geo/polyline.h"
#include "geo/statistics.h"

namespace cairn::geo {
namespace {

// Longest stretch searched as one; see SimplifyIndices.
constexpr size_t kMaxStretchPoints = 16384;

// A stretch first..last of the line and its point farthest from the chord.
struct Stretch {
  size_t first = 0;
  size_t last = 0;
  size_t farthest = 0;
  double distance_sq = 0;  // square metres

  bool operator<(const Stretch& other) const { return distance_sq < other.distance_sq; }
};

// Finds the point of (first, last) farthest from the segment line[first]–line[last], in a
// local projection at the chord's mid-latitude (exact enough wherever the distance is near the
// tolerance, since those chords are short). Distance to the segment, not to the infinite line,
// so a loop whose ends meet still measures from its start.
Stretch FindFarthest(std::span<const LatLon> line, size_t first, size_t last) {
  const LatLon& a = line[first];
  const LatLon& b = line[last];
  const MetersPerDegree scale = MetersPerDegreeAt(0.5 * (a.lat + b.lat));
  const double bx = scale.lon * LongitudeDifferenceDegrees(a.lon, b.lon);
  const double by = scale.lat * (b.lat - a.lat);
  const double length_sq = bx * bx + by * by;
  Stretch stretch{first, last, first, -1};
  for (size_t i = first + 1; i < last; ++i) {
    const double px = scale.lon * LongitudeDifferenceDegrees(a.lon, line[i].lon);
    const double py = scale.lat * (line[i].lat - a.lat);
    double t = length_sq > 0 ? (px * bx + py * by) / length_sq : 0;
    t = std::clamp(t, 0.0, 1.0);
    const double dx = px - t * bx, dy = py - t * by;
    const double d_sq = dx * dx + dy * dy;
    if (d_sq > stretch.distance_sq) {
      stretch.distance_sq = d_sq;
      stretch.farthest = i;
    }
  }
  return stretch;
}

// Removes the cut points that turned out needless: those whose neighbours' chord passes within
// the tolerance of every point between them. Bounded: only neighbours at most four stretches
// apart are tried, so the pass is linear.
void DropNeedlessCuts(std::span<const LatLon> line, double tolerance_sq, size_t stretch_points,
                      const std::vector<size_t>& cuts, std::vector<size_t>& kept) {
  if (cuts.empty()) return;
  std::vector<size_t> result;
  result.reserve(kept.size());
  size_t next_cut = 0;
  for (size_t k = 0; k < kept.size(); ++k) {
    while (next_cut < cuts.size() && cuts[next_cut] < kept[k]) ++next_cut;
    const bool is_cut = next_cut < cuts.size() && cuts[next_cut] == kept[k];
    if (is_cut && !result.empty() && k + 1 < kept.size()) {
      const size_t before = result.back(), after = kept[k + 1];
      if (after - before <= 4 * stretch_points &&
          !(FindFarthest(line, before, after).distance_sq > tolerance_sq)) {
        continue;
      }
    }
    result.push_back(kept[k]);
  }
  kept = std::move(result);
}

// SimplifyIndices over parts: `starts` (ascending, starts[0] == 0) are the first points of the
// parts of `line`. Every part's first and last point is kept, and no stretch spans two parts.
// `max_points` must leave room for those ends.
std::vector<size_t> SimplifyWithin(std::span<const LatLon> line, std::span<const size_t> starts,
                                   double tolerance_m, size_t max_points) {
  const size_t n = line.size();
  if (n <= 2) {
    std::vector<size_t> all(n);
    for (size_t i = 0; i < n; ++i) all[i] = i;
    return all;
  }
  max_points = std::max<size_t>(max_points, 2);
  const double tolerance_sq = tolerance_m * tolerance_m;
  // Long lines are first cut into stretches of at most `stretch_points`, and the cut points
  // kept, so that a line of many similar wiggles (where each split peels off one wiggle) costs
  // n * stretch_points at worst instead of n * n. As many cut points as max_points allows.
  const size_t stretches_allowed = max_points - 1;
  const size_t stretch_points =
      std::max(kMaxStretchPoints, (n - 1) / stretches_allowed + ((n - 1) % stretches_allowed != 0));
  std::vector<size_t> kept;
  std::vector<size_t> cuts;
  std::priority_queue<Stretch> queue;
  for (size_t k = 0; k < starts.size(); ++k) {
    const size_t part_first = starts[k];
    const size_t part_last = k + 1 < starts.size() ? starts[k + 1] - 1 : n - 1;
    kept.push_back(part_first);
    for (size_t first = part_first; first < part_last; first += stretch_points) {
      const size_t last = std::min(first + stretch_points, part_last);
      kept.push_back(last);
      if (last != part_last) cuts.push_back(last);
      if (last - first > 1) queue.push(FindFarthest(line, first, last));
    }
  }
  // The queue yields the farthest deviation first: once it is within tolerance, so is the rest.
  while (!queue.empty() && kept.size() < max_points) {
    const Stretch top = queue.top();
    queue.pop();
    if (!(top.distance_sq > tolerance_sq)) break;
    kept.push_back(top.farthest);
    if (top.farthest - top.first > 1) queue.push(FindFarthest(line, top.first, top.farthest));
    if (top.last - top.farthest > 1) queue.push(FindFarthest(line, top.farthest, top.last));
  }
  std::sort(kept.begin(), kept.end());
  DropNeedlessCuts(line, tolerance_sq, stretch_points, cuts, kept);
  return kept;
}

// The valid breaks of `line` (ascending, unique, inside it), at most `max_points` / 2 - 1 of
// them: those with the widest gaps, so that the parts' ends fit in `max_points`.
std::vector<size_t> BreaksThatFit(const PartedLine& line, size_t max_points) {
  std::vector<size_t> breaks;
  for (size_t b : line.breaks) {
    if (b > 0 && b < line.points.size() && (breaks.empty() || b > breaks.back())) {
      breaks.push_back(b);
    }
  }
  const size_t allowed = std::max<size_t>(max_points, 2) / 2 - 1;
  if (breaks.size() <= allowed) return breaks;
  auto gap_m = [&](size_t b) {
    const LatLon& a = line.points[b - 1];
    const LatLon& c = line.points[b];
    return DistanceMeters(a.lat, a.lon, c.lat, c.lon);
  };
  std::vector<std::pair<double, size_t>> by_gap;
  by_gap.reserve(breaks.size());
  for (size_t b : breaks) by_gap.push_back({gap_m(b), b});
  std::stable_sort(by_gap.begin(), by_gap.end(),
                   [](const auto& x, const auto& y) { return x.first > y.first; });
  breaks.clear();
  for (size_t k = 0; k < allowed; ++k) breaks.push_back(by_gap[k].second);
  std::sort(breaks.begin(), breaks.end());
  return breaks;
}

}  // namespace

std::vector<size_t> SimplifyIndices(std::span<const LatLon> line, double tolerance_m,
                                    size_t max_points) {
  const size_t whole[] = {0};
  return SimplifyWithin(line, whole, tolerance_m, max_points);
}

std::vector<LatLon> SimplifyLine(std::span<const LatLon> line, double tolerance_m,
                                 size_t max_points) {
  std::vector<LatLon> simplified;
  for (size_t i : SimplifyIndices(line, tolerance_m, max_points)) simplified.push_back(line[i]);
  return simplified;
}

PartedLine SimplifyParts(const PartedLine& line, double tolerance_m, size_t max_points) {
  std::vector<size_t> starts = BreaksThatFit(line, max_points);
  starts.insert(starts.begin(), 0);
  PartedLine simplified;
  size_t next_start = 1;
  for (size_t i : SimplifyWithin(line.points, starts, tolerance_m, max_points)) {
    // Every part's first point is kept, so each start is met exactly.
    if (next_start < starts.size() && i == starts[next_start]) {
      simplified.breaks.push_back(simplified.points.size());
      ++next_start;
    }
    simplified.points.push_back(line.points[i]);
  }
  return simplified;
}

PartedLine SimplifyForMap(const Track& track) {
  const PartKind line_kind = LinePartKind(track);
  PartedLine line;
  for (const TrackPart& part : track.parts) {
    if (part.kind != line_kind) continue;
    for (const Segment& segment : part.segments) {
      if (segment.empty()) continue;
      if (!line.points.empty()) line.breaks.push_back(line.points.size());
      for (const TrackPoint& point : segment) line.points.push_back({point.lat, point.lon});
    }
  }
  return SimplifyParts(line, kMapToleranceMeters, kMapMaxPoints);
}

namespace {

// The tolerance that drops the bends smaller than `fraction` of `map_line`'s extent (the
// diagonal of its box), at least kMapToleranceMeters.
double ToleranceOfExtent(std::span<const LatLon> map_line, double fraction) {
  if (map_line.empty()) return kMapToleranceMeters;
  // The extent in a local projection at the first point; longitudes relative to it, so a line
  // over the antimeridian is measured across it. Rough far from the first point, which only
  // shifts a tolerance that is a rule of thumb anyway.
  const LatLon& origin = map_line.front();
  const MetersPerDegree scale = MetersPerDegreeAt(origin.lat);
  double west = 0, east = 0, south = 0, north = 0;
  for (const LatLon& point : map_line) {
    const double x = scale.lon * LongitudeDifferenceDegrees(origin.lon, point.lon);
    const double y = scale.lat * (point.lat - origin.lat);
    west = std::min(west, x);
    east = std::max(east, x);
    south = std::min(south, y);
    north = std::max(north, y);
  }
  const double extent_m = std::hypot(east - west, north - south);
  return std::max(kMapToleranceMeters, fraction * extent_m);
}

util::Result<EncodedLine> Resimplified(std::string_view map_polyline,
                                       std::span<const size_t> breaks,
                                       PartedLine (*simplify)(const PartedLine&)) {
  CAIRN_ASSIGN_OR_RETURN(std::vector<LatLon> points, DecodePolyline(map_polyline));
  PartedLine line{std::move(points), {breaks.begin(), breaks.end()}};
  PartedLine simplified = simplify(line);
  return EncodedLine{EncodePolyline(simplified.points), std::move(simplified.breaks)};
}

}  // namespace

PartedLine SimplifyPartsForPreview(const PartedLine& map_line) {
  return SimplifyParts(map_line, ToleranceOfExtent(map_line.points, kPreviewToleranceFraction),
                       kPreviewMaxPoints);
}

PartedLine SimplifyPartsForSketch(const PartedLine& map_line) {
  return SimplifyParts(map_line, ToleranceOfExtent(map_line.points, kSketchToleranceFraction),
                       kSketchMaxPoints);
}

std::vector<LatLon> SimplifyForPreview(std::span<const LatLon> map_line) {
  return SimplifyPartsForPreview({{map_line.begin(), map_line.end()}, {}}).points;
}

std::vector<LatLon> SimplifyForSketch(std::span<const LatLon> map_line) {
  return SimplifyPartsForSketch({{map_line.begin(), map_line.end()}, {}}).points;
}

util::Result<EncodedLine> PreviewOfMapLine(std::string_view map_polyline,
                                           std::span<const size_t> breaks) {
  return Resimplified(map_polyline, breaks, SimplifyPartsForPreview);
}

util::Result<EncodedLine> SketchOfMapLine(std::string_view map_polyline,
                                          std::span<const size_t> breaks) {
  return Resimplified(map_polyline, breaks, SimplifyPartsForSketch);
}

util::Result<std::string> PreviewPolyline(std::string_view map_polyline) {
  CAIRN_ASSIGN_OR_RETURN(EncodedLine preview, PreviewOfMapLine(map_polyline, {}));
  return std::move(preview.polyline);
}

util::Result<std::string> SketchPolyline(std::string_view map_polyline) {
  CAIRN_ASSIGN_OR_RETURN(EncodedLine sketch, SketchOfMapLine(map_polyline, {}));
  return std::move(sketch.polyline);
}

}  // namespace cairn::geo
