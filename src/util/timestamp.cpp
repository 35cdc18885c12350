// Timestamp formatting and lenient-but-exact date parsing.
#include "util/timestamp.h"

#include <cstdio>
#include <ctime>

#include "util/civil_date.h"

namespace cairn::util {
namespace {

bool ReadDigits(std::string_view s, size_t pos, size_t count, int* out) {
  if (pos + count > s.size()) return false;
  int v = 0;
  for (size_t i = 0; i < count; ++i) {
    char c = s[pos + i];
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  *out = v;
  return true;
}

// The optional time part that follows a date ("[ T]HH:MM[:SS[.fff]][Z|±HH[:]MM]"): milliseconds
// since local midnight and the zone's offset from UTC in minutes. A time without a zone is UTC,
// as in PocketBase; no time at all is midnight.
struct TimeOfDay {
  int64_t millis = 0;
  int offset_minutes = 0;
};

std::optional<TimeOfDay> ParseTimeSuffix(std::string_view s) {
  TimeOfDay time;
  if (s.empty()) return time;
  if (s[0] != 'T' && s[0] != ' ' && s[0] != 't') return std::nullopt;
  int hh, mm, ss = 0;
  if (!ReadDigits(s, 1, 2, &hh) || s.size() < 6 || s[3] != ':' || !ReadDigits(s, 4, 2, &mm)) {
    return std::nullopt;
  }
  if (hh > 23 || mm > 59) return std::nullopt;
  int64_t fraction_millis = 0;
  size_t pos = 6;
  if (pos < s.size() && s[pos] == ':') {
    if (!ReadDigits(s, pos + 1, 2, &ss) || ss > 60) return std::nullopt;
    pos += 3;
    if (pos < s.size() && s[pos] == '.') {
      size_t digits = 0;
      ++pos;
      int64_t scale = 100;
      while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') {
        fraction_millis += (s[pos] - '0') * scale;
        scale /= 10;
        ++pos, ++digits;
      }
      if (digits == 0 || digits > 9) return std::nullopt;
    }
  }
  time.millis = ((hh * 60 + mm) * 60 + ss) * int64_t{1000} + fraction_millis;
  if (pos == s.size()) return time;
  if ((s[pos] == 'Z' || s[pos] == 'z') && pos + 1 == s.size()) return time;
  if (s[pos] != '+' && s[pos] != '-') return std::nullopt;
  int oh, om;
  if (!ReadDigits(s, pos + 1, 2, &oh) || oh > 23) return std::nullopt;
  size_t p = pos + 3;
  if (p < s.size() && s[p] == ':') ++p;
  if (!ReadDigits(s, p, 2, &om) || om > 59 || p + 2 != s.size()) return std::nullopt;
  time.offset_minutes = (s[pos] == '+' ? 1 : -1) * (oh * 60 + om);
  return time;
}

// Reads "YYYY-MM-DD" at the start of `text` as days since 1970-01-01.
std::optional<int64_t> ParseDays(std::string_view text) {
  int y, m, d;
  if (text.size() < 10 || !ReadDigits(text, 0, 4, &y) || text[4] != '-' ||
      !ReadDigits(text, 5, 2, &m) || text[7] != '-' || !ReadDigits(text, 8, 2, &d)) {
    return std::nullopt;
  }
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > DaysInMonth(y, m)) return std::nullopt;
  return DaysFromCivil(y, m, d);
}

constexpr int64_t kMillisPerDay = 86400000;

}  // namespace

std::string FormatTimestamp(int64_t epoch_millis) {
  const int64_t whole_seconds = FloorDiv(epoch_millis, 1000);
  const time_t seconds = static_cast<time_t>(whole_seconds);
  const int millis = static_cast<int>(epoch_millis - whole_seconds * 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
  return buf;
}

std::optional<int64_t> ParseTimestampMillis(std::string_view text) {
  const std::optional<int64_t> days = ParseDays(text);
  if (!days) return std::nullopt;
  const std::optional<TimeOfDay> time = ParseTimeSuffix(text.substr(10));
  if (!time) return std::nullopt;
  return *days * kMillisPerDay + time->millis - int64_t{time->offset_minutes} * 60000;
}

std::optional<std::string> ParseCalendarDate(std::string_view text) {
  const std::optional<int64_t> millis = ParseTimestampMillis(text);
  if (!millis) return std::nullopt;
  const CivilDate date = CivilFromDays(FloorDiv(*millis, kMillisPerDay));
  if (date.year < 1 || date.year > 9999) return std::nullopt;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d", static_cast<int>(date.year), date.month,
                date.day);
  return std::string(buf);
}

}  // namespace cairn::util
