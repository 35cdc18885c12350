// Database files of older (and newer) schema versions, written with SQLite directly, for the
// tests of upgrades: what an earlier cairn left in a data dir.
#pragma once

#include <sqlite3.h>

#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>

namespace cairn::test_support {

inline std::string ReadWholeFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in.good()) throw std::runtime_error("cannot read " + path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs `sql` on the database file at `path` (created when missing); throws with SQLite's message.
inline void ExecOnFile(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + path);
  }
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
  const std::string why = message ? message : "";
  sqlite3_free(message);
  sqlite3_close(db);
  if (rc != SQLITE_OK) throw std::runtime_error("sqlite: " + why);
}

// The first column of the first row of `sql` on the file at `path`, as text ("" for no row).
inline std::string QueryOnFile(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  if (sqlite3_open(path.c_str(), &db) != SQLITE_OK) {
    sqlite3_close(db);
    throw std::runtime_error("cannot open " + path);
  }
  sqlite3_stmt* statement = nullptr;
  std::string value;
  if (sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) != SQLITE_OK) {
    const std::string why = sqlite3_errmsg(db);
    sqlite3_close(db);
    throw std::runtime_error("sqlite: " + why);
  }
  if (sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_text(statement, 0)) {
    value = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
  }
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return value;
}

// The author of the trails WriteVersion1Database writes, and the id of its trail number `n`.
inline constexpr const char* kOldAuthorId = "oldauthor000001";
inline std::string OldTrailId(int n) {
  std::string digits = std::to_string(n);
  return "oldtrail" + std::string(7 - digits.size(), '0') + digits;
}

// A data.db as the first release (schema version 1, tests/storage/schema_v1.sql from
// `tests_dir`) wrote it: one user and `trails` public trails (OldTrailId(0...)), each named
// "Walk <n>" with a description of about 300 characters that the search index of later versions
// has to take in.
inline void WriteVersion1Database(const std::string& tests_dir, const std::string& path,
                                  int trails) {
  ExecOnFile(path, ReadWholeFile(tests_dir + "/storage/schema_v1.sql"));
  ExecOnFile(path, std::string(R"sql(
BEGIN;
INSERT INTO users (id, created, updated, username, email, password_hash, token_key) VALUES
  (')sql") + kOldAuthorId +
                       R"sql(', '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z',
   'oldtimer', 'oldtimer@example.com', 'x', 'key');
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < )sql" +
                       std::to_string(trails) + R"sql()
INSERT INTO trails (id, created, updated, author, name, public, description, distance)
SELECT 'oldtrail' || printf('%07d', i), '2024-01-01 00:00:00.000Z', '2024-01-01 00:00:00.000Z',
  ')sql" + kOldAuthorId +
                       R"sql(', 'Walk ' || i, 1,
  'Along the ridge ' || i || ' past lake ' || (i % 97) || ' and the summit of hill ' ||
  (i % 1013) || ', down through the forest of valley ' || (i % 31) || ' to the village ' ||
  (i % 211) || ' where the bakery sells bread ' || (i % 7) || ' and the old mill turns by ' ||
  'stream ' || (i % 53) || '; back over pass ' || (i % 17) || ' with views of glacier ' ||
  (i % 29) || ' and meadow ' || (i % 71) || ' in the evening light ' || (i % 13),
  1000 + i
FROM n;
COMMIT;
)sql");
}

}  // namespace cairn::test_support
