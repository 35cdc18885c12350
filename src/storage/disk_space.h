// How much room the filesystem holding a path has left.
#pragma once

#include <cstdint>
#include <string>

#include "util/result.h"

namespace cairn::storage {

struct DiskSpace {
  uint64_t available_bytes = 0;  // what an unprivileged writer (the service user) may still use
  uint64_t total_bytes = 0;
};

// The space of the filesystem `path` lives on (statvfs). Internal when it cannot be read.
util::Result<DiskSpace> DiskSpaceOf(const std::string& path);

}  // namespace cairn::storage
