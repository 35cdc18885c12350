// The data directory: created on first start, locked while a server uses it.
#pragma once

#include <optional>
#include <string>

#include "util/result.h"

namespace cairn::app {

// Holds an exclusive lock on a data dir for its lifetime so two servers never share one.
class DataDirLock {
 public:
  // Creates `dir` and `dir/storage` when missing and takes the lock. When another process holds
  // it, fails with a message naming that process, without touching anything else.
  static util::Result<DataDirLock> Acquire(const std::string& dir);

  // Takes the lock of an existing data dir without creating anything: nullopt when `dir` has no
  // lock file (no server ever ran there); Conflict, naming the process, when a server holds it.
  static util::Result<std::optional<DataDirLock>> AcquireExisting(const std::string& dir);

  DataDirLock(DataDirLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  DataDirLock& operator=(DataDirLock&&) = delete;
  ~DataDirLock();

 private:
  explicit DataDirLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

}  // namespace cairn::app
