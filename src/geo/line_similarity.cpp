// Resampling and the discrete Fréchet distance (line_similarity.h).
#include "geo/line_similarity.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace cairn::geo {

double LineLengthMeters(std::span<const LatLon> line) {
  double length = 0;
  for (size_t i = 1; i < line.size(); ++i) length += DistanceMeters(line[i - 1], line[i]);
  return length;
}

std::vector<LatLon> ResampleLine(std::span<const LatLon> line, double spacing_m,
                                 size_t max_points) {
  const double length = LineLengthMeters(line);
  if (line.size() < 2 || !(length > 0)) return {line.begin(), line.end()};
  max_points = std::max<size_t>(max_points, 2);
  double spacing = std::max(spacing_m, 1e-3);
  // n - 1 whole steps of `spacing` and the last point.
  if (std::ceil(length / spacing) + 1 > static_cast<double>(max_points)) {
    spacing = length / static_cast<double>(max_points - 1);
  }
  std::vector<LatLon> out{line.front()};
  double next = spacing;  // distance along the line of the next sample
  double walked = 0;      // distance along the line at line[i - 1]
  for (size_t i = 1; i < line.size(); ++i) {
    const double step = DistanceMeters(line[i - 1], line[i]);
    while (step > 0 && next <= walked + step && next < length - 1e-6) {
      const double f = (next - walked) / step;
      out.push_back(
          {line[i - 1].lat + f * (line[i].lat - line[i - 1].lat),
           line[i - 1].lon + f * LongitudeDifferenceDegrees(line[i - 1].lon, line[i].lon)});
      if (out.back().lon > 180) out.back().lon -= 360;
      if (out.back().lon < -180) out.back().lon += 360;
      next += spacing;
    }
    walked += step;
  }
  if (out.size() >= max_points) out.resize(max_points - 1);
  out.push_back(line.back());
  return out;
}

namespace {

struct Planar {
  double x = 0;
  double y = 0;
};

// Both lines in metres east and north of one origin, so a cell of the table costs a few
// multiplications instead of a geodesic.
std::vector<Planar> Project(std::span<const LatLon> line, const LatLon& origin,
                            const MetersPerDegree& scale) {
  std::vector<Planar> out;
  out.reserve(line.size());
  for (const LatLon& p : line) {
    out.push_back({LongitudeDifferenceDegrees(origin.lon, p.lon) * scale.lon,
                   (p.lat - origin.lat) * scale.lat});
  }
  return out;
}

}  // namespace

double DiscreteFrechetMeters(std::span<const LatLon> a, std::span<const LatLon> b) {
  if (a.empty() || b.empty()) return std::numeric_limits<double>::infinity();
  double mean_lat = 0;
  for (const LatLon& p : a) mean_lat += p.lat;
  for (const LatLon& p : b) mean_lat += p.lat;
  mean_lat /= static_cast<double>(a.size() + b.size());
  const LatLon origin{mean_lat, a.front().lon};
  const MetersPerDegree scale = MetersPerDegreeAt(mean_lat);
  const std::vector<Planar> pa = Project(a, origin, scale);
  const std::vector<Planar> pb = Project(b, origin, scale);
  auto squared = [&](size_t i, size_t j) {
    const double dx = pa[i].x - pb[j].x, dy = pa[i].y - pb[j].y;
    return dx * dx + dy * dy;
  };
  // row[j]: the squared leash needed to reach (i, j); one row of the table at a time.
  std::vector<double> row(pb.size());
  row[0] = squared(0, 0);
  for (size_t j = 1; j < pb.size(); ++j) row[j] = std::max(row[j - 1], squared(0, j));
  for (size_t i = 1; i < pa.size(); ++i) {
    double diagonal = row[0];  // the previous row's value at j - 1
    row[0] = std::max(row[0], squared(i, 0));
    for (size_t j = 1; j < pb.size(); ++j) {
      const double up = row[j];
      row[j] = std::max(std::min({diagonal, up, row[j - 1]}), squared(i, j));
      diagonal = up;
    }
  }
  return std::sqrt(row.back());
}

}  // namespace cairn::geo
