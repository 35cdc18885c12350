// POSIX open/fstat/pread behind FileHandle.
#include "util/file_handle.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace cairn::util {

Result<std::shared_ptr<const FileHandle>> FileHandle::Open(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) {
    if (errno == ENOENT || errno == ELOOP || errno == ENOTDIR) {
      return Error::NotFound("The file is missing from storage.");
    }
    return Error::Internal("cannot open " + path + ": " + std::strerror(errno));
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return Error::NotFound("The file is missing from storage.");
  }
  const int64_t modified =
      static_cast<int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  return std::shared_ptr<const FileHandle>(
      new FileHandle(fd, static_cast<uint64_t>(st.st_size), modified));
}

FileHandle::~FileHandle() { ::close(fd_); }

Result<size_t> FileHandle::ReadAt(uint64_t offset, char* buffer, size_t length) const {
  while (true) {
    const ssize_t n = ::pread(fd_, buffer, length, static_cast<off_t>(offset));
    if (n >= 0) return static_cast<size_t>(n);
    if (errno != EINTR) return Error::Internal(std::string("cannot read: ") + std::strerror(errno));
  }
}

}  // namespace cairn::util
