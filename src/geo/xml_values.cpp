// Numbers, ISO 8601 times and degrees read from XML text without allocating.
#include "geo/xml_values.h"

#include <charconv>
#include <cmath>

#include "geo/track.h"
#include "util/civil_date.h"

namespace cairn::geo::xml_internal {
namespace {

using util::DaysFromCivil;
using util::DaysInMonth;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// Reads a fixed number of decimal digits at `*i`, moving past them.
bool ReadDigits(std::string_view text, size_t* i, size_t count, int* value) {
  if (text.size() - *i < count) return false;
  int result = 0;
  for (size_t k = 0; k < count; ++k) {
    const char c = text[*i + k];
    if (!IsDigit(c)) return false;
    result = result * 10 + (c - '0');
  }
  *i += count;
  *value = result;
  return true;
}

bool Expect(std::string_view text, size_t* i, char c) {
  if (*i >= text.size() || text[*i] != c) return false;
  ++*i;
  return true;
}

std::string Tag(std::string_view name) { return "<" + QuoteForMessage(name) + ">"; }

}  // namespace

std::string_view TrimXmlSpace(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::optional<double> ParseNumber(std::string_view text) {
  text = TrimXmlSpace(text);
  if (text.starts_with('+')) {
    text.remove_prefix(1);  // from_chars rejects a plus sign, XML Schema allows it
    if (text.starts_with('-')) return std::nullopt;
  }
  if (text.empty()) return std::nullopt;
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  // from_chars also reads "inf" and "nan": the finiteness check turns those away.
  if (error != std::errc() || end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::optional<int64_t> ParseDateTime(std::string_view text) {
  text = TrimXmlSpace(text);
  size_t i = 0;
  int year = 0, month = 0, day = 0;
  if (!ReadDigits(text, &i, 4, &year) || !Expect(text, &i, '-') ||
      !ReadDigits(text, &i, 2, &month) || !Expect(text, &i, '-') ||
      !ReadDigits(text, &i, 2, &day)) {
    return std::nullopt;
  }
  if (month < 1 || month > 12 || day < 1 || day > DaysInMonth(year, month)) return std::nullopt;
  int hour = 0, minute = 0, second = 0, millis = 0, offset_minutes = 0;
  if (i < text.size()) {
    if (text[i] != 'T' && text[i] != 't' && text[i] != ' ') return std::nullopt;
    ++i;
    if (!ReadDigits(text, &i, 2, &hour) || !Expect(text, &i, ':') ||
        !ReadDigits(text, &i, 2, &minute)) {
      return std::nullopt;
    }
    if (Expect(text, &i, ':')) {
      if (!ReadDigits(text, &i, 2, &second)) return std::nullopt;
      if (Expect(text, &i, '.') || Expect(text, &i, ',')) {
        size_t digits = 0;
        for (; i < text.size() && IsDigit(text[i]); ++i, ++digits) {
          if (digits < 3) millis = millis * 10 + (text[i] - '0');
        }
        if (digits == 0) return std::nullopt;
        for (size_t k = digits; k < 3; ++k) millis *= 10;
      }
    }
    if (i < text.size()) {
      const char zone = text[i++];
      if (zone == '+' || zone == '-') {
        int offset_hours = 0, offset_rest = 0;
        if (!ReadDigits(text, &i, 2, &offset_hours)) return std::nullopt;
        if (Expect(text, &i, ':') || i < text.size()) {
          if (!ReadDigits(text, &i, 2, &offset_rest)) return std::nullopt;
        }
        if (offset_hours > 14 || offset_rest > 59) return std::nullopt;
        offset_minutes = (offset_hours * 60 + offset_rest) * (zone == '-' ? -1 : 1);
      } else if (zone != 'Z' && zone != 'z') {
        return std::nullopt;
      }
    }
    if (i != text.size()) return std::nullopt;
    // 24:00:00 is the end of the day and 60 a leap second, both valid in ISO 8601.
    if (hour > 24 || minute > 59 || second > 60) return std::nullopt;
    if (hour == 24 && (minute != 0 || second != 0 || millis != 0)) return std::nullopt;
  }
  const int64_t days = DaysFromCivil(year, month, day);
  const int64_t seconds =
      ((days * 24 + hour) * 60 + minute) * 60 + second - int64_t{offset_minutes} * 60;
  return seconds * 1000 + millis;
}

util::Result<double> ParseDegrees(const XmlScanner& xml, std::string_view text, Axis axis,
                                  size_t offset, std::string_view element) {
  const bool latitude = axis == Axis::kLatitude;
  const double limit = latitude ? 90 : 180;
  const std::optional<double> degrees = ParseNumber(text);
  if (degrees && std::abs(*degrees) <= limit) return *degrees;
  std::string message = std::string("the ") + (latitude ? "latitude" : "longitude") + " \"" +
                        QuoteForMessage(TrimXmlSpace(text)) + "\" in " + Tag(element) + " is ";
  message += degrees ? (latitude ? "outside -90 to 90" : "outside -180 to 180") : "not a number";
  return xml.ErrorAt(offset, message);
}

util::Status ReadStringElement(XmlScanner& xml, std::string* out) {
  std::string_view text;
  if (!xml.ReadText(&text)) return xml.status();
  out->assign(TrimXmlSpace(text));
  return util::OkStatus();
}

util::Status ReadNumberElement(XmlScanner& xml, double* out) {
  const std::string_view element = xml.qualified_name();
  const size_t offset = xml.token_offset();
  std::string_view text;
  if (!xml.ReadText(&text)) return xml.status();
  const std::optional<double> value = ParseNumber(text);
  if (!value) {
    return xml.ErrorAt(offset, Tag(element) + " holds \"" + QuoteForMessage(TrimXmlSpace(text)) +
                                   "\", which is not a number");
  }
  *out = *value;
  return util::OkStatus();
}

util::Status ReadElevationElement(XmlScanner& xml, double* out) {
  const std::string_view element = xml.qualified_name();
  const size_t offset = xml.token_offset();
  std::string_view text;
  if (!xml.ReadText(&text)) return xml.status();
  text = TrimXmlSpace(text);
  if (text.empty() || text == "NaN" || text == "nan" || text == "NAN") {
    *out = kNoElevation;
    return util::OkStatus();
  }
  const std::optional<double> value = ParseNumber(text);
  if (!value) {
    return xml.ErrorAt(
        offset, Tag(element) + " holds \"" + QuoteForMessage(text) + "\", which is not a number");
  }
  *out = *value;
  return util::OkStatus();
}

util::Status ReadTimeElement(XmlScanner& xml, int64_t* out) {
  const std::string_view element = xml.qualified_name();
  const size_t offset = xml.token_offset();
  std::string_view text;
  if (!xml.ReadText(&text)) return xml.status();
  text = TrimXmlSpace(text);
  if (text.empty()) {
    *out = kNoTime;
    return util::OkStatus();
  }
  const std::optional<int64_t> time = ParseDateTime(text);
  if (!time) {
    return xml.ErrorAt(offset, Tag(element) + " holds \"" + QuoteForMessage(text) +
                                   "\", which is not a date and time such as "
                                   "2024-05-01T09:30:00Z");
  }
  *out = *time;
  return util::OkStatus();
}

}  // namespace cairn::geo::xml_internal
