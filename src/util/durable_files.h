// File system failures as error values, and making the names in a folder durable: the pieces
// every atomic write (temporary file, fsync, rename, folder fsync) shares.
#pragma once

#include <cerrno>
#include <initializer_list>
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

// Replaces `folder`/`name` with the concatenated `parts` so that readers see the old file or the
// new one whole, never a part: a hidden temporary file `folder`/.`name`-XXXXXX written, fsynced
// and made 0644, renamed over `name`, then the folder synced. On failure the temporary file is
// removed and the old file stays. Fails as FileSystemError.
Status ReplaceFileDurably(const std::string& folder, const std::string& name,
                          std::initializer_list<std::string_view> parts);

}  // namespace cairn::util
