// Database: after a write fails anywhere (a statement, or COMMIT itself: a full disk, an I/O
// error, a deferred constraint) the writer is rolled back and the next transactions work.
#include <sqlite3.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <string>

#include "storage/database.h"
#include "test_support/temp_dir.h"

namespace cairn::storage {
namespace {

// A VFS in front of the default one whose writes fail with a chosen code while armed: the way
// to make COMMIT itself fail, since in WAL mode pages reach the disk only when it runs.
class FaultyDisk {
 public:
  FaultyDisk() {
    real_ = sqlite3_vfs_find(nullptr);
    vfs_ = *real_;
    vfs_.zName = "cairn-test-faulty-disk";
    vfs_.szOsFile = static_cast<int>(sizeof(File)) + real_->szOsFile;
    vfs_.xOpen = &Open;
    vfs_.pNext = nullptr;
    instance_ = this;
    // The default from now on, so Database::Open uses it without knowing.
    sqlite3_vfs_register(&vfs_, 1);
  }
  ~FaultyDisk() {
    sqlite3_vfs_register(real_, 1);
    sqlite3_vfs_unregister(&vfs_);
    instance_ = nullptr;
  }

  // Every write fails with `code` until Heal().
  void FailWritesWith(int code) { failure_ = code; }
  void Heal() { failure_ = SQLITE_OK; }

 private:
  struct File {
    sqlite3_file base;
    sqlite3_file* real;  // the real VFS's file, in the memory right after this struct
  };

  static sqlite3_file* Real(sqlite3_file* file) { return reinterpret_cast<File*>(file)->real; }

  static int Open(sqlite3_vfs*, const char* name, sqlite3_file* file, int flags, int* out_flags) {
    File* shim = reinterpret_cast<File*>(file);
    shim->real = reinterpret_cast<sqlite3_file*>(shim + 1);
    const int rc = instance_->real_->xOpen(instance_->real_, name, shim->real, flags, out_flags);
    shim->base.pMethods = shim->real->pMethods ? &kMethods : nullptr;
    return rc;
  }
  static int Close(sqlite3_file* f) { return Real(f)->pMethods->xClose(Real(f)); }
  static int Read(sqlite3_file* f, void* buffer, int amount, sqlite3_int64 offset) {
    return Real(f)->pMethods->xRead(Real(f), buffer, amount, offset);
  }
  static int Write(sqlite3_file* f, const void* buffer, int amount, sqlite3_int64 offset) {
    if (const int failure = instance_->failure_.load(); failure != SQLITE_OK) return failure;
    return Real(f)->pMethods->xWrite(Real(f), buffer, amount, offset);
  }
  static int Truncate(sqlite3_file* f, sqlite3_int64 size) {
    return Real(f)->pMethods->xTruncate(Real(f), size);
  }
  static int Sync(sqlite3_file* f, int flags) { return Real(f)->pMethods->xSync(Real(f), flags); }
  static int FileSize(sqlite3_file* f, sqlite3_int64* size) {
    return Real(f)->pMethods->xFileSize(Real(f), size);
  }
  static int Lock(sqlite3_file* f, int level) { return Real(f)->pMethods->xLock(Real(f), level); }
  static int Unlock(sqlite3_file* f, int level) {
    return Real(f)->pMethods->xUnlock(Real(f), level);
  }
  static int CheckReservedLock(sqlite3_file* f, int* out) {
    return Real(f)->pMethods->xCheckReservedLock(Real(f), out);
  }
  static int FileControl(sqlite3_file* f, int op, void* arg) {
    return Real(f)->pMethods->xFileControl(Real(f), op, arg);
  }
  static int SectorSize(sqlite3_file* f) { return Real(f)->pMethods->xSectorSize(Real(f)); }
  static int DeviceCharacteristics(sqlite3_file* f) {
    return Real(f)->pMethods->xDeviceCharacteristics(Real(f));
  }
  static int ShmMap(sqlite3_file* f, int page, int size, int extend, void volatile** out) {
    return Real(f)->pMethods->xShmMap(Real(f), page, size, extend, out);
  }
  static int ShmLock(sqlite3_file* f, int offset, int n, int flags) {
    return Real(f)->pMethods->xShmLock(Real(f), offset, n, flags);
  }
  static void ShmBarrier(sqlite3_file* f) { Real(f)->pMethods->xShmBarrier(Real(f)); }
  static int ShmUnmap(sqlite3_file* f, int remove) {
    return Real(f)->pMethods->xShmUnmap(Real(f), remove);
  }

  // Version 2: no memory-mapped I/O, which would bypass xWrite.
  static constexpr sqlite3_io_methods kMethods = {2,
                                                  &Close,
                                                  &Read,
                                                  &Write,
                                                  &Truncate,
                                                  &Sync,
                                                  &FileSize,
                                                  &Lock,
                                                  &Unlock,
                                                  &CheckReservedLock,
                                                  &FileControl,
                                                  &SectorSize,
                                                  &DeviceCharacteristics,
                                                  &ShmMap,
                                                  &ShmLock,
                                                  &ShmBarrier,
                                                  &ShmUnmap,
                                                  nullptr,
                                                  nullptr};

  static inline FaultyDisk* instance_ = nullptr;
  sqlite3_vfs* real_ = nullptr;
  sqlite3_vfs vfs_{};
  std::atomic<int> failure_{SQLITE_OK};
};

util::Result<int64_t> CountNotes(Database& db) {
  return db.Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(auto r, c.Query("SELECT count(*) FROM notes"));
    return std::get<int64_t>(r.rows[0][0]);
  });
}

util::Result<int64_t> AddNote(Database& db, const std::string& text) {
  return db.Write<int64_t>(
      [&](Connection& c) { return c.Execute("INSERT INTO notes (text) VALUES (?)", {text}); });
}

std::unique_ptr<Database> OpenWithNotes(const std::string& path) {
  auto db = std::move(Database::Open({path, 1})).value();
  auto made = db->Write<int>([](Connection& c) -> util::Result<int> {
    CAIRN_RETURN_IF_ERROR(c.ExecuteScript("CREATE TABLE notes (text TEXT NOT NULL)"));
    return 0;
  });
  REQUIRE(made.ok());
  return db;
}

// Three writes in a row: a stale error left on a cached COMMIT or ROLLBACK statement used to
// fail the second and wedge the writer in an open transaction from the third on.
void CheckNextWritesWork(Database& db, int64_t notes_before) {
  for (int i = 0; i < 3; ++i) {
    auto added = AddNote(db, "after " + std::to_string(i));
    INFO((added.ok() ? std::string() : added.error().message));
    REQUIRE(added.ok());
  }
  auto count = CountNotes(db);
  REQUIRE(count.ok());
  CHECK(*count == notes_before + 3);
}

TEST_CASE("a COMMIT that fails for a full disk is rolled back and the writer goes on",
          "[storage]") {
  FaultyDisk disk;
  test_support::TempDir dir;
  auto db = OpenWithNotes(dir.path() + "/data.db");
  REQUIRE(AddNote(*db, "kept").ok());

  for (int round = 0; round < 2; ++round) {
    auto failed = db->Write<int64_t>([&](Connection& c) -> util::Result<int64_t> {
      CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO notes (text) VALUES ('lost')"));
      disk.FailWritesWith(SQLITE_FULL);  // the pages go to the WAL at COMMIT
      return 1;
    });
    disk.Heal();
    REQUIRE_FALSE(failed.ok());
    CHECK(failed.error().kind == util::ErrorKind::kInsufficientStorage);
    CHECK(failed.error().message.find("COMMIT") != std::string::npos);
  }
  CheckNextWritesWork(*db, 1);
  auto lost = db->Read<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(auto r, c.Query("SELECT count(*) FROM notes WHERE text = 'lost'"));
    return std::get<int64_t>(r.rows[0][0]);
  });
  CHECK(*lost == 0);
}

TEST_CASE("a COMMIT that fails with an I/O error is rolled back and the writer goes on",
          "[storage]") {
  FaultyDisk disk;
  test_support::TempDir dir;
  auto db = OpenWithNotes(dir.path() + "/data.db");
  REQUIRE(AddNote(*db, "kept").ok());
  auto failed = db->Write<int64_t>([&](Connection& c) -> util::Result<int64_t> {
    CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO notes (text) VALUES ('lost')"));
    disk.FailWritesWith(SQLITE_IOERR_WRITE);
    return 1;
  });
  disk.Heal();
  REQUIRE_FALSE(failed.ok());
  // Not a lack of space (the errno says nothing of ENOSPC): a server fault.
  CHECK(failed.error().kind == util::ErrorKind::kInternal);
  CheckNextWritesWork(*db, 1);
}

TEST_CASE("a COMMIT refused by a deferred constraint is rolled back and the writer goes on",
          "[storage]") {
  test_support::TempDir dir;
  auto db = OpenWithNotes(dir.path() + "/data.db");
  REQUIRE(db->Write<int>([](Connection& c) -> util::Result<int> {
              CAIRN_RETURN_IF_ERROR(c.ExecuteScript(
                  "CREATE TABLE parents (id TEXT PRIMARY KEY);"
                  "CREATE TABLE children (parent TEXT REFERENCES parents(id) DEFERRABLE "
                  "INITIALLY DEFERRED)"));
              return 0;
            }).ok());
  // SQLite keeps the transaction open when COMMIT fails this way: only a ROLLBACK ends it.
  auto failed = db->Write<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO notes (text) VALUES ('lost')"));
    return c.Execute("INSERT INTO children (parent) VALUES ('nobody')");
  });
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.error().kind == util::ErrorKind::kConflict);
  CheckNextWritesWork(*db, 0);
}

TEST_CASE("a statement that outgrows the database is a lack of space, and space frees it",
          "[storage]") {
  test_support::TempDir dir;
  auto db = OpenWithNotes(dir.path() + "/data.db");
  REQUIRE(AddNote(*db, "kept").ok());
  // max_page_count is the database's own size limit: past it SQLite says SQLITE_FULL.
  auto pages = db->Write<int64_t>([](Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(auto r, c.Query("PRAGMA page_count"));
    const int64_t count = std::get<int64_t>(r.rows[0][0]);
    CAIRN_RETURN_IF_ERROR(c.ExecuteScript("PRAGMA max_page_count = " + std::to_string(count + 2)));
    return count;
  });
  REQUIRE(pages.ok());
  auto failed = AddNote(*db, std::string(64 * 1024, 'x'));
  REQUIRE_FALSE(failed.ok());
  CHECK(failed.error().kind == util::ErrorKind::kInsufficientStorage);
  // The statement's failure ended the write; no half of it stayed.
  auto count = CountNotes(*db);
  REQUIRE(count.ok());
  CHECK(*count == 1);
  // Room again: the same writer takes the next writes, big and small.
  REQUIRE(db->Write<int>([](Connection& c) -> util::Result<int> {
              CAIRN_RETURN_IF_ERROR(c.ExecuteScript("PRAGMA max_page_count = 1073741823"));
              return 0;
            }).ok());
  REQUIRE(AddNote(*db, std::string(64 * 1024, 'x')).ok());
  CheckNextWritesWork(*db, 2);
}

}  // namespace
}  // namespace cairn::storage
