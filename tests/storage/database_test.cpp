// Database: schema application, the writer's transaction semantics and the reader pool.
#include "storage/database.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <thread>

#include "geo/polyline.h"
#include "geo/simplify.h"
#include "storage/schema.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

TEST_CASE("a new database gets the schema and its version", "[storage]") {
  test_support::TempDir dir;
  auto db = Database::Open({dir.path() + "/data.db", 2});
  REQUIRE(db.ok());
  CHECK((*db)->SchemaVersion() == CurrentSchemaVersion());
  auto count = (*db)->Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    auto r = c.Query("SELECT count(*) FROM categories");
    if (!r.ok()) return std::move(r).error();
    return std::get<int64_t>(r->rows[0][0]);
  });
  REQUIRE(count.ok());
  CHECK(*count == 6);
}

// The structure of a database file, for comparing two of them: every table's columns (name,
// type, not-null, default, key) and every index, trigger and view with its SQL. Column lists are
// compared, not CREATE TABLE texts, because ALTER TABLE ADD COLUMN rewrites the stored text
// differently from a table created with all its columns.
std::vector<std::string> SchemaOf(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  auto rows = [&](const std::string& sql) {
    std::vector<std::string> out;
    sqlite3_stmt* statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
    while (sqlite3_step(statement) == SQLITE_ROW) {
      out.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(statement, 0)));
    }
    sqlite3_finalize(statement);
    return out;
  };
  std::vector<std::string> schema = rows(
      "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master WHERE "
      "type != 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY 1");
  for (const std::string& table :
       rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
            "ORDER BY 1")) {
    for (const std::string& column :
         rows("SELECT name || ' ' || type || ' ' || \"notnull\" || ' ' || coalesce(dflt_value, "
              "'NULL') || ' ' || pk FROM pragma_table_info('" +
              table + "') ORDER BY name")) {
      schema.push_back("column " + table + "." + column);
    }
  }
  sqlite3_close(db);
  return schema;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST_CASE("a version 1 file is migrated to the schema a fresh file gets, keeping its data",
          "[storage]") {
  test_support::TempDir dir;
  const std::string old_path = dir.path() + "/old.db";
  {
    // A data dir as the first release wrote it, with a trail in it.
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(old_path.c_str(), &db) == SQLITE_OK);
    const std::string v1 = ReadFile(std::string(CAIRN_TEST_DATA_DIR) + "/storage/schema_v1.sql");
    REQUIRE(sqlite3_exec(db, v1.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db,
                         "INSERT INTO trails (id, created, updated, author, name, public) VALUES "
                         "('oldtrail1234567', 'c', 'u', 'someone12345678', 'Kept', 1)",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  {
    auto migrated = Database::Open({old_path, 1});
    REQUIRE(migrated.ok());
    CHECK((*migrated)->SchemaVersion() == CurrentSchemaVersion());
    auto name = (*migrated)->Read<std::string>([](Connection& c) -> util::Result<std::string> {
      CAIRN_ASSIGN_OR_RETURN(auto r, c.Query("SELECT name FROM trails WHERE public = 1"));
      return std::get<std::string>(r.rows.at(0).at(0));
    });
    REQUIRE(name.ok());
    CHECK(*name == "Kept");
  }
  const std::string fresh_path = dir.path() + "/fresh.db";
  REQUIRE(Database::Open({fresh_path, 1}).ok());
  CHECK(SchemaOf(old_path) == SchemaOf(fresh_path));
  // Opening again is a no-op.
  REQUIRE(Database::Open({old_path, 1}).ok());
  CHECK(SchemaOf(old_path) == SchemaOf(fresh_path));
}

// A data dir as schema version 4 left it: the first release's schema and migrations 2 to 4.
void WriteVersion4File(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  const std::string v1 = ReadFile(std::string(CAIRN_TEST_DATA_DIR) + "/storage/schema_v1.sql");
  REQUIRE(sqlite3_exec(db, v1.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  for (const Migration& step : Migrations()) {
    if (step.to_version > 4) break;
    if (step.to_version < 2) continue;
    REQUIRE(step.fill == nullptr);
    REQUIRE(sqlite3_exec(db, step.sql, nullptr, nullptr, nullptr) == SQLITE_OK);
  }
  REQUIRE(sqlite3_exec(db, "PRAGMA user_version = 4", nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

TEST_CASE("migrating a version 4 file fills every trail's preview and sketch from its polyline",
          "[storage]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/v4.db";
  WriteVersion4File(path);
  // 300 trails (more than one batch of the migration), each with a 600-point wiggly line, and
  // one without a track.
  std::vector<std::string> polylines;
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* insert = nullptr;
    REQUIRE(sqlite3_prepare_v2(db,
                               "INSERT INTO trails (id, created, updated, author, polyline) "
                               "VALUES (?, 'c', 'u', 'someone12345678', ?)",
                               -1, &insert, nullptr) == SQLITE_OK);
    for (int t = 0; t <= 300; ++t) {
      std::vector<geo::LatLon> line;
      for (int i = 0; t < 300 && i < 600; ++i) {
        line.push_back({46 + 0.0001 * i, 8 + 0.01 * t + 0.0004 * std::sin(i / (5.0 + t % 7))});
      }
      polylines.push_back(geo::EncodePolyline(line));
      char id[16];
      std::snprintf(id, sizeof id, "trail%010d", t);
      sqlite3_bind_text(insert, 1, id, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text(insert, 2, polylines.back().c_str(), -1, SQLITE_TRANSIENT);
      REQUIRE(sqlite3_step(insert) == SQLITE_DONE);
      sqlite3_reset(insert);
    }
    sqlite3_finalize(insert);
    // Three users: private in their settings, public in them, and without settings.
    REQUIRE(sqlite3_exec(
                db,
                "INSERT INTO users (id, created, updated, username, email, private, "
                "password_hash, token_key) VALUES "
                "('private00000001', 'c', 'u', 'p', 'p@x', 0, 'h', 'k'),"
                "('public000000001', 'c', 'u', 'q', 'q@x', 1, 'h', 'k'),"
                "('nosettings00001', 'c', 'u', 'r', 'r@x', 1, 'h', 'k');"
                "INSERT INTO settings (id, created, updated, user, privacy) VALUES "
                "('settings0000001', 'c', 'u', 'private00000001', '{\"account\":\"private\"}'),"
                "('settings0000002', 'c', 'u', 'public000000001', '{\"account\":\"public\"}');",
                nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  auto migrated = Database::Open({path, 1});
  REQUIRE(migrated.ok());
  CHECK((*migrated)->SchemaVersion() == CurrentSchemaVersion());
  auto rows = (*migrated)->Read<QueryResult>([](Connection& c) {
    return c.Query("SELECT polyline, preview, updated, sketch FROM trails ORDER BY id");
  });
  REQUIRE(rows.ok());
  REQUIRE(rows->rows.size() == polylines.size());
  for (size_t t = 0; t < polylines.size(); ++t) {
    INFO("trail " << t);
    const std::string preview = std::get<std::string>(rows->rows[t][1]);
    const std::string sketch = std::get<std::string>(rows->rows[t][3]);
    CHECK(std::get<std::string>(rows->rows[t][2]) == "u");  // not an edit: updated stays
    if (polylines[t].empty()) {
      CHECK(preview.empty());
      CHECK(sketch.empty());
      continue;
    }
    // Exactly what an upload derives from the same polyline.
    CHECK(preview == geo::PreviewPolyline(polylines[t]).value());
    CHECK(sketch == geo::SketchPolyline(polylines[t]).value());
    auto sketch_points = geo::DecodePolyline(sketch);
    REQUIRE(sketch_points.ok());
    // The wiggles are 30 m across a 6.7 km line: too small for a sketch, which keeps the ends.
    CHECK(sketch_points->size() == 2);
    auto points = geo::DecodePolyline(preview);
    auto line = geo::DecodePolyline(polylines[t]);
    REQUIRE(points.ok());
    CHECK(points->size() <= geo::kPreviewMaxPoints);
    CHECK(points->size() > 2);
    CHECK(points->front() == line->front());
    CHECK(points->back() == line->back());
  }
  // users.private follows settings.privacy.account from schema 6 on.
  auto flags = (*migrated)->Read<QueryResult>(
      [](Connection& c) { return c.Query("SELECT id, private FROM users ORDER BY id"); });
  REQUIRE(flags.ok());
  REQUIRE(flags->rows.size() == 3);
  CHECK(std::get<std::string>(flags->rows[0][0]) == "nosettings00001");
  CHECK(std::get<int64_t>(flags->rows[0][1]) == 0);
  CHECK(std::get<int64_t>(flags->rows[1][1]) == 1);  // private00000001
  CHECK(std::get<int64_t>(flags->rows[2][1]) == 0);  // public000000001
  // The result has the schema a fresh file gets.
  const std::string fresh_path = dir.path() + "/fresh.db";
  REQUIRE(Database::Open({fresh_path, 1}).ok());
  migrated->reset();
  CHECK(SchemaOf(path) == SchemaOf(fresh_path));
}

TEST_CASE("migrating lists every trail with a track for its line breaks, which stay unknown",
          "[storage]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/v4.db";
  WriteVersion4File(path);
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db,
                         "INSERT INTO trails (id, created, updated, author, gpx, polyline) VALUES "
                         "('withtrack000001', 'c', 'u', 'someone12345678', 'a.gpx', '_p~iF~ps|U'),"
                         "('notrack00000001', 'c', 'u', 'someone12345678', '', '')",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  auto migrated = Database::Open({path, 1});
  REQUIRE(migrated.ok());
  auto rows = (*migrated)->Read<QueryResult>([](Connection& c) {
    return c.Query(
        "SELECT p.trail, t.line_breaks IS NULL FROM trails_lines_pending p JOIN trails t ON "
        "t.id = p.trail");
  });
  REQUIRE(rows.ok());
  REQUIRE(rows->rows.size() == 1);
  CHECK(std::get<std::string>(rows->rows[0][0]) == "withtrack000001");
  CHECK(std::get<int64_t>(rows->rows[0][1]) == 1);
}

TEST_CASE("migrating fills the device total fields from the stored device totals", "[storage]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/v4.db";
  WriteVersion4File(path);
  {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    REQUIRE(sqlite3_exec(db,
                         "INSERT INTO trails (id, created, updated, author, device_totals) VALUES "
                         "('withdevice00001', 'c', 'u', 'someone12345678', "
                         "'{\"distance\":500.0,\"elapsed\":70.0,\"timer\":65.0,"
                         "\"elevation_gain\":30.0}'),"
                         "('nodevice0000001', 'c', 'u', 'someone12345678', NULL),"
                         "('brokenjson00001', 'c', 'u', 'someone12345678', 'not json')",
                         nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  auto migrated = Database::Open({path, 1});
  REQUIRE(migrated.ok());
  auto rows = (*migrated)->Read<QueryResult>([](Connection& c) {
    return c.Query(
        "SELECT id, device_distance, device_elevation_gain, device_elevation_loss, "
        "device_duration FROM trails ORDER BY id");
  });
  REQUIRE(rows.ok());
  REQUIRE(rows->rows.size() == 3);
  const auto& broken = rows->rows[0];
  const auto& none = rows->rows[1];
  const auto& device = rows->rows[2];
  for (size_t column = 1; column <= 4; ++column) {
    CHECK(std::holds_alternative<std::monostate>(broken[column]));
    CHECK(std::holds_alternative<std::monostate>(none[column]));
  }
  CHECK(std::get<double>(device[1]) == 500);
  CHECK(std::get<double>(device[2]) == 30);
  CHECK(std::holds_alternative<std::monostate>(device[3]));  // the file had no descent
  CHECK(std::get<double>(device[4]) == 70);                  // elapsed, not the timer's 65
}

TEST_CASE("a failed write rolls back every statement of the transaction", "[storage]") {
  test_support::TempDir dir;
  auto db = std::move(Database::Open({dir.path() + "/data.db", 1})).value();
  auto failed = db->Write<int>([](Connection& c) -> util::Result<int> {
    CAIRN_RETURN_IF_ERROR(c.Execute("UPDATE categories SET name = ? WHERE id = ?",
                                    {std::string("Changed"), std::string("hikingcategory1")}));
    return util::Error::InvalidArgument("abort");
  });
  CHECK_FALSE(failed.ok());
  auto name = db->Read<std::string>([](Connection& c) -> util::Result<std::string> {
    auto r = c.Query("SELECT name FROM categories WHERE id = ?", {std::string("hikingcategory1")});
    if (!r.ok()) return std::move(r).error();
    return std::get<std::string>(r->rows[0][0]);
  });
  CHECK(*name == "Hiking");
}

TEST_CASE("an exception inside a transaction rolls back and frees the connection", "[storage]") {
  test_support::TempDir dir;
  // One reader: a leaked reader would make the second Read below wait forever.
  auto db = std::move(Database::Open({dir.path() + "/data.db", 1})).value();
  for (int i = 0; i < 2; ++i) {
    auto threw = db->Write<int>([](Connection& c) -> util::Result<int> {
      CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM categories"));
      throw std::runtime_error("bug in a write");
    });
    REQUIRE_FALSE(threw.ok());
    CHECK(threw.error().kind == util::ErrorKind::kInternal);
    auto read_threw =
        db->Read<int>([](Connection&) -> util::Result<int> { throw std::logic_error("bug"); });
    CHECK_FALSE(read_threw.ok());
  }
  // The writer is usable (no transaction left open) and the deletes were rolled back.
  auto renamed = db->Write<int64_t>([](Connection& c) {
    return c.Execute("UPDATE categories SET name = 'Hike' WHERE id = 'hikingcategory1'");
  });
  REQUIRE(renamed.ok());
  CHECK(*renamed == 1);
  auto count = db->Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(auto r, c.Query("SELECT count(*) FROM categories"));
    return std::get<int64_t>(r.rows[0][0]);
  });
  REQUIRE(count.ok());
  CHECK(*count == 6);
}

TEST_CASE("a read that runs past its budget is stopped and the reader is reused", "[storage]") {
  test_support::TempDir dir;
  auto db = std::move(Database::Open({dir.path() + "/data.db", 1, /*read_budget_ms=*/100})).value();
  const auto start = std::chrono::steady_clock::now();
  auto endless = db->Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(
        auto r, c.Query("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) "
                        "SELECT count(*) FROM n"));
    return std::get<int64_t>(r.rows[0][0]);
  });
  REQUIRE_FALSE(endless.ok());
  CHECK(endless.error().kind == util::ErrorKind::kInvalidArgument);
  CHECK(endless.error().message.find("too long") != std::string::npos);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
  // The only reader is free again and not left interrupted.
  auto count = db->Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(auto r, c.Query("SELECT count(*) FROM categories"));
    return std::get<int64_t>(r.rows[0][0]);
  });
  REQUIRE(count.ok());
  CHECK(*count == 6);
}

TEST_CASE("parameters are bound as data, never as SQL", "[storage]") {
  test_support::TempDir dir;
  auto db = std::move(Database::Open({dir.path() + "/data.db", 1})).value();
  auto rows = db->Read<size_t>([](Connection& c) -> util::Result<size_t> {
    auto r = c.Query("SELECT id FROM categories WHERE name = ?", {std::string("x' OR '1'='1")});
    if (!r.ok()) return std::move(r).error();
    return r->rows.size();
  });
  REQUIRE(rows.ok());
  CHECK(*rows == 0);
}

TEST_CASE("readers are read-only and reopen keeps the data", "[storage]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  {
    auto db = std::move(Database::Open({path, 2})).value();
    auto denied =
        db->Read<int64_t>([](Connection& c) { return c.Execute("DELETE FROM categories"); });
    CHECK_FALSE(denied.ok());
    auto written = db->Write<int64_t>([](Connection& c) {
      return c.Execute("UPDATE categories SET name = 'Trail running' WHERE id = 'hikingcategory1'");
    });
    REQUIRE(written.ok());
    CHECK(*written == 1);
  }
  auto db = std::move(Database::Open({path, 2})).value();
  auto name = db->Read<std::string>([](Connection& c) -> util::Result<std::string> {
    auto r = c.Query("SELECT name FROM categories WHERE id = 'hikingcategory1'");
    if (!r.ok()) return std::move(r).error();
    return std::get<std::string>(r->rows[0][0]);
  });
  CHECK(*name == "Trail running");
}

TEST_CASE("concurrent readers and a writer do not block each other into errors", "[storage]") {
  test_support::TempDir dir;
  auto db = std::move(Database::Open({dir.path() + "/data.db", 3})).value();
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < 6; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 50; ++i) {
        if (t == 0) {
          auto w = db->Write<int64_t>([&](Connection& c) {
            return c.Execute("UPDATE categories SET updated = ? WHERE id = 'walkingcategory'",
                             {std::to_string(i)});
          });
          if (!w.ok()) ++failures;
        } else {
          auto r = db->Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
            auto q = c.Query("SELECT count(*) FROM categories");
            if (!q.ok()) return std::move(q).error();
            return std::get<int64_t>(q->rows[0][0]);
          });
          if (!r.ok() || *r != 6) ++failures;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  CHECK(failures == 0);
}

}  // namespace
}  // namespace cairn::storage

namespace cairn::storage {
namespace {

int64_t RememberedCount(Database& db) {
  auto count = db.Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(
        QueryResult r,
        c.QueryUntilChange("SELECT count(*) FROM subcategories WHERE name > ?", {std::string("")}));
    return std::get<int64_t>(r.rows.at(0).at(0));
  });
  REQUIRE(count.ok());
  return *count;
}

TEST_CASE("a remembered answer lasts until any connection writes", "[storage]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  auto db = std::move(Database::Open({path, 1})).value();  // one reader: it remembers
  const int64_t seeded = RememberedCount(*db);
  CHECK(seeded > 0);
  CHECK(RememberedCount(*db) == seeded);
  // A write of this process's writer.
  REQUIRE(db->Write<int64_t>([](Connection& c) {
              return c.Execute(
                  "INSERT INTO subcategories (id, created, updated, name, category) VALUES "
                  "('hikingtrailrun1', 'c', 'u', 'Trail run', 'hikingcategory1')");
            }).ok());
  CHECK(RememberedCount(*db) == seeded + 1);
  // A write of another process (another SQLite connection to the file).
  sqlite3* other = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &other) == SQLITE_OK);
  REQUIRE(sqlite3_exec(other, "DELETE FROM subcategories WHERE id = 'hikingtrailrun1'", nullptr,
                       nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(other);
  CHECK(RememberedCount(*db) == seeded);
  // Inside a write transaction nothing is remembered: the writer sees its own changes at once.
  auto inside = db->Write<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM subcategories WHERE id = 'hikingdayhike01'"));
    CAIRN_ASSIGN_OR_RETURN(
        QueryResult r,
        c.QueryUntilChange("SELECT count(*) FROM subcategories WHERE name > ?", {std::string("")}));
    return std::get<int64_t>(r.rows.at(0).at(0));
  });
  REQUIRE(inside.ok());
  CHECK(*inside == seeded - 1);
  CHECK(RememberedCount(*db) == seeded - 1);
}

}  // namespace
}  // namespace cairn::storage
