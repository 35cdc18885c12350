// Migration 15: a trail's computed statistics beside the values in effect.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "storage/database.h"
#include "storage/schema.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST_CASE("migrating keeps every trail's figures, computed where a track gave them, no override",
          "[storage]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/old.db";
  {
    // A first-release file: one trail with a track, one typed in by hand.
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    const std::string v1 = ReadFile(std::string(CAIRN_TEST_DATA_DIR) + "/storage/schema_v1.sql");
    REQUIRE(sqlite3_exec(db, v1.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db,
                         "INSERT INTO trails (id, created, updated, author, date, distance, "
                         "duration, elevation_gain, elevation_loss, gpx) VALUES "
                         "('withtrack000001', 'c', 'u', 'someone12345678', '2024-06-01', 12500, "
                         "13500, 850, 840, 'walk_abc.gpx'),"
                         "('byhand000000001', 'c', 'u', 'someone12345678', '2023-05-04', 7000, "
                         "3600, 300, 300, '')",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  auto migrated = Database::Open({path, 1});
  REQUIRE(migrated.ok());
  CHECK((*migrated)->SchemaVersion() == CurrentSchemaVersion());
  auto rows = (*migrated)->Read<QueryResult>([](Connection& c) {
    return c.Query(
        "SELECT id, distance, computed_distance, computed_duration, computed_elevation_gain, "
        "computed_elevation_loss, computed_date, overrides FROM trails ORDER BY id");
  });
  REQUIRE(rows.ok());
  REQUIRE(rows->rows.size() == 2);
  const auto& by_hand = rows->rows[0];
  const auto& tracked = rows->rows[1];
  CHECK(std::get<double>(by_hand[1]) == 7000);  // the value in effect is untouched
  for (size_t column = 2; column <= 5; ++column) {
    CHECK(std::holds_alternative<std::monostate>(by_hand[column]));
  }
  CHECK(std::get<std::string>(by_hand[6]).empty());
  CHECK(std::get<std::string>(by_hand[7]) == "[]");
  CHECK(std::get<double>(tracked[1]) == 12500);
  CHECK(std::get<double>(tracked[2]) == 12500);
  CHECK(std::get<double>(tracked[3]) == 13500);
  CHECK(std::get<double>(tracked[4]) == 850);
  CHECK(std::get<double>(tracked[5]) == 840);
  CHECK(std::get<std::string>(tracked[6]) == "2024-06-01");
  CHECK(std::get<std::string>(tracked[7]) == "[]");
}

}  // namespace
}  // namespace cairn::storage
