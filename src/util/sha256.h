// SHA-256 with libsodium: over data that arrives in pieces (a file streamed in chunks), or of one
// string.
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
  // The same digest as 32 raw bytes (for base64 forms: HTTP Digest headers).
  std::string Finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The SHA-256 of `bytes` as 64 lowercase hex digits.
std::string Sha256Hex(std::string_view bytes);

// The SHA-256 of `bytes` as 32 raw bytes.
std::string Sha256Digest(std::string_view bytes);

}  // namespace cairn::util
