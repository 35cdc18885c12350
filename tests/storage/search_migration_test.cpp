// Migrations 12 and 13: a file of schema 9 (no search index), 11 (the first one) or 12 (the
// second) with trails and lists gets today's search index, filled from every row, and its
// triggers from then on.
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

// A data dir as schema version 11 left it: version 9, migrations 10 and 11, and the first search
// index, which versions 10 and 11 had (tests/storage/search_index_v10.sql; its triggers need
// functions this test does not register, so it comes after the rows, empty).
void WriteVersion11File(const std::string& path) {
  WriteVersion9File(path);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  for (const Migration& step : Migrations()) {
    if (step.to_version == 10 || step.to_version == 11) Exec(db, step.sql);
  }
  Exec(db,
       "UPDATE categories SET name_folded = lower(name);"
       "CREATE UNIQUE INDEX categories_name_folded ON categories (name_folded);");
  std::ifstream in(std::string(CAIRN_TEST_DATA_DIR) + "/storage/search_index_v10.sql");
  REQUIRE(in.good());
  Exec(db, {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  Exec(db, "PRAGMA user_version = 11;");
  sqlite3_close(db);
}

// A data dir as schema version 12 left it: version 11, migration 12 (the first index dropped)
// and the second index (tests/storage/search_index_v12.sql), with what it held: one trail moved
// into the FTS5 table (under words it no longer has, so only a rebuild gets it right) and one
// list pending.
void WriteVersion12File(const std::string& path) {
  WriteVersion11File(path);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  for (const Migration& step : Migrations()) {
    if (step.to_version == 12) Exec(db, step.sql);
  }
  std::ifstream in(std::string(CAIRN_TEST_DATA_DIR) + "/storage/search_index_v12.sql");
  REQUIRE(in.good());
  Exec(db, {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()});
  Exec(db, R"sql(
INSERT INTO trails_search (rowid, name, description, location, tags, author, category)
  SELECT rowid, 'veraltet', '', '', '', 'bergfex', '' FROM trails WHERE id = 'trailzugspitze1';
INSERT INTO lists_search_pending (record, name, description, author)
  SELECT rowid, 'alpine klassiker', 'grosse touren', 'bergfex' FROM lists;
PRAGMA user_version = 12;
)sql");
  sqlite3_close(db);
}

int64_t Count(Database& db, const std::string& sql) {
  auto rows = db.Read<QueryResult>([&](Connection& c) { return c.Query(sql); });
  REQUIRE(rows.ok());
  return std::get<int64_t>(rows->rows.at(0).at(0));
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

TEST_CASE("migrating a version 9, 11 or 12 file indexes every trail and list for search",
          "[storage][search]") {
  test_support::TempDir dir;
  const int version = GENERATE(9, 11, 12);
  INFO("version " << version);
  const std::string path = dir.path() + "/old.db";
  if (version == 9) {
    WriteVersion9File(path);
  } else if (version == 11) {
    WriteVersion11File(path);
  } else {
    WriteVersion12File(path);
  }
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
  // Inner parts: the beginnings of the marked endings of words in the parts columns (a word's
  // beginning is the word itself, not a part).
  CHECK(Matching(db, "trails", "trails_search", "{name_parts} : \"\xEE\x80\x80spitz\" *") ==
        zugspitze);
  CHECK(Matching(db, "trails", "trails_search",
                 "{other_parts} : \"\xEE\x80\x80"
                 "artenk\" *") == zugspitze);
  CHECK(Matching(db, "lists", "lists_search", "grosse") == Ids{"listklassiker01"});
  CHECK(Matching(db, "lists", "lists_search",
                 "{name_parts} : \"\xEE\x80\x80"
                 "assiker\"") == Ids{"listklassiker01"});
  CHECK(
      Matching(db, "trails", "trails_search", "{name_parts} : \"\xEE\x80\x80zugspitze\"").empty());
  CHECK(Matching(db, "trails", "trails_search", "veraltet").empty());
  CHECK(Count(db, "SELECT count(*) FROM trails_search_pending") == 0);
  CHECK(Count(db, "SELECT count(*) FROM lists_search_pending") == 0);
  CHECK(Count(db, "SELECT count(*) FROM trails_search") == 2);
  CHECK(Count(db, "SELECT indexed_up_to FROM search_index_state WHERE collection = 'trails'") ==
        Count(db, "SELECT max(rowid) FROM trails"));
  CHECK(Count(db, "SELECT indexed_up_to FROM search_index_state WHERE collection = 'lists'") ==
        Count(db, "SELECT max(rowid) FROM lists"));

  // From now on the triggers keep it in step.
  auto renamed = db.Write<int64_t>([](Connection& c) {
    return c.Execute("UPDATE users SET username = 'Gipfelstürmer' WHERE id = 'userbergfex0001'");
  });
  REQUIRE(renamed.ok());
  CHECK(Count(db, "SELECT count(*) FROM trails_search_pending WHERE author = 'gipfelsturmer'") ==
        2);
  CHECK(Count(db, "SELECT count(*) FROM lists_search_pending WHERE author = 'gipfelsturmer'") == 1);
  auto moved = db.Write<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO trails_search_flush VALUES (1)"));
    return c.Execute("INSERT INTO lists_search_flush VALUES (1)");
  });
  REQUIRE(moved.ok());
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
