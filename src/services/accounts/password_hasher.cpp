// argon2id via libsodium, with a counting gate for memory.
#include "services/accounts/password_hasher.h"

#include <sodium.h>

#include <stdexcept>

#include "util/sodium.h"

namespace cairn::services {

PasswordHasher::PasswordHasher(int max_concurrent) : free_slots_(max_concurrent) {
  util::EnsureSodiumReady();
}

void PasswordHasher::Acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return free_slots_ > 0; });
  --free_slots_;
}

void PasswordHasher::Release() {
  {
    std::lock_guard lock(mutex_);
    ++free_slots_;
  }
  available_.notify_one();
}

std::string PasswordHasher::Hash(std::string_view password) {
  char out[crypto_pwhash_STRBYTES];
  Acquire();
  const int rc = crypto_pwhash_str_alg(out, password.data(), password.size(), kOpsLimit, kMemLimit,
                                       crypto_pwhash_ALG_ARGON2ID13);
  Release();
  if (rc != 0) throw std::runtime_error("out of memory while hashing a password");
  return out;
}

bool PasswordHasher::Verify(std::string_view stored_hash, std::string_view password) {
  // crypto_pwhash_str_verify needs a NUL-terminated hash.
  std::string hash(stored_hash);
  Acquire();
  const int rc = crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size());
  Release();
  return rc == 0;
}

void PasswordHasher::BurnVerify(std::string_view password) {
  // Made on first use: an idle server never pays argon2's memory and code pages for it.
  std::call_once(dummy_once_, [this] { dummy_hash_ = Hash("cairn-dummy-password-for-timing"); });
  (void)Verify(dummy_hash_, password);
}

}  // namespace cairn::services
