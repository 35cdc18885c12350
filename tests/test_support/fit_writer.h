// A FIT file writer for tests: builds files byte by byte (definitions, data messages, compressed
// timestamp headers, header and CRC), so every case is small and exact. Bytes only: the API tests
// upload what it writes.
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cairn::geo::fit_test {

inline constexpr uint8_t kSint32 = 0x85, kUint32 = 0x86, kUint16 = 0x84, kEnum = 0x00,
                         kString = 0x07;
inline constexpr uint16_t kFileId = 0, kSession = 18, kLap = 19, kRecord = 20, kEvent = 21;
inline constexpr uint16_t kCoursePoint = 32;
inline constexpr uint32_t kTime = 1000000000;  // 2021-09-08T01:46:40Z as seconds since 1989-12-31
inline constexpr int64_t kTimeUnixMs = 1631065600000;

struct FieldSpec {
  uint8_t number;
  uint8_t size;
  uint8_t base_type;
};

// The CRC as the FIT protocol document writes it (nibble table), independent of the reader's.
inline uint16_t SpecCrc(const std::string& bytes) {
  static const uint16_t kTable[16] = {0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00,
                                      0x2800, 0xE401, 0xA001, 0x6C00, 0x7800, 0xB401,
                                      0x5000, 0x9C01, 0x8801, 0x4400};
  uint16_t crc = 0;
  for (const char c : bytes) {
    const auto byte = static_cast<uint8_t>(c);
    uint16_t tmp = kTable[crc & 0xF];
    crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ kTable[byte & 0xF];
    tmp = kTable[crc & 0xF];
    crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ kTable[(byte >> 4) & 0xF];
  }
  return crc;
}

inline void PutInt(std::string& out, uint64_t value, size_t size, bool big_endian) {
  for (size_t i = 0; i < size; ++i) {
    const size_t shift = 8 * (big_endian ? size - 1 - i : i);
    out.push_back(static_cast<char>((value >> shift) & 0xFF));
  }
}

// Writes a FIT file: definitions, data messages (values in definition order), header and CRC.
class FitWriter {
 public:
  FitWriter& Define(uint8_t local, uint16_t global, std::vector<FieldSpec> fields,
                    bool big_endian = false, std::vector<uint8_t> developer_sizes = {}) {
    data_.push_back(static_cast<char>(0x40 | (developer_sizes.empty() ? 0 : 0x20) | local));
    data_.push_back(0);
    data_.push_back(big_endian ? 1 : 0);
    PutInt(data_, global, 2, big_endian);
    data_.push_back(static_cast<char>(fields.size()));
    for (const FieldSpec& f : fields) data_ += {char(f.number), char(f.size), char(f.base_type)};
    if (!developer_sizes.empty()) {
      data_.push_back(static_cast<char>(developer_sizes.size()));
      for (size_t i = 0; i < developer_sizes.size(); ++i) {
        data_ += {char(i), char(developer_sizes[i]), 0};
      }
    }
    defs_[local] = {fields, big_endian, true};
    return *this;
  }
  FitWriter& Data(uint8_t local, std::vector<uint64_t> values, std::string developer = "") {
    data_.push_back(static_cast<char>(local));
    return Values(local, values, developer);
  }
  // A data message whose string fields take `texts` in order (cut or padded with NULs to their
  // size) and its other fields `values` in order.
  FitWriter& DataWithText(uint8_t local, std::vector<uint64_t> values,
                          std::vector<std::string> texts) {
    data_.push_back(static_cast<char>(local));
    return Values(local, values, "", texts);
  }
  FitWriter& Compressed(uint8_t local, uint8_t time_offset, std::vector<uint64_t> values) {
    data_.push_back(static_cast<char>(0x80 | (local << 5) | (time_offset & 0x1F)));
    return Values(local, values, "");
  }
  FitWriter& Raw(const std::string& bytes) {
    data_ += bytes;
    return *this;
  }
  // A record definition (local 0): timestamp, lat, lon, altitude.
  FitWriter& DefineRecords() {
    return Define(0, kRecord,
                  {{253, 4, kUint32}, {0, 4, kSint32}, {1, 4, kSint32}, {2, 2, kUint16}});
  }
  FitWriter& Record(uint32_t time, double lat, double lon, double ele = 100) {
    return Data(0, {time, Semicircles(lat), Semicircles(lon),
                    static_cast<uint64_t>(std::lround((ele + 500) * 5))});
  }
  // A timer event (local 1): 0 = start, 1 = stop.
  FitWriter& Timer(uint32_t time, uint8_t type) {
    if (!defs_[1].defined) Define(1, kEvent, {{253, 4, kUint32}, {0, 1, kEnum}, {1, 1, kEnum}});
    return Data(1, {time, 0, type});
  }
  std::string Build(uint8_t header_size = 14) const {
    std::string file;
    file.push_back(static_cast<char>(header_size));
    file.push_back(0x20);
    PutInt(file, 2132, 2, false);
    PutInt(file, data_.size(), 4, false);
    file += ".FIT";
    if (header_size == 14) PutInt(file, SpecCrc(file), 2, false);
    file += data_;
    PutInt(file, SpecCrc(file), 2, false);
    return file;
  }
  static uint64_t Semicircles(double degrees) {
    return static_cast<uint64_t>(std::llround(degrees / 180.0 * 2147483648.0));
  }

 private:
  struct Def {
    std::vector<FieldSpec> fields;
    bool big_endian = false;
    bool defined = false;
  };
  FitWriter& Values(uint8_t local, const std::vector<uint64_t>& values, const std::string& dev,
                    const std::vector<std::string>& texts = {}) {
    const Def& def = defs_[local];
    size_t value = 0, text = 0;
    for (const FieldSpec& field : def.fields) {
      if (field.base_type == kString) {
        std::string bytes = texts.at(text++);
        bytes.resize(field.size, '\0');
        data_ += bytes;
      } else {
        PutInt(data_, values.at(value++), field.size, def.big_endian);
      }
    }
    data_ += dev;
    return *this;
  }

  std::string data_;
  Def defs_[16];
};

}  // namespace cairn::geo::fit_test
