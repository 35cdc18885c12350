// Matching tracks (track_match.h): cheap tests on the ends and lengths first, then the shape.
#include "services/merge/track_match.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "geo/line_similarity.h"

namespace cairn::services {
namespace {

using geo::LatLon;

// How far along a line its partner's start (or end) is looked for when aligning the ends.
constexpr double kAlignWindowMeters = 2 * kEndpointToleranceMeters;

// The index among line[0..] within `window_points` of the start closest to `p`.
size_t NearestFromStart(const std::vector<LatLon>& line, const LatLon& p, size_t window_points) {
  size_t best = 0;
  double best_m = std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < line.size() && i <= window_points; ++i) {
    const double d = geo::DistanceMeters(line[i], p);
    if (d < best_m) best_m = d, best = i;
  }
  return best;
}

// Cuts the stretch one recording has before the other began (a device switched on early), and
// likewise at the end, so that the leash is not held long by a few hundred metres at either end.
void AlignEnds(std::vector<LatLon>& a, std::vector<LatLon>& b, size_t window_points) {
  for (int end = 0; end < 2; ++end) {
    if (a.size() < 2 || b.size() < 2) return;
    const size_t i = NearestFromStart(b, a.front(), window_points);  // a's start on b
    const size_t j = NearestFromStart(a, b.front(), window_points);  // b's start on a
    const double on_b = geo::DistanceMeters(b[i], a.front());
    const double on_a = geo::DistanceMeters(a[j], b.front());
    if (i > 0 && on_b <= on_a && i + 1 < b.size()) {
      b.erase(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(i));
    } else if (j > 0 && j + 1 < a.size()) {
      a.erase(a.begin(), a.begin() + static_cast<std::ptrdiff_t>(j));
    }
    // The ends are the starts of the reversed lines.
    std::reverse(a.begin(), a.end());
    std::reverse(b.begin(), b.end());
  }
}

double DistanceOf(const TrackLine& line) {
  return line.distance_m > 0 ? line.distance_m : geo::LineLengthMeters(line.points);
}

}  // namespace

TrackComparison CompareTracks(const TrackLine& a, const TrackLine& b, Shape shape) {
  TrackComparison out;
  out.frechet_m = std::numeric_limits<double>::infinity();
  if (a.points.size() < 2 || b.points.size() < 2) return out;
  out.comparable = true;
  out.start_gap_m = geo::DistanceMeters(a.points.front(), b.points.front());
  out.end_gap_m = geo::DistanceMeters(a.points.back(), b.points.back());
  const double da = DistanceOf(a), db = DistanceOf(b);
  const double longer = std::max(da, db), gap = std::abs(da - db);
  out.lengths_agree =
      longer <= 0 || gap <= kDistanceGapMeters || gap <= kDistanceGapFraction * longer;
  const bool ends_agree = out.start_gap_m <= kEndpointToleranceMeters &&
                          out.end_gap_m <= kEndpointToleranceMeters && out.lengths_agree;
  if (shape == Shape::kEndsFirst && !ends_agree) return out;
  std::vector<LatLon> ra = geo::ResampleLine(a.points, kMatchSpacingMeters, kMatchMaxPoints);
  std::vector<LatLon> rb = geo::ResampleLine(b.points, kMatchSpacingMeters, kMatchMaxPoints);
  const double spacing =
      std::max({kMatchSpacingMeters, geo::LineLengthMeters(a.points) / double(kMatchMaxPoints - 1),
                geo::LineLengthMeters(b.points) / double(kMatchMaxPoints - 1)});
  AlignEnds(ra, rb, static_cast<size_t>(kAlignWindowMeters / spacing));
  out.frechet_m = geo::DiscreteFrechetMeters(ra, rb);
  return out;
}

bool IsStrongMatch(const TrackComparison& c) {
  return c.comparable && c.start_gap_m <= kEndpointToleranceMeters &&
         c.end_gap_m <= kEndpointToleranceMeters && c.lengths_agree &&
         c.frechet_m <= kFrechetThresholdMeters;
}

double MatchScore(const TrackComparison& c) {
  if (!c.comparable || !std::isfinite(c.frechet_m)) return 0;
  return 1.0 / (1.0 + c.frechet_m / kFrechetThresholdMeters);
}

std::vector<std::string> MatchWarnings(const TrackComparison& c) {
  if (!c.comparable) return {"missing_geometry"};
  std::vector<std::string> out;
  if (c.start_gap_m > kEndpointToleranceMeters) out.push_back("startpoints_far_apart");
  if (c.end_gap_m > kEndpointToleranceMeters) out.push_back("endpoints_far_apart");
  if (!c.lengths_agree) out.push_back("distance_differs");
  if (!(c.frechet_m <= kFrechetThresholdMeters)) out.push_back("geometry_differs");
  return out;
}

namespace {

using Cell = std::pair<int64_t, int64_t>;

Cell CellOf(const LatLon& p) {
  return {static_cast<int64_t>(std::floor(p.lat / kGridDegrees)),
          static_cast<int64_t>(std::floor(p.lon / kGridDegrees))};
}

// How many cells of latitude and of longitude kEndpointToleranceMeters spans at `lat` (cells
// narrow towards the poles): a partner within the tolerance lies at most that many cells away.
Cell ReachAt(double lat) {
  const geo::MetersPerDegree scale = geo::MetersPerDegreeAt(std::min(std::abs(lat), 89.0));
  auto cells = [](double meters_per_cell) {
    return static_cast<int64_t>(std::ceil(kEndpointToleranceMeters / meters_per_cell));
  };
  return {cells(scale.lat * kGridDegrees),
          std::min<int64_t>(cells(scale.lon * kGridDegrees), 1000)};
}

}  // namespace

std::vector<std::pair<size_t, size_t>> CandidatePairs(const std::vector<TrackLine>& lines) {
  // Lines by the cell of their start; then, for each line, the lines starting in the cells within
  // kEndpointToleranceMeters of its start cell whose ends lie in cells that near its end's.
  std::map<Cell, std::vector<size_t>> by_start;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].points.size() >= 2) by_start[CellOf(lines[i].points.front())].push_back(i);
  }
  std::set<std::pair<size_t, size_t>> pairs;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lines[i].points.size() < 2) continue;
    const Cell start = CellOf(lines[i].points.front());
    const Cell end = CellOf(lines[i].points.back());
    const Cell reach = ReachAt(lines[i].points.front().lat);
    for (int64_t dlat = -reach.first; dlat <= reach.first; ++dlat) {
      for (int64_t dlon = -reach.second; dlon <= reach.second; ++dlon) {
        auto found = by_start.find({start.first + dlat, start.second + dlon});
        if (found == by_start.end()) continue;
        for (size_t j : found->second) {
          if (j == i) continue;
          const Cell other_end = CellOf(lines[j].points.back());
          if (std::abs(other_end.first - end.first) <= reach.first &&
              std::abs(other_end.second - end.second) <= reach.second) {
            pairs.insert({std::min(i, j), std::max(i, j)});
          }
        }
      }
    }
  }
  return {pairs.begin(), pairs.end()};
}

}  // namespace cairn::services
