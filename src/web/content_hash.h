// Content hashes for cache validators and versioned asset URLs (not for security).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace cairn::web {

// Accumulates bytes into a 64-bit FNV-1a hash. Equal inputs give equal hashes on every build and
// machine, so an unchanged file keeps its ETag across releases.
class ContentHasher {
 public:
  void Add(std::string_view bytes);
  // Adds the length first, so ("ab", "c") and ("a", "bc") differ.
  void AddField(std::string_view bytes);
  // The hash as 16 lowercase hex digits.
  std::string Hex() const;

 private:
  uint64_t state_ = 0xcbf29ce484222325ULL;
};

// The 16-hex-digit hash of `bytes`.
std::string ContentHashHex(std::string_view bytes);

}  // namespace cairn::web
