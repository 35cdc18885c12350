// open(2) and fsync(2) of folders; errno turned into error kinds.
#include "util/durable_files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>

namespace cairn::util {

Error FileSystemError(std::string_view what, const std::string& path, int error_number) {
  std::string message = std::string(what) + " " + path + ": " + std::strerror(error_number);
  if (error_number == ENOSPC || error_number == EDQUOT) {
    return Error::InsufficientStorage(std::move(message));
  }
  return Error::Internal(std::move(message));
}

Status SyncFolder(const std::string& folder) {
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return FileSystemError("cannot open", folder);
  const int synced = ::fsync(fd);
  const int sync_errno = errno;
  ::close(fd);
  if (synced != 0) return FileSystemError("cannot sync", folder, sync_errno);
  return OkStatus();
}

namespace {

bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

}  // namespace

Status ReplaceFileDurably(const std::string& folder, const std::string& name,
                          std::initializer_list<std::string_view> parts) {
  const std::string path = folder + "/" + name;
  std::string temp = folder + "/." + name + "-XXXXXX";
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) return FileSystemError("cannot create a file in", folder);
  bool written = true;
  for (std::string_view part : parts) written = written && WriteAll(fd, part);
  written = written && ::fsync(fd) == 0 && ::fchmod(fd, 0644) == 0;
  const int write_errno = errno;
  ::close(fd);
  if (!written || ::rename(temp.c_str(), path.c_str()) != 0) {
    const int error = written ? errno : write_errno;
    ::unlink(temp.c_str());
    return FileSystemError("cannot write", path, error);
  }
  return SyncFolder(folder);
}

}  // namespace cairn::util
