// IMF-fixdate written and read: the examples of RFC 9110 and what is refused.
#include "util/http_date.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

TEST_CASE("HTTP dates round-trip and malformed ones are ignored", "[util][http_date]") {
  CHECK(HttpDate(784111777) == "Sun, 06 Nov 1994 08:49:37 GMT");  // RFC 9110's example
  CHECK(ParseHttpDate("Sun, 06 Nov 1994 08:49:37 GMT") == 784111777);
  CHECK(HttpDate(0) == "Thu, 01 Jan 1970 00:00:00 GMT");
  CHECK(HttpDate(951782400) == "Tue, 29 Feb 2000 00:00:00 GMT");
  CHECK(ParseHttpDate("Tue, 29 Feb 2000 00:00:00 GMT") == 951782400);
  CHECK(HttpDate(1389000000 + 700) == "Mon, 06 Jan 2014 09:31:40 GMT");
  for (int64_t t : {int64_t{1}, int64_t{86'399}, int64_t{86'400}, int64_t{1'700'000'000},
                    int64_t{4'102'444'799}}) {
    INFO(t);
    CHECK(ParseHttpDate(HttpDate(t)) == t);
  }
  for (const char* bad : {"Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
                          "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 25:49:37 GMT",
                          "Sun, 06 Nov 1994 08:60:37 GMT", "Thu, 31 Apr 2014 08:49:37 GMT",
                          "Sat, 29 Feb 2014 08:49:37 GMT", "Sun, 06 Nov 1994 08:49:37 UTC",
                          "Sun, 6 Nov 1994 08:49:37 GMT", "Sun, +6 Nov 1994 08:49:37 GMT",
                          "Thu, 01 Jan 1969 23:59:59 GMT", ""}) {
    INFO(bad);
    CHECK_FALSE(ParseHttpDate(bad));
  }
}

}  // namespace
}  // namespace cairn::util
