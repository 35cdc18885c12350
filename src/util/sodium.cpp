// sodium_init, once.
#include "util/sodium.h"

#include <sodium.h>

#include <stdexcept>

namespace cairn::util {

void EnsureSodiumReady() {
  // A function-local static is initialised exactly once, even with threads racing to it.
  static const bool ready = sodium_init() >= 0;
  if (!ready) throw std::runtime_error("libsodium failed to initialise");
}

}  // namespace cairn::util
