// Every figure is one query over user_activities of one person, along the index
// (user, public, day): `public >= 1` for others, `public >= 0` for themself.
#include "services/people/statistics_service.h"

#include "geo/grid_cells.h"
#include "services/people/profile_owner.h"

namespace cairn::services::people {
namespace {

using nlohmann::json;

std::string TextOf(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

int64_t IntOf(const storage::SqlValue& value) {
  return static_cast<int64_t>(storage::AsNumber(value));
}

// The figures every grouping sums, columns 1.. of its rows after the group key.
constexpr const char* kSums =
    "count(*), total(a.distance), total(a.elevation_gain), total(a.duration), "
    "total(a.moving_duration)";

json Sums(const std::vector<storage::SqlValue>& row, size_t first) {
  return {{"count", IntOf(row[first])},
          {"distance", storage::AsNumber(row[first + 1])},
          {"elevation_gain", storage::AsNumber(row[first + 2])},
          {"duration", storage::AsNumber(row[first + 3])},
          {"moving_duration", storage::AsNumber(row[first + 4])}};
}

// The activities of `user` the caller may count, narrowed by `filter` (without its year when
// `with_year` is false).
storage::SqlFragment Where(const std::string& user, bool everything, const StatisticsFilter& filter,
                           bool with_year) {
  storage::SqlFragment where{"a.user = ? AND a.public >= ?", {user, int64_t{everything ? 0 : 1}}};
  if (with_year && filter.year) {
    where.sql += " AND a.day >= ? AND a.day < ?";
    where.params.push_back(std::to_string(*filter.year));
    where.params.push_back(std::to_string(*filter.year + 1));
  }
  if (filter.category) {
    where.sql += " AND a.category = ?";
    where.params.push_back(*filter.category);
  }
  return where;
}

util::Result<json> Grouped(storage::Connection& c, const storage::SqlFragment& where,
                           const std::string& key, const char* name) {
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      c.Query("SELECT " + key + " AS k, " + kSums + " FROM user_activities a WHERE " + where.sql +
                  " GROUP BY k ORDER BY k",
              where.params));
  json out = json::array();
  for (const auto& row : rows.rows) {
    json entry = Sums(row, 1);
    entry[name] = TextOf(row[0]);
    out.push_back(std::move(entry));
  }
  return out;
}

// The activity with the largest `column`; a distance or gain of 0 is no record, a highest point
// below sea level is.
util::Result<json> Record(storage::Connection& c, const storage::SqlFragment& where,
                          const char* column, const char* condition) {
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      c.Query(std::string("SELECT a.trail, a.name, a.day, a.") + column +
                  " FROM user_activities a WHERE " + where.sql + " AND a." + column + condition +
                  " ORDER BY a." + column + " DESC, a.day, a.item LIMIT 1",
              where.params));
  if (rows.rows.empty()) return json(nullptr);
  const auto& row = rows.rows[0];
  const std::string trail = TextOf(row[0]);
  return json{{"trail", trail.empty() ? json(nullptr) : json(trail)},
              {"name", TextOf(row[1])},
              {"date", TextOf(row[2])},
              {"value", storage::AsNumber(row[3])}};
}

// The cells the matching activities keep beside their figures (a few per activity), each once.
util::Result<json> Places(storage::Connection& c, const storage::SqlFragment& where) {
  CAIRN_ASSIGN_OR_RETURN(storage::QueryResult rows,
                         c.Query("SELECT DISTINCT j.value FROM user_activities a, "
                                 "json_each(a.cells) j WHERE " +
                                     where.sql + " ORDER BY 1",
                                 where.params));
  json cells = json::array();
  for (const auto& row : rows.rows) {
    const geo::LatLon corner = geo::GridCellCorner(IntOf(row[0]));
    cells.push_back({corner.lat, corner.lon});
  }
  return json{{"cell_deg", geo::kGridCellDegrees}, {"cells", std::move(cells)}};
}

}  // namespace

util::Result<json> StatisticsService::Statistics(const Caller& caller, std::string_view handle,
                                                 const StatisticsFilter& filter) {
  return database_.Read<json>([&](storage::Connection& c) -> util::Result<json> {
    CAIRN_ASSIGN_OR_RETURN(ProfileOwner owner, FindProfileOwner(c, caller, handle));
    CAIRN_RETURN_IF_ERROR(CheckFullView(owner));
    const bool everything = owner.is_caller;
    const storage::SqlFragment where = Where(owner.id, everything, filter, true);

    CAIRN_ASSIGN_OR_RETURN(
        storage::QueryResult totals,
        c.Query("SELECT count(*), total(a.distance), total(a.elevation_gain), "
                "total(a.elevation_loss), total(a.duration), total(a.moving_duration), "
                "count(DISTINCT a.day) FROM user_activities a WHERE " +
                    where.sql,
                where.params));
    const auto& t = totals.rows.at(0);
    json answer;
    answer["totals"] = {{"count", IntOf(t[0])},
                        {"distance", storage::AsNumber(t[1])},
                        {"elevation_gain", storage::AsNumber(t[2])},
                        {"elevation_loss", storage::AsNumber(t[3])},
                        {"duration", storage::AsNumber(t[4])},
                        {"moving_duration", storage::AsNumber(t[5])},
                        {"active_days", IntOf(t[6])}};

    CAIRN_ASSIGN_OR_RETURN(answer["years"], Grouped(c, Where(owner.id, everything, filter, false),
                                                    "substr(a.day, 1, 4)", "year"));
    for (json& year : answer["years"]) year["year"] = std::stoi(year["year"].get<std::string>());
    CAIRN_ASSIGN_OR_RETURN(answer["months"], Grouped(c, where, "substr(a.day, 1, 7)", "month"));

    CAIRN_ASSIGN_OR_RETURN(
        storage::QueryResult categories,
        c.Query("SELECT a.category, coalesce(c.name, ''), " + std::string(kSums) +
                    " FROM user_activities a LEFT JOIN categories c ON c.id = a.category WHERE " +
                    where.sql + " GROUP BY a.category ORDER BY count(*) DESC, a.category",
                where.params));
    answer["categories"] = json::array();
    for (const auto& row : categories.rows) {
      json entry = Sums(row, 2);
      entry["category"] = TextOf(row[0]);
      entry["name"] = TextOf(row[1]);
      answer["categories"].push_back(std::move(entry));
    }

    json records;
    CAIRN_ASSIGN_OR_RETURN(records["longest"], Record(c, where, "distance", " > 0"));
    CAIRN_ASSIGN_OR_RETURN(records["highest"], Record(c, where, "max_elevation", " IS NOT NULL"));
    CAIRN_ASSIGN_OR_RETURN(records["most_climbing"], Record(c, where, "elevation_gain", " > 0"));
    answer["records"] = std::move(records);

    CAIRN_ASSIGN_OR_RETURN(storage::QueryResult days,
                           c.Query("SELECT a.day, count(*), total(a.distance) FROM "
                                   "user_activities a WHERE " +
                                       where.sql + " GROUP BY a.day ORDER BY a.day",
                                   where.params));
    answer["calendar"] = json::array();
    for (const auto& row : days.rows) {
      answer["calendar"].push_back({{"date", TextOf(row[0])},
                                    {"count", IntOf(row[1])},
                                    {"distance", storage::AsNumber(row[2])}});
    }
    CAIRN_ASSIGN_OR_RETURN(answer["places"], Places(c, where));
    return answer;
  });
}

}  // namespace cairn::services::people
