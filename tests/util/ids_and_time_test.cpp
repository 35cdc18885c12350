// Record ids and timestamps.
#include <catch2/catch.hpp>
#include <set>

#include "util/ids.h"
#include "util/timestamp.h"

namespace cairn::util {
namespace {

TEST_CASE("record ids are 15 lowercase alphanumerics and do not repeat", "[util]") {
  std::set<std::string> seen;
  for (int i = 0; i < 5000; ++i) {
    std::string id = NewRecordId();
    CHECK(IsRecordIdShape(id));
    seen.insert(id);
  }
  CHECK(seen.size() == 5000);
  CHECK_FALSE(IsRecordIdShape("ABCDEFGHIJKLMNO"));
  CHECK_FALSE(IsRecordIdShape("abc"));
  CHECK_FALSE(IsRecordIdShape("abcdefghijklmn/"));
}

TEST_CASE("timestamps use the record model's layout in UTC", "[util]") {
  CHECK(FormatTimestamp(0) == "1970-01-01 00:00:00.000Z");
  CHECK(FormatTimestamp(1719825005123) == "2024-07-01 09:10:05.123Z");
  CHECK(FormatTimestamp(-1) == "1969-12-31 23:59:59.999Z");
}

TEST_CASE("date-times in any ISO form become UTC instants", "[util]") {
  struct Case {
    const char* input;
    std::optional<int64_t> millis;
  };
  const Case cases[] = {
      {"2024-07-01 09:10:05.123Z", 1719825005123},
      {"2024-07-01T09:10:05.123Z", 1719825005123},
      {"2024-07-01T11:10:05.123+02:00", 1719825005123},
      {"2024-07-01T09:10:05.1234567Z", 1719825005123},  // beyond milliseconds is dropped
      {"2024-07-01T09:10Z", 1719825000000},
      {"2024-07-01", 1719792000000},  // a bare date is its UTC midnight
      {"1969-12-31T23:59:59.999Z", -1},
      {"2024-07-01T09:10:05.Z", std::nullopt},
      {"2024-02-30T00:00Z", std::nullopt},
      {"2024-07-01T09:10:05+2", std::nullopt},
      {"soon", std::nullopt},
  };
  for (const auto& c : cases) {
    INFO(c.input);
    CHECK(ParseTimestampMillis(c.input) == c.millis);
  }
}

TEST_CASE("calendar dates accept dates and date-times and reject impossible ones", "[util]") {
  struct Case {
    const char* input;
    const char* expected;  // nullptr = rejected
  };
  const Case cases[] = {
      {"2024-07-01", "2024-07-01"},
      {"2024-07-01T08:30:00Z", "2024-07-01"},
      {"2024-07-01T08:30:00.000Z", "2024-07-01"},
      {"2024-07-01 08:30:00.000Z", "2024-07-01"},
      {"2024-07-01T23:59+02:00", "2024-07-01"},
      // Offsets move the date to UTC's day, across months, years and leap days.
      {"2024-05-06T23:30:00-05:00", "2024-05-07"},
      {"2024-07-01T00:30+02:00", "2024-06-30"},
      {"2024-12-31T22:00:00-0300", "2025-01-01"},
      {"2024-03-01T01:00+05:30", "2024-02-29"},
      {"2023-03-01T01:00+05:30", "2023-02-28"},
      {"2024-07-01T12:00+25:00", nullptr},
      {"2024-07-01T12:00+02:00x", nullptr},
      {"2024-02-29", "2024-02-29"},
      {"2023-02-29", nullptr},
      {"2024-02-30", nullptr},
      {"2024-13-01", nullptr},
      {"2024-00-10", nullptr},
      {"24-07-01", nullptr},
      {"2024-07-01T25:00:00Z", nullptr},
      {"2024-07-01Tgarbage", nullptr},
      {"yesterday", nullptr},
      {"", nullptr},
  };
  for (const auto& c : cases) {
    INFO(c.input);
    auto parsed = ParseCalendarDate(c.input);
    if (c.expected) {
      REQUIRE(parsed.has_value());
      CHECK(*parsed == c.expected);
    } else {
      CHECK_FALSE(parsed.has_value());
    }
  }
}

}  // namespace
}  // namespace cairn::util
