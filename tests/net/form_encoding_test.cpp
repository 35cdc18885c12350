#include "net/form_encoding.h"

#include <catch2/catch.hpp>

namespace cairn::net {
namespace {

TEST_CASE("Form encoding keeps unreserved characters and escapes every other byte", "[net]") {
  CHECK(PercentEncode("AZaz09-._~") == "AZaz09-._~");
  CHECK(PercentEncode("a b&c=d/e?f+g") == "a%20b%26c%3Dd%2Fe%3Ff%2Bg");
  CHECK(PercentEncode("read,activity:read_all") == "read%2Cactivity%3Aread_all");
  CHECK(PercentEncode("\xC3\xA9") == "%C3%A9");
  CHECK(PercentEncode(std::string("\0", 1)) == "%00");
  CHECK(FormEncode({{"grant_type", "refresh_token"}, {"refresh_token", "a&b"}}) ==
        "grant_type=refresh_token&refresh_token=a%26b");
  CHECK(FormEncode({}) == "");
}

}  // namespace
}  // namespace cairn::net
