// open(2) and fsync(2) of folders; errno turned into error kinds.
#include "util/durable_files.h"

#include <fcntl.h>
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

}  // namespace cairn::util
