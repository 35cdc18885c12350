// Backup names sort by their time, and --keep removes only the oldest of those.
#include "services/backup/backup_rotation.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

namespace fs = std::filesystem;

TEST_CASE("backup names carry their UTC time and a sequence within one second", "[backup]") {
  // 2024-03-05 06:07:08 UTC.
  constexpr int64_t kMillis = 1709618828000;
  CHECK(BackupFileName(kMillis) == "cairn-backup-20240305-060708.tar");
  CHECK(BackupFileName(kMillis, 3) == "cairn-backup-20240305-060708-3.tar");
  CHECK(IsBackupFileName("cairn-backup-20240305-060708.tar"));
  CHECK(IsBackupFileName("cairn-backup-20240305-060708-12.tar"));
  for (const char* other :
       {"cairn-backup-2024-060708.tar", "cairn-backup-20240305-060708.tar.gz",
        "my-cairn-backup-20240305-060708.tar", "cairn-backup-20240305-060708-.tar",
        "cairn-backup-20240305-06070x.tar", "notes.txt"}) {
    INFO(other);
    CHECK(!IsBackupFileName(other));
  }
  test_support::TempDir dir;
  const std::string first = NewBackupPath(dir.path(), kMillis);
  CHECK(first == dir.path() + "/cairn-backup-20240305-060708.tar");
  std::ofstream(first) << "x";
  CHECK(NewBackupPath(dir.path(), kMillis) == dir.path() + "/cairn-backup-20240305-060708-2.tar");
}

TEST_CASE("rotation keeps the newest backups and nothing else is touched", "[backup]") {
  test_support::TempDir dir;
  const std::vector<std::string> names = {"cairn-backup-20240101-000000.tar",
                                          "cairn-backup-20240101-000000-2.tar",
                                          "cairn-backup-20231231-235959.tar",
                                          "cairn-backup-20240102-120000.tar",
                                          "other.tar",
                                          "cairn-backup-latest.tar"};
  for (const auto& name : names) std::ofstream(dir.path() + "/" + name) << "x";
  auto removed = RemoveOldBackups(dir.path(), 2);
  REQUIRE(removed.ok());
  CHECK(*removed == std::vector<std::string>{"cairn-backup-20231231-235959.tar",
                                             "cairn-backup-20240101-000000.tar"});
  CHECK(fs::exists(dir.path() + "/cairn-backup-20240101-000000-2.tar"));
  CHECK(fs::exists(dir.path() + "/cairn-backup-20240102-120000.tar"));
  CHECK(fs::exists(dir.path() + "/other.tar"));
  CHECK(fs::exists(dir.path() + "/cairn-backup-latest.tar"));
}

}  // namespace
}  // namespace cairn::services
