// A person's statistics from what they completed: their own dated trails and their summit logs,
// one activity per item and day (schema.sql's user_activities, kept by triggers on every write),
// so an answer is a few GROUP BYs over one person's index entries, never a read of their tracks.
// A caller sees the statistics of the activities they may count: the person themself all of
// them, anyone else those on public trails (docs/STATISTICS.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "services/core/caller.h"
#include "storage/database.h"

namespace cairn::services::people {

struct StatisticsFilter {
  std::optional<int> year;              // only activities of that year (not `years`)
  std::optional<std::string> category;  // only activities of trails of that category
};

// Thread-safe; the database must outlive it.
class StatisticsService {
 public:
  explicit StatisticsService(storage::Database& database) : database_(database) {}

  // `{totals: {count, distance, elevation_gain, elevation_loss, duration, moving_duration,
  // active_days}, years: [{year, count, distance, elevation_gain, duration, moving_duration}],
  // months: [{month: "YYYY-MM", ...}], categories: [{category, name, ...}], records: {longest,
  // highest, most_climbing} (each {trail, name, date, value} or null), calendar: [{date, count,
  // distance}], places: {cell_deg, cells: [[lat, lon], ...]}}`, metres and seconds, lists in
  // ascending order (categories by count, most first). `years` ignores the year filter.
  // NotFound for an unknown handle; Forbidden for a private account the caller may not see.
  util::Result<nlohmann::json> Statistics(const Caller& caller, std::string_view handle,
                                          const StatisticsFilter& filter);

 private:
  storage::Database& database_;
};

}  // namespace cairn::services::people
