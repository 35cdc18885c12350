// FNV-1a, 64 bits.
#include "web/content_hash.h"

#include <cstdio>

namespace cairn::web {

void ContentHasher::Add(std::string_view bytes) {
  for (unsigned char c : bytes) {
    state_ ^= c;
    state_ *= 0x100000001b3ULL;
  }
}

void ContentHasher::AddField(std::string_view bytes) {
  Add(std::to_string(bytes.size()) + ":");
  Add(bytes);
}

std::string ContentHasher::Hex() const {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(state_));
  return text;
}

std::string ContentHashHex(std::string_view bytes) {
  ContentHasher hasher;
  hasher.Add(bytes);
  return hasher.Hex();
}

}  // namespace cairn::web
