// Tests for the zip adapter: round trips, safe member names, and zip bombs and damage refused.
#include "geo/zip_archive.h"

#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <cstring>
#include <string>
#include <vector>

#include "test_support/zip_bomb.h"

namespace cairn::geo {
namespace {

std::string MakeZip(const std::vector<ZipMember>& members) {
  auto zip = WriteZip(members);
  REQUIRE(zip.ok());
  return std::move(zip).value();
}

// 300 MB of zeros in about 300 KB, made once: deflating it takes a second or two.
const std::string& Bomb() {
  static const std::string bomb = test_support::ZeroBomb(300ull << 20);
  return bomb;
}

void WriteLe32(std::string& bytes, size_t at, uint32_t value) {
  for (int i = 0; i < 4; ++i) bytes[at + i] = static_cast<char>((value >> (8 * i)) & 0xFF);
}

// Makes both headers of every entry claim `size` uncompressed bytes.
void LieAboutSizes(std::string& zip, uint32_t size) {
  for (size_t at = zip.find("PK\x03\x04"); at != std::string::npos;
       at = zip.find("PK\x03\x04", at + 4)) {
    WriteLe32(zip, at + 22, size);
  }
  for (size_t at = zip.find("PK\x01\x02"); at != std::string::npos;
       at = zip.find("PK\x01\x02", at + 4)) {
    WriteLe32(zip, at + 24, size);
  }
}

long PeakRssKb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

TEST_CASE("a written zip reads back with the same names and bytes", "[geo][zip]") {
  const std::string big(300'000, 'x');
  const std::string zip = MakeZip({{"Säntis.gpx", "<gpx/>"}, {"empty.txt", ""}, {"big.bin", big}});
  REQUIRE(zip.size() < 2'000);  // deflated, not stored
  auto reader = ZipReader::Open(zip);
  REQUIRE(reader.ok());
  REQUIRE(reader->entries().size() == 3);
  CHECK(reader->entries()[0].name == "Säntis.gpx");
  CHECK(reader->entries()[1].name == "empty.txt");
  CHECK(reader->entries()[2].name == "big.bin");
  CHECK(reader->entries()[2].declared_size == 300'000);
  CHECK(*reader->ReadEntry(0) == "<gpx/>");
  CHECK(*reader->ReadEntry(1) == "");
  CHECK(*reader->ReadEntry(2) == big);
}

TEST_CASE("an export with no member is a valid empty zip", "[geo][zip]") {
  const std::string zip = MakeZip({});
  CHECK(zip.size() == 22);
  auto reader = ZipReader::Open(zip);
  REQUIRE(reader.ok());
  CHECK(reader->entries().empty());
}

TEST_CASE("member names cannot escape the folder they are unpacked in, and never collide",
          "[geo][zip]") {
  const std::string zip = MakeZip({{"../../etc/passwd", "a"},
                                   {"Trail.gpx", "b"},
                                   {"trail.gpx", "c"},
                                   {"Trail.gpx", "d"},
                                   {"", "e"},
                                   {"C:\\x\ny.gpx", "f"},
                                   {".hidden", "g"},
                                   {"noext", "h"},
                                   {"noext", "i"}});
  auto reader = ZipReader::Open(zip);
  REQUIRE(reader.ok());
  std::vector<std::string> names;
  for (const ZipEntry& entry : reader->entries()) names.push_back(entry.name);
  CHECK(names == std::vector<std::string>{"_.._etc_passwd", "Trail.gpx", "trail (2).gpx",
                                          "Trail (3).gpx", "file", "C__x_y.gpx", "hidden", "noext",
                                          "noext (2)"});
}

TEST_CASE("a zip bomb of 300 MB of zeros is refused before it is inflated", "[geo][zip]") {
  const std::string& bomb = Bomb();
  REQUIRE(bomb.size() < 400'000);  // deflate's best, about 1030:1
  const long rss_before = PeakRssKb();
  auto reader = ZipReader::Open(bomb);
  REQUIRE(reader.ok());
  auto entry = reader->ReadEntry(0);
  REQUIRE_FALSE(entry.ok());
  CHECK(entry.error().kind == util::ErrorKind::kInvalidArgument);
  CHECK(entry.error().message ==
        "the zip entry \"doc.kml\" expands more than 200 times (a zip bomb?)");
  // It stops once the output passes 200 times the 305 KB compressed (61 MB), not at 300 MB.
  CHECK(PeakRssKb() - rss_before < 100 * 1024);
}

TEST_CASE("an entry whose headers understate its size is cut off by what it really inflates to",
          "[geo][zip]") {
  std::string bomb = Bomb();
  LieAboutSizes(bomb, 1000);
  auto reader = ZipReader::Open(bomb);
  REQUIRE(reader.ok());
  CHECK(reader->entries()[0].declared_size == 1000);
  auto entry = reader->ReadEntry(0);
  // libzip or our ratio check stops it; either way it is refused, never returned.
  REQUIRE_FALSE(entry.ok());
  CHECK_THAT(entry.error().message, Catch::Contains("the zip entry \"doc.kml\""));
}

TEST_CASE("the size limits hold per entry and over the whole archive", "[geo][zip]") {
  std::string noise(600'000, '\0');
  uint32_t state = 12345;
  for (char& c : noise) c = static_cast<char>((state = state * 1103515245 + 12345) >> 24);
  const std::string zip = MakeZip({{"a", noise}, {"b", noise}});
  ZipLimits limits;
  limits.max_entry_bytes = 500'000;
  {
    auto reader = ZipReader::Open(zip, limits);
    REQUIRE(reader.ok());
    auto entry = reader->ReadEntry(0);
    REQUIRE_FALSE(entry.ok());
    CHECK(entry.error().message == "the zip entry \"a\" is larger than 0 MB uncompressed");
  }
  limits.max_entry_bytes = 1 << 20;
  limits.max_total_bytes = 1 << 20;
  auto reader = ZipReader::Open(zip, limits);
  REQUIRE(reader.ok());
  CHECK(reader->ReadEntry(0).ok());
  auto second = reader->ReadEntry(1);
  REQUIRE_FALSE(second.ok());
  CHECK(second.error().message == "the zip archive holds more than 1 MB of uncompressed data");
}

TEST_CASE("an archive with too many entries is refused before any is read", "[geo][zip]") {
  std::vector<ZipMember> members(11, ZipMember{"x", "1"});
  const std::string zip = MakeZip(members);
  ZipLimits limits;
  limits.max_entries = 10;
  auto reader = ZipReader::Open(zip, limits);
  REQUIRE_FALSE(reader.ok());
  CHECK(reader.error().message == "the zip archive holds 11 entries; at most 10 are accepted");
}

TEST_CASE("damaged archives are refused with a reason", "[geo][zip]") {
  const std::string text(20'000, 'k');
  std::string zip = MakeZip({{"doc.kml", text}});
  SECTION("not a zip at all") {
    auto reader = ZipReader::Open("PK\x03\x04 this is not really a zip");
    REQUIRE_FALSE(reader.ok());
    CHECK_THAT(reader.error().message,
               Catch::StartsWith("the zip archive is damaged or is not a zip ("));
  }
  SECTION("cut short") {
    auto reader = ZipReader::Open(std::string_view(zip).substr(0, zip.size() / 2));
    REQUIRE_FALSE(reader.ok());
    CHECK_THAT(reader.error().message, Catch::StartsWith("the zip archive is damaged"));
  }
  SECTION("compressed data altered") {
    // The local header is 30 bytes plus the name; damage the deflate stream after it.
    const size_t data = 30 + std::strlen("doc.kml");
    for (size_t i = data + 2; i < data + 12; ++i) zip[i] = static_cast<char>(zip[i] ^ 0x5A);
    auto reader = ZipReader::Open(zip);
    REQUIRE(reader.ok());
    auto entry = reader->ReadEntry(0);
    REQUIRE_FALSE(entry.ok());
    CHECK_THAT(entry.error().message, Catch::StartsWith("the zip entry \"doc.kml\" is damaged ("));
  }
}

}  // namespace
}  // namespace cairn::geo
