// How a running backup and the server's file removals meet, through two things in the data dir:
// DIR/.backup.lock, which `cairn backup` holds exclusively for its whole run, and DIR/.held/,
// where a removal puts a file instead of deleting it while a backup runs, so a file the backup's
// database snapshot names is still there to be read after its record is gone.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::storage {

// The backup's side: an exclusive flock(2) on DIR/.backup.lock, released when destroyed.
class BackupLock {
 public:
  // Takes the lock, waiting up to `wait` for removals in progress (they hold it shared for the
  // moment of one unlink) and for another backup. Conflict when it is still held after `wait`
  // ("another backup is running"); Internal when the lock file cannot be opened.
  static util::Result<BackupLock> Acquire(const std::string& data_dir,
                                          std::chrono::milliseconds wait);
  BackupLock(BackupLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  BackupLock& operator=(BackupLock&&) = delete;
  ~BackupLock();

 private:
  explicit BackupLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

// A removal's side: a shared flock on DIR/.backup.lock taken without waiting. While an object
// with backup_running() false lives, no backup starts, so deleting a file is safe. Never fails:
// when the lock file cannot be opened, no backup can hold it either.
class RemovalLock {
 public:
  explicit RemovalLock(const std::string& data_dir);
  RemovalLock(const RemovalLock&) = delete;
  RemovalLock& operator=(const RemovalLock&) = delete;
  ~RemovalLock();

  bool backup_running() const { return backup_running_; }

 private:
  int fd_ = -1;
  bool backup_running_ = false;
};

// DIR/.held: the hold folder, outside storage/ so that no storage check looks into it.
std::string HeldFolder(const std::string& data_dir);

// DIR/.held/<collection>/<record>/<name>, the place of a held file.
std::string HeldPathOf(const std::string& data_dir, std::string_view collection_id,
                       std::string_view record_id, std::string_view name);

// Moves the stored file at `path` to `held_path` (making its folders), keeping it for a running
// backup. A missing file is fine. When the move fails (another filesystem), the error is returned
// and the file stays where it is.
util::Status HoldFile(const std::string& path, const std::string& held_path);

// Removes the hold folder with everything in it; call only while holding a RemovalLock that says
// no backup runs, or the BackupLock. Returns how many files it removed.
size_t PurgeHeld(const std::string& data_dir);

}  // namespace cairn::storage
