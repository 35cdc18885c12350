// The FIT protocol without its profile: file headers, definition and data messages, compressed
// timestamps, developer fields and the CRC. It knows field numbers only as numbers; fit_reader.cpp
// gives them meaning.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::geo::fit_internal {

inline constexpr size_t kMinHeaderSize = 12;
inline constexpr size_t kCrcSize = 2;

// The FIT CRC-16 (CRC-16/ARC: polynomial 0x8005 reflected, initial value 0) of `bytes`,
// continuing from `crc`.
uint16_t FitCrc(std::string_view bytes, uint16_t crc = 0);

// The header at the start of one FIT file.
struct FileHeader {
  size_t start = 0;        // byte offset of the header in the whole input
  uint8_t size = 0;        // 12 or 14
  uint32_t data_size = 0;  // bytes of messages after the header, before the CRC
};

// Reads the header of the FIT file that starts at `start`. On success the header's signature,
// size and (when present and non-zero) checksum are correct. Otherwise InvalidArgument saying
// what is wrong, e.g. "the header is damaged (no .FIT signature)", without the "FIT:" prefix.
util::Result<FileHeader> ReadFileHeader(std::string_view bytes, size_t start);

struct FieldDef {
  uint8_t number = 0;
  uint8_t size = 0;
  uint8_t base_type = 0;
  uint16_t offset = 0;  // from the first byte after the message's record header
};

struct MessageDef {
  bool defined = false;
  bool big_endian = false;
  uint16_t global_number = 0;
  std::vector<FieldDef> fields;  // developer fields are not kept, only counted in `size`
  uint32_t size = 0;             // bytes of a data message after its record header
};

// One data message, valid only during the handler call that receives it.
class Message {
 public:
  Message(const MessageDef& def, const unsigned char* data, size_t offset,
          std::optional<uint32_t> timestamp)
      : def_(&def), data_(data), offset_(offset), timestamp_(timestamp) {}

  uint16_t global_number() const { return def_->global_number; }
  // Byte offset of the message's record header in the whole input.
  size_t offset() const { return offset_; }
  // Seconds since the FIT epoch (1989-12-31T00:00:00Z) from field 253 or the compressed
  // timestamp header; nullopt when the message has neither or field 253 is invalid.
  std::optional<uint32_t> timestamp() const { return timestamp_; }

  // The value of an integer field, read with the base type its definition declares. nullopt when
  // the field is absent, holds its base type's invalid value, is not an integer type, or its size
  // does not match the base type (an array, or a misdeclared field, which is treated as bytes).
  std::optional<int64_t> Integer(uint8_t field_number) const;

  // A string field up to its first NUL, with invalid UTF-8 replaced by U+FFFD; "" when absent.
  std::string Text(uint8_t field_number) const;

 private:
  const FieldDef* Find(uint8_t field_number) const;

  const MessageDef* def_;
  const unsigned char* data_;
  size_t offset_;
  std::optional<uint32_t> timestamp_;
};

// Receives each data message in file order. An error stops decoding and is passed through.
using MessageHandler = std::function<util::Status(const Message&)>;

enum class FileEnd {
  kComplete,   // every message decoded and the CRC matches
  kBadCrc,     // every message decoded, but the CRC does not match
  kTruncated,  // the input ends before the file's declared size
  kCorrupt,    // a message could not be decoded; the ones before it were delivered
};

struct DecodedFile {
  FileEnd end = FileEnd::kComplete;
  size_t next = 0;      // where a chained file would start (just after this file's CRC)
  size_t missing = 0;   // kTruncated: how many bytes the input lacks
  std::string problem;  // kCorrupt: what went wrong and where, in words
};

// Decodes the data messages of the file whose header is `header`, calling `handler` for each.
// Bounded work per input byte; never reads outside `bytes`. Fails only with the handler's error.
util::Result<DecodedFile> DecodeMessages(std::string_view bytes, const FileHeader& header,
                                         const MessageHandler& handler);

}  // namespace cairn::geo::fit_internal
