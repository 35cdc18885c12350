// flock(2) on DIR/.backup.lock and renames into DIR/.held.
#include "storage/backup_fence.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <thread>

namespace cairn::storage {
namespace {

std::string LockPath(const std::string& data_dir) { return data_dir + "/.backup.lock"; }

int OpenLockFile(const std::string& data_dir) {
  return ::open(LockPath(data_dir).c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
}

}  // namespace

util::Result<BackupLock> BackupLock::Acquire(const std::string& data_dir,
                                             std::chrono::milliseconds wait) {
  const int fd = OpenLockFile(data_dir);
  if (fd < 0) {
    return util::Error::Internal("cannot open " + LockPath(data_dir) + ": " + std::strerror(errno));
  }
  // Polling rather than a blocking flock, so a second backup is told so instead of hanging.
  const auto deadline = std::chrono::steady_clock::now() + wait;
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) {
      const int error_number = errno;
      ::close(fd);
      return util::Error::Internal("cannot lock " + LockPath(data_dir) + ": " +
                                   std::strerror(error_number));
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      ::close(fd);
      return util::Error::Conflict("another backup of " + data_dir + " is running (" +
                                   LockPath(data_dir) + " is locked)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return BackupLock(fd);
}

BackupLock::~BackupLock() {
  if (fd_ >= 0) ::close(fd_);
}

RemovalLock::RemovalLock(const std::string& data_dir) : fd_(OpenLockFile(data_dir)) {
  if (fd_ < 0) return;
  while (::flock(fd_, LOCK_SH | LOCK_NB) != 0) {
    if (errno == EINTR) continue;
    backup_running_ = errno == EWOULDBLOCK;
    break;
  }
}

RemovalLock::~RemovalLock() {
  if (fd_ >= 0) ::close(fd_);
}

std::string HeldFolder(const std::string& data_dir) { return data_dir + "/.held"; }

std::string HeldPathOf(const std::string& data_dir, std::string_view collection_id,
                       std::string_view record_id, std::string_view name) {
  return HeldFolder(data_dir) + "/" + std::string(collection_id) + "/" + std::string(record_id) +
         "/" + std::string(name);
}

util::Status HoldFile(const std::string& path, const std::string& held_path) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(held_path).parent_path(), ec);
  if (ec)
    return util::Error::Internal("cannot create a folder for " + held_path + ": " + ec.message());
  if (::rename(path.c_str(), held_path.c_str()) != 0 && errno != ENOENT) {
    return util::Error::Internal("cannot move " + path + " to " + held_path + ": " +
                                 std::strerror(errno));
  }
  return util::OkStatus();
}

size_t PurgeHeld(const std::string& data_dir) {
  std::error_code ec;
  const std::string folder = HeldFolder(data_dir);
  if (!std::filesystem::exists(folder, ec)) return 0;
  size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder, ec)) {
    if (entry.is_regular_file(ec)) ++files;
  }
  std::filesystem::remove_all(folder, ec);
  return files;
}

}  // namespace cairn::storage
