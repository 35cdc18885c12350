// gzip bodies and Accept-Encoding.
#include "web/gzip.h"

#include <catch2/catch.hpp>
#include <vector>

#include "test_support/gunzip.h"

namespace cairn::web {
namespace {

TEST_CASE("GzipCompress round-trips through zlib", "[web][gzip]") {
  for (const std::string& text : {std::string(), std::string("a"), std::string(100000, 'x'),
                                  std::string("binary\0bytes\xff", 13)}) {
    CHECK(test_support::Gunzip(GzipCompress(text)) == text);
  }
  CHECK(GzipCompress(std::string(100000, 'x')).size() < 1000);
}

TEST_CASE("Accept-Encoding accepts gzip unless its q-value is 0", "[web][gzip]") {
  struct Case {
    const char* header;
    bool gzip;
  };
  const std::vector<Case> cases = {
      {"gzip", true},
      {"gzip, deflate, br", true},
      {"br, GZIP", true},
      {"x-gzip", true},
      {"gzip;q=0.5", true},
      {"gzip; q=1.0", true},
      {"*", true},
      {"br, *;q=0.1", true},
      {"", false},
      {"identity", false},
      {"br", false},
      {"deflate", false},
      {"gzip;q=0", false},
      {"gzip;q=0.0, br", false},
      {"*, gzip;q=0", false},
      {"*;q=0", false},
      {"gzipped", false},
  };
  for (const auto& c : cases) {
    INFO(c.header);
    CHECK(AcceptsGzip(c.header) == c.gzip);
  }
}

}  // namespace
}  // namespace cairn::web
