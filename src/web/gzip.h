// gzip for response bodies (zlib's adapter) and the Accept-Encoding test that picks it.
#pragma once

#include <string>
#include <string_view>

namespace cairn::web {

// `bytes` as a gzip member (RFC 1952), best compression. Throws std::bad_alloc only.
std::string GzipCompress(std::string_view bytes);

// True when an Accept-Encoding value accepts gzip: "gzip" or "x-gzip" (or "*" when gzip is not
// named) with a q-value above 0.
bool AcceptsGzip(std::string_view accept_encoding);

}  // namespace cairn::web
