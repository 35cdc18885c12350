// Gzip-compressed GPS files (a Strava export's "123.fit.gz"), inflated with a bound on the output.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::geo {

// Whether `bytes` starts as a gzip stream does (1f 8b).
bool LooksGzipped(std::string_view bytes);

// The uncompressed bytes of the gzip stream `bytes` (several members one after another are
// joined, as gzip itself does). InvalidArgument when it is not gzip, is damaged or cut short, or
// would exceed `max_bytes` (decompression stops there). Thread-safe.
util::Result<std::string> Gunzip(std::string_view bytes, size_t max_bytes);

}  // namespace cairn::geo
