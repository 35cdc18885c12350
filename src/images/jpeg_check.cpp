// The JPEG structure check: a walk over the markers, segments and entropy-coded scans to the EOI.
#include <cstdint>
#include <cstring>
#include <string>

#include "images/bytes.h"
#include "images/format_checks.h"

namespace cairn::images::internal {
namespace {

constexpr uint8_t kSoi = 0xD8;
constexpr uint8_t kEoi = 0xD9;
constexpr uint8_t kSos = 0xDA;
constexpr uint8_t kTem = 0x01;
constexpr uint8_t kDht = 0xC4;
constexpr uint8_t kDqt = 0xDB;

util::Error Damaged(const std::string& why) {
  return util::Error::InvalidArgument("The JPEG file is damaged (" + why + ").");
}

util::Error Truncated() { return util::Error::InvalidArgument("The JPEG file is truncated."); }

// SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC), which share the range.
bool IsFrameHeader(uint8_t marker) {
  return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
}

bool IsRestart(uint8_t marker) { return marker >= 0xD0 && marker <= 0xD7; }

// The position of the marker that ends the entropy-coded data starting at `at` (the first of
// its 0xFF bytes), or npos when the file ends first. Inside the data 0xFF is followed by 0x00
// (a stuffed data byte) or by a restart marker, both of which belong to the scan.
size_t FindScanEnd(std::string_view bytes, size_t at) {
  while (at < bytes.size()) {
    const void* found = std::memchr(bytes.data() + at, 0xFF, bytes.size() - at);
    if (found == nullptr) return std::string_view::npos;
    const size_t ff = static_cast<size_t>(static_cast<const char*>(found) - bytes.data());
    if (ff + 1 >= bytes.size()) return std::string_view::npos;
    const uint8_t next = ByteAt(bytes, ff + 1);
    if (next != 0x00 && !IsRestart(next)) return ff;
    at = ff + 2;
  }
  return std::string_view::npos;
}

// What the segments so far have defined. A scan may only use tables defined before it: stb's
// decoder would read an undefined Huffman table from uninitialised memory (found by fuzzing).
struct Definitions {
  bool dc_table[4] = {};
  bool ac_table[4] = {};
  bool quant_table[4] = {};
  bool seen_frame = false;
  bool progressive = false;
  bool arithmetic = false;            // arithmetic coding uses no Huffman tables
  uint8_t component_quant[256] = {};  // by component id, for the frame's components
  bool is_component[256] = {};
};

// DHT: one or more tables, each a class/index byte, 16 code counts and the symbols.
util::Status ReadHuffmanTables(std::string_view payload, Definitions* defined) {
  size_t at = 0;
  while (at < payload.size()) {
    if (!Fits(payload, at, 17)) return Damaged("a Huffman table is malformed");
    const uint8_t table_class = ByteAt(payload, at) >> 4;
    const uint8_t index = ByteAt(payload, at) & 0x0F;
    size_t symbols = 0;
    for (size_t i = 1; i <= 16; ++i) symbols += ByteAt(payload, at + i);
    if (table_class > 1 || index > 3 || symbols > 256 || !Fits(payload, at + 17, symbols)) {
      return Damaged("a Huffman table is malformed");
    }
    (table_class == 0 ? defined->dc_table : defined->ac_table)[index] = true;
    at += 17 + symbols;
  }
  return util::OkStatus();
}

// DQT: one or more tables of 64 8-bit or 16-bit values.
util::Status ReadQuantizationTables(std::string_view payload, Definitions* defined) {
  size_t at = 0;
  while (at < payload.size()) {
    const uint8_t precision = ByteAt(payload, at) >> 4;
    const uint8_t index = ByteAt(payload, at) & 0x0F;
    if (precision > 1 || index > 3 || !Fits(payload, at + 1, precision == 0 ? 64 : 128)) {
      return Damaged("a quantization table is malformed");
    }
    defined->quant_table[index] = true;
    at += 1 + (precision == 0 ? 64 : 128);
  }
  return util::OkStatus();
}

util::Status ReadFrame(uint8_t marker, std::string_view payload, Definitions* defined,
                       ImageInfo* info) {
  // Two frames mean a hierarchical JPEG, which neither browsers nor our decoder show.
  if (defined->seen_frame) return Damaged("it has a second frame header");
  if (payload.size() < 6) return Damaged("its frame header is cut short");
  const uint8_t components = ByteAt(payload, 5);
  if (components == 0 || payload.size() != 6u + 3u * components) {
    return Damaged("its frame header is malformed");
  }
  for (size_t i = 0; i < components; ++i) {
    const uint8_t id = ByteAt(payload, 6 + 3 * i);
    const uint8_t quant = ByteAt(payload, 8 + 3 * i);
    if (defined->is_component[id] || quant > 3) return Damaged("its frame header is malformed");
    defined->is_component[id] = true;
    defined->component_quant[id] = quant;
  }
  CAIRN_RETURN_IF_ERROR(CheckPixelSize("JPEG", Be16(payload, 3), Be16(payload, 1)));
  info->width = Be16(payload, 3);
  info->height = Be16(payload, 1);
  defined->seen_frame = true;
  defined->progressive = (marker & 0x03) == 0x02;  // SOF2, SOF6, SOF10, SOF14
  defined->arithmetic = marker >= 0xC9;
  return util::OkStatus();
}

// SOS: the components of the scan, each with its DC and AC table, then the spectral selection.
util::Status CheckScanHeader(std::string_view payload, const Definitions& defined) {
  if (!defined.seen_frame) return Damaged("it has no frame header before its image data");
  const uint8_t components = payload.empty() ? 0 : ByteAt(payload, 0);
  if (components == 0 || components > 4 || payload.size() != 4u + 2u * components) {
    return Damaged("a scan header is malformed");
  }
  const uint8_t spectral_start = ByteAt(payload, 1 + 2 * components);
  const uint8_t approximation_high = ByteAt(payload, 3 + 2 * components) >> 4;
  for (size_t i = 0; i < components; ++i) {
    const uint8_t id = ByteAt(payload, 1 + 2 * i);
    const uint8_t dc = ByteAt(payload, 2 + 2 * i) >> 4;
    const uint8_t ac = ByteAt(payload, 2 + 2 * i) & 0x0F;
    if (!defined.is_component[id]) return Damaged("a scan names a component the frame lacks");
    if (!defined.quant_table[defined.component_quant[id]]) {
      return Damaged("a scan uses a quantization table that was never defined");
    }
    if (defined.arithmetic) continue;
    // Sequential scans use both tables; progressive DC first scans the DC one, AC scans the AC
    // one, and DC refinement scans none.
    const bool uses_dc = !defined.progressive || (spectral_start == 0 && approximation_high == 0);
    const bool uses_ac = !defined.progressive || spectral_start != 0;
    if ((uses_dc && (dc > 3 || !defined.dc_table[dc])) ||
        (uses_ac && (ac > 3 || !defined.ac_table[ac]))) {
      return Damaged("a scan uses a Huffman table that was never defined");
    }
  }
  return util::OkStatus();
}

}  // namespace

util::Result<ImageInfo> CheckJpeg(std::string_view bytes) {
  if (bytes.size() < 2 || ByteAt(bytes, 0) != 0xFF || ByteAt(bytes, 1) != kSoi) {
    return Damaged("it does not start with a start-of-image marker");
  }
  ImageInfo info;
  info.format = ImageFormat::kJpeg;
  Definitions defined;
  int scans = 0;
  size_t at = 2;
  while (true) {
    if (at >= bytes.size()) return Truncated();
    if (ByteAt(bytes, at) != 0xFF) {
      return Damaged("stray bytes where a marker should be, at byte " + std::to_string(at));
    }
    while (at < bytes.size() && ByteAt(bytes, at) == 0xFF) ++at;  // fill bytes
    if (at >= bytes.size()) return Truncated();
    const uint8_t marker = ByteAt(bytes, at++);
    if (marker == kEoi) {
      if (!defined.seen_frame) return Damaged("it has no frame header");
      if (scans == 0) return Damaged("it has no image data");
      return info;  // whatever follows is not ours to judge: cameras append previews there
    }
    if (marker == kSoi) return Damaged("it has a second start-of-image marker");
    if (IsRestart(marker) || marker == kTem) continue;  // markers without a segment
    if (marker < 0xC0) return Damaged("it has a reserved marker at byte " + std::to_string(at - 2));
    if (!Fits(bytes, at, 2)) return Truncated();
    const uint16_t length = Be16(bytes, at);
    if (length < 2) return Damaged("a segment has an impossible length");
    if (!Fits(bytes, at, length)) return Truncated();
    const std::string_view payload = bytes.substr(at + 2, length - 2);
    at += length;
    if (IsFrameHeader(marker)) {
      CAIRN_RETURN_IF_ERROR(ReadFrame(marker, payload, &defined, &info));
    } else if (marker == kDht) {
      CAIRN_RETURN_IF_ERROR(ReadHuffmanTables(payload, &defined));
    } else if (marker == kDqt) {
      CAIRN_RETURN_IF_ERROR(ReadQuantizationTables(payload, &defined));
    } else if (marker == kSos) {
      CAIRN_RETURN_IF_ERROR(CheckScanHeader(payload, defined));
      at = FindScanEnd(bytes, at);
      if (at == std::string_view::npos) return Truncated();
      ++scans;
    }
    // Every other segment (restart interval, comments, APPn metadata) is skipped whole.
  }
}

}  // namespace cairn::images::internal
