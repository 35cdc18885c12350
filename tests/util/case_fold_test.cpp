// Case folding for unique names: the scripts people write in, accents kept, bad bytes kept.
#include "util/case_fold.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

TEST_CASE("FoldCase folds ASCII, Latin, Greek and Cyrillic capitals", "[util]") {
  CHECK(FoldCase("Zugspitze") == "zugspitze");
  CHECK(FoldCase("HÖLLENTAL") == "höllental");
  CHECK(FoldCase("Höllental") == FoldCase("höllENTAL"));
  CHECK(FoldCase("ÀÉÎÕÜÇÑØ") == "àéîõüçñø");
  CHECK(FoldCase("×") == "×");  // the multiplication sign has no lower case
  CHECK(FoldCase("ŁÓDŹ ŻÓŁW ŠTŮR ČĚŘ") == "łódź żółw štůr čěř");
  CHECK(FoldCase("ĞŞ İ") == "ğş i");
  CHECK(FoldCase("ΌΛΥΜΠΟΣ") == "όλυμποσ");
  CHECK(FoldCase("Όλυμπος") == FoldCase("ΌΛΥΜΠΟΣ"));  // final ς and σ fold alike
  CHECK(FoldCase("ЭЛЬБРУС Ёлка") == "эльбрус ёлка");
  CHECK(FoldCase("Ÿ") == "ÿ");
}

TEST_CASE("FoldCase keeps accents, ß, other scripts and invalid bytes", "[util]") {
  CHECK(FoldCase("Höllental") != FoldCase("Hollental"));
  CHECK(FoldCase("Straße") == "straße");
  CHECK(FoldCase("富士山") == "富士山");
  CHECK(FoldCase("⛰️ Gipfel") == "⛰️ gipfel");
  CHECK(FoldCase(std::string("A\xff"
                             "B\xc3",
                             4)) == std::string("a\xff"
                                                "b\xc3",
                                                4));
  CHECK(FoldCase("") == "");
}

}  // namespace
}  // namespace cairn::util
