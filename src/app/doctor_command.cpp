// The storage check, from the command line and at start.
#include "app/doctor_command.h"

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <utility>

#include "app/core.h"
#include "app/data_dir.h"
#include "services/files/storage_doctor.h"
#include "util/log.h"

namespace cairn::app {
namespace {

constexpr size_t kProblemsLoggedAtStart = 10;

bool OnlyUnexpected(const services::StorageReport& report) {
  for (const auto& problem : report.problems) {
    if (problem.kind != services::StorageProblem::Kind::kUnexpected) return false;
  }
  return true;
}

// One line about the data dir's free space, and a warning below the configured minimum.
// Returns the line (for doctor's stdout) and whether it is a warning.
std::pair<std::string, bool> DescribeDiskSpace(const services::DiskSpaceMonitor& monitor) {
  auto disk = monitor.Check();
  if (!disk.ok()) return {"disk: " + disk.error().message, true};
  std::string line = "disk: " + services::DiskSpaceMonitor::Describe(disk->space) +
                     " on the data dir's filesystem";
  if (disk->level == services::StorageLevel::kOk) return {line, false};
  line += disk->level == services::StorageLevel::kFull
              ? " - the disk is full: "
              : " - less than the minimum of " + std::to_string(monitor.low_bytes() >> 20) +
                    " MB (--min-free-mb): ";
  line += "uploads and new trails fail once it runs out; free some space";
  return {line, true};
}

}  // namespace

int RunDoctorCommand(const Config& config) {
  if (!std::filesystem::exists(config.data_dir + "/data.db")) {
    std::fprintf(stderr, "cairn doctor: no Cairn data in %s (is --dir right?)\n",
                 config.data_dir.c_str());
    return 1;
  }
  auto lock = DataDirLock::Acquire(config.data_dir);
  if (!lock.ok()) {
    std::fprintf(stderr, "cairn doctor: %s\nStop the server first.\n",
                 lock.error().message.c_str());
    return 1;
  }
  auto core = BuildCore(config);
  if (!core.ok()) {
    std::fprintf(stderr, "cairn doctor: %s\n", core.error().message.c_str());
    return 1;
  }
  services::StorageDoctor doctor(*(*core)->database, *(*core)->engine, *(*core)->blobs);
  auto report = doctor.Check();
  if (!report.ok()) {
    std::fprintf(stderr, "cairn doctor: %s\n", report.error().message.c_str());
    return 1;
  }
  for (const auto& problem : report->problems) {
    std::printf("%s\n", services::DescribeProblem(problem).c_str());
  }
  std::printf("%zu stored files, %zu file names in records, %zu problem(s)\n", report->files,
              report->references, report->problems.size());
  // Free space is reported, not counted as a problem: --fix cannot repair it.
  std::printf("%s\n", DescribeDiskSpace(*(*core)->disk_space).first.c_str());
  if (!config.doctor_fix) {
    if (report->problems.empty()) return 0;
    std::printf("Run again with --fix to repair them.\n");
    return OnlyUnexpected(*report) ? 0 : 1;
  }
  auto repaired = doctor.Fix(*report);
  if (!repaired.ok()) {
    std::fprintf(stderr, "cairn doctor: %s\n", repaired.error().message.c_str());
    return 1;
  }
  auto after = doctor.Check();
  if (!after.ok()) {
    std::fprintf(stderr, "cairn doctor: %s\n", after.error().message.c_str());
    return 1;
  }
  std::printf("repaired %zu problem(s); %zu remain\n", *repaired, after->problems.size());
  return OnlyUnexpected(*after) ? 0 : 1;
}

void CheckStorageAtStart(Core& core) {
  if (auto [line, warning] = DescribeDiskSpace(*core.disk_space); warning) util::LogWarning(line);
  const auto started = std::chrono::steady_clock::now();
  services::StorageDoctor doctor(*core.database, *core.engine, *core.blobs);
  // Files kept for a backup that ended (or was killed) are of no use now.
  if (const size_t held = core.blobs->PurgeHeld(); held > 0) {
    std::fprintf(stderr, "storage: removed %zu file(s) kept for a backup that has ended\n", held);
  }
  const size_t temporaries = doctor.RemoveTemporaries();
  if (temporaries > 0) {
    util::LogInfo("storage: removed " + std::to_string(temporaries) +
                  " unfinished upload(s) left by a crash");
  }
  auto report = doctor.Check();
  if (!report.ok()) {
    util::LogWarning("storage: check failed: " + report.error().message);
    return;
  }
  const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - started)
                      .count();
  util::LogInfo("storage: " + std::to_string(report->files) + " files, " +
                std::to_string(report->references) + " file names in records, " +
                std::to_string(report->problems.size()) + " problem(s) (" + std::to_string(ms) +
                " ms)");
  for (size_t i = 0; i < report->problems.size() && i < kProblemsLoggedAtStart; ++i) {
    util::LogWarning("storage: " + services::DescribeProblem(report->problems[i]));
  }
  if (!report->problems.empty()) {
    util::LogWarning(
        "storage: stop the server and run `cairn doctor --dir DIR` for the full list, "
        "`--fix` to repair");
  }
}

}  // namespace cairn::app
