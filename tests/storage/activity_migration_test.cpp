// Migration 19: a file of schema 18 gets the statistics' tables, filled from the trails and summit
// logs it holds, the same rows the triggers write for a file that had them all along.
#include <catch2/catch.hpp>

#include "storage/database.h"
#include "storage/schema.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

constexpr const char* kItems = R"sql(
INSERT INTO trails (id, created, updated, author, name, public, date, distance, category, preview,
  max_elevation) VALUES
  ('trail0000000001', 'c', 'u', 'alice0000000001', 'A', 1, '2024-05-01 00:00:00.000Z', 1000,
   'hikingcategory1', '_p~iF~ps|U_ulLnnqC', 2000),
  ('trail0000000002', 'c', 'u', 'alice0000000001', 'B', 0, '', 2000, '', '', NULL),
  ('trail0000000003', 'c', 'u', 'bob000000000001', 'C', 1, '2023-01-01 00:00:00.000Z', 3000, '',
   '', NULL);
INSERT INTO summit_logs (id, created, updated, author, trail, date, distance) VALUES
  ('log000000000001', 'c', 'u', 'alice0000000001', 'trail0000000001', '2024-05-01 00:00:00.000Z', 0),
  ('log000000000002', 'c', 'u', 'alice0000000001', 'trail0000000003', '2024-06-01 00:00:00.000Z', 0),
  ('log000000000003', 'c', 'u', 'alice0000000001', '', '2024-07-01 00:00:00.000Z', 500);
)sql";

constexpr const char* kDropStatistics = R"sql(
-- 27's OAuth states and sync cursors, 26's imports (they run again too).
DROP TRIGGER plugin_instances_forget; DROP TABLE oauth_states; DROP TABLE plugin_sync_cursors;
DROP TRIGGER watched_files_trails_delete; DROP TRIGGER watched_files_users_delete;
DROP TABLE watched_files;
DROP TRIGGER trail_imports_trails_delete; DROP TRIGGER imports_users_delete;
DROP TABLE trail_imports; DROP TABLE import_jobs; DROP TABLE plugin_instances;
-- 24's exchange tables, triggers and column first (its view reads 23's settings column).
DROP TRIGGER ap_objects_trails_delete; DROP TRIGGER ap_users_departed; DROP TRIGGER ap_trail_share_insert;
DROP TRIGGER ap_trail_share_delete; DROP TABLE ap_departed;
DROP TRIGGER ap_trails_insert; DROP TRIGGER ap_trails_update; DROP TRIGGER ap_trails_delete;
DROP TRIGGER ap_comments_insert; DROP TRIGGER ap_comments_update; DROP TRIGGER ap_comments_delete;
DROP TRIGGER ap_summit_logs_insert; DROP TRIGGER ap_summit_logs_delete;
DROP TRIGGER ap_follows_insert; DROP TRIGGER ap_follows_accept; DROP TRIGGER ap_follows_delete;
DROP TRIGGER ap_trail_likes_insert; DROP TRIGGER ap_trail_likes_delete;
DROP TRIGGER users_delete_ap_actors; DROP VIEW ap_senders;
DROP TABLE ap_actors; DROP TABLE ap_objects; DROP TABLE ap_blocked_domains; DROP TABLE ap_switch;
DROP TABLE ap_applying; DROP TABLE ap_events; DROP TABLE ap_deliveries;
DROP TRIGGER notifications_new_insert; DROP INDEX users_remote_actor;
ALTER TABLE users DROP COLUMN remote_actor;
DROP TRIGGER user_activities_trails_insert; DROP TRIGGER user_activities_trails_update;
DROP TRIGGER user_activities_trails_delete; DROP TRIGGER user_activities_summit_logs_insert;
DROP TRIGGER user_activities_summit_logs_update; DROP TRIGGER user_activities_summit_logs_delete;
DROP VIEW user_activities_refresh; DROP TABLE user_activities;
ALTER TABLE trails DROP COLUMN max_elevation;
-- And what the migrations after 19 made (20: notifications' triggers, 21: the feed's indexes,
-- 22: the terrain's columns, 23: the actors' keys, 24: the exchange), which run again.
DROP TRIGGER notify_trail_share; DROP TRIGGER notify_list_share; DROP TRIGGER notify_comments;
DROP TRIGGER notify_summit_logs; DROP TRIGGER notify_trail_likes; DROP TRIGGER notify_follows;
DROP TRIGGER notify_follows_delete;
DROP VIEW notifications_new;
DROP INDEX lists_created; DROP INDEX summit_logs_created;
DROP TRIGGER users_public_accepts_pending;
ALTER TABLE trails DROP COLUMN min_elevation; ALTER TABLE trails DROP COLUMN elevation_source;
ALTER TABLE settings DROP COLUMN terrain_elevation;
DROP TRIGGER users_delete_ap_keys; DROP TABLE ap_keys;
ALTER TABLE settings DROP COLUMN federation;
)sql";

std::vector<std::string> Rows(Database& database, const std::string& sql) {
  auto result = database.Read<QueryResult>([&](Connection& c) { return c.Query(sql); });
  REQUIRE(result.ok());
  std::vector<std::string> rows;
  for (const auto& row : result->rows) {
    std::string line;
    for (const SqlValue& value : row) {
      if (const auto* text = std::get_if<std::string>(&value)) line += *text;
      if (const auto* number = std::get_if<int64_t>(&value)) line += std::to_string(*number);
      if (const auto* number = std::get_if<double>(&value)) line += std::to_string(*number);
      line += "|";
    }
    rows.push_back(line);
  }
  return rows;
}

const char* kActivities =
    "SELECT user, item, day, trail, public, category, distance, cells FROM user_activities "
    "ORDER BY user, item, day";
// Each person's places as the statistics gather them.
const char* kCells =
    "SELECT a.user, j.value FROM user_activities a, json_each(a.cells) j GROUP BY 1, 2 "
    "ORDER BY 1, 2";

TEST_CASE("migration 19 fills the statistics from the trails and summit logs already stored",
          "[storage]") {
  test_support::TempDir dir;
  const std::string fresh = dir.path() + "/fresh.db";
  const std::string old = dir.path() + "/old.db";
  std::vector<std::string> activities, cells;
  {
    auto database = Database::Open({fresh, 1});
    REQUIRE(database.ok());
    REQUIRE((*database)
                ->Write<bool>([](Connection& c) -> util::Result<bool> {
                  CAIRN_RETURN_IF_ERROR(c.ExecuteScript(kItems));
                  return true;
                })
                .ok());
    activities = Rows(**database, kActivities);
    cells = Rows(**database, kCells);
  }
  // Alice's dated trail (her log on its date is the same outing), her log on bob's trail and her
  // log on no trail; bob's trail.
  REQUIRE(activities.size() == 4);
  CHECK(activities[0] == "alice0000000001|log000000000003|2024-07-01||0||500.000000|[]|");
  CHECK(activities[1].rfind("alice0000000001|trail0000000001|2024-05-01|trail0000000001|1|"
                            "hikingcategory1|1000.000000|[",
                            0) == 0);
  CHECK(activities[2] ==
        "alice0000000001|trail0000000003|2024-06-01|trail0000000003|1||"
        "3000.000000|[]|");
  CHECK(!cells.empty());
  {
    auto database = Database::Open({old, 1});
    REQUIRE(database.ok());
    auto written = (*database)->Write<bool>([](Connection& c) -> util::Result<bool> {
      CAIRN_RETURN_IF_ERROR(c.ExecuteScript(kItems));
      CAIRN_RETURN_IF_ERROR(c.ExecuteScript(kDropStatistics));
      return true;
    });
    INFO((written.ok() ? std::string() : written.error().message));
    REQUIRE(written.ok());
    auto version = (*database)->Write<bool>([](Connection& c) -> util::Result<bool> {
      CAIRN_RETURN_IF_ERROR(c.ExecuteScript("PRAGMA user_version = 18"));
      return true;
    });
    INFO((version.ok() ? std::string() : version.error().message));
    REQUIRE(version.ok());
  }
  auto migrated = Database::Open({old, 1});
  REQUIRE(migrated.ok());
  CHECK((*migrated)->SchemaVersion() == CurrentSchemaVersion());
  CHECK(Rows(**migrated, kActivities) == activities);
  CHECK(Rows(**migrated, kCells) == cells);
}

}  // namespace
}  // namespace cairn::storage
