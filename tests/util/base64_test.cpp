// Base64 against RFC 4648's test vectors, and what decoding refuses.
#include "util/base64.h"

#include <catch2/catch.hpp>

namespace cairn::util {
namespace {

TEST_CASE("Base64 encodes RFC 4648's test vectors and decodes them back", "[util][base64]") {
  // RFC 4648 section 10.
  const std::pair<const char*, const char*> vectors[] = {
      {"", ""},
      {"f", "Zg=="},
      {"fo", "Zm8="},
      {"foo", "Zm9v"},
      {"foob", "Zm9vYg=="},
      {"fooba", "Zm9vYmE="},
      {"foobar", "Zm9vYmFy"},
  };
  for (const auto& [bytes, text] : vectors) {
    INFO(bytes);
    CHECK(Base64Encode(bytes) == text);
    CHECK(Base64Decode(text) == std::optional<std::string>(bytes));
  }
}

TEST_CASE("The URL-safe alphabet has no padding and uses - and _", "[util][base64]") {
  const std::string bytes("\xfb\xff\xbf", 3);
  CHECK(Base64Encode(bytes) == "+/+/");
  CHECK(Base64Encode(bytes, Base64Alphabet::kUrlSafeUnpadded) == "-_-_");
  CHECK(Base64Encode("f", Base64Alphabet::kUrlSafeUnpadded) == "Zg");
  CHECK(Base64Decode("-_-_", Base64Alphabet::kUrlSafeUnpadded) == bytes);
  CHECK(Base64Decode("Zg", Base64Alphabet::kUrlSafeUnpadded) == "f");
  CHECK_FALSE(Base64Decode("Zg==", Base64Alphabet::kUrlSafeUnpadded));
  CHECK_FALSE(Base64Decode("+/+/", Base64Alphabet::kUrlSafeUnpadded));
}

TEST_CASE("Base64 decoding refuses what is not base64", "[util][base64]") {
  for (const char* bad :
       {"Zg", "Zg=", "Zm9v!", "Zm 9v", "Zm9v\n", "Zh==", "-_-_", "Zg==Zg==", "="}) {
    INFO(bad);
    CHECK_FALSE(Base64Decode(bad));
  }
}

}  // namespace
}  // namespace cairn::util
