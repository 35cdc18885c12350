// IMF-fixdate written and read over the civil calendar, free of the C library's time zone state.
#include "util/http_date.h"

#include <charconv>
#include <cstdio>

#include "util/civil_date.h"

namespace cairn::util {
namespace {

constexpr const char* kDays[] = {"Thu", "Fri", "Sat", "Sun",
                                 "Mon", "Tue", "Wed"};  // from 1970-01-01
constexpr std::string_view kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                        "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

// The digits of text[at, at + length) as a number, or -1.
int Digits(std::string_view text, size_t at, size_t length) {
  int value = 0;
  const char* first = text.data() + at;
  const char* last = first + length;
  if (*first < '0' || *first > '9') return -1;  // from_chars would take no sign, but be explicit
  auto [end, error] = std::from_chars(first, last, value);
  return error == std::errc() && end == last ? value : -1;
}

}  // namespace

std::string HttpDate(int64_t unix_seconds) {
  const int64_t days = (unix_seconds >= 0 ? unix_seconds : unix_seconds - 86'399) / 86'400;
  const int64_t second_of_day = unix_seconds - days * 86'400;
  const CivilDate date = CivilFromDays(days);
  char text[40];
  std::snprintf(text, sizeof text, "%s, %02d %s %04lld %02d:%02d:%02d GMT",
                kDays[((days % 7) + 7) % 7], date.day, kMonths[date.month - 1].data(),
                static_cast<long long>(date.year), static_cast<int>(second_of_day / 3600),
                static_cast<int>(second_of_day / 60 % 60), static_cast<int>(second_of_day % 60));
  return text;
}

std::optional<int64_t> ParseHttpDate(std::string_view text) {
  // "Sun, 06 Nov 1994 08:49:37 GMT": fixed positions.
  if (text.size() != 29 || text.substr(3, 2) != ", " || text[7] != ' ' || text[11] != ' ' ||
      text[16] != ' ' || text[19] != ':' || text[22] != ':' || text.substr(25) != " GMT") {
    return std::nullopt;
  }
  int month = 0;
  for (int m = 0; m < 12; ++m) {
    if (text.substr(8, 3) == kMonths[m]) month = m + 1;
  }
  const int day = Digits(text, 5, 2);
  const int year = Digits(text, 12, 4);
  const int hour = Digits(text, 17, 2);
  const int minute = Digits(text, 20, 2);
  const int second = Digits(text, 23, 2);
  // A leap second (":60") is read as the next second's start, as POSIX time has no room for it.
  if (month == 0 || year < 1970 || day < 1 || day > DaysInMonth(year, month) || hour < 0 ||
      hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) {
    return std::nullopt;
  }
  return DaysFromCivil(year, month, day) * 86'400 + hour * 3600 + minute * 60 + second;
}

}  // namespace cairn::util
