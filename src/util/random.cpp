// libsodium-backed randomness; sodium_init is idempotent and thread-safe.
#include "util/random.h"

#include <sodium.h>

#include <stdexcept>

namespace cairn::util {
namespace {

void EnsureSodium() {
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium failed to initialise");
}

}  // namespace

std::string RandomString(size_t length, std::string_view alphabet) {
  EnsureSodium();
  std::string out(length, '\0');
  for (auto& c : out) {
    c = alphabet[randombytes_uniform(static_cast<uint32_t>(alphabet.size()))];
  }
  return out;
}

std::string RandomBytes(size_t count) {
  EnsureSodium();
  std::string out(count, '\0');
  randombytes_buf(out.data(), out.size());
  return out;
}

}  // namespace cairn::util
