#include "services/discovery/trail_area.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <utility>
#include <vector>

#include "util/text.h"

namespace cairn::services {
namespace {

// The rowids of the tracks whose bounds overlap `box`, each once, as a SELECT: one range of the
// R*Tree, or two for a box across the antimeridian (the R*Tree's boxes cannot wrap; a track
// across it overlaps both).
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
  return range + " UNION " + range;
}

// The trail aliased `a`, which has a track, may cross `box` by its bounds: its own columns,
// exact where the R*Tree's are rounded outwards. A track over the antimeridian (min_lon >
// max_lon) is taken to reach every longitude, as the R*Tree holds it.
std::string BoundsOverlap(const std::string& a, const geo::BoundingBox& box,
                          storage::SqlParams& params) {
  std::string sql =
      a + ".max_lat >= ? AND " + a + ".min_lat <= ? AND (" + a + ".min_lon > " + a + ".max_lon OR ";
  params.insert(params.end(), {box.south, box.north});
  sql += box.CrossesAntimeridian() ? a + ".max_lon >= ? OR " + a + ".min_lon <= ?)"
                                   : "(" + a + ".max_lon >= ? AND " + a + ".min_lon <= ?))";
  params.insert(params.end(), {box.west, box.east});
  return sql;
}

// The trail aliased `a` starts in the box (and has a start: not 0, 0).
std::string StartIn(const std::string& a, const geo::BoundingBox& box, storage::SqlParams& params) {
  std::string sql =
      "(" + a + ".lat != 0 OR " + a + ".lon != 0) AND " + a + ".lat BETWEEN ? AND ? AND ";
  params.insert(params.end(), {box.south, box.north});
  sql += box.CrossesAntimeridian() ? "(" + a + ".lon >= ? OR " + a + ".lon <= ?)"
                                   : a + ".lon BETWEEN ? AND ?";
  params.insert(params.end(), {box.west, box.east});
  return sql;
}

// The rowids of the trails without a track whose start lies in the box, as a SELECT for
// `IN (...)` (the partial index `trails_trackless_start` finds them).
std::string TracklessStartsIn(const geo::BoundingBox& box, storage::SqlParams& params) {
  return "SELECT rowid FROM trails WHERE polyline = '' AND " + StartIn("trails", box, params);
}

// The trails whose bounds overlap `box` or that start in it without a track: every trail an
// area condition can hold for, each once (the R*Tree holds the trails with a track).
std::string Candidates(const geo::BoundingBox& box, storage::SqlParams& params) {
  std::string sql = OverlappingTracks(box, params);
  return sql + " UNION ALL " + TracklessStartsIn(box, params);
}

// The forms of an area condition from `on_candidate`, the test of one trail that its bounds may
// hold for. `find`, when not given, looks the candidates up (a `rowid IN (...)` that SQLite takes
// as the way into the table, a handful of R*Tree pages, whatever other index a condition beside
// it could use: the `public` index would have it check every public trail of the archive);
// `check`, for a walk over another index, tests the bounds first from the row itself.
records::ListCondition AreaCondition(const std::string& a, const geo::BoundingBox& box,
                                     const storage::SqlFragment& on_candidate,
                                     std::optional<storage::SqlFragment> find = std::nullopt) {
  records::ListCondition condition;
  condition.candidates.sql = Candidates(box, condition.candidates.params);
  condition.on_candidate = on_candidate;
  if (find) {
    condition.find = std::move(*find);
  } else {
    condition.find.params = condition.candidates.params;
    condition.find.sql =
        "(" + a + ".rowid IN (" + condition.candidates.sql + ") AND (" + on_candidate.sql + "))";
    condition.find.params.insert(condition.find.params.end(), on_candidate.params.begin(),
                                 on_candidate.params.end());
  }
  // CASE, not AND: SQLite evaluates both sides of an AND inside an expression, and the line
  // is read only where the bounds cannot decide.
  storage::SqlFragment& check = condition.check;
  check.sql = "(CASE WHEN CASE WHEN " + a + ".polyline = '' THEN " + StartIn(a, box, check.params) +
              " ELSE " + BoundsOverlap(a, box, check.params) + " END THEN " + on_candidate.sql +
              " ELSE 0 END)";
  check.params.insert(check.params.end(), on_candidate.params.begin(), on_candidate.params.end());
  return condition;
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

records::ListCondition TrailsCrossingBox(std::string_view alias, const geo::BoundingBox& box) {
  const std::string a(alias);
  // A track whose bounds lie wholly in a plain box is in it; the others have their line read,
  // after the points of its sketch (a few of the line's own points, spread along it: one in the
  // box decides at once). A trail without a track is where it starts.
  const std::string line_crosses =
      "cairn_line_crosses_box(" + a + ".polyline, ?, ?, ?, ?, " + a + ".sketch)";
  storage::SqlFragment on_candidate;
  on_candidate.sql =
      "CASE WHEN " + a + ".polyline = '' THEN " + StartIn(a, box, on_candidate.params);
  if (!box.CrossesAntimeridian()) {
    on_candidate.sql += " WHEN " + a + ".min_lat >= ? AND " + a + ".max_lat <= ? AND " + a +
                        ".min_lon >= ? AND " + a + ".max_lon <= ? AND " + a + ".min_lon <= " + a +
                        ".max_lon THEN 1";
    on_candidate.params.insert(on_candidate.params.end(),
                               {box.south, box.north, box.west, box.east});
  }
  on_candidate.sql += " ELSE " + line_crosses + " END";
  on_candidate.params.insert(on_candidate.params.end(), {box.south, box.west, box.north, box.east});

  // `find` takes the tracks whose R*Tree bounds lie wholly in a plain box from the R*Tree alone
  // (it rounds bounds outwards, so a track on the edge may land with those whose line is read,
  // never the other way round): a count of a large area then reads their rows only for
  // conditions beside it, from an index where it can (`public`).
  const std::string inside_bounds =
      "min_lat >= ? AND max_lat <= ? AND min_lon >= ? AND max_lon <= ?";
  storage::SqlFragment find;
  if (box.CrossesAntimeridian()) {  // every overlapping track has its line checked
    find.sql = "((" + a + ".rowid IN (";
    find.sql += OverlappingTracks(box, find.params);
  } else {
    find.sql = "(" + a + ".rowid IN (SELECT id FROM trails_bbox WHERE " + inside_bounds + ") OR (" +
               a + ".rowid IN (";
    find.params.insert(find.params.end(), {box.south, box.north, box.west, box.east});
    find.sql += OverlappingTracks(box, find.params) + " AND NOT (" + inside_bounds + ")";
    find.params.insert(find.params.end(), {box.south, box.north, box.west, box.east});
  }
  find.sql += ") AND " + line_crosses + ") OR " + a + ".rowid IN (";
  find.params.insert(find.params.end(), {box.south, box.west, box.north, box.east});
  find.sql += TracklessStartsIn(box, find.params) + "))";
  return AreaCondition(a, box, on_candidate, std::move(find));
}

records::ListCondition TrailsNearPoint(std::string_view alias, const geo::LatLon& point,
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
  const storage::SqlFragment on_candidate{
      "CASE WHEN " + a + ".polyline != '' THEN cairn_line_within(" + a +
          ".polyline, ?, ?, ?) ELSE cairn_distance(" + a + ".lat, " + a + ".lon, ?, ?) <= ? END",
      {point.lat, point.lon, meters, point.lat, point.lon, meters}};
  return AreaCondition(a, box, on_candidate);
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
