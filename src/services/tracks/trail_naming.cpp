// Names and categories from what a track file knows. Rules and examples: docs/STATISTICS.md,
// "Names, dates and categories".
#include "services/tracks/trail_naming.h"

#include <array>
#include <cctype>
#include <cmath>

#include "geo/statistics.h"
#include "util/text.h"

namespace cairn::services {
namespace {

constexpr size_t kMaxNameLength = 500;

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool IsDigit(char c) { return c >= '0' && c <= '9'; }

size_t CountDigits(std::string_view text) {
  size_t digits = 0;
  for (char c : text) digits += IsDigit(c) ? 1 : 0;
  return digits;
}

// Only digits, date and time separators, and the letters of ISO 8601 ("T", "Z") and of a
// 12-hour clock ("AM", "PM"). `folded` is lower case.
bool HasOnlyTimestampCharacters(std::string_view folded) {
  for (size_t i = 0; i < folded.size(); ++i) {
    const char c = folded[i];
    if (IsDigit(c) || IsSpace(c) || std::string_view("-/:._,+#()").find(c) != std::string::npos) {
      continue;
    }
    if (c == 't' || c == 'z') continue;
    if ((c == 'a' || c == 'p') && i + 1 < folded.size() && folded[i + 1] == 'm') {
      ++i;
      continue;
    }
    return false;
  }
  return true;
}

// A timestamp in some format: "2008-08-21t13:08:52z", "12/04/2014 11:24 am".
bool IsOnlyTimestamp(std::string_view folded) {
  return CountDigits(folded) >= 4 && HasOnlyTimestampCharacters(folded);
}

// A device's generic word followed by nothing, a counter ("#2") or a number of three digits or
// more ("001", a date): "ACTIVE LOG #2", "Track 001", "Current Track: 2014-04-12 11:24".
bool IsGenericWordWithNumber(std::string_view folded) {
  static constexpr std::array<std::string_view, 14> kGeneric = {"active log",
                                                                "current track",
                                                                "recorded track",
                                                                "new track",
                                                                "track log",
                                                                "tracklog",
                                                                "gps track",
                                                                "untitled",
                                                                "unnamed",
                                                                "activity",
                                                                "track",
                                                                "route",
                                                                "trk",
                                                                "rte"};
  for (std::string_view word : kGeneric) {
    if (!folded.starts_with(word)) continue;
    std::string_view rest = folded.substr(word.size());
    if (!rest.empty() && !IsSpace(rest.front()) && !IsDigit(rest.front()) &&
        std::string_view("#:_-").find(rest.front()) == std::string_view::npos) {
      continue;  // "trackside walk" is a name
    }
    while (!rest.empty() && (IsSpace(rest.front()) || rest.front() == ':' || rest.front() == '_' ||
                             rest.front() == '-')) {
      rest.remove_prefix(1);
    }
    if (rest.empty()) return true;
    const bool counter = rest.front() == '#' || CountDigits(rest) >= 3;
    if (counter && HasOnlyTimestampCharacters(rest)) return true;
  }
  return false;
}

// A file name a device or camera made: no spaces, a date or counter of six digits or more, and
// no run of three lower-case letters (a word someone typed): "2019-02-17-062644-ELEMNT-297E-195-0",
// "IMG_20200101_1234", "20200101_123456".
bool IsDeviceFilePattern(std::string_view name) {
  if (CountDigits(name) < 6) return false;
  size_t lower_run = 0;
  for (char c : name) {
    if (IsSpace(c)) return false;
    lower_run = (c >= 'a' && c <= 'z') ? lower_run + 1 : 0;
    if (lower_run >= 3) return false;
  }
  return true;
}

constexpr std::array<const char*, 12> kMonths = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                                 "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

}  // namespace

std::string TrimmedName(std::string_view text) {
  return std::string(util::TruncateUtf8(util::TrimWhitespace(text), kMaxNameLength));
}

bool IsMachineMadeName(std::string_view name) {
  const std::string trimmed = TrimmedName(name);
  if (trimmed.empty()) return true;
  const std::string folded = util::LowercaseAscii(trimmed);
  return IsOnlyTimestamp(folded) || IsGenericWordWithNumber(folded) || IsDeviceFilePattern(trimmed);
}

std::optional<std::string> LocalDateOf(int64_t time_ms, std::optional<double> lon,
                                       std::optional<int32_t> utc_offset_s) {
  if (time_ms == geo::kNoTime) return std::nullopt;
  int64_t offset_ms = 0;
  if (utc_offset_s) {
    offset_ms = int64_t{*utc_offset_s} * 1000;
  } else if (lon && std::isfinite(*lon)) {
    offset_ms = std::llround(*lon / 15.0) * 3600 * 1000;
  }
  return geo::DateOf(time_ms + offset_ms);
}

std::string ReadableDate(std::string_view iso_date) {
  if (iso_date.size() != 10 || iso_date[4] != '-' || iso_date[7] != '-') return "";
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!IsDigit(iso_date[i])) return "";
  }
  const int month = (iso_date[5] - '0') * 10 + (iso_date[6] - '0');
  const int day = (iso_date[8] - '0') * 10 + (iso_date[9] - '0');
  if (month < 1 || month > 12 || day < 1 || day > 31) return "";
  return std::to_string(day) + " " + kMonths[month - 1] + " " + std::string(iso_date.substr(0, 4));
}

std::string NameFromSportAndDate(std::string_view sport, std::string_view iso_date) {
  std::string what = TrimmedName(sport);
  if (!what.empty()) what[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(what[0])));
  const std::string when = ReadableDate(iso_date);
  if (when.empty()) return what;
  return (what.empty() ? std::string("Activity") : what) + ", " + when;
}

std::string ChooseTrailName(const geo::Track& track, const std::string& file_name,
                            const std::string& chosen, std::string_view iso_date) {
  if (!TrimmedName(chosen).empty()) return TrimmedName(chosen);
  if (!IsMachineMadeName(track.name)) return TrimmedName(track.name);
  for (geo::PartKind kind : {geo::PartKind::kTrack, geo::PartKind::kRoute}) {
    for (const auto& part : track.parts) {
      if (part.kind == kind && !IsMachineMadeName(part.name)) return TrimmedName(part.name);
    }
  }
  std::string base = file_name.substr(file_name.find_last_of("/\\") + 1);
  if (const size_t dot = base.rfind('.'); dot != std::string::npos && dot > 0) base.resize(dot);
  if (!IsMachineMadeName(base)) return TrimmedName(base);
  const std::string made = NameFromSportAndDate(track.sport, iso_date);
  return made.empty() ? "Untitled trail" : made;
}

std::vector<std::string> CategoryNamesFor(std::string_view sport) {
  // The reference system's default categories (Hiking, Walking, Climbing, Skiing, Canoeing,
  // Biking) for the sports that belong in them; a category named after the sport itself comes
  // first, so an admin who adds "Running" gets runs there.
  struct Family {
    std::string_view category;
    std::array<std::string_view, 9> sports;
  };
  static constexpr std::array<Family, 6> kFamilies = {{
      {"Hiking", {"hiking", "mountaineering", "snowshoeing", "trekking", "backpacking"}},
      {"Walking", {"walking", "nordic walking"}},
      {"Climbing", {"rock climbing", "climbing", "bouldering", "via ferrata"}},
      {"Skiing",
       {"cross country skiing", "alpine skiing", "backcountry skiing", "ski touring", "skiing",
        "snowboarding", "skating skiing"}},
      {"Canoeing",
       {"paddling", "kayaking", "canoeing", "rowing", "stand up paddleboarding", "rafting"}},
      {"Biking",
       {"cycling", "mountain biking", "road cycling", "gravel cycling", "e-biking",
        "e-mountain biking", "biking", "bmx", "cyclocross"}},
  }};
  const std::string folded = util::LowercaseAscii(TrimmedName(sport));
  if (folded.empty()) return {};
  std::vector<std::string> names = {NameFromSportAndDate(folded, "")};
  for (const Family& family : kFamilies) {
    for (std::string_view member : family.sports) {
      if (!member.empty() && member == folded && names.front() != family.category) {
        names.emplace_back(family.category);
      }
    }
  }
  return names;
}

util::Result<std::string> CategoryForSport(storage::Connection& connection,
                                           std::string_view sport) {
  for (const std::string& name : CategoryNamesFor(sport)) {
    CAIRN_ASSIGN_OR_RETURN(auto rows,
                           connection.Query("SELECT id FROM categories WHERE name = ? COLLATE "
                                            "NOCASE ORDER BY created, id LIMIT 1",
                                            {name}));
    if (!rows.rows.empty()) return storage::AsText(rows.rows[0][0]);
  }
  return std::string();
}

}  // namespace cairn::services
