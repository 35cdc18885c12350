// ASCII case folding for names in protocols and file formats.
#include "util/text.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

TEST_CASE("EqualsIgnoringAsciiCase folds only ASCII letters", "[util]") {
  CHECK(EqualsIgnoringAsciiCase("GZip", "gzip"));
  CHECK(EqualsIgnoringAsciiCase("DOC.KML", "doc.kml"));
  CHECK(EqualsIgnoringAsciiCase("", ""));
  CHECK_FALSE(EqualsIgnoringAsciiCase("gzip", "gzi"));
  CHECK_FALSE(EqualsIgnoringAsciiCase("gzip", "gzib"));
  // '@' and '`' differ from 'a' only in the bit a naive `| 0x20` fold would ignore.
  CHECK_FALSE(EqualsIgnoringAsciiCase("@", "`"));
  CHECK_FALSE(EqualsIgnoringAsciiCase("[", "{"));
  // UTF-8 bytes are compared as they are.
  CHECK_FALSE(EqualsIgnoringAsciiCase("\xc3\x84", "\xc3\xa4"));
}

TEST_CASE("TruncateUtf8 counts characters and never cuts one in half", "[util]") {
  CHECK(TruncateUtf8("Zugspitze", 3) == "Zug");
  CHECK(TruncateUtf8("Zug", 10) == "Zug");
  CHECK(TruncateUtf8("", 0) == "");
  CHECK(TruncateUtf8("H\xc3\xb6llental", 2) == "H\xc3\xb6");  // ö is two bytes, one character
  CHECK(TruncateUtf8("\xe2\x9b\xb0\xef\xb8\x8f", 1) ==
        "\xe2\x9b\xb0");  // ⛰ then a variation selector
  CHECK(TruncateUtf8("abc", 0) == "");
}

TEST_CASE("LowercaseAscii lowers ASCII letters only", "[util]") {
  CHECK(LowercaseAscii("AnnA_01") == "anna_01");
  CHECK(LowercaseAscii("\xc3\x84") == "\xc3\x84");
}

}  // namespace
}  // namespace cairn::util
