// File system failures as error values, and making the names in a folder durable: the pieces
// every atomic write (temporary file, fsync, rename, folder fsync) shares.
#pragma once

#include <cerrno>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::util {

// "<what> <path>: <strerror(error_number)>" as InsufficientStorage when the disk or the quota is
// full (ENOSPC, EDQUOT; the API answers 507), else as Internal.
Error FileSystemError(std::string_view what, const std::string& path, int error_number = errno);

// Flushes `folder` itself to disk, so that the files created, renamed or removed in it stay so
// after a power cut. Fails as FileSystemError ("cannot open", "cannot sync").
Status SyncFolder(const std::string& folder);

}  // namespace cairn::util
