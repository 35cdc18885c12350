// The PNG structure check: signature, IHDR, every chunk whole with its CRC, IEND last.
#include <array>
#include <cstdint>
#include <string>

#include "images/bytes.h"
#include "images/format_checks.h"

namespace cairn::images::internal {
namespace {

constexpr std::string_view kSignature("\x89PNG\r\n\x1A\n", 8);
constexpr uint32_t kMaxChunkLength = 0x7FFFFFFF;  // the PNG specification's limit

constexpr std::array<uint32_t, 256> MakeCrcTable() {
  std::array<uint32_t, 256> table{};
  for (uint32_t n = 0; n < 256; ++n) {
    uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) != 0 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

constexpr std::array<uint32_t, 256> kCrcTable = MakeCrcTable();

// The CRC-32 of ISO 3309 that PNG uses (the same as zlib's crc32()).
uint32_t Crc32(std::string_view bytes) {
  uint32_t c = 0xFFFFFFFFu;
  for (const char byte : bytes) c = kCrcTable[(c ^ static_cast<uint8_t>(byte)) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

util::Error Damaged(const std::string& why) {
  return util::Error::InvalidArgument("The PNG file is damaged (" + why + ").");
}

util::Error Truncated() { return util::Error::InvalidArgument("The PNG file is truncated."); }

bool IsAsciiLetter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// The bit depths the specification allows for each colour type.
bool IsValidDepth(uint8_t colour_type, uint8_t depth) {
  switch (colour_type) {
    case 0:  // greyscale
      return depth == 1 || depth == 2 || depth == 4 || depth == 8 || depth == 16;
    case 3:  // palette
      return depth == 1 || depth == 2 || depth == 4 || depth == 8;
    case 2:  // RGB
    case 4:  // grey + alpha
    case 6:  // RGBA
      return depth == 8 || depth == 16;
    default:
      return false;
  }
}

}  // namespace

util::Result<ImageInfo> CheckPng(std::string_view bytes) {
  if (bytes.size() < kSignature.size()) return Truncated();
  if (bytes.substr(0, kSignature.size()) != kSignature) {
    return Damaged("its signature is altered, as by a transfer in text mode");
  }
  ImageInfo info;
  info.format = ImageFormat::kPng;
  bool seen_header = false;
  bool seen_palette = false;
  bool in_data = false;    // inside the run of IDAT chunks
  bool data_done = false;  // that run is over
  uint8_t colour_type = 0;
  size_t at = kSignature.size();
  while (true) {
    if (!Fits(bytes, at, 8)) return Truncated();
    const uint32_t length = Be32(bytes, at);
    const std::string_view type = bytes.substr(at + 4, 4);
    if (length > kMaxChunkLength) return Damaged("a chunk's length is out of range");
    for (const char c : type) {
      if (!IsAsciiLetter(c)) return Damaged("a chunk's type is not four letters");
    }
    const std::string name(type);
    if (!Fits(bytes, at + 8, uint64_t{length} + 4)) return Truncated();
    const std::string_view data = bytes.substr(at + 8, length);
    if (Crc32(bytes.substr(at + 4, length + 4)) != Be32(bytes, at + 8 + length)) {
      return Damaged("the checksum of its " + name + " chunk does not match");
    }
    at += 12 + size_t{length};
    if (in_data && type != "IDAT") {
      in_data = false;
      data_done = true;
    }
    if (!seen_header) {
      if (type != "IHDR") return Damaged("it does not start with an IHDR chunk");
      if (length != 13) return Damaged("its IHDR chunk has the wrong length");
      CAIRN_RETURN_IF_ERROR(CheckPixelSize("PNG", Be32(data, 0), Be32(data, 4)));
      info.width = static_cast<int>(Be32(data, 0));
      info.height = static_cast<int>(Be32(data, 4));
      const uint8_t depth = ByteAt(data, 8);
      colour_type = ByteAt(data, 9);
      if (!IsValidDepth(colour_type, depth)) {
        return Damaged("its colour type and bit depth are not a valid pair");
      }
      if (ByteAt(data, 10) != 0 || ByteAt(data, 11) != 0 || ByteAt(data, 12) > 1) {
        return Damaged("it names an unknown compression, filter or interlace method");
      }
      seen_header = true;
    } else if (type == "IHDR") {
      return Damaged("it has a second IHDR chunk");
    } else if (type == "PLTE") {
      if (seen_palette || in_data || data_done) return Damaged("its palette is misplaced");
      if (length == 0 || length > 768 || length % 3 != 0)
        return Damaged("its palette is malformed");
      seen_palette = true;
    } else if (type == "IDAT") {
      if (data_done) return Damaged("its image data is split by other chunks");
      if (colour_type == 3 && !seen_palette) return Damaged("its palette is missing");
      in_data = true;
    } else if (type == "IEND") {
      if (length != 0) return Damaged("its IEND chunk is not empty");
      if (!data_done) return Damaged("it has no image data");
      if (at != bytes.size()) {
        return util::Error::InvalidArgument("The PNG file has " +
                                            std::to_string(bytes.size() - at) +
                                            " bytes of other data after its end.");
      }
      return info;
    } else if (type[0] >= 'A' && type[0] <= 'Z') {
      // An unknown critical chunk changes how the image must be read (Apple's CgBI, say):
      // viewers refuse such files, so they are not images for us either.
      return Damaged("it has an unknown critical chunk " + name);
    }
  }
}

}  // namespace cairn::images::internal
