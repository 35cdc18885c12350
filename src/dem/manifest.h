// DIR/dem/manifest: the tile files a terrain model is made of, one name a line. `cairn dem add`
// writes it last (atomically), so it is the commit point of an import and what a running
// server watches to reload its tiles.
#pragma once

#include <string>
#include <vector>

#include "util/result.h"

namespace cairn::dem {

inline constexpr char kManifestName[] = "manifest";

// The names listed in `dir`/manifest, in order; empty when there is no manifest. Lines that are
// not tile file names (dem/tile_name.h) are skipped. FileSystemError kinds when unreadable;
// InvalidArgument when the first line is not the format's.
util::Result<std::vector<std::string>> ReadManifest(const std::string& dir);

// Replaces `dir`/manifest with `names`: temporary file, fsync, rename, folder fsync.
util::Status WriteManifest(const std::string& dir, const std::vector<std::string>& names);

}  // namespace cairn::dem
