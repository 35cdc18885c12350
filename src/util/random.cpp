// libsodium-backed randomness.
#include "util/random.h"

#include <sodium.h>

#include <stdexcept>

#include "util/sodium.h"

namespace cairn::util {
namespace {}  // namespace

std::string RandomString(size_t length, std::string_view alphabet) {
  EnsureSodiumReady();
  std::string out(length, '\0');
  for (auto& c : out) {
    c = alphabet[randombytes_uniform(static_cast<uint32_t>(alphabet.size()))];
  }
  return out;
}

std::string RandomBytes(size_t count) {
  EnsureSodiumReady();
  std::string out(count, '\0');
  randombytes_buf(out.data(), out.size());
  return out;
}

}  // namespace cairn::util
