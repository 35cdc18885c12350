// Test images made in memory: PNG, JPEG and WEBP of simple colour patterns, hand-built PNG chunks,
// and JPEGs carrying a hand-built EXIF block, plus a decoder to sample what thumbnails produce.
#pragma once

#include <stb_image.h>
#include <stb_image_write.h>
#include <webp/decode.h>
#include <webp/encode.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cairn::images::testing {

struct Rgba {
  uint8_t r = 0, g = 0, b = 0, a = 255;
};

inline constexpr Rgba kRed{255, 0, 0, 255};
inline constexpr Rgba kGreen{0, 255, 0, 255};
inline constexpr Rgba kBlue{0, 0, 255, 255};
inline constexpr Rgba kWhite{255, 255, 255, 255};
inline constexpr Rgba kBlack{0, 0, 0, 255};
inline constexpr Rgba kClear{0, 0, 0, 0};

// The colour of pixel (x, y) of a width × height image.
using Pattern = std::function<Rgba(int x, int y, int width, int height)>;

inline Rgba LeftRedRightBlue(int x, int, int width, int) { return x < width / 2 ? kRed : kBlue; }
inline Rgba TopWhiteBottomBlack(int, int y, int, int height) {
  return y < height / 2 ? kWhite : kBlack;
}
// Red, green and blue vertical thirds.
inline Rgba ThreeBands(int x, int, int width, int) {
  return x < width / 3 ? kRed : x < 2 * width / 3 ? kGreen : kBlue;
}
// A red top-left quadrant on blue: shows every flip and rotation.
inline Rgba RedCorner(int x, int y, int width, int height) {
  return x < width / 2 && y < height / 2 ? kRed : kBlue;
}
// Transparent on the left, opaque blue on the right.
inline Rgba ClearLeftBlueRight(int x, int, int width, int) {
  return x < width / 2 ? kClear : kBlue;
}

// Packed pixels with `channels` (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA) bytes each.
inline std::vector<uint8_t> Pixels(int width, int height, int channels, const Pattern& pattern) {
  std::vector<uint8_t> out;
  out.reserve(static_cast<size_t>(width) * height * channels);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const Rgba c = pattern(x, y, width, height);
      const auto grey = static_cast<uint8_t>((c.r * 3 + c.g * 6 + c.b) / 10);
      if (channels <= 2) out.push_back(grey);
      if (channels >= 3) out.insert(out.end(), {c.r, c.g, c.b});
      if (channels == 2 || channels == 4) out.push_back(c.a);
    }
  }
  return out;
}

inline void AppendTo(void* context, void* data, int size) {
  static_cast<std::string*>(context)->append(static_cast<const char*>(data), size);
}

inline std::string MakePng(int width, int height, const Pattern& pattern, int channels = 3) {
  const std::vector<uint8_t> pixels = Pixels(width, height, channels, pattern);
  std::string out;
  REQUIRE(stbi_write_png_to_func(&AppendTo, &out, width, height, channels, pixels.data(),
                                 width * channels) != 0);
  return out;
}

inline std::string MakeJpeg(int width, int height, const Pattern& pattern, int channels = 3,
                            int quality = 95) {
  const std::vector<uint8_t> pixels = Pixels(width, height, channels, pattern);
  std::string out;
  REQUIRE(stbi_write_jpg_to_func(&AppendTo, &out, width, height, channels, pixels.data(),
                                 quality) != 0);
  return out;
}

enum class WebpKind { kLossy, kLossless };

// Lossy RGBA comes out as VP8X + ALPH + VP8; lossless as a plain VP8L either way.
inline std::string MakeWebp(int width, int height, const Pattern& pattern, int channels,
                            WebpKind kind) {
  const std::vector<uint8_t> pixels = Pixels(width, height, channels, pattern);
  uint8_t* output = nullptr;
  const int stride = width * channels;
  size_t size = 0;
  if (kind == WebpKind::kLossless) {
    size = channels == 4 ? WebPEncodeLosslessRGBA(pixels.data(), width, height, stride, &output)
                         : WebPEncodeLosslessRGB(pixels.data(), width, height, stride, &output);
  } else {
    size = channels == 4 ? WebPEncodeRGBA(pixels.data(), width, height, stride, 90, &output)
                         : WebPEncodeRGB(pixels.data(), width, height, stride, 90, &output);
  }
  REQUIRE(size > 0);
  std::string out(reinterpret_cast<const char*>(output), size);
  WebPFree(output);
  return out;
}

// --- Byte writing -------------------------------------------------------------------------

inline void Put16(std::string& out, uint32_t value, bool big_endian) {
  const char bytes[2] = {static_cast<char>(value & 0xFF), static_cast<char>((value >> 8) & 0xFF)};
  if (big_endian) {
    out += bytes[1];
    out += bytes[0];
  } else {
    out.append(bytes, 2);
  }
}

inline void Put32(std::string& out, uint32_t value, bool big_endian) {
  if (big_endian) {
    Put16(out, value >> 16, true);
    Put16(out, value & 0xFFFF, true);
  } else {
    Put16(out, value & 0xFFFF, false);
    Put16(out, value >> 16, false);
  }
}

inline void Set32(std::string& out, size_t at, uint32_t value, bool big_endian) {
  std::string bytes;
  Put32(bytes, value, big_endian);
  out.replace(at, 4, bytes);
}

// An animated WEBP, by hand: VP8X with the animation flag, ANIM, and one ANMF frame wrapping the
// VP8L chunk of a lossless still.
inline std::string AnimatedWebp(int width, int height) {
  const std::string still = MakeWebp(width, height, LeftRedRightBlue, 3, WebpKind::kLossless);
  const std::string frame_chunk = still.substr(12);  // "VP8L" + size + data
  const auto chunk = [](std::string_view fourcc, const std::string& payload) {
    std::string out(fourcc);
    Put32(out, static_cast<uint32_t>(payload.size()), false);
    out += payload;
    if (payload.size() % 2 != 0) out += '\0';
    return out;
  };
  const auto put24 = [](std::string& out, uint32_t value) {
    for (int i = 0; i < 3; ++i) out += static_cast<char>((value >> (8 * i)) & 0xFF);
  };
  std::string vp8x = "\x02";  // animation
  vp8x.append(3, '\0');
  put24(vp8x, width - 1);
  put24(vp8x, height - 1);
  std::string frame;
  put24(frame, 0);  // x / 2
  put24(frame, 0);  // y / 2
  put24(frame, width - 1);
  put24(frame, height - 1);
  put24(frame, 100);  // duration, ms
  frame += '\0';
  frame += frame_chunk;
  const std::string body = "WEBP" + chunk("VP8X", vp8x) +
                           chunk("ANIM", std::string("\0\0\0\0\0\0", 6)) + chunk("ANMF", frame);
  std::string out = "RIFF";
  Put32(out, static_cast<uint32_t>(body.size()), false);
  return out + body;
}

// `jpeg` without its DHT segments.
inline std::string WithoutHuffmanTables(std::string jpeg) {
  for (size_t at = jpeg.find("\xFF\xC4"); at != std::string::npos; at = jpeg.find("\xFF\xC4")) {
    const size_t length =
        static_cast<uint8_t>(jpeg[at + 2]) << 8 | static_cast<uint8_t>(jpeg[at + 3]);
    jpeg.erase(at, 2 + length);
  }
  return jpeg;
}

// --- Hand-made PNGs -----------------------------------------------------------------------

// Bit by bit, independent of the table-driven CRC under test.
inline uint32_t SlowCrc32(std::string_view bytes) {
  uint32_t crc = 0xFFFFFFFFu;
  for (const char c : bytes) {
    crc ^= static_cast<uint8_t>(c);
    for (int k = 0; k < 8; ++k) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
  }
  return ~crc;
}

inline std::string PngChunk(std::string_view type, std::string_view data) {
  std::string out;
  Put32(out, static_cast<uint32_t>(data.size()), true);
  std::string body(type);
  body += data;
  out += body;
  Put32(out, SlowCrc32(body), true);
  return out;
}

inline std::string IhdrData(uint32_t width, uint32_t height, uint8_t depth, uint8_t colour_type) {
  std::string data;
  Put32(data, width, true);
  Put32(data, height, true);
  data += static_cast<char>(depth);
  data += static_cast<char>(colour_type);
  data.append(3, '\0');  // compression, filter, interlace
  return data;
}

// A zlib stream of stored (uncompressed) deflate blocks.
inline std::string StoredZlib(std::string_view raw) {
  std::string out = "\x78\x01";
  size_t at = 0;
  do {
    const size_t n = std::min<size_t>(raw.size() - at, 65535);
    const bool last = at + n == raw.size();
    out += static_cast<char>(last ? 1 : 0);
    Put16(out, static_cast<uint32_t>(n), false);
    Put16(out, static_cast<uint32_t>(~n & 0xFFFF), false);
    out += raw.substr(at, n);
    at += n;
  } while (at < raw.size());
  uint32_t a = 1, b = 0;
  for (const char c : raw) {
    a = (a + static_cast<uint8_t>(c)) % 65521;
    b = (b + a) % 65521;
  }
  Put32(out, b << 16 | a, true);
  return out;
}

// A PNG of the given IHDR whose rows (filter byte 0 prepended here) are `rows`, with
// `before_data` chunks (PLTE, tRNS ...) between IHDR and IDAT.
inline std::string HandMadePng(uint32_t width, uint32_t height, uint8_t depth, uint8_t colour_type,
                               const std::vector<std::string>& rows,
                               const std::string& before_data = "") {
  std::string raw;
  for (const std::string& row : rows) raw += '\0' + row;
  return std::string("\x89PNG\r\n\x1A\n", 8) +
         PngChunk("IHDR", IhdrData(width, height, depth, colour_type)) + before_data +
         PngChunk("IDAT", StoredZlib(raw)) + PngChunk("IEND", "");
}

// --- Decoding what thumbnails produce ----------------------------------------------------

struct Decoded {
  int width = 0;
  int height = 0;
  std::vector<uint8_t> rgba;
  Rgba At(int x, int y) const {
    const size_t i = (static_cast<size_t>(y) * width + x) * 4;
    return {rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3]};
  }
};

// Any PNG, JPEG or WEBP as RGBA; width 0 when it does not decode.
inline Decoded DecodeRgba(std::string_view bytes) {
  Decoded out;
  const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
  uint8_t* pixels = nullptr;
  bool webp = bytes.substr(0, 4) == "RIFF";
  if (webp) {
    pixels = WebPDecodeRGBA(data, bytes.size(), &out.width, &out.height);
  } else {
    int components = 0;
    pixels = stbi_load_from_memory(data, static_cast<int>(bytes.size()), &out.width, &out.height,
                                   &components, 4);
  }
  if (pixels == nullptr) return {};
  out.rgba.assign(pixels, pixels + static_cast<size_t>(out.width) * out.height * 4);
  if (webp) {
    WebPFree(pixels);
  } else {
    stbi_image_free(pixels);
  }
  return out;
}

// Colours compared loosely: JPEG and resampling blur the edges a little.
inline bool Near(Rgba a, Rgba b, int tolerance = 60) {
  const auto close = [tolerance](int x, int y) { return x - y <= tolerance && y - x <= tolerance; };
  return close(a.r, b.r) && close(a.g, b.g) && close(a.b, b.b) && close(a.a, b.a);
}

// --- EXIF ----------------------------------------------------------------------------------

// A TIFF structure (the body of an EXIF block) with IFD0 and optional Exif and GPS directories;
// the pointers to the latter two are added when they have fields.
class TiffBuilder {
 public:
  enum Directory { kIfd0 = 0, kExif = 1, kGps = 2 };

  explicit TiffBuilder(bool big_endian) : big_endian_(big_endian) {}

  TiffBuilder& Ascii(Directory dir, uint16_t tag, const std::string& text) {
    std::string value = text + '\0';
    return Add(dir, tag, 2, static_cast<uint32_t>(value.size()), value);
  }
  TiffBuilder& Byte(Directory dir, uint16_t tag, uint8_t value) {
    return Add(dir, tag, 1, 1, std::string(1, static_cast<char>(value)));
  }
  TiffBuilder& Short(Directory dir, uint16_t tag, uint16_t value) {
    std::string bytes;
    Put16(bytes, value, big_endian_);
    return Add(dir, tag, 3, 1, bytes);
  }
  TiffBuilder& Rationals(Directory dir, uint16_t tag,
                         const std::vector<std::pair<uint32_t, uint32_t>>& values) {
    std::string bytes;
    for (const auto& [numerator, denominator] : values) {
      Put32(bytes, numerator, big_endian_);
      Put32(bytes, denominator, big_endian_);
    }
    return Add(dir, tag, 5, static_cast<uint32_t>(values.size()), bytes);
  }

  std::string Build() const {
    std::vector<Field> dirs[3] = {fields_[0], fields_[1], fields_[2]};
    // Directory offsets: header, then each non-empty directory in turn, then the value area.
    uint32_t offsets[3] = {0, 0, 0};
    const auto dir_bytes = [](size_t n) { return static_cast<uint32_t>(2 + 12 * n + 4); };
    const size_t pointers = (dirs[kExif].empty() ? 0 : 1) + (dirs[kGps].empty() ? 0 : 1);
    uint32_t next = 8;
    offsets[kIfd0] = next;
    next += dir_bytes(dirs[kIfd0].size() + pointers);
    for (int d : {kExif, kGps}) {
      if (dirs[d].empty()) continue;
      offsets[d] = next;
      next += dir_bytes(dirs[d].size());
    }
    std::string pointer;
    if (!dirs[kExif].empty()) {
      Put32(pointer, offsets[kExif], big_endian_);
      dirs[kIfd0].push_back({0x8769, 4, 1, pointer});
      pointer.clear();
    }
    if (!dirs[kGps].empty()) {
      Put32(pointer, offsets[kGps], big_endian_);
      dirs[kIfd0].push_back({0x8825, 4, 1, pointer});
    }
    std::string out = big_endian_ ? std::string("MM\0*", 4) : std::string("II*\0", 4);
    Put32(out, 8, big_endian_);
    std::string values;
    for (int d : {kIfd0, kExif, kGps}) {
      if (dirs[d].empty()) continue;
      Put16(out, static_cast<uint32_t>(dirs[d].size()), big_endian_);
      for (const Field& field : dirs[d]) {
        Put16(out, field.tag, big_endian_);
        Put16(out, field.type, big_endian_);
        Put32(out, field.count, big_endian_);
        if (field.value.size() <= 4) {
          std::string inline_value = field.value;
          inline_value.resize(4, '\0');
          out += inline_value;
        } else {
          Put32(out, next + static_cast<uint32_t>(values.size()), big_endian_);
          values += field.value;
          if (values.size() % 2 != 0) values += '\0';
        }
      }
      Put32(out, 0, big_endian_);  // no next directory
    }
    return out + values;
  }

 private:
  struct Field {
    uint16_t tag;
    uint16_t type;
    uint32_t count;
    std::string value;
  };

  TiffBuilder& Add(Directory dir, uint16_t tag, uint16_t type, uint32_t count, std::string value) {
    fields_[dir].push_back({tag, type, count, std::move(value)});
    return *this;
  }

  bool big_endian_;
  std::vector<Field> fields_[3];
};

// `jpeg` with an APP1 segment holding `header` and `body` ("Exif\0\0" + TIFF) right after SOI.
inline std::string WithApp1(const std::string& jpeg, const std::string& body,
                            const std::string& header = std::string("Exif\0\0", 6)) {
  std::string segment = "\xFF\xE1";
  Put16(segment, static_cast<uint32_t>(header.size() + body.size() + 2), true);
  return jpeg.substr(0, 2) + segment + header + body + jpeg.substr(2);
}

inline const std::string& SmallJpeg() {
  static const std::string jpeg = MakeJpeg(16, 8, LeftRedRightBlue);
  return jpeg;
}

}  // namespace cairn::images::testing
