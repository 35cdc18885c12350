// Tests for the KMZ reader: which KML inside the zip is read, and archives that are refused.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "geo/readers.h"
#include "geo/zip_archive.h"

namespace cairn::geo {
namespace {

std::string MakeZip(const std::vector<ZipMember>& members) {
  auto zip = WriteZip(members);
  REQUIRE(zip.ok());
  return std::move(zip).value();
}

void AppendLe(std::string& out, uint32_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((value >> (8 * i)) & 0xFF);
}

uint32_t Crc32(std::string_view data) {
  uint32_t crc = 0xFFFFFFFF;
  for (const char c : data) {
    crc ^= static_cast<unsigned char>(c);
    for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320 & (0 - (crc & 1)));
  }
  return ~crc;
}

// A zip with stored (uncompressed) entries under exactly these names, folders included, which
// WriteZip would flatten.
std::string StoredZip(const std::vector<std::pair<std::string, std::string>>& entries) {
  std::string local, central;
  for (const auto& [name, data] : entries) {
    const uint32_t offset = static_cast<uint32_t>(local.size());
    std::string common;         // version needed .. name length, shared by both headers
    AppendLe(common, 20, 2);    // version needed
    AppendLe(common, 0, 2);     // flags
    AppendLe(common, 0, 2);     // stored
    AppendLe(common, 0, 2);     // time
    AppendLe(common, 0x21, 2);  // 1980-01-01
    AppendLe(common, Crc32(data), 4);
    AppendLe(common, static_cast<uint32_t>(data.size()), 4);
    AppendLe(common, static_cast<uint32_t>(data.size()), 4);
    AppendLe(common, static_cast<uint32_t>(name.size()), 2);
    AppendLe(common, 0, 2);  // extra length
    local += "PK\x03\x04" + common + name + data;
    central += "PK\x01\x02";
    AppendLe(central, 20, 2);  // version made by
    central += common;
    AppendLe(central, 0, 2);  // comment length
    AppendLe(central, 0, 4);  // disk, internal attributes
    AppendLe(central, 0, 4);  // external attributes
    AppendLe(central, offset, 4);
    central += name;
  }
  std::string zip = local + central + "PK\x05\x06";
  AppendLe(zip, 0, 4);  // disk numbers
  AppendLe(zip, static_cast<uint32_t>(entries.size()), 2);
  AppendLe(zip, static_cast<uint32_t>(entries.size()), 2);
  AppendLe(zip, static_cast<uint32_t>(central.size()), 4);
  AppendLe(zip, static_cast<uint32_t>(local.size()), 4);
  AppendLe(zip, 0, 2);  // comment length
  return zip;
}

std::string ReadError(const std::string& kmz) {
  auto track = ReadKmz(kmz);
  REQUIRE_FALSE(track.ok());
  CHECK(track.error().kind == util::ErrorKind::kInvalidArgument);
  return track.error().message;
}

// Content no KML reader accepts: the error then names the entry that was chosen, whether or not
// the KML reader is finished.
const std::string kNotKml = "not xml";

TEST_CASE("a KMZ is read from doc.kml, else from its first .kml file", "[geo][kmz]") {
  struct Case {
    std::vector<std::string> names;  // in archive order
    std::string chosen;
  };
  const std::vector<Case> cases = {
      {{"a.kml", "doc.kml", "b.kml"}, "doc.kml"},
      {{"images/x.png", "Doc.KML"}, "Doc.KML"},
      {{"readme.txt", "files/", "files/Tour.KML", "z.kml"}, "files/Tour.KML"},
      {{"folder.kml/", "inside/route.kml"}, "inside/route.kml"},
  };
  for (const Case& c : cases) {
    std::vector<std::pair<std::string, std::string>> entries;
    for (const std::string& name : c.names) entries.emplace_back(name, kNotKml);
    CHECK_THAT(ReadError(StoredZip(entries)), Catch::StartsWith("KMZ: in " + c.chosen + ": KML"));
  }
}

TEST_CASE("a KMZ without a KML file inside is refused", "[geo][kmz]") {
  CHECK(ReadError(MakeZip({{"photo.jpg", "\xFF\xD8"}, {"notes.kml.txt", "x"}})) ==
        "KMZ: the archive holds no .kml file");
  CHECK(ReadError(MakeZip({})) == "KMZ: the archive holds no .kml file");
}

TEST_CASE("a KMZ zip bomb is refused before it fills memory", "[geo][kmz]") {
  const std::string zeros(20u << 20, '\0');
  CHECK(ReadError(MakeZip({{"doc.kml", zeros}})) ==
        "KMZ: the zip entry \"doc.kml\" expands more than 200 times (a zip bomb?)");
}

TEST_CASE("a damaged KMZ is refused naming the format", "[geo][kmz]") {
  CHECK_THAT(ReadError("PK\x03\x04garbage"),
             Catch::StartsWith("KMZ: the zip archive is damaged or is not a zip ("));
}

// Passes once ReadKml is implemented; until then ReadKml answers "not implemented".
TEST_CASE("a KMZ holding a KML line is read as that line", "[geo][kmz]") {
  const std::string kml = R"(<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Zipped</name>
<Placemark><name>Ridge</name><LineString><coordinates>
7.1,46.2,1500 7.2,46.3,1600
</coordinates></LineString></Placemark></Document></kml>)";
  const std::string kmz = MakeZip({{"images/icon.png", "\x89PNG"}, {"doc.kml", kml}});
  auto track = ReadKmz(kmz);
  REQUIRE(track.ok());
  CHECK(track->format == "KMZ");
  REQUIRE(track->PointCount() == 2);
  const TrackPoint& first = track->parts.at(0).segments.at(0).at(0);
  CHECK(first.lon == 7.1);
  CHECK(first.lat == 46.2);
  CHECK(first.ele == 1500);
}

}  // namespace
}  // namespace cairn::geo
