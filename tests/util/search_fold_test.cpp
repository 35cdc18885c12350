// Folding for search: case and accents away, a few letters spelled out, bad bytes kept.
#include "util/search_fold.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

TEST_CASE("FoldForSearch folds case and accents alike", "[util][search]") {
  struct Case {
    std::string text;
    std::string folded;
  };
  const std::vector<Case> cases = {
      {"Höllental", "hollental"},
      {"HÖLLENTAL", "hollental"},
      {"Zürich", "zurich"},
      {"Zu\xcc\x88rich", "zurich"},  // decomposed: u + combining diaeresis
      {"Straße STRAẞE", "strasse strasse"},
      {"Ærøskøbing", "aeroskobing"},
      {"Œuvre Þingvellir", "oeuvre thingvellir"},
      {"Łódź Żółw Šťůr Čěř", "lodz zolw stur cer"},
      {"Ğış İstanbul", "gis istanbul"},
      {"Brașov Țara", "brasov tara"},
      {"Đà Lạt Hồ Chí Minh", "da lat ho chi minh"},
      {"Ὄλυμπος", "Ὄλυμποσ"},  // polytonic Greek is beyond both tables: only final ς folds
      {"ΌΛΥΜΠΟΣ Αθήνα", "ολυμποσ αθηνα"},
      {"Ёлка ЭЛЬБРУС", "елка эльбрус"},
      {"富士山 ⛰️ 42", "富士山 ⛰️ 42"},
      {"", ""},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    CHECK(FoldForSearch(c.text) == c.folded);
  }
  CHECK(FoldForSearch(std::string("A\xff"
                                  "B\xc3",
                                  4)) == std::string("a\xff"
                                                     "b\xc3",
                                                     4));
  CHECK(FoldForSearch("\xc0\x80") == "\xc0\x80");  // an overlong NUL is two bad bytes, kept
}

TEST_CASE("FoldForSearch says which character each folded byte comes from", "[util][search]") {
  std::vector<size_t> origins;
  CHECK(FoldForSearch("Aß\xcc\x88x", origins) == "assx");
  CHECK(origins == std::vector<size_t>{0, 1, 1, 5});
  CHECK(FoldForSearch("", origins).empty());
  CHECK(origins.empty());
}

TEST_CASE("UTF-8 decoding refuses what is not well-formed", "[util][search]") {
  CHECK(DecodeUtf8("aä€😀") == U"aä€😀");
  CHECK(EncodeUtf8(U"aä€😀") == "aä€😀");
  for (const std::string bad :
       {"\x80", "\xc3", "\xc0\xaf", "\xe0\x80\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xff"}) {
    INFO(bad.size());
    const Utf8Character character = DecodeUtf8Character(bad, 0);
    CHECK_FALSE(character.valid);
    CHECK(character.length == 1);
  }
}

}  // namespace
}  // namespace cairn::util
