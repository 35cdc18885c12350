// Timestamp formatting and lenient-but-exact date parsing.
#include "util/timestamp.h"

#include <cstdio>
#include <ctime>

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

bool IsLeap(int y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int DaysInMonth(int y, int m) {
  static const int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && IsLeap(y) ? 29 : kDays[m - 1];
}

// Validates the optional time part that follows a date ("[ T]HH:MM[:SS[.fff]][Z|±HH:MM]").
bool IsValidTimeSuffix(std::string_view s) {
  if (s.empty()) return true;
  if (s[0] != 'T' && s[0] != ' ' && s[0] != 't') return false;
  int hh, mm;
  if (!ReadDigits(s, 1, 2, &hh) || s.size() < 6 || s[3] != ':' || !ReadDigits(s, 4, 2, &mm)) {
    return false;
  }
  if (hh > 23 || mm > 59) return false;
  size_t pos = 6;
  if (pos < s.size() && s[pos] == ':') {
    int ss;
    if (!ReadDigits(s, pos + 1, 2, &ss) || ss > 60) return false;
    pos += 3;
    if (pos < s.size() && s[pos] == '.') {
      size_t digits = 0;
      ++pos;
      while (pos < s.size() && s[pos] >= '0' && s[pos] <= '9') ++pos, ++digits;
      if (digits == 0 || digits > 9) return false;
    }
  }
  if (pos == s.size()) return true;
  if ((s[pos] == 'Z' || s[pos] == 'z') && pos + 1 == s.size()) return true;
  if (s[pos] == '+' || s[pos] == '-') {
    int oh, om;
    if (!ReadDigits(s, pos + 1, 2, &oh) || oh > 23) return false;
    size_t p = pos + 3;
    if (p < s.size() && s[p] == ':') ++p;
    if (!ReadDigits(s, p, 2, &om) || om > 59) return false;
    return p + 2 == s.size();
  }
  return false;
}

}  // namespace

std::string FormatTimestamp(int64_t epoch_millis) {
  time_t seconds = static_cast<time_t>(epoch_millis / 1000);
  int millis = static_cast<int>(epoch_millis % 1000);
  std::tm tm{};
  gmtime_r(&seconds, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d-%02d-%02d %02d:%02d:%02d.%03dZ", tm.tm_year + 1900,
                tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, millis);
  return buf;
}

std::optional<std::string> ParseCalendarDate(std::string_view text) {
  int y, m, d;
  if (text.size() < 10 || !ReadDigits(text, 0, 4, &y) || text[4] != '-' ||
      !ReadDigits(text, 5, 2, &m) || text[7] != '-' || !ReadDigits(text, 8, 2, &d)) {
    return std::nullopt;
  }
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > DaysInMonth(y, m)) return std::nullopt;
  if (!IsValidTimeSuffix(text.substr(10))) return std::nullopt;
  return std::string(text.substr(0, 10));
}

}  // namespace cairn::util
