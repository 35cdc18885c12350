// Content hashes for cache validators and versioned asset URLs. SHA-256, the function
// cmake/embed_web.cmake uses for the compiled-in files at build time: the same bytes get the same
// hash whether they were hashed by the build or, in development mode, at run time.
#pragma once

#include <string>
#include <string_view>

namespace cairn::web {

// The first 16 lowercase hex digits of the SHA-256 of `bytes`: the strong ETag of a file (in
// quotes). Stable across builds and machines, so an unchanged file keeps its ETag across releases.
std::string ContentHashHex(std::string_view bytes);

// The bundle hash, the version folder in asset URLs: the first 12 hex digits of the SHA-256 of
// each file's path and ETag, each written "<byte length>:<bytes>", files in path order.
class BundleHasher {
 public:
  // Files must be added in path order (byte order).
  void AddFile(std::string_view path, std::string_view etag);
  std::string Hex() const;

 private:
  std::string input_;
};

}  // namespace cairn::web
