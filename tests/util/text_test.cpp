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

}  // namespace
}  // namespace cairn::util
