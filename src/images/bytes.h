// Bounds-checked reading of big- and little-endian integers from a byte string (internal to
// images).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace cairn::images::internal {

inline uint8_t ByteAt(std::string_view bytes, size_t at) { return static_cast<uint8_t>(bytes[at]); }

// True when `count` bytes starting at `at` lie inside `bytes`; never overflows.
inline bool Fits(std::string_view bytes, uint64_t at, uint64_t count) {
  return at <= bytes.size() && count <= bytes.size() - at;
}

// The readers below expect the caller to have checked Fits(bytes, at, width).
inline uint16_t Be16(std::string_view bytes, size_t at) {
  return static_cast<uint16_t>(ByteAt(bytes, at) << 8 | ByteAt(bytes, at + 1));
}
inline uint32_t Be32(std::string_view bytes, size_t at) {
  return static_cast<uint32_t>(Be16(bytes, at)) << 16 | Be16(bytes, at + 2);
}
inline uint16_t Le16(std::string_view bytes, size_t at) {
  return static_cast<uint16_t>(ByteAt(bytes, at) | ByteAt(bytes, at + 1) << 8);
}
inline uint32_t Le24(std::string_view bytes, size_t at) {
  return static_cast<uint32_t>(Le16(bytes, at)) | static_cast<uint32_t>(ByteAt(bytes, at + 2))
                                                      << 16;
}
inline uint32_t Le32(std::string_view bytes, size_t at) {
  return static_cast<uint32_t>(Le16(bytes, at)) | static_cast<uint32_t>(Le16(bytes, at + 2)) << 16;
}

}  // namespace cairn::images::internal
