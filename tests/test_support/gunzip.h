// Decodes a gzip body in tests, to compare it with the identity one.
#pragma once

#include <zlib.h>

#include <stdexcept>
#include <string>
#include <string_view>

namespace cairn::test_support {

// The bytes of the gzip member `gzip`; throws std::runtime_error when it is not valid gzip.
inline std::string Gunzip(std::string_view gzip) {
  z_stream stream{};
  if (inflateInit2(&stream, 15 + 16) != Z_OK) throw std::runtime_error("inflateInit2 failed");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(gzip.data()));
  stream.avail_in = static_cast<uInt>(gzip.size());
  std::string out;
  int result = Z_OK;
  while (result == Z_OK) {
    char buffer[16384];
    stream.next_out = reinterpret_cast<Bytef*>(buffer);
    stream.avail_out = sizeof buffer;
    result = inflate(&stream, Z_NO_FLUSH);
    out.append(buffer, sizeof buffer - stream.avail_out);
  }
  inflateEnd(&stream);
  if (result != Z_STREAM_END) throw std::runtime_error("not a complete gzip stream");
  return out;
}

}  // namespace cairn::test_support
