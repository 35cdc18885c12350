// The per-installation secret that signs auth tokens, kept in the data dir with mode 0600.
#pragma once

#include <string>

#include "util/result.h"

namespace cairn::services {

// Reads the secret at `path`, tightening its mode to 0600 if group or others could read it, or
// creates it atomically (temp file, fsync, rename, fsync of the directory) with 48 random bytes.
// Errors name the path, never the secret.
util::Result<std::string> LoadOrCreateInstallationSecret(const std::string& path);

}  // namespace cairn::services
