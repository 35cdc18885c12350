// statvfs, in bytes.
#include "storage/disk_space.h"

#include <sys/statvfs.h>

#include <cerrno>
#include <cstring>

namespace cairn::storage {

util::Result<DiskSpace> DiskSpaceOf(const std::string& path) {
  struct statvfs fs {};
  if (::statvfs(path.c_str(), &fs) != 0) {
    return util::Error::Internal("cannot read the free space of " + path + ": " +
                                 std::strerror(errno));
  }
  // f_bavail, not f_bfree: the blocks reserved for root are not ours to use.
  return DiskSpace{static_cast<uint64_t>(fs.f_bavail) * fs.f_frsize,
                   static_cast<uint64_t>(fs.f_blocks) * fs.f_frsize};
}

}  // namespace cairn::storage
