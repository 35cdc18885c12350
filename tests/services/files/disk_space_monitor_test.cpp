// Free-space levels: read from the real filesystem, judged against the configured minimum.
#include "services/files/disk_space_monitor.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>

#include "test_support/small_filesystem.h"
#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

TEST_CASE("the storage level follows the free space and the configured minimum", "[services]") {
  test_support::TempDir dir;
  auto space = storage::DiskSpaceOf(dir.path());
  REQUIRE(space.ok());
  REQUIRE(space->total_bytes > 0);
  REQUIRE(space->available_bytes <= space->total_bytes);
  if (space->available_bytes < kFullBytes) {
    WARN("skipped: the temporary folder's disk is itself full");
    return;
  }
  CHECK(DiskSpaceMonitor(dir.path(), 0).Check()->level == StorageLevel::kOk);
  CHECK(DiskSpaceMonitor(dir.path(), space->total_bytes + 1).Check()->level == StorageLevel::kLow);
  CHECK_FALSE(DiskSpaceMonitor(dir.path() + "/missing", 0).Check().ok());
  CHECK(StorageLevelName(StorageLevel::kLow) == std::string("low"));
}

TEST_CASE("a filesystem with less than a megabyte left is full", "[services]") {
  test_support::SmallFilesystem disk(2);
  if (!disk.mounted()) {
    WARN("skipped: " << disk.why());
    return;
  }
  DiskSpaceMonitor monitor(disk.path(), 100ull << 20);
  CHECK(monitor.Check()->level == StorageLevel::kLow);
  CHECK(DiskSpaceMonitor::Describe(monitor.Check()->space) == "2.0 MB free of 2.0 MB");
  {
    FILE* f = std::fopen((disk.path() + "/fill").c_str(), "wb");
    REQUIRE(f);
    const std::string block(64 * 1024, 'x');
    for (int i = 0; i < 40; ++i) std::fwrite(block.data(), 1, block.size(), f);  // 2.5 MB > 2
    std::fclose(f);
  }
  CHECK(monitor.Check()->level == StorageLevel::kFull);
  std::remove((disk.path() + "/fill").c_str());
  CHECK(monitor.Check()->level == StorageLevel::kLow);
}

}  // namespace
}  // namespace cairn::services
