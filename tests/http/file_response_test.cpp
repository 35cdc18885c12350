// Conditional and range requests over a stored file.
#include "http/file_response.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "test_support/temp_dir.h"
#include "util/file_handle.h"
#include "util/http_date.h"

namespace cairn::http {
namespace {

using util::HttpDate;

TEST_CASE("Range headers select one byte range or the whole file", "[http][range]") {
  struct Case {
    const char* header;
    RangeVerdict verdict;
    uint64_t first;
    uint64_t length;
  };
  const std::vector<Case> cases = {
      {"bytes=0-9", RangeVerdict::kPartial, 0, 10},
      {"bytes=10-", RangeVerdict::kPartial, 10, 90},
      {"bytes=-5", RangeVerdict::kPartial, 95, 5},
      {"bytes=-500", RangeVerdict::kPartial, 0, 100},
      {"bytes=90-1000", RangeVerdict::kPartial, 90, 10},
      {"bytes= 5 - 6", RangeVerdict::kPartial, 5, 2},
      {"bytes=100-", RangeVerdict::kUnsatisfiable, 0, 0},
      {"bytes=-0", RangeVerdict::kUnsatisfiable, 0, 0},
      {"bytes=0-1,5-6", RangeVerdict::kWhole, 0, 100},  // several ranges: the whole file
      {"bytes=9-3", RangeVerdict::kWhole, 0, 100},      // invalid: ignored
      {"items=0-9", RangeVerdict::kWhole, 0, 100},
      {"bytes=a-b", RangeVerdict::kWhole, 0, 100},
      {"bytes=-", RangeVerdict::kWhole, 0, 100},
      {"bytes=99999999999999999999-", RangeVerdict::kWhole, 0, 100},
  };
  for (const auto& c : cases) {
    INFO(c.header);
    auto [verdict, range] = ParseRange(c.header, 100);
    CHECK(verdict == c.verdict);
    if (verdict != RangeVerdict::kUnsatisfiable) {
      CHECK(range.first == c.first);
      CHECK(range.length == c.length);
    }
  }
}

std::string HeaderOf(const Response& response, const std::string& name) {
  for (const auto& [key, value] : response.headers) {
    if (key == name) return value;
  }
  return "";
}

TEST_CASE("a stored file is served whole, in part, or not at all when unchanged", "[http][range]") {
  test_support::TempDir dir;
  const std::string path = dir.path() + "/photo.jpg";
  std::ofstream(path) << std::string(100, 'x');
  auto file = util::FileHandle::Open(path);
  REQUIRE(file.ok());
  auto serve = [&](std::vector<std::pair<std::string, std::string>> headers) {
    Request request;
    for (auto& [k, v] : headers) request.headers[k] = v;
    return ServeStoredFile(request, {*file, "image/jpeg", "\"abc\"", 1'700'000'000, {}});
  };

  Response whole = serve({});
  CHECK(whole.status == 200);
  REQUIRE(whole.file_body);
  CHECK(whole.file_body->length == 100);
  CHECK(HeaderOf(whole, "ETag") == "\"abc\"");
  CHECK(HeaderOf(whole, "Accept-Ranges") == "bytes");
  CHECK(HeaderOf(whole, "Last-Modified") == HttpDate(1'700'000'000));

  Response part = serve({{"Range", "bytes=10-19"}});
  CHECK(part.status == 206);
  CHECK(part.file_body->offset == 10);
  CHECK(part.file_body->length == 10);
  CHECK(HeaderOf(part, "Content-Range") == "bytes 10-19/100");

  CHECK(serve({{"Range", "bytes=200-"}}).status == 416);
  CHECK(HeaderOf(serve({{"Range", "bytes=200-"}}), "Content-Range") == "bytes */100");
  // If-Range with another version: the whole (new) file instead of a piece of it.
  CHECK(serve({{"Range", "bytes=10-19"}, {"If-Range", "\"old\""}}).status == 200);
  CHECK(serve({{"Range", "bytes=10-19"}, {"If-Range", "\"abc\""}}).status == 206);

  Response unchanged = serve({{"If-None-Match", "\"zzz\", W/\"abc\""}});
  CHECK(unchanged.status == 304);
  CHECK_FALSE(unchanged.file_body);
  CHECK(HeaderOf(unchanged, "Content-Length") == "100");
  CHECK(serve({{"If-None-Match", "*"}}).status == 304);
  CHECK(serve({{"If-None-Match", "\"zzz\""}}).status == 200);
  CHECK(serve({{"If-Modified-Since", HttpDate(1'700'000'000)}}).status == 304);
  CHECK(serve({{"If-Modified-Since", HttpDate(1'600'000'000)}}).status == 200);
  // If-None-Match wins over If-Modified-Since.
  CHECK(serve({{"If-None-Match", "\"zzz\""}, {"If-Modified-Since", HttpDate(1'700'000'000)}})
            .status == 200);
}

}  // namespace
}  // namespace cairn::http
