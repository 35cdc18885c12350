// SRTM .hgt tiles made by tests from a known surface (the unit tests of dem/ and the API tests).
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <string>

namespace cairn::test_support {

// An SRTM tile of `samples` x `samples` (1201 or 3601) whose value at row r, column c is
// height(r, c) (rows north to south), big-endian as SRTM stores it; -32768 is a void.
inline std::string MakeHgt(int samples, const std::function<int(int, int)>& height) {
  std::string bytes(static_cast<size_t>(samples) * samples * 2, '\0');
  size_t i = 0;
  for (int r = 0; r < samples; ++r) {
    for (int c = 0; c < samples; ++c) {
      const auto v = static_cast<uint16_t>(static_cast<int16_t>(height(r, c)));
      bytes[i++] = static_cast<char>(v >> 8);
      bytes[i++] = static_cast<char>(v & 0xff);
    }
  }
  return bytes;
}

inline void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

}  // namespace cairn::test_support
