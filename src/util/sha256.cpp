// Streaming SHA-256 with libsodium's crypto_hash_sha256_* functions.
#include "util/sha256.h"

#include <sodium.h>

#include "util/sodium.h"

namespace cairn::util {

struct Sha256::State {
  crypto_hash_sha256_state sodium;
};

Sha256::Sha256() : state_(std::make_unique<State>()) {
  EnsureSodiumReady();
  crypto_hash_sha256_init(&state_->sodium);
}

Sha256::~Sha256() = default;

void Sha256::Update(std::string_view bytes) {
  crypto_hash_sha256_update(&state_->sodium, reinterpret_cast<const unsigned char*>(bytes.data()),
                            bytes.size());
}

std::string Sha256::Finish() {
  std::string digest(crypto_hash_sha256_BYTES, '\0');
  crypto_hash_sha256_final(&state_->sodium, reinterpret_cast<unsigned char*>(digest.data()));
  return digest;
}

std::string Sha256::FinishHex() {
  const std::string digest = Finish();
  char hex[crypto_hash_sha256_BYTES * 2 + 1];
  sodium_bin2hex(hex, sizeof hex, reinterpret_cast<const unsigned char*>(digest.data()),
                 digest.size());
  return std::string(hex, crypto_hash_sha256_BYTES * 2);
}

std::string Sha256Hex(std::string_view bytes) {
  Sha256 hasher;
  hasher.Update(bytes);
  return hasher.FinishHex();
}

std::string Sha256Digest(std::string_view bytes) {
  Sha256 hasher;
  hasher.Update(bytes);
  return hasher.Finish();
}

}  // namespace cairn::util
