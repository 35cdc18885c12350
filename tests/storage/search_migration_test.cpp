// Migration 10: a file of schema 9 with trails and lists gets the search index, filled from every
// row, and its triggers from then on.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "storage/database.h"
#include "storage/schema.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

void Exec(sqlite3* db, const std::string& sql) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  INFO((message ? message : ""));
  sqlite3_free(message);
  REQUIRE(rc == SQLITE_OK);
}

// A data dir as schema version 9 left it: the first release's schema and migrations 2 to 9 (whose
// fills have nothing to do on an empty file), then a few rows written by that release.
void WriteVersion9File(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  std::ifstream in(std::string(CAIRN_TEST_DATA_DIR) + "/storage/schema_v1.sql");
  REQUIRE(in.good());
  Exec(db, {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  for (const Migration& step : Migrations()) {
    if (step.to_version < 2 || step.to_version > 9) continue;
    Exec(db, step.sql);
  }
  Exec(db, R"sql(
PRAGMA user_version = 9;
INSERT INTO users (id, created, updated, username, email, password_hash, token_key) VALUES
  ('userbergfex0001', 'c', 'u', 'Bergfex', 'b@x', 'h', 'k');
INSERT INTO tags (id, created, updated, name, name_folded) VALUES
  ('tagviaferrata01', 'c', 'u', 'Via Ferrata', 'via ferrata');
INSERT INTO trails (id, created, updated, author, category, name, public, description, location,
  tags) VALUES
  ('trailzugspitze1', '2024-01-01', 'u', 'userbergfex0001', 'climbingcategor',
   'Zugspitze über das Höllental', 1, 'Mit Leiter und Klamm', 'Garmisch-Partenkirchen',
   '["tagviaferrata01"]'),
  ('trailbrokentags', '2024-01-02', 'u', 'userbergfex0001', '', 'Kaputte Tags', 1, '', '',
   'not json');
INSERT INTO lists (id, created, updated, author, name, description) VALUES
  ('listklassiker01', 'c', 'u', 'userbergfex0001', 'Alpine Klassiker', 'Große Touren');
)sql");
  sqlite3_close(db);
}

// The ids of `table`'s records whose index row matches the FTS5 `query` in `index_table`.
std::vector<std::string> Matching(Database& db, const std::string& table,
                                  const std::string& index_table, const std::string& query) {
  auto rows = db.Read<QueryResult>([&](Connection& c) {
    return c.Query("SELECT r.id FROM " + table + " r JOIN " + index_table +
                       " s ON s.rowid = r.rowid WHERE " + index_table + " MATCH ? ORDER BY r.id",
                   {query});
  });
  INFO(query);
  REQUIRE(rows.ok());
  std::vector<std::string> ids;
  for (const auto& row : rows->rows) ids.push_back(std::get<std::string>(row[0]));
  return ids;
}

using Ids = std::vector<std::string>;

TEST_CASE("migrating a version 9 file indexes every trail and list for search",
          "[storage][search]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/v9.db";
  WriteVersion9File(path);
  auto migrated = Database::Open({path, 1});
  REQUIRE(migrated.ok());
  Database& db = **migrated;
  CHECK(db.SchemaVersion() == CurrentSchemaVersion());

  const Ids zugspitze = {"trailzugspitze1"};
  CHECK(Matching(db, "trails", "trails_search", "hollental") == zugspitze);
  CHECK(Matching(db, "trails", "trails_search", "{description} : klamm") == zugspitze);
  CHECK(Matching(db, "trails", "trails_search", "{tags} : ferrata") == zugspitze);
  CHECK(Matching(db, "trails", "trails_search", "{author} : bergfex") ==
        Ids{"trailbrokentags", "trailzugspitze1"});
  CHECK(Matching(db, "trails", "trails_search", "{category} : climbing") == zugspitze);
  CHECK(Matching(db, "trails", "trails_search", "kaputte") == Ids{"trailbrokentags"});
  CHECK(Matching(db, "trails", "trails_search_infix", "\"spitze\"") == zugspitze);
  CHECK(Matching(db, "trails", "trails_search_infix", "\"partenkirchen\"") == zugspitze);
  CHECK(Matching(db, "lists", "lists_search", "grosse") == Ids{"listklassiker01"});
  CHECK(Matching(db, "lists", "lists_search_infix", "\"assiker\"") == Ids{"listklassiker01"});

  // From now on the triggers keep it in step.
  auto renamed = db.Write<int64_t>([](Connection& c) {
    return c.Execute("UPDATE users SET username = 'Gipfelstürmer' WHERE id = 'userbergfex0001'");
  });
  REQUIRE(renamed.ok());
  CHECK(Matching(db, "trails", "trails_search", "bergfex").empty());
  CHECK(Matching(db, "trails", "trails_search", "gipfelsturmer").size() == 2);
  CHECK(Matching(db, "lists", "lists_search", "gipfelsturmer") == Ids{"listklassiker01"});
  auto checked = db.Write<int64_t>([](Connection& c) {
    return c.Execute("INSERT INTO trails_search (trails_search) VALUES ('integrity-check')");
  });
  CHECK(checked.ok());
}

}  // namespace
}  // namespace cairn::storage
