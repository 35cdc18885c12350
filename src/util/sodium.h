// The one place libsodium is initialised.
#pragma once

namespace cairn::util {

// Makes libsodium ready for use; every user of libsodium calls it before its first sodium call
// (constructors, or the function itself). Idempotent and thread-safe: the first call initialises,
// later ones return at once. Throws std::runtime_error if the library cannot initialise (no
// usable source of randomness), which nothing in Cairn can work without.
void EnsureSodiumReady();

}  // namespace cairn::util
