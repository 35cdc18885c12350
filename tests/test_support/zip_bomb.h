// A real zip bomb for tests: one member of hundreds of MB of zeros, deflated while streamed (our
// own writer takes whole buffers and deliberately cannot make one). Needs libzip.
#pragma once

#include <zip.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <cstring>
#include <string>

namespace cairn::test_support {

// A libzip source producing `size` zero bytes without holding them.
struct Zeros {
  uint64_t size;
  uint64_t offset = 0;
};

inline zip_int64_t ZeroSource(void* state, void* data, zip_uint64_t length,
                              zip_source_cmd_t command) {
  auto* zeros = static_cast<Zeros*>(state);
  switch (command) {
    case ZIP_SOURCE_OPEN:
      zeros->offset = 0;
      return 0;
    case ZIP_SOURCE_READ: {
      const uint64_t n = std::min<uint64_t>(length, zeros->size - zeros->offset);
      std::memset(data, 0, n);
      zeros->offset += n;
      return static_cast<zip_int64_t>(n);
    }
    case ZIP_SOURCE_CLOSE:
      return 0;
    case ZIP_SOURCE_STAT: {
      auto* stat = static_cast<zip_stat_t*>(data);
      zip_stat_init(stat);
      stat->size = zeros->size;
      stat->mtime = 0;
      stat->valid |= ZIP_STAT_SIZE | ZIP_STAT_MTIME;
      return sizeof(zip_stat_t);
    }
    case ZIP_SOURCE_ERROR:
      return 2 * sizeof(int);
    case ZIP_SOURCE_FREE:
      return 0;
    case ZIP_SOURCE_SUPPORTS:
      return zip_source_make_command_bitmap(ZIP_SOURCE_OPEN, ZIP_SOURCE_READ, ZIP_SOURCE_CLOSE,
                                            ZIP_SOURCE_STAT, ZIP_SOURCE_ERROR, ZIP_SOURCE_FREE, -1);
    default:
      return -1;
  }
}

// A zip holding one entry "doc.kml" of `size` zeros, deflated (about 1000:1).
inline std::string ZeroBomb(uint64_t size) {
  zip_error_t error;
  zip_error_init(&error);
  zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
  zip_t* zip = zip_open_from_source(buffer, ZIP_TRUNCATE, &error);
  REQUIRE(zip != nullptr);
  Zeros zeros{size};
  zip_source_t* source = zip_source_function(zip, ZeroSource, &zeros);
  const zip_int64_t index = zip_file_add(zip, "doc.kml", source, 0);
  REQUIRE(index == 0);
  REQUIRE(zip_set_file_compression(zip, 0, ZIP_CM_DEFLATE, 6) == 0);
  zip_source_keep(buffer);
  REQUIRE(zip_close(zip) == 0);
  REQUIRE(zip_source_open(buffer) == 0);
  zip_stat_t stat;
  REQUIRE(zip_source_stat(buffer, &stat) == 0);
  std::string out(stat.size, '\0');
  REQUIRE(zip_source_read(buffer, out.data(), out.size()) == static_cast<zip_int64_t>(out.size()));
  zip_source_close(buffer);
  zip_source_free(buffer);
  return out;
}

}  // namespace cairn::test_support
