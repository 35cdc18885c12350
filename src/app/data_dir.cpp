// Data dir creation and locking with flock(2) on <dir>/.lock.
#include "app/data_dir.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace cairn::app {

namespace {

// Locks the open lock file `fd` of `dir` exclusively without waiting; closes it on failure.
util::Status LockOrClose(int fd, const std::string& dir) {
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return util::OkStatus();
  char pid[32] = {0};
  ssize_t n = ::pread(fd, pid, sizeof pid - 1, 0);
  ::close(fd);
  std::string holder = n > 0 ? std::string(pid, static_cast<size_t>(n)) : "unknown";
  while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' ')) holder.pop_back();
  return util::Error::Conflict("the data dir " + dir + " is in use by another cairn process (pid " +
                               holder + "); stop it or choose another --dir");
}

}  // namespace

util::Result<DataDirLock> DataDirLock::Acquire(const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(dir) / "storage", ec);
  if (ec) {
    return util::Error::Internal("cannot create data dir " + dir + ": " + ec.message());
  }
  const std::string lock_path = dir + "/.lock";
  int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) {
    return util::Error::Internal("cannot open " + lock_path + ": " + std::strerror(errno));
  }
  CAIRN_RETURN_IF_ERROR(LockOrClose(fd, dir));
  const std::string pid = std::to_string(::getpid()) + "\n";
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, pid.data(), pid.size(), 0) < 0) {
    // The lock itself is what matters; the pid is only a hint for the message above.
  }
  return DataDirLock(fd);
}

util::Result<std::optional<DataDirLock>> DataDirLock::AcquireExisting(const std::string& dir) {
  const std::string lock_path = dir + "/.lock";
  const int fd = ::open(lock_path.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0) {
    if (errno == ENOENT) return std::optional<DataDirLock>();
    return util::Error::Internal("cannot open " + lock_path + ": " + std::strerror(errno));
  }
  CAIRN_RETURN_IF_ERROR(LockOrClose(fd, dir));
  return std::optional<DataDirLock>(DataDirLock(fd));
}

DataDirLock::~DataDirLock() {
  if (fd_ >= 0) ::close(fd_);  // closing releases the flock
}

}  // namespace cairn::app
