// zlib's inflate with gzip headers, bounded.
#include "geo/gunzip.h"

#include <zlib.h>

#include <algorithm>

namespace cairn::geo {

bool LooksGzipped(std::string_view bytes) {
  return bytes.size() >= 2 && static_cast<unsigned char>(bytes[0]) == 0x1f &&
         static_cast<unsigned char>(bytes[1]) == 0x8b;
}

util::Result<std::string> Gunzip(std::string_view bytes, size_t max_bytes) {
  if (!LooksGzipped(bytes)) return util::Error::InvalidArgument("not a gzip file");
  z_stream stream{};
  // 16 + MAX_WBITS: a gzip header and trailer, checked (CRC and length).
  if (inflateInit2(&stream, 16 + MAX_WBITS) != Z_OK) {
    return util::Error::Internal("zlib cannot start inflating");
  }
  std::string out;
  char chunk[64 * 1024];
  size_t offset = 0;
  int status = Z_OK;
  while (true) {
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + offset));
    const size_t available = std::min<size_t>(bytes.size() - offset, 1u << 30);
    stream.avail_in = static_cast<uInt>(available);
    stream.next_out = reinterpret_cast<Bytef*>(chunk);
    stream.avail_out = sizeof chunk;
    status = inflate(&stream, Z_NO_FLUSH);
    offset += available - stream.avail_in;
    const size_t produced = sizeof chunk - stream.avail_out;
    if (out.size() + produced > max_bytes) {
      inflateEnd(&stream);
      return util::Error::TooLarge("it uncompresses to more than " +
                                   std::to_string(max_bytes >> 20) + " MB");
    }
    out.append(chunk, produced);
    if (status == Z_STREAM_END) {
      // Another member may follow; anything else after the end is ignored, as gzip does.
      if (offset < bytes.size() && LooksGzipped(bytes.substr(offset))) {
        inflateReset(&stream);
        continue;
      }
      break;
    }
    if (status == Z_BUF_ERROR && stream.avail_in == 0 && offset >= bytes.size()) {
      inflateEnd(&stream);
      return util::Error::InvalidArgument("the gzip file is cut short");
    }
    if (status != Z_OK && status != Z_BUF_ERROR) {
      inflateEnd(&stream);
      return util::Error::InvalidArgument(std::string("the gzip file is damaged (") +
                                          (stream.msg ? stream.msg : "inflate failed") + ")");
    }
  }
  inflateEnd(&stream);
  return out;
}

}  // namespace cairn::geo
