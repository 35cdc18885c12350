// JSON log lines: every text becomes a string literal that parses back to it.
#include "util/log.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

namespace cairn::util {
namespace {

TEST_CASE("any text is quoted as a JSON string that parses", "[util][log]") {
  const struct {
    std::string text;
    std::string parsed;  // what a JSON reader gets back
  } cases[] = {
      {"plain", "plain"},
      {"quote \" and backslash \\", "quote \" and backslash \\"},
      {"line\nbreak\ttab\r", "line\nbreak\ttab\r"},
      {std::string("nul\0byte", 8), std::string("nul\0byte", 8)},
      {"Grüße, 日本, 🏔", "Grüße, 日本, 🏔"},
      {"bad \xff byte", "bad \xef\xbf\xbd byte"},        // U+FFFD
      {"cut \xe6\x97", "cut \xef\xbf\xbd\xef\xbf\xbd"},  // a sequence cut short
      {"overlong \xc0\xaf", "overlong \xef\xbf\xbd\xef\xbf\xbd"},
  };
  for (const auto& c : cases) {
    INFO(c.text);
    const std::string quoted = JsonQuoted(c.text);
    const auto parsed = nlohmann::json::parse(quoted, nullptr, false);
    REQUIRE(parsed.is_string());
    CHECK(parsed.get<std::string>() == c.parsed);
  }
}

}  // namespace
}  // namespace cairn::util
