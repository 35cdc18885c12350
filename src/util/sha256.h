// SHA-256 over data that arrives in pieces (a file streamed in chunks), with libsodium.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace cairn::util {

// Not thread-safe: one hasher per stream.
class Sha256 {
 public:
  Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;
  ~Sha256();

  void Update(std::string_view bytes);

  // The digest of everything passed to Update, as 64 lowercase hex digits. Call once; the hasher
  // is spent afterwards.
  std::string FinishHex();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The SHA-256 of `bytes` as 64 lowercase hex digits.
std::string Sha256Hex(std::string_view bytes);

}  // namespace cairn::util
