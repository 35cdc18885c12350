#include "util/csv.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

TEST_CASE("CSV rows as exports write them", "[util][csv]") {
  struct Case {
    const char* name;
    std::string text;
    std::vector<CsvRow> rows;
  };
  const std::vector<Case> cases = {
      {"plain", "a,b,c\n1,2,3\n", {{"a", "b", "c"}, {"1", "2", "3"}}},
      {"CRLF and a byte order mark",
       "\xEF\xBB\xBFid,name\r\n7,x\r\n",
       {{"id", "name"}, {"7", "x"}}},
      {"quotes, commas and line breaks inside quotes",
       "\"Up, then \"\"down\"\"\",\"two\nlines\"\n",
       {{"Up, then \"down\"", "two\nlines"}}},
      {"empty fields kept", "a,,c,\n", {{"a", "", "c", ""}}},
      {"empty lines skipped", "a\n\n\r\nb", {{"a"}, {"b"}}},
      {"no final line break", "x,y", {{"x", "y"}}},
      {"a quote left open runs to the end", "\"open,\nstill", {{"open,\nstill"}}},
      {"an empty quoted field is a row", "\"\"\n", {{""}}},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(ParseCsv(c.text) == c.rows);
  }
}

}  // namespace
}  // namespace cairn::util
