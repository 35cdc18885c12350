// The EXIF reader: the TIFF structure of a JPEG's first APP1 "Exif" segment, bounds-checked at
// every step, reduced to position, capture time and orientation.
#include "images/exif.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "images/bytes.h"
#include "util/civil_date.h"

namespace cairn::images {
namespace {

using internal::Be16;
using internal::ByteAt;
using internal::Fits;

// Tags, by the directory they live in.
constexpr uint16_t kOrientation = 0x0112;  // IFD0
constexpr uint16_t kDateTime = 0x0132;
constexpr uint16_t kExifIfd = 0x8769;
constexpr uint16_t kGpsIfd = 0x8825;
constexpr uint16_t kDateTimeOriginal = 0x9003;  // Exif IFD
constexpr uint16_t kOffsetTimeOriginal = 0x9011;
constexpr uint16_t kGpsLatitudeRef = 1;  // GPS IFD
constexpr uint16_t kGpsLatitude = 2;
constexpr uint16_t kGpsLongitudeRef = 3;
constexpr uint16_t kGpsLongitude = 4;
constexpr uint16_t kGpsAltitudeRef = 5;
constexpr uint16_t kGpsAltitude = 6;
constexpr uint16_t kGpsTimeStamp = 7;
constexpr uint16_t kGpsDateStamp = 0x1D;

// Field types.
constexpr uint16_t kByte = 1;
constexpr uint16_t kAscii = 2;
constexpr uint16_t kShort = 3;
constexpr uint16_t kLong = 4;
constexpr uint16_t kRational = 5;
constexpr uint16_t kUndefined = 7;
constexpr uint16_t kIfd = 13;

constexpr size_t kEntryBytes = 12;

// Bytes per value of each field type; 0 for types this reader does not know.
uint64_t TypeSize(uint16_t type) {
  switch (type) {
    case 1:  // BYTE
    case 2:  // ASCII
    case 6:  // SBYTE
    case 7:  // UNDEFINED
      return 1;
    case 3:  // SHORT
    case 8:  // SSHORT
      return 2;
    case 4:   // LONG
    case 9:   // SLONG
    case 11:  // FLOAT
    case 13:  // IFD
      return 4;
    case 5:   // RATIONAL
    case 10:  // SRATIONAL
    case 12:  // DOUBLE
      return 8;
    default:
      return 0;
  }
}

// One directory entry whose value lies wholly inside the TIFF data (at `value_at`).
struct Entry {
  uint16_t tag = 0;
  uint16_t type = 0;
  uint32_t count = 0;
  size_t value_at = 0;
};

class Tiff {
 public:
  explicit Tiff(std::string_view data) : data_(data) {}

  bool ReadHeader(uint32_t* first_ifd) {
    if (!Fits(data_, 0, 8)) return false;
    if (data_.substr(0, 4) == std::string_view("II*\0", 4)) {
      big_endian_ = false;
    } else if (data_.substr(0, 4) == std::string_view("MM\0*", 4)) {
      big_endian_ = true;
    } else {
      return false;
    }
    *first_ifd = U32(4);
    return true;
  }

  // The entries of the directory at `offset` whose values are in bounds; empty when the
  // directory itself is not. Counts × type sizes are computed in 64 bits, so none overflows.
  std::vector<Entry> ReadDirectory(uint32_t offset) const {
    std::vector<Entry> entries;
    if (!Fits(data_, offset, 2)) return entries;
    const uint16_t count = U16(offset);
    if (!Fits(data_, uint64_t{offset} + 2, uint64_t{count} * kEntryBytes)) return entries;
    entries.reserve(count);
    for (size_t i = 0; i < count; ++i) {
      const size_t at = offset + 2 + i * kEntryBytes;
      Entry entry{U16(at), U16(at + 2), U32(at + 4), at + 8};
      const uint64_t bytes = TypeSize(entry.type) * entry.count;
      if (bytes == 0) continue;
      if (bytes > 4) entry.value_at = U32(at + 8);
      if (!Fits(data_, entry.value_at, bytes)) continue;
      entries.push_back(entry);
    }
    return entries;
  }

  // The first value of a BYTE, SHORT, LONG or IFD entry.
  std::optional<uint32_t> Unsigned(const Entry& entry) const {
    switch (entry.type) {
      case kByte:
      case kUndefined:
        return ByteAt(data_, entry.value_at);
      case kShort:
        return U16(entry.value_at);
      case kLong:
      case kIfd:
        return U32(entry.value_at);
      default:
        return std::nullopt;
    }
  }

  // An ASCII value up to its first NUL.
  std::string_view Ascii(const Entry& entry) const {
    if (entry.type != kAscii) return {};
    std::string_view text = data_.substr(entry.value_at, entry.count);
    return text.substr(0, text.find('\0'));
  }

  // The `index`th value of a RATIONAL entry; nullopt past the count or for a zero denominator.
  std::optional<double> Rational(const Entry& entry, uint32_t index) const {
    if (entry.type != kRational || index >= entry.count) return std::nullopt;
    const size_t at = entry.value_at + size_t{index} * 8;
    const uint32_t denominator = U32(at + 4);
    if (denominator == 0) return std::nullopt;
    return static_cast<double>(U32(at)) / denominator;
  }

 private:
  uint16_t U16(size_t at) const {
    return big_endian_ ? Be16(data_, at) : internal::Le16(data_, at);
  }
  uint32_t U32(size_t at) const {
    return big_endian_ ? internal::Be32(data_, at) : internal::Le32(data_, at);
  }

  std::string_view data_;
  bool big_endian_ = false;
};

// The TIFF data of the first APP1 "Exif" segment before the first scan; empty when none.
std::string_view FindExifTiff(std::string_view jpeg) {
  if (!Fits(jpeg, 0, 2) || ByteAt(jpeg, 0) != 0xFF || ByteAt(jpeg, 1) != 0xD8) return {};
  size_t at = 2;
  while (at < jpeg.size() && ByteAt(jpeg, at) == 0xFF) {
    while (at < jpeg.size() && ByteAt(jpeg, at) == 0xFF) ++at;  // fill bytes
    if (at >= jpeg.size()) return {};
    const uint8_t marker = ByteAt(jpeg, at++);
    if ((marker >= 0xD0 && marker <= 0xD7) || marker == 0x01) continue;  // no segment
    if (marker == 0xDA || marker == 0xD9 || marker == 0xD8 || marker == 0x00) return {};
    if (!Fits(jpeg, at, 2)) return {};
    const uint16_t length = Be16(jpeg, at);
    if (length < 2 || !Fits(jpeg, at, length)) return {};
    const std::string_view payload = jpeg.substr(at + 2, length - 2);
    constexpr std::string_view kExifHeader("Exif\0\0", 6);
    if (marker == 0xE1 && payload.substr(0, kExifHeader.size()) == kExifHeader) {
      return payload.substr(kExifHeader.size());
    }
    at += length;
  }
  return {};
}

struct DateTime {
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;

  int64_t SecondsSinceEpoch() const {
    return util::DaysFromCivil(year, month, day) * 86400 + hour * 3600 + minute * 60 + second;
  }

  static DateTime FromSecondsSinceEpoch(int64_t seconds) {
    const int64_t days = util::FloorDiv(seconds, 86400);
    const int64_t rest = seconds - days * 86400;
    const util::CivilDate date = util::CivilFromDays(days);
    DateTime out;
    out.year = static_cast<int>(date.year);
    out.month = date.month;
    out.day = date.day;
    out.hour = static_cast<int>(rest / 3600);
    out.minute = static_cast<int>(rest / 60 % 60);
    out.second = static_cast<int>(rest % 60);
    return out;
  }

  std::string ToIso() const {
    char text[32];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour,
                  minute, second);
    return text;
  }
};

// The number written with exactly `digits` decimal digits at `at`, or -1.
int Digits(std::string_view text, size_t at, size_t digits) {
  if (at + digits > text.size()) return -1;
  int value = 0;
  for (size_t i = at; i < at + digits; ++i) {
    if (text[i] < '0' || text[i] > '9') return -1;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

// "YYYY:MM:DD" (EXIF) or "YYYY-MM-DD" (what some editors write) at the start of `text`.
bool ParseDate(std::string_view text, DateTime* out) {
  if (text.size() < 10 || (text[4] != ':' && text[4] != '-') || text[7] != text[4]) return false;
  out->year = Digits(text, 0, 4);
  out->month = Digits(text, 5, 2);
  out->day = Digits(text, 8, 2);
  return out->year >= 1 && out->month >= 1 && out->month <= 12 && out->day >= 1 &&
         out->day <= util::DaysInMonth(out->year, out->month);
}

// "YYYY:MM:DD HH:MM:SS"; anything after the seconds (sub-seconds, a zone) is ignored.
std::optional<DateTime> ParseExifDateTime(std::string_view text) {
  DateTime out;
  if (!ParseDate(text, &out) || text.size() < 19) return std::nullopt;
  if ((text[10] != ' ' && text[10] != 'T') || text[13] != ':' || text[16] != ':') {
    return std::nullopt;
  }
  out.hour = Digits(text, 11, 2);
  out.minute = Digits(text, 14, 2);
  out.second = Digits(text, 17, 2);
  if (out.hour < 0 || out.hour > 23 || out.minute < 0 || out.minute > 59 || out.second < 0 ||
      out.second > 59) {
    return std::nullopt;
  }
  return out;
}

// "+HH:MM" / "-HH:MM" (OffsetTimeOriginal), checked and returned as written.
std::optional<std::string> ParseOffset(std::string_view text) {
  if (text.size() < 6 || (text[0] != '+' && text[0] != '-') || text[3] != ':') return std::nullopt;
  const int hours = Digits(text, 1, 2);
  const int minutes = Digits(text, 4, 2);
  if (hours < 0 || hours > 14 || minutes < 0 || minutes > 59) return std::nullopt;
  return std::string(text.substr(0, 6));
}

// Degrees, minutes and seconds, signed by the reference letter; nullopt unless all is valid.
std::optional<double> ReadCoordinate(const Tiff& tiff, const Entry* value, const Entry* ref,
                                     char positive, char negative, double limit) {
  if (value == nullptr || ref == nullptr) return std::nullopt;
  const std::string_view letter = tiff.Ascii(*ref);
  if (letter.empty() || (letter[0] != positive && letter[0] != negative)) return std::nullopt;
  double degrees = 0;
  for (uint32_t i = 0; i < 3 && i < value->count; ++i) {
    const std::optional<double> part = tiff.Rational(*value, i);
    if (!part) return std::nullopt;
    degrees += *part / std::pow(60.0, i);
  }
  if (value->count == 0 || !std::isfinite(degrees) || degrees > limit) return std::nullopt;
  return letter[0] == negative ? -degrees : degrees;
}

// The UTC time of GPSDateStamp and GPSTimeStamp, in seconds since the epoch.
std::optional<int64_t> ReadGpsTime(const Tiff& tiff, const Entry* date, const Entry* time) {
  DateTime day;
  if (date == nullptr || time == nullptr || !ParseDate(tiff.Ascii(*date), &day)) {
    return std::nullopt;
  }
  const std::optional<double> hours = tiff.Rational(*time, 0);
  const std::optional<double> minutes = tiff.Rational(*time, 1);
  const std::optional<double> seconds = tiff.Rational(*time, 2);
  if (!hours || !minutes || !seconds || *hours >= 24 || *minutes >= 60 || *seconds >= 61) {
    return std::nullopt;
  }
  return day.SecondsSinceEpoch() + std::llround(*hours * 3600 + *minutes * 60 + *seconds);
}

// The fields this reader keeps, as found in the directories.
struct Fields {
  std::optional<uint32_t> exif_ifd, gps_ifd, orientation;
  std::string_view date_time, date_time_original, offset_time_original;
  const Entry* lat = nullptr;
  const Entry* lat_ref = nullptr;
  const Entry* lon = nullptr;
  const Entry* lon_ref = nullptr;
  const Entry* altitude = nullptr;
  const Entry* altitude_ref = nullptr;
  const Entry* gps_time = nullptr;
  const Entry* gps_date = nullptr;
};

std::optional<std::string> TakenAt(const Tiff& tiff, const Fields& fields) {
  std::optional<DateTime> local = ParseExifDateTime(fields.date_time_original);
  if (!local) local = ParseExifDateTime(fields.date_time);
  if (!local) return std::nullopt;
  if (const auto offset = ParseOffset(fields.offset_time_original)) return local->ToIso() + *offset;
  if (const auto utc = ReadGpsTime(tiff, fields.gps_date, fields.gps_time)) {
    // The camera's clock says when; the GPS says how far that clock is from UTC. Zones are
    // whole quarter hours, which absorbs the drift between the two clocks.
    const int64_t local_seconds = local->SecondsSinceEpoch();
    const int64_t quarters = std::llround(static_cast<double>(local_seconds - *utc) / 900.0);
    if (quarters >= -12 * 4 && quarters <= 14 * 4) {
      return DateTime::FromSecondsSinceEpoch(local_seconds - quarters * 900).ToIso() + "Z";
    }
  }
  return local->ToIso();
}

}  // namespace

PhotoMetadata ReadJpegMetadata(std::string_view jpeg) {
  PhotoMetadata meta;
  Tiff tiff(FindExifTiff(jpeg));
  uint32_t ifd0 = 0;
  if (!tiff.ReadHeader(&ifd0)) return meta;
  // Each directory is read once at most, so pointers between them cannot loop.
  std::vector<uint32_t> visited = {ifd0};
  Fields fields;
  const std::vector<Entry> main_entries = tiff.ReadDirectory(ifd0);
  for (const Entry& entry : main_entries) {
    if (entry.tag == kOrientation) fields.orientation = tiff.Unsigned(entry);
    if (entry.tag == kDateTime) fields.date_time = tiff.Ascii(entry);
    const bool is_offset = entry.type == kLong || entry.type == kIfd;
    if (entry.tag == kExifIfd && is_offset) fields.exif_ifd = tiff.Unsigned(entry);
    if (entry.tag == kGpsIfd && is_offset) fields.gps_ifd = tiff.Unsigned(entry);
  }
  const auto follow = [&](std::optional<uint32_t> offset) {
    if (!offset || std::find(visited.begin(), visited.end(), *offset) != visited.end()) {
      return std::vector<Entry>();
    }
    visited.push_back(*offset);
    return tiff.ReadDirectory(*offset);
  };
  const std::vector<Entry> exif_entries = follow(fields.exif_ifd);
  for (const Entry& entry : exif_entries) {
    if (entry.tag == kDateTimeOriginal) fields.date_time_original = tiff.Ascii(entry);
    if (entry.tag == kOffsetTimeOriginal) fields.offset_time_original = tiff.Ascii(entry);
  }
  const std::vector<Entry> gps_entries = follow(fields.gps_ifd);
  for (const Entry& entry : gps_entries) {
    const Entry* pointer = &entry;
    switch (entry.tag) {
      case kGpsLatitudeRef:
        fields.lat_ref = pointer;
        break;
      case kGpsLatitude:
        fields.lat = pointer;
        break;
      case kGpsLongitudeRef:
        fields.lon_ref = pointer;
        break;
      case kGpsLongitude:
        fields.lon = pointer;
        break;
      case kGpsAltitudeRef:
        fields.altitude_ref = pointer;
        break;
      case kGpsAltitude:
        fields.altitude = pointer;
        break;
      case kGpsTimeStamp:
        fields.gps_time = pointer;
        break;
      case kGpsDateStamp:
        fields.gps_date = pointer;
        break;
      default:
        break;
    }
  }
  if (fields.orientation && *fields.orientation >= 1 && *fields.orientation <= 8) {
    meta.orientation = static_cast<int>(*fields.orientation);
  }
  meta.lat = ReadCoordinate(tiff, fields.lat, fields.lat_ref, 'N', 'S', 90);
  meta.lon = ReadCoordinate(tiff, fields.lon, fields.lon_ref, 'E', 'W', 180);
  if (fields.altitude != nullptr) {
    if (const std::optional<double> metres = tiff.Rational(*fields.altitude, 0)) {
      const bool below =
          fields.altitude_ref != nullptr && tiff.Unsigned(*fields.altitude_ref) == 1u;
      meta.altitude = below ? -*metres : *metres;
    }
  }
  meta.taken_at = TakenAt(tiff, fields);
  return meta;
}

}  // namespace cairn::images
