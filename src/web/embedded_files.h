// The files compiled into the binary: web/ and Leaflet, prepared for serving at build time by
// cmake/embed_web.cmake.
#pragma once

#include <cstddef>
#include <span>

namespace cairn::web {

// One file as the build prepared it. Every pointer is to static storage (read-only data in the
// executable, paged in from the file only when a file is served).
struct EmbeddedFile {
  const char* path;  // the URL path under the asset base: "app.js", "vendor/leaflet/leaflet.css"
  const unsigned char* data;
  size_t size;
  const char* etag;  // strong, quoted: "\"" + ContentHashHex(data) + "\""
  // The gzip form, when the type is compressible (IsCompressibleType) and gzip makes it smaller;
  // otherwise nullptr and 0.
  const unsigned char* gzip;
  size_t gzip_size;
};

struct EmbeddedBundle {
  std::span<const EmbeddedFile> files;  // sorted by path in byte order, no path twice
  const char* hash;                     // BundleHasher over `files` in that order: 12 hex digits
};

// The web app compiled into the binary; static storage, valid for the life of the program.
EmbeddedBundle EmbeddedWebApp();

}  // namespace cairn::web
