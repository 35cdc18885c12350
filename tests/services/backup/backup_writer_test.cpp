// What a backup holds: the database as of its snapshot, the secret, and exactly the files the
// snapshot's records name, including those removed while it ran.
#include "services/backup/backup_writer.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <map>

#include "services/backup/backup_fixture.h"
#include "services/backup/backup_reader.h"
#include "services/files/storage_doctor.h"
#include "storage/backup_fence.h"

namespace cairn::services {
namespace {

namespace fs = std::filesystem;
using namespace backup_test;

std::map<std::string, std::string> AsMap(const Entries& entries) {
  return {entries.begin(), entries.end()};
}

TEST_CASE("a backup holds the database, the secret and every named file, and restores whole",
          "[backup]") {
  DataDir data;
  const std::string a1 = data.Store("aaaaaaaaaaaaaaa", "first photo");
  const std::string a2 = data.Store("aaaaaaaaaaaaaaa", std::string(3 << 20, 'p'));  // > a chunk
  const std::string b1 = data.Store("bbbbbbbbbbbbbbb", "second trail's photo");
  data.AddTrail("aaaaaaaaaaaaaaa", {a1, a2});
  data.AddTrail("bbbbbbbbbbbbbbb", {b1});
  const std::string orphan = data.Store("ccccccccccccccc", "no record names me");
  REQUIRE(data.blobs.PutThumb(kTrails, "aaaaaaaaaaaaaaa", a1, "100x100t", "thumb").ok());
  { std::ofstream(data.dir.path() + "/.secret") << "secret-key"; }

  const std::string archive = data.dir.path() + "/backup.tar";
  auto report = data.Backup(archive);
  REQUIRE(report.ok());
  CHECK(report->files == 3 + data.seeded_files);
  CHECK(report->held_files == 0);
  CHECK(report->missing.empty());

  const auto entries = AsMap(ReadEntries(archive));
  const std::string prefix = std::string("storage/") + kTrails + "/";
  CHECK(entries.at(prefix + "aaaaaaaaaaaaaaa/" + a1) == "first photo");
  CHECK(entries.at(prefix + "aaaaaaaaaaaaaaa/" + a2) == std::string(3 << 20, 'p'));
  CHECK(entries.at(prefix + "bbbbbbbbbbbbbbb/" + b1) == "second trail's photo");
  CHECK(entries.at(".secret") == "secret-key");
  CHECK(entries.count(prefix + "ccccccccccccccc/" + orphan) == 0);  // named by nothing
  // data.db, .secret, three photos, the pictograms, the manifest: no thumbnails, no orphan.
  CHECK(entries.size() == 6 + data.seeded_files);
  // No temporary snapshot or archive is left beside the archive.
  for (const auto& item : fs::directory_iterator(data.dir.path())) {
    CHECK(item.path().filename().string().rfind(".tmp-", 0) != 0);
  }

  auto verified = VerifyBackup(archive, data.dir.path());
  REQUIRE(verified.ok());
  CHECK(verified->files == 3 + data.seeded_files);
  CHECK(verified->manifest.schema_version == storage::CurrentSchemaVersion());
  CHECK(verified->manifest.cairn_version == "test");

  test_support::TempDir target;
  REQUIRE(ExtractBackup(archive, verified->manifest, target.path()).ok());
  CHECK(FileBytes(target.path() + "/" + prefix + "aaaaaaaaaaaaaaa/" + a1) == "first photo");
  CHECK(FileBytes(target.path() + "/.secret") == "secret-key");
  CHECK((fs::status(target.path() + "/.secret").permissions() & fs::perms::group_read) ==
        fs::perms::none);
  auto restored = storage::Database::Open({target.path() + "/data.db", 1});
  REQUIRE(restored.ok());
  auto rows = (*restored)->Read<storage::QueryResult>(
      [](storage::Connection& c) { return c.Query("SELECT id FROM trails ORDER BY id"); });
  REQUIRE(rows.ok());
  REQUIRE(rows->rows.size() == 2);
}

TEST_CASE("files removed while a backup runs are still in that backup", "[backup]") {
  DataDir data;
  const std::string kept = data.Store("aaaaaaaaaaaaaaa", "kept");
  const std::string replaced = data.Store("aaaaaaaaaaaaaaa", "replaced by an update");
  const std::string deleted = data.Store("bbbbbbbbbbbbbbb", "its trail is deleted");
  data.AddTrail("aaaaaaaaaaaaaaa", {kept, replaced});
  data.AddTrail("bbbbbbbbbbbbbbb", {deleted});

  const std::string archive = data.dir.path() + "/backup.tar";
  auto report = data.Backup(archive, [&] {
    // After the snapshot, as the server would: the rows change, then the files go.
    data.DeleteTrail("bbbbbbbbbbbbbbb");
    REQUIRE(data.blobs.RemoveRecord(kTrails, "bbbbbbbbbbbbbbb").ok());
    REQUIRE(data.blobs.Remove(kTrails, "aaaaaaaaaaaaaaa", replaced).ok());
    CHECK(!data.blobs.Exists(kTrails, "bbbbbbbbbbbbbbb", deleted));
    // While they are held, the storage check sees nothing amiss outside what the rows say.
    StorageDoctor doctor(*data.db, *data.engine, data.blobs);
    auto checked = doctor.Check();
    REQUIRE(checked.ok());
    for (const auto& problem : checked->problems) {
      CHECK(problem.kind == StorageProblem::Kind::kMissingFile);  // `replaced`: its row is kept
    }
  });
  REQUIRE(report.ok());
  CHECK(report->files == 3 + data.seeded_files);
  CHECK(report->held_files == 2);
  const auto entries = AsMap(ReadEntries(archive));
  const std::string prefix = std::string("storage/") + kTrails + "/";
  CHECK(entries.at(prefix + "bbbbbbbbbbbbbbb/" + deleted) == "its trail is deleted");
  CHECK(entries.at(prefix + "aaaaaaaaaaaaaaa/" + replaced) == "replaced by an update");
  // The backup is over: what it held is gone.
  CHECK(!fs::exists(storage::HeldFolder(data.dir.path())));
  CHECK(VerifyBackup(archive, data.dir.path()).ok());
}

TEST_CASE("a file already missing before the backup is reported, not invented", "[backup]") {
  DataDir data;
  data.AddTrail("aaaaaaaaaaaaaaa", {"gone_0123456789.jpg", "../../etc/passwd"});
  const std::string archive = data.dir.path() + "/backup.tar";
  auto report = data.Backup(archive);
  REQUIRE(report.ok());
  CHECK(report->files == data.seeded_files);
  CHECK(report->missing.size() == 2);
  CHECK(VerifyBackup(archive, data.dir.path()).ok());
}

TEST_CASE("a backup fails cleanly without a database or beside another backup", "[backup]") {
  test_support::TempDir empty;
  DataDir data;
  auto none = CreateBackup({.data_dir = empty.path(), .archive_path = empty.path() + "/b.tar"},
                           *data.engine, data.clock);
  REQUIRE(!none.ok());
  CHECK(none.error().kind == util::ErrorKind::kNotFound);

  auto running = storage::BackupLock::Acquire(data.dir.path(), std::chrono::milliseconds(100));
  REQUIRE(running.ok());
  auto second = CreateBackup({.data_dir = data.dir.path(),
                              .archive_path = data.dir.path() + "/b.tar",
                              .lock_wait = std::chrono::milliseconds(50)},
                             *data.engine, data.clock);
  REQUIRE(!second.ok());
  CHECK(second.error().kind == util::ErrorKind::kConflict);
  CHECK(!fs::exists(data.dir.path() + "/b.tar"));
}

}  // namespace
}  // namespace cairn::services
