#include "services/discovery/trail_area.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <vector>

#include "util/text.h"

namespace cairn::services {
namespace {

// The rowids of the tracks whose bounds overlap `box`, as a SELECT for `IN (...)`: one range of
// the R*Tree, or two for a box across the antimeridian (the R*Tree's boxes cannot wrap).
std::string OverlappingTracks(const geo::BoundingBox& box, storage::SqlParams& params) {
  const std::string range =
      "SELECT id FROM trails_bbox WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND "
      "min_lon <= ?";
  if (!box.CrossesAntimeridian()) {
    params.insert(params.end(), {box.south, box.north, box.west, box.east});
    return range;
  }
  params.insert(params.end(), {box.south, box.north, box.west, 180.0});
  params.insert(params.end(), {box.south, box.north, -180.0, box.east});
  return range + " UNION ALL " + range;
}

// A trail without a track whose start lies in the box (the partial index
// `trails_trackless_start` finds them).
std::string TracklessStartIn(std::string_view a, const geo::BoundingBox& box,
                             storage::SqlParams& params) {
  std::string sql = std::string(a) + ".polyline = '' AND (" + std::string(a) + ".lat != 0 OR " +
                    std::string(a) + ".lon != 0) AND " + std::string(a) +
                    ".lat BETWEEN ? AND ? AND ";
  params.emplace_back(box.south);
  params.emplace_back(box.north);
  if (box.CrossesAntimeridian()) {
    sql += "(" + std::string(a) + ".lon >= ? OR " + std::string(a) + ".lon <= ?)";
  } else {
    sql += std::string(a) + ".lon BETWEEN ? AND ?";
  }
  params.emplace_back(box.west);
  params.emplace_back(box.east);
  return sql;
}

util::Result<double> ParseCoordinate(std::string_view text) {
  text = util::TrimWhitespace(text);
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(value)) {
    return util::Error::InvalidArgument("bbox: \"" + std::string(text) +
                                        "\" is not a number of degrees.");
  }
  return value;
}

}  // namespace

storage::SqlFragment TrailsCrossingBox(std::string_view alias, const geo::BoundingBox& box) {
  const std::string a(alias);
  storage::SqlFragment fragment;
  storage::SqlParams& params = fragment.params;
  const std::string candidates = OverlappingTracks(box, params);
  // Bounds wholly inside a plain box need no look at the line.
  std::string inside = "0";
  if (!box.CrossesAntimeridian()) {
    inside = a + ".min_lat >= ? AND " + a + ".max_lat <= ? AND " + a + ".min_lon >= ? AND " + a +
             ".max_lon <= ? AND " + a + ".min_lon <= " + a + ".max_lon";
    for (double v : {box.south, box.north, box.west, box.east}) params.emplace_back(v);
  }
  fragment.sql = "((" + a + ".rowid IN (" + candidates + ") AND ((" + inside +
                 ") OR cairn_line_crosses_box(" + a + ".polyline, ?, ?, ?, ?))) OR (";
  for (double v : {box.south, box.west, box.north, box.east}) params.emplace_back(v);
  fragment.sql += TracklessStartIn(a, box, params) + "))";
  return fragment;
}

storage::SqlFragment TrailsNearPoint(std::string_view alias, const geo::LatLon& point,
                                     double meters) {
  meters = std::max(0.0, meters);
  // The box around the circle, 2 % wider than a sphere's degrees say: room for the ellipsoid,
  // the R*Tree's 32-bit bounds and the local projection the distance is measured in.
  constexpr double kMetersPerDegree = 111320 / 1.02;
  const double dlat = meters / kMetersPerDegree;
  geo::BoundingBox box{.south = std::max(-90.0, point.lat - dlat),
                       .west = -180,
                       .north = std::min(90.0, point.lat + dlat),
                       .east = 180};
  // Longitudes shrink towards the poles: the circle's poleward edge needs the widest span. Near a
  // pole, or for a circle wider than the world, every longitude is in reach.
  const double cos_edge = std::cos(std::max(std::abs(box.south), std::abs(box.north)) * M_PI / 180);
  const double dlon = cos_edge > 1e-9 ? meters / (kMetersPerDegree * cos_edge) : 360;
  if (dlon < 180) {
    box.west = point.lon - dlon;
    box.east = point.lon + dlon;
    if (box.west < -180) box.west += 360;
    if (box.east > 180) box.east -= 360;
  }
  const std::string a(alias);
  storage::SqlFragment fragment;
  const std::string candidates = OverlappingTracks(box, fragment.params);
  fragment.sql = "((" + a + ".rowid IN (" + candidates + ") AND cairn_line_within(" + a +
                 ".polyline, ?, ?, ?)) OR (";
  fragment.params.insert(fragment.params.end(), {point.lat, point.lon, meters});
  fragment.sql += TracklessStartIn(a, box, fragment.params) + " AND cairn_distance(" + a +
                  ".lat, " + a + ".lon, ?, ?) <= ?))";
  fragment.params.insert(fragment.params.end(), {point.lat, point.lon, meters});
  return fragment;
}

storage::SqlFragment TrailsCompletedBy(std::string_view alias, const std::string& user_id,
                                       bool completed) {
  if (user_id.empty()) return {completed ? "0" : "1", {}};
  return {std::string(completed ? "" : "NOT ") +
              "EXISTS (SELECT 1 FROM summit_logs s WHERE s.trail = " + std::string(alias) +
              ".id AND s.author = ?)",
          {user_id}};
}

util::Result<geo::BoundingBox> ParseBboxParameter(std::string_view text) {
  std::vector<double> values;
  size_t start = 0;
  for (;;) {
    const size_t comma = text.find(',', start);
    CAIRN_ASSIGN_OR_RETURN(double value, ParseCoordinate(text.substr(start, comma - start)));
    values.push_back(value);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (values.size() != 4) {
    return util::Error::InvalidArgument(
        "bbox must be four numbers: minLon,minLat,maxLon,maxLat (west, south, east, north).");
  }
  const geo::BoundingBox box{
      .south = values[1], .west = values[0], .north = values[3], .east = values[2]};
  if (box.south < -90 || box.north > 90 || box.south > box.north) {
    return util::Error::InvalidArgument(
        "bbox: latitudes must lie in [-90, 90] with minLat <= maxLat.");
  }
  if (box.west < -180 || box.west > 180 || box.east < -180 || box.east > 180) {
    return util::Error::InvalidArgument("bbox: longitudes must lie in [-180, 180].");
  }
  return box;
}

}  // namespace cairn::services
