#include "services/discovery/trail_discovery.h"

#include <algorithm>
#include <cmath>
#include <mutex>

#include "services/core/access_policy.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

// Recommendations are drawn from this many times `size` of the nearest candidates.
constexpr int kCandidatesPerPick = 5;

bool IsNull(const storage::SqlValue& value) {
  return std::holds_alternative<std::monostate>(value);
}

// Longitude intervals of the boxes, merged; the smallest arc holding them all as (west, east),
// west > east when it crosses the antimeridian; nullopt when they cover every longitude.
std::optional<std::pair<double, double>> CoveringArc(std::vector<std::pair<double, double>> spans) {
  std::sort(spans.begin(), spans.end());
  std::vector<std::pair<double, double>> merged;
  for (const auto& span : spans) {
    if (!merged.empty() && span.first <= merged.back().second) {
      merged.back().second = std::max(merged.back().second, span.second);
    } else {
      merged.push_back(span);
    }
  }
  // The widest gap between merged intervals (going round through 180°) is left out.
  double best_gap = -1, west = -180, east = 180;
  for (size_t i = 0; i < merged.size(); ++i) {
    const double gap_start = merged[i].second;
    const double gap_end = i + 1 < merged.size() ? merged[i + 1].first : merged[0].first + 360;
    if (gap_end - gap_start > best_gap) {
      best_gap = gap_end - gap_start;
      east = gap_start;
      west = i + 1 < merged.size() ? merged[i + 1].first : merged[0].first;
    }
  }
  if (best_gap <= 0) return std::nullopt;
  return std::make_pair(west, east);
}

}  // namespace

TrailDiscovery::TrailDiscovery(storage::Database& database, RecordService& records)
    : database_(database), records_(records), random_(std::random_device{}()) {}

util::Result<Json> TrailDiscovery::FilterBounds(const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  const storage::SqlFragment view = records_.PolicyFor(caller).ListCondition(*trails, "t");
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    // Every visible trail is read: the answer is remembered until the next write.
    CAIRN_ASSIGN_OR_RETURN(
        auto rows,
        c.QueryUntilChange("SELECT min(t.distance), max(t.distance), min(t.elevation_gain), "
                           "max(t.elevation_gain), min(t.elevation_loss), max(t.elevation_loss), "
                           "min(t.duration), max(t.duration) FROM trails t WHERE " +
                               view.sql,
                           view.params));
    const auto& row = rows.rows.at(0);
    const char* names[] = {"min_distance",       "max_distance",       "min_elevation_gain",
                           "max_elevation_gain", "min_elevation_loss", "max_elevation_loss",
                           "min_duration",       "max_duration"};
    Json bounds = Json::object();
    for (size_t i = 0; i < 8; ++i) bounds[names[i]] = storage::AsNumber(row[i]);
    return bounds;
  });
}

util::Result<Json> TrailDiscovery::BoundingBox(const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  const storage::SqlFragment view = records_.PolicyFor(caller).ListCondition(*trails, "t");
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    // Latitudes and the boxes that do not wrap in one pass; the longitudes of each distinct span
    // come back grouped, so a wide archive costs one row per distinct span, not per trail. Both
    // read every visible trail: the answers are remembered until the next write.
    const std::string with_track = "t.polyline != ''";
    const std::string box_lon_west = "CASE WHEN " + with_track + " THEN t.min_lon ELSE t.lon END";
    const std::string box_lon_east = "CASE WHEN " + with_track + " THEN t.max_lon ELSE t.lon END";
    CAIRN_ASSIGN_OR_RETURN(
        auto latitudes,
        c.QueryUntilChange("SELECT min(CASE WHEN " + with_track +
                               " THEN t.min_lat ELSE t.lat END), " + "max(CASE WHEN " + with_track +
                               " THEN t.max_lat ELSE t.lat END) " + "FROM trails t WHERE (" +
                               view.sql + ") AND (" + with_track + " OR t.lat != 0 OR t.lon != 0)",
                           view.params));
    const auto& lat_row = latitudes.rows.at(0);
    if (IsNull(lat_row[0])) {
      return Json{
          {"min_lat", nullptr}, {"min_lon", nullptr}, {"max_lat", nullptr}, {"max_lon", nullptr}};
    }
    CAIRN_ASSIGN_OR_RETURN(
        auto longitudes,
        c.QueryUntilChange("SELECT DISTINCT " + box_lon_west + ", " + box_lon_east +
                               " FROM trails t WHERE (" + view.sql + ") AND (" + with_track +
                               " OR t.lat != 0 OR t.lon != 0)",
                           view.params));
    std::vector<std::pair<double, double>> spans;
    for (const auto& row : longitudes.rows) {
      const double west = storage::AsNumber(row[0]), east = storage::AsNumber(row[1]);
      if (west <= east) {
        spans.emplace_back(west, east);
      } else {  // a track over the antimeridian: two spans
        spans.emplace_back(west, 180);
        spans.emplace_back(-180, east);
      }
    }
    const auto arc = CoveringArc(std::move(spans));
    return Json{{"min_lat", storage::AsNumber(lat_row[0])},
                {"max_lat", storage::AsNumber(lat_row[1])},
                {"min_lon", arc ? arc->first : -180.0},
                {"max_lon", arc ? arc->second : 180.0}};
  });
}

util::Result<Json> TrailDiscovery::Recommend(const Caller& caller, int size) {
  if (size < 1 || size > kMaxRecommendedTrails) {
    return util::Error::InvalidField("Invalid size.", "size", "validation_out_of_range",
                                     "Ask for 1 to 100 trails.");
  }
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  const storage::SqlFragment view = records_.PolicyFor(caller).ListCondition(*trails, "t");
  CAIRN_ASSIGN_OR_RETURN(
      std::vector<std::string> candidates,
      database_.Read<std::vector<std::string>>(
          [&](storage::Connection& c) -> util::Result<std::vector<std::string>> {
            const std::string me = caller.IsAnonymous() ? std::string() : caller.user_id;
            // Where the caller walks: the middle of their own trails' starts.
            CAIRN_ASSIGN_OR_RETURN(
                auto home, c.Query("SELECT avg(lat), avg(lon) FROM trails WHERE author = ? AND "
                                   "(lat != 0 OR lon != 0)",
                                   {me}));
            storage::SqlParams params = view.params;
            params.emplace_back(me);
            params.emplace_back(me);
            std::string order = "t.rowid";
            if (!IsNull(home.rows.at(0)[0])) {
              const double lat = storage::AsNumber(home.rows[0][0]),
                           lon = storage::AsNumber(home.rows[0][1]);
              const double squeeze = std::cos(lat * M_PI / 180);
              // Equirectangular distance squared: enough to rank "near" against "far".
              order = "(t.lat - ?) * (t.lat - ?) + (t.lon - ?) * (t.lon - ?) * ? * ?";
              for (double v : {lat, lat, lon, lon, squeeze, squeeze}) params.emplace_back(v);
            } else {
              order = "random()";
            }
            params.emplace_back(static_cast<int64_t>(size * kCandidatesPerPick));
            CAIRN_ASSIGN_OR_RETURN(
                auto rows,
                c.Query("SELECT t.id FROM trails t WHERE (" + view.sql +
                            ") AND t.author != ? AND NOT EXISTS (SELECT 1 FROM summit_logs s "
                            "WHERE s.trail = t.id AND s.author = ?) ORDER BY " +
                            order + " LIMIT ?",
                        params));
            std::vector<std::string> ids;
            for (const auto& row : rows.rows) ids.push_back(std::get<std::string>(row[0]));
            return ids;
          }));
  {
    std::lock_guard lock(random_mutex_);
    std::shuffle(candidates.begin(), candidates.end(), random_);
  }
  if (candidates.size() > static_cast<size_t>(size)) candidates.resize(size);
  Json picked = Json::array();
  if (candidates.empty()) return picked;
  ListParams params{.per_page = size};
  CAIRN_ASSIGN_OR_RETURN(ListPage page,
                         records_.List(caller, kTrails, params, storage::IdIn("t.id", candidates)));
  // In the drawn order, not the list's.
  for (const std::string& id : candidates) {
    for (auto& item : page.items) {
      if (item["id"] == id) picked.push_back(std::move(item));
    }
  }
  return picked;
}

}  // namespace cairn::services
