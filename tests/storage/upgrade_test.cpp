// Upgrades of data.db: the backup taken first, one transaction for every step, and a newer file
// refused without a byte changed.
#include "storage/upgrade.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

#include "storage/database.h"
#include "storage/schema.h"
#include "test_support/old_data_dir.h"
#include "test_support/small_filesystem.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

namespace fs = std::filesystem;
using test_support::QueryOnFile;

// Every file in `folder` (not recursing) with its bytes.
std::map<std::string, std::string> FilesIn(const std::string& folder) {
  std::map<std::string, std::string> files;
  for (const auto& entry : fs::directory_iterator(folder)) {
    files[entry.path().filename().string()] = test_support::ReadWholeFile(entry.path().string());
  }
  return files;
}

std::string UserVersion(const std::string& path) {
  return QueryOnFile(path, "PRAGMA user_version");
}

// Each trail's id and name, in id order, as one text.
std::string TrailRows(const std::string& path) {
  return QueryOnFile(path,
                     "SELECT group_concat(id || '=' || name, ',') FROM "
                     "(SELECT id, name FROM trails ORDER BY id)");
}

TEST_CASE("an upgrade first backs the database up, and the backup opens at the old version",
          "[storage][upgrade]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  test_support::WriteVersion1Database(CAIRN_TEST_DATA_DIR, path, 50);
  const std::string rows_before = TrailRows(path);
  const std::string backups = dir.path() + "/backups";

  auto opened = Database::Open({.path = path, .reader_count = 1, .backup_dir = backups});
  REQUIRE(opened.ok());
  CHECK((*opened)->SchemaVersion() == CurrentSchemaVersion());
  opened->reset();

  const auto files = FilesIn(backups);
  REQUIRE(files.size() == 1);
  const std::string name = files.begin()->first;
  const std::string prefix = "pre-upgrade-v1-to-v" + std::to_string(CurrentSchemaVersion()) + "-";
  CHECK(name.starts_with(prefix));
  CHECK(name.ends_with("Z.db"));
  const std::string backup = backups + "/" + name;
  CHECK(UserVersion(backup) == "1");
  CHECK(QueryOnFile(backup, "PRAGMA integrity_check") == "ok");
  CHECK(TrailRows(backup) == rows_before);
  CHECK(TrailRows(path) == rows_before);
  CHECK(QueryOnFile(backup, "SELECT username FROM users") == "oldtimer");

  // Opening the upgraded file again takes no second backup.
  REQUIRE(Database::Open({.path = path, .reader_count = 1, .backup_dir = backups}).ok());
  CHECK(FilesIn(backups).size() == 1);
}

TEST_CASE("a file at the current version is opened without a backup", "[storage][upgrade]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  REQUIRE(Database::Open({.path = path, .reader_count = 1}).ok());
  const std::string backups = dir.path() + "/backups";
  REQUIRE(Database::Open({.path = path, .reader_count = 1, .backup_dir = backups}).ok());
  CHECK_FALSE(fs::exists(backups));
}

TEST_CASE("when the backup cannot be written the file is not upgraded", "[storage][upgrade]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  test_support::WriteVersion1Database(CAIRN_TEST_DATA_DIR, path, 10);
  // A file where the backup folder would be: no folder can be made there, even by root.
  std::ofstream(dir.path() + "/not-a-folder") << "x";
  auto opened =
      Database::Open({.path = path, .reader_count = 1, .backup_dir = dir.path() + "/not-a-folder"});
  REQUIRE_FALSE(opened.ok());
  const std::string message = opened.error().message;
  CHECK(message.find("backup") != std::string::npos);
  CHECK(message.find("nothing was changed") != std::string::npos);
  CHECK(UserVersion(path) == "1");
  CHECK(QueryOnFile(path, "SELECT count(*) FROM trails") == "10");
}

TEST_CASE("a full disk for the backup refuses the upgrade and leaves no partial backup",
          "[storage][upgrade][disk]") {
  test_support::SmallFilesystem disk(1);
  if (!disk.mounted()) {
    WARN("skipped: " << disk.why());
    return;
  }
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  test_support::WriteVersion1Database(CAIRN_TEST_DATA_DIR, path, 8000);  // a few MB
  REQUIRE(fs::file_size(path) > 2 * 1024 * 1024);
  auto opened = Database::Open({.path = path, .reader_count = 1, .backup_dir = disk.path()});
  REQUIRE_FALSE(opened.ok());
  CHECK(opened.error().kind == util::ErrorKind::kInsufficientStorage);
  CHECK(opened.error().message.find("backup") != std::string::npos);
  std::string left;
  for (const auto& [name, bytes] : FilesIn(disk.path())) left += name + " ";
  CHECK(left == "");
  CHECK(UserVersion(path) == "1");
}

TEST_CASE("a step that fails rolls every step back, the file stays at its version",
          "[storage][upgrade]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  test_support::WriteVersion1Database(CAIRN_TEST_DATA_DIR, path, 10);
  // Something of the owner's own, in the way of migration 7's new table.
  test_support::ExecOnFile(path, "CREATE TABLE tags (x);");
  auto opened =
      Database::Open({.path = path, .reader_count = 1, .backup_dir = dir.path() + "/backups"});
  REQUIRE_FALSE(opened.ok());
  CHECK(opened.error().message.find("step to schema version 7") != std::string::npos);
  CHECK(opened.error().message.find("left at version 1") != std::string::npos);
  CHECK(UserVersion(path) == "1");
  // Migration 4's column is gone with the rest, so the file is exactly as it was.
  CHECK(QueryOnFile(path,
                    "SELECT count(*) FROM pragma_table_info('trails') "
                    "WHERE name = 'polyline'") == "0");
  CHECK(QueryOnFile(path, "PRAGMA integrity_check") == "ok");
}

TEST_CASE("a file of a newer schema is refused and not a byte of the data dir changes",
          "[storage][upgrade]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  REQUIRE(Database::Open({.path = path, .reader_count = 1}).ok());
  test_support::ExecOnFile(path, "PRAGMA user_version = 999;");
  const auto before = FilesIn(dir.path());

  auto opened =
      Database::Open({.path = path, .reader_count = 1, .backup_dir = dir.path() + "/backups"});
  REQUIRE_FALSE(opened.ok());
  const std::string message = opened.error().message;
  CHECK(message.find("schema version 999") != std::string::npos);
  CHECK(message.find("up to " + std::to_string(CurrentSchemaVersion())) != std::string::npos);
  CHECK(message.find("Nothing was changed") != std::string::npos);
  CHECK(FilesIn(dir.path()) == before);
}

TEST_CASE("a newer version still in the write-ahead log is refused without a checkpoint",
          "[storage][upgrade]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/data.db";
  REQUIRE(Database::Open({.path = path, .reader_count = 1}).ok());
  {
    // A newer cairn that was killed: its version is in the log, not yet in the file's header.
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, nullptr);
    REQUIRE(sqlite3_exec(db, "PRAGMA user_version = 999; CREATE TABLE newer (x);", nullptr, nullptr,
                         nullptr) == SQLITE_OK);
    sqlite3_close(db);
  }
  REQUIRE(SchemaVersionInFileHeader(path).value() == CurrentSchemaVersion());
  REQUIRE(fs::file_size(path + "-wal") > 0);
  const std::string main_file = test_support::ReadWholeFile(path);
  const std::string log = test_support::ReadWholeFile(path + "-wal");

  auto opened = Database::Open({.path = path, .reader_count = 1});
  REQUIRE_FALSE(opened.ok());
  CHECK(opened.error().message.find("schema version 999") != std::string::npos);
  CHECK(test_support::ReadWholeFile(path) == main_file);
  CHECK(test_support::ReadWholeFile(path + "-wal") == log);
}

TEST_CASE("the schema version is read from the file header without opening it",
          "[storage][upgrade]") {
  test_support::TempDir dir;
  CHECK(SchemaVersionInFileHeader(dir.path() + "/missing.db").value() == 0);
  std::ofstream(dir.path() + "/empty.db").close();
  CHECK(SchemaVersionInFileHeader(dir.path() + "/empty.db").value() == 0);
  std::ofstream(dir.path() + "/text.db") << std::string(200, 'x');
  CHECK_FALSE(SchemaVersionInFileHeader(dir.path() + "/text.db").ok());
  test_support::WriteVersion1Database(CAIRN_TEST_DATA_DIR, dir.path() + "/v1.db", 1);
  CHECK(SchemaVersionInFileHeader(dir.path() + "/v1.db").value() == 1);
}

}  // namespace
}  // namespace cairn::storage
