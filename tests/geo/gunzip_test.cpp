#include "geo/gunzip.h"

#include <catch2/catch.hpp>

#include "test_support/export_archives.h"

namespace cairn::geo {
namespace {

TEST_CASE("Gzipped GPS files inflate, bounded and checked", "[geo][gzip]") {
  const std::string text(100000, 'g');
  const std::string gz = test_support::Gzip(text);
  CHECK(LooksGzipped(gz));
  CHECK_FALSE(LooksGzipped("<gpx>"));
  auto plain = Gunzip(gz, 1 << 20);
  REQUIRE(plain.ok());
  CHECK(*plain == text);

  // Two members one after the other read as one file, as gzip does.
  auto joined = Gunzip(test_support::Gzip("ab") + test_support::Gzip("cd"), 100);
  REQUIRE(joined.ok());
  CHECK(*joined == "abcd");

  auto too_large = Gunzip(gz, 1000);
  REQUIRE_FALSE(too_large.ok());
  CHECK(too_large.error().kind == util::ErrorKind::kTooLarge);

  auto cut = Gunzip(gz.substr(0, gz.size() / 2), 1 << 20);
  REQUIRE_FALSE(cut.ok());
  CHECK(cut.error().message == "the gzip file is cut short");

  std::string flipped = gz;
  flipped[flipped.size() - 6] ^= 0x55;  // the CRC no longer matches
  auto damaged = Gunzip(flipped, 1 << 20);
  REQUIRE_FALSE(damaged.ok());
  CHECK(damaged.error().message.find("damaged") != std::string::npos);

  CHECK_FALSE(Gunzip("plain text", 100).ok());
  CHECK_FALSE(Gunzip("\x1f\x8b", 100).ok());
}

}  // namespace
}  // namespace cairn::geo
