// Password hashing with argon2id (libsodium's crypto_pwhash_str), bounded in concurrency.
#pragma once

#include <condition_variable>
#include <mutex>
#include <string>
#include <string_view>

namespace cairn::services {

// Thread-safe. At most `max_concurrent` hash or verify operations run at once, because each one
// allocates kMemLimit bytes and the server may run on a small Raspberry Pi.
class PasswordHasher {
 public:
  // argon2id with 3 passes over 32 MiB: about 0.1 s on a 2 GHz x86 core, roughly 0.4-0.6 s on a
  // Raspberry Pi 4 (Cortex-A72), keeping a login well under a second there.
  static constexpr unsigned long long kOpsLimit = 3;
  static constexpr size_t kMemLimit = 32u * 1024 * 1024;

  explicit PasswordHasher(int max_concurrent = 2);

  // An encoded hash (algorithm, parameters, salt and digest in one string).
  std::string Hash(std::string_view password);

  // True when `password` matches `stored_hash`. A malformed hash is a mismatch.
  bool Verify(std::string_view stored_hash, std::string_view password);

  // Spends the time of a Verify against a dummy hash, so a login for an unknown account takes as
  // long as one with a wrong password.
  void BurnVerify(std::string_view password);

 private:
  void Acquire();
  void Release();

  std::mutex mutex_;
  std::condition_variable available_;
  int free_slots_;
  std::once_flag dummy_once_;
  std::string dummy_hash_;  // written once under dummy_once_
};

}  // namespace cairn::services
