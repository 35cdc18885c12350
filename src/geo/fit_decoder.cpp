// Decoding FIT files message by message: headers, definitions, data messages and the CRC.
#include "geo/fit_decoder.h"

#include <algorithm>

namespace cairn::geo::fit_internal {
namespace {

constexpr uint8_t kTimestampField = 253;
constexpr size_t kLocalTypes = 16;

// Slicing-by-8 tables: kCrcTables[k][b] is the CRC of byte b followed by k zero bytes, so eight
// input bytes are folded in at once (the CRC is most of the decoding time otherwise).
using CrcTables = std::array<std::array<uint16_t, 256>, 8>;
constexpr CrcTables MakeCrcTables() {
  CrcTables tables{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    uint16_t crc = static_cast<uint16_t>(byte);
    for (int bit = 0; bit < 8; ++bit) {
      crc =
          (crc & 1) ? static_cast<uint16_t>((crc >> 1) ^ 0xA001) : static_cast<uint16_t>(crc >> 1);
    }
    tables[0][byte] = crc;
  }
  for (size_t k = 1; k < tables.size(); ++k) {
    for (unsigned byte = 0; byte < 256; ++byte) {
      const uint16_t previous = tables[k - 1][byte];
      tables[k][byte] = static_cast<uint16_t>((previous >> 8) ^ tables[0][previous & 0xFF]);
    }
  }
  return tables;
}
constexpr CrcTables kCrcTables = MakeCrcTables();

// What the protocol says about each base type (indexed by its low five bits).
struct BaseType {
  uint8_t size;
  bool is_integer;
  bool is_signed;
  uint64_t invalid;
};
constexpr std::array<BaseType, 17> kBaseTypes = {{
    {1, true, false, 0xFF},               // 0x00 enum
    {1, true, true, 0x7F},                // 0x01 sint8
    {1, true, false, 0xFF},               // 0x02 uint8
    {2, true, true, 0x7FFF},              // 0x83 sint16
    {2, true, false, 0xFFFF},             // 0x84 uint16
    {4, true, true, 0x7FFFFFFF},          // 0x85 sint32
    {4, true, false, 0xFFFFFFFF},         // 0x86 uint32
    {1, false, false, 0},                 // 0x07 string
    {4, false, false, 0xFFFFFFFF},        // 0x88 float32
    {8, false, false, ~uint64_t{0}},      // 0x89 float64
    {1, true, false, 0},                  // 0x0A uint8z
    {2, true, false, 0},                  // 0x8B uint16z
    {4, true, false, 0},                  // 0x8C uint32z
    {1, false, false, 0xFF},              // 0x0D byte
    {8, true, true, 0x7FFFFFFFFFFFFFFF},  // 0x8E sint64
    {8, true, false, ~uint64_t{0}},       // 0x8F uint64
    {8, true, false, 0},                  // 0x90 uint64z
}};
constexpr uint8_t kStringType = 0x07;

uint64_t ReadUnsigned(const unsigned char* p, size_t size, bool big_endian) {
  uint64_t value = 0;
  if (big_endian) {
    for (size_t i = 0; i < size; ++i) value = (value << 8) | p[i];
  } else {
    for (size_t i = size; i > 0; --i) value = (value << 8) | p[i - 1];
  }
  return value;
}

// Appends `text` to `out`, replacing each byte that does not start a valid UTF-8 sequence by
// U+FFFD, so names from a damaged file never carry invalid UTF-8 into JSON or XML.
void AppendValidUtf8(std::string_view text, std::string& out) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  size_t i = 0;
  while (i < text.size()) {
    const unsigned char lead = byte(i);
    size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;  // the allowed range of the second byte
    if (lead < 0x80) {
      length = 1;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    }
    bool valid = length > 0 && i + length <= text.size();
    for (size_t k = 1; valid && k < length; ++k) {
      const unsigned char c = byte(i + k);
      valid = k == 1 ? (c >= low && c <= high) : (c >= 0x80 && c <= 0xBF);
    }
    if (valid) {
      out.append(text.substr(i, length));
      i += length;
    } else {
      out.append("\xEF\xBF\xBD");
      ++i;
    }
  }
}

std::string At(size_t offset) { return "byte " + std::to_string(offset) + ": "; }

}  // namespace

uint16_t FitCrc(std::string_view bytes, uint16_t crc) {
  const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
  size_t size = bytes.size();
  const auto& t = kCrcTables;
  for (; size >= 8; size -= 8, p += 8) {
    crc = static_cast<uint16_t>(t[7][(crc ^ p[0]) & 0xFF] ^ t[6][(crc >> 8) ^ p[1]] ^ t[5][p[2]] ^
                                t[4][p[3]] ^ t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]]);
  }
  for (; size > 0; --size, ++p) crc = static_cast<uint16_t>((crc >> 8) ^ t[0][(crc ^ *p) & 0xFF]);
  return crc;
}

util::Result<FileHeader> ReadFileHeader(std::string_view bytes, size_t start) {
  const auto damaged = [](const std::string& why) {
    return util::Error::InvalidArgument("the header is damaged (" + why + ")");
  };
  if (start > bytes.size() || bytes.size() - start < kMinHeaderSize) {
    return damaged("it is shorter than the 12 bytes of a FIT header");
  }
  const std::string_view head = bytes.substr(start);
  const auto* p = reinterpret_cast<const unsigned char*>(head.data());
  FileHeader header;
  header.start = start;
  header.size = p[0];
  if (header.size != 12 && header.size != 14) {
    return damaged("it declares a size of " + std::to_string(header.size) + " bytes, not 12 or 14");
  }
  if (head.substr(8, 4) != ".FIT") return damaged("no .FIT signature");
  if (header.size == 14) {
    if (head.size() < 14) return damaged("it ends inside the header");
    const uint16_t stored = static_cast<uint16_t>(ReadUnsigned(p + 12, 2, false));
    // Zero means "not computed", which the protocol allows.
    if (stored != 0 && stored != FitCrc(head.substr(0, 12))) {
      return damaged("its checksum does not match");
    }
  }
  if ((p[1] >> 4) > 2) {
    return util::Error::InvalidArgument("the file uses FIT protocol version " +
                                        std::to_string(p[1] >> 4) + "." +
                                        std::to_string(p[1] & 0x0F) + ", which is not supported");
  }
  header.data_size = static_cast<uint32_t>(ReadUnsigned(p + 4, 4, false));
  return header;
}

const FieldDef* Message::Find(uint8_t field_number) const {
  for (const FieldDef& field : def_->fields) {
    if (field.number == field_number) return &field;
  }
  return nullptr;
}

std::optional<int64_t> Message::Integer(uint8_t field_number) const {
  const FieldDef* field = Find(field_number);
  if (field == nullptr) return std::nullopt;
  const size_t type_index = field->base_type & 0x1F;
  if (type_index >= kBaseTypes.size()) return std::nullopt;
  const BaseType& type = kBaseTypes[type_index];
  if (!type.is_integer || field->size != type.size) return std::nullopt;
  const uint64_t raw = ReadUnsigned(data_ + field->offset, field->size, def_->big_endian);
  if (raw == type.invalid) return std::nullopt;
  if (type.is_signed) {
    const unsigned shift = 64 - 8 * type.size;
    return static_cast<int64_t>(raw << shift) >> shift;
  }
  if (raw > static_cast<uint64_t>(INT64_MAX)) return std::nullopt;
  return static_cast<int64_t>(raw);
}

std::string Message::Text(uint8_t field_number) const {
  const FieldDef* field = Find(field_number);
  if (field == nullptr || (field->base_type & 0x1F) != kStringType) return "";
  std::string_view text(reinterpret_cast<const char*>(data_ + field->offset), field->size);
  text = text.substr(0, text.find('\0'));
  std::string out;
  AppendValidUtf8(text, out);
  return out;
}

util::Result<DecodedFile> DecodeMessages(std::string_view bytes, const FileHeader& header,
                                         const MessageHandler& handler) {
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  const size_t declared_end = header.start + header.size + size_t{header.data_size};
  const size_t end = std::min(declared_end, bytes.size());
  std::array<MessageDef, kLocalTypes> defs;
  std::optional<uint32_t> last_timestamp;

  DecodedFile result;
  result.next = declared_end + kCrcSize;
  // A message that does not fit is truncation when the input is short, corruption otherwise.
  const auto cut_at = [&](size_t offset, const std::string& problem) {
    if (bytes.size() < declared_end) {
      result.end = FileEnd::kTruncated;
      result.missing = declared_end + kCrcSize - bytes.size();
    } else {
      result.end = FileEnd::kCorrupt;
      result.problem = At(offset) + problem;
    }
    return result;
  };

  size_t pos = header.start + header.size;
  while (pos < end) {
    const size_t at = pos;
    const unsigned char record_header = data[pos++];
    if ((record_header & 0xC0) == 0x40) {  // a definition message
      if (end - pos < 5) return cut_at(at, "a definition message is cut short");
      MessageDef def;
      if (data[pos + 1] > 1) {
        return cut_at(at, "a definition message declares an unknown byte order");
      }
      def.big_endian = data[pos + 1] == 1;
      def.global_number = static_cast<uint16_t>(ReadUnsigned(data + pos + 2, 2, def.big_endian));
      const size_t field_count = data[pos + 4];
      pos += 5;
      if (end - pos < 3 * field_count) return cut_at(at, "a definition message is cut short");
      uint32_t size = 0;
      for (size_t i = 0; i < field_count; ++i, pos += 3) {
        const uint8_t field_size = data[pos + 1];
        // A zero-sized field carries nothing; dropping it keeps work per data message
        // proportional to its bytes.
        if (field_size == 0) continue;
        def.fields.push_back({data[pos], field_size, data[pos + 2], static_cast<uint16_t>(size)});
        size += field_size;
      }
      if (record_header & 0x20) {  // developer fields follow: skipped by size, never read
        if (end - pos < 1) return cut_at(at, "a definition message is cut short");
        const size_t developer_count = data[pos++];
        if (end - pos < 3 * developer_count) {
          return cut_at(at, "a definition message is cut short");
        }
        for (size_t i = 0; i < developer_count; ++i, pos += 3) size += data[pos + 1];
      }
      def.size = size;
      def.defined = true;
      defs[record_header & 0x0F] = std::move(def);
      continue;
    }

    const bool compressed = (record_header & 0x80) != 0;
    const size_t local = compressed ? (record_header >> 5) & 0x03 : record_header & 0x0F;
    const MessageDef& def = defs[local];
    if (!def.defined) {
      return cut_at(at, "a data message uses local message type " + std::to_string(local) +
                            ", which no definition message introduced");
    }
    if (end - pos < def.size) return cut_at(at, "a data message is cut short");
    std::optional<uint32_t> timestamp;
    if (compressed && last_timestamp) {
      // Five bits of offset from the last full timestamp, rolling over every 32 seconds.
      const uint32_t offset = record_header & 0x1F;
      timestamp = *last_timestamp + ((offset - (*last_timestamp & 0x1F)) & 0x1F);
    }
    if (const auto field = Message(def, data + pos, at, std::nullopt).Integer(kTimestampField)) {
      if (*field >= 0 && *field <= UINT32_MAX) timestamp = static_cast<uint32_t>(*field);
    }
    if (timestamp) last_timestamp = timestamp;
    CAIRN_RETURN_IF_ERROR(handler(Message(def, data + pos, at, timestamp)));
    pos += def.size;
  }

  if (bytes.size() < declared_end + kCrcSize) {
    result.end = FileEnd::kTruncated;
    result.missing = declared_end + kCrcSize - bytes.size();
    return result;
  }
  const auto stored = static_cast<uint16_t>(ReadUnsigned(data + declared_end, 2, false));
  const uint16_t computed = FitCrc(bytes.substr(header.start, declared_end - header.start));
  result.end = stored == computed ? FileEnd::kComplete : FileEnd::kBadCrc;
  return result;
}

}  // namespace cairn::geo::fit_internal
