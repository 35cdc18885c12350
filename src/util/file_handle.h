// An open, read-only file that can be shared between the code that checked it and the code that
// streams it out, so a file removed in between is still read whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "util/result.h"

namespace cairn::util {

// Thread-safe: ReadAt uses pread, so several readers may share one handle.
class FileHandle {
 public:
  // Opens `path` for reading (O_NOFOLLOW: a symlink is never followed). NotFound when it does not
  // exist or is not a regular file; Internal for other failures.
  static Result<std::shared_ptr<const FileHandle>> Open(const std::string& path);

  ~FileHandle();
  FileHandle(const FileHandle&) = delete;
  FileHandle& operator=(const FileHandle&) = delete;

  uint64_t size() const { return size_; }
  // Last modification, in nanoseconds since the epoch.
  int64_t modified_ns() const { return modified_ns_; }

  // Reads up to `length` bytes at `offset` into `buffer`; returns how many (0 at the end).
  Result<size_t> ReadAt(uint64_t offset, char* buffer, size_t length) const;

 private:
  FileHandle(int fd, uint64_t size, int64_t modified_ns)
      : fd_(fd), size_(size), modified_ns_(modified_ns) {}

  int fd_;
  uint64_t size_;
  int64_t modified_ns_;
};

}  // namespace cairn::util
