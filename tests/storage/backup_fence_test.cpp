// A running backup and removals: files removed while a backup holds its lock are kept aside
// for it, and cleared away once no backup runs.
#include "storage/backup_fence.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "storage/blob_store.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

namespace fs = std::filesystem;
using std::chrono::milliseconds;

struct DataDir {
  test_support::TempDir dir;
  BlobStore blobs{Root(), dir.path()};
  std::string Root() {
    fs::create_directories(dir.path() + "/storage");
    return dir.path() + "/storage";
  }
  std::string Put(const std::string& record, const std::string& bytes) {
    return std::move(blobs.Put("photos", record, "p.jpg", bytes)).value();
  }
};

TEST_CASE("while a backup runs, removed files are held for it outside storage", "[backup]") {
  DataDir data;
  const std::string kept = data.Put("aaa", "kept");
  const std::string replaced = data.Put("aaa", "replaced");
  const std::string whole = data.Put("bbb", "whole record");
  {
    auto lock = BackupLock::Acquire(data.dir.path(), milliseconds(1000));
    REQUIRE(lock.ok());
    REQUIRE(data.blobs.Remove("photos", "aaa", replaced).ok());
    REQUIRE(data.blobs.RemoveRecord("photos", "bbb").ok());
    CHECK(!data.blobs.Exists("photos", "aaa", replaced));
    CHECK(!fs::exists(data.dir.path() + "/storage/photos/bbb"));
    CHECK(fs::exists(HeldPathOf(data.dir.path(), "photos", "aaa", replaced)));
    CHECK(fs::exists(HeldPathOf(data.dir.path(), "photos", "bbb", whole)));
    // Nothing is purged while the backup may still read it.
    CHECK(data.blobs.PurgeHeld() == 0);
    CHECK(fs::exists(HeldFolder(data.dir.path())));
  }
  CHECK(data.blobs.Exists("photos", "aaa", kept));
  // The backup has ended: the next removal clears the hold folder.
  REQUIRE(data.blobs.Remove("photos", "aaa", kept).ok());
  CHECK(!fs::exists(HeldFolder(data.dir.path())));
  CHECK(!data.blobs.Exists("photos", "aaa", kept));
}

TEST_CASE("held files of a backup that was killed are purged at the next start", "[backup]") {
  DataDir data;
  const std::string name = data.Put("aaa", "x");
  {
    auto lock = BackupLock::Acquire(data.dir.path(), milliseconds(1000));
    REQUIRE(lock.ok());
    REQUIRE(data.blobs.Remove("photos", "aaa", name).ok());
  }
  CHECK(data.blobs.PurgeHeld() == 1);
  CHECK(!fs::exists(HeldFolder(data.dir.path())));
}

TEST_CASE("a second backup is told that one is running", "[backup]") {
  test_support::TempDir dir;
  auto first = BackupLock::Acquire(dir.path(), milliseconds(1000));
  REQUIRE(first.ok());
  auto second = BackupLock::Acquire(dir.path(), milliseconds(50));
  REQUIRE(!second.ok());
  CHECK(second.error().kind == util::ErrorKind::kConflict);
  CHECK_THAT(second.error().message, Catch::Contains("another backup"));
}

TEST_CASE("a blob store without a data dir deletes at once, as before", "[backup]") {
  test_support::TempDir dir;
  BlobStore blobs(dir.path());
  const std::string name = std::move(blobs.Put("photos", "aaa", "p.jpg", "x")).value();
  auto lock = BackupLock::Acquire(dir.path(), milliseconds(1000));
  REQUIRE(lock.ok());
  REQUIRE(blobs.Remove("photos", "aaa", name).ok());
  CHECK(!fs::exists(HeldFolder(dir.path())));
}

}  // namespace
}  // namespace cairn::storage
