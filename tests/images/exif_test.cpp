// Tests for the EXIF reader: positions, altitudes, capture times and orientations in both byte
// orders, and hostile blocks (bad offsets, loops, huge counts) that must yield defaults.
#include "images/exif.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "images/test_images.h"

namespace cairn::images {
namespace {

using testing::SmallJpeg;
using testing::TiffBuilder;
using testing::WithApp1;
using Rationals = std::vector<std::pair<uint32_t, uint32_t>>;

constexpr bool kByteOrders[] = {false, true};  // II, MM

PhotoMetadata Read(const TiffBuilder& tiff) {
  return ReadJpegMetadata(WithApp1(SmallJpeg(), tiff.Build()));
}

bool Same(std::optional<double> actual, std::optional<double> expected) {
  if (!actual || !expected) return actual.has_value() == expected.has_value();
  return std::fabs(*actual - *expected) < 1e-9;
}

TEST_CASE("GPS positions are signed by their references, in both byte orders", "[images][exif]") {
  struct Case {
    const char* name;
    const char* lat_ref;
    Rationals lat;
    const char* lon_ref;
    Rationals lon;
    std::optional<double> expected_lat;
    std::optional<double> expected_lon;
  };
  const Case cases[] = {
      {"north east",
       "N",
       {{46, 1}, {15, 1}, {42, 10}},
       "E",
       {{9, 1}, {22, 1}, {30, 1}},
       46 + 15 / 60.0 + 4.2 / 3600,
       9.375},
      {"south west",
       "S",
       {{33, 1}, {51, 1}, {359, 10}},
       "W",
       {{70, 1}, {30, 1}, {0, 1}},
       -(33 + 51 / 60.0 + 35.9 / 3600),
       -70.5},
      {"south east", "S", {{1, 2}, {0, 1}, {0, 1}}, "E", {{180, 1}, {0, 1}, {0, 1}}, -0.5, 180.0},
      {"decimal degrees in the first value",
       "N",
       {{462512, 10000}, {0, 1}, {0, 1}},
       "W",
       {{1, 1}, {0, 1}, {0, 1}},
       46.2512,
       -1.0},
      {"latitude beyond the pole",
       "N",
       {{95, 1}, {0, 1}, {0, 1}},
       "E",
       {{10, 1}, {0, 1}, {0, 1}},
       std::nullopt,
       10.0},
      {"longitude beyond the antimeridian",
       "N",
       {{10, 1}, {0, 1}, {0, 1}},
       "W",
       {{180, 1}, {0, 1}, {1, 1}},
       10.0,
       std::nullopt},
      {"zero denominator",
       "N",
       {{46, 1}, {15, 0}, {0, 1}},
       "E",
       {{9, 1}, {0, 1}, {0, 0}},
       std::nullopt,
       std::nullopt},
      {"unknown reference letter",
       "X",
       {{46, 1}, {0, 1}, {0, 1}},
       "e",
       {{9, 1}, {0, 1}, {0, 1}},
       std::nullopt,
       std::nullopt},
  };
  for (const bool big_endian : kByteOrders) {
    for (const Case& c : cases) {
      INFO(c.name << (big_endian ? " (MM)" : " (II)"));
      TiffBuilder tiff(big_endian);
      tiff.Ascii(TiffBuilder::kGps, 1, c.lat_ref)
          .Rationals(TiffBuilder::kGps, 2, c.lat)
          .Ascii(TiffBuilder::kGps, 3, c.lon_ref)
          .Rationals(TiffBuilder::kGps, 4, c.lon);
      const PhotoMetadata meta = Read(tiff);
      CHECK(Same(meta.lat, c.expected_lat));
      CHECK(Same(meta.lon, c.expected_lon));
      CHECK(meta.HasPosition() == (c.expected_lat && c.expected_lon));
    }
  }
  // Without its reference a coordinate's hemisphere is unknown: it is left out.
  TiffBuilder no_ref(false);
  no_ref.Rationals(TiffBuilder::kGps, 2, {{46, 1}, {0, 1}, {0, 1}});
  CHECK_FALSE(Read(no_ref).lat.has_value());
}

TEST_CASE("GPS altitudes are negative below sea level", "[images][exif]") {
  struct Case {
    const char* name;
    std::optional<uint8_t> ref;
    Rationals altitude;
    std::optional<double> expected;
  };
  const Case cases[] = {
      {"above, with reference 0", 0, {{2502, 1}}, 2502.0},
      {"above, without reference", std::nullopt, {{12345, 10}}, 1234.5},
      {"below, with reference 1", 1, {{4235, 10}}, -423.5},
      {"zero denominator", 0, {{100, 0}}, std::nullopt},
  };
  for (const bool big_endian : kByteOrders) {
    for (const Case& c : cases) {
      INFO(c.name);
      TiffBuilder tiff(big_endian);
      if (c.ref) tiff.Byte(TiffBuilder::kGps, 5, *c.ref);
      tiff.Rationals(TiffBuilder::kGps, 6, c.altitude);
      CHECK(Same(Read(tiff).altitude, c.expected));
    }
  }
}

TEST_CASE("the capture time takes its zone from OffsetTimeOriginal, else from the GPS clock",
          "[images][exif]") {
  struct Case {
    const char* name;
    const char* date_time_original;  // "" for none
    const char* offset;              // "" for none
    const char* gps_date;            // "" for none
    Rationals gps_time;
    const char* date_time;  // IFD0's DateTime, "" for none
    std::optional<std::string> expected;
  };
  const Case cases[] = {
      {"with its offset", "2024:07:01 10:22:33", "+02:00", "", {}, "", "2024-07-01T10:22:33+02:00"},
      {"with a negative half-hour offset",
       "2024:07:01 10:22:33",
       "-03:30",
       "",
       {},
       "",
       "2024-07-01T10:22:33-03:30"},
      {"the offset wins over the GPS",
       "2024:07:01 10:22:33",
       "+02:00",
       "2024:07:01",
       {{5, 1}, {0, 1}, {0, 1}},
       "",
       "2024-07-01T10:22:33+02:00"},
      {"zone from the GPS, same day",
       "2024:07:01 10:22:33",
       "",
       "2024:07:01",
       {{8, 1}, {22, 1}, {36, 1}},
       "",
       "2024-07-01T08:22:33Z"},
      {"zone from the GPS, UTC date the day before",
       "2024:07:01 01:30:00",
       "",
       "2024:06:30",
       {{23, 1}, {30, 1}, {10, 1}},
       "",
       "2024-06-30T23:30:00Z"},
      {"zone from the GPS, UTC date the year after",
       "2024:12:31 20:00:00",
       "",
       "2025:01:01",
       {{1, 1}, {0, 1}, {0, 1}},
       "",
       "2025-01-01T01:00:00Z"},
      {"zone from the GPS, quarter-hour zone",
       "2024:03:01 12:00:00",
       "",
       "2024:03:01",
       {{6, 1}, {15, 1}, {0, 1}},
       "",
       "2024-03-01T06:15:00Z"},
      {"zone from the GPS, fractional seconds",
       "2024:02:29 00:10:00",
       "",
       "2024:02:28",
       {{23, 1}, {10, 1}, {1234, 100}},
       "",
       "2024-02-28T23:10:00Z"},
      {"GPS clock too far off to be a zone",
       "2024:07:01 10:00:00",
       "",
       "2024:07:03",
       {{10, 1}, {0, 1}, {0, 1}},
       "",
       "2024-07-01T10:00:00"},
      {"GPS time with a zero denominator",
       "2024:07:01 10:00:00",
       "",
       "2024:07:01",
       {{8, 1}, {0, 0}, {0, 1}},
       "",
       "2024-07-01T10:00:00"},
      {"GPS date invalid",
       "2024:07:01 10:00:00",
       "",
       "2024:02:30",
       {{8, 1}, {0, 1}, {0, 1}},
       "",
       "2024-07-01T10:00:00"},
      {"local time only", "2024:02:29 12:00:00", "", "", {}, "", "2024-02-29T12:00:00"},
      {"invalid offset ignored",
       "2024:07:01 10:22:33",
       "+25:00",
       "",
       {},
       "",
       "2024-07-01T10:22:33"},
      {"DateTime when there is no DateTimeOriginal",
       "",
       "",
       "",
       {},
       "2020:01:02 03:04:05",
       "2020-01-02T03:04:05"},
      {"DateTimeOriginal before DateTime",
       "2021:05:06 07:08:09",
       "",
       "",
       {},
       "2020:01:02 03:04:05",
       "2021-05-06T07:08:09"},
      {"29 February of a common year", "2023:02:29 12:00:00", "", "", {}, "", std::nullopt},
      {"month 13", "2024:13:01 12:00:00", "", "", {}, "", std::nullopt},
      {"31 April", "2024:04:31 12:00:00", "", "", {}, "", std::nullopt},
      {"hour 24", "2024:07:01 24:00:00", "", "", {}, "", std::nullopt},
      {"minute 60", "2024:07:01 23:60:00", "", "", {}, "", std::nullopt},
      {"all zeros, as unset cameras write", "0000:00:00 00:00:00", "", "", {}, "", std::nullopt},
      {"blanks", "    :  :     :  :  ", "", "", {}, "", std::nullopt},
      {"cut short", "2024:07:01 10:2", "", "", {}, "", std::nullopt},
      {"invalid DateTimeOriginal, valid DateTime",
       "2024:00:01 10:00:00",
       "",
       "",
       {},
       "2020:01:02 03:04:05",
       "2020-01-02T03:04:05"},
  };
  for (const bool big_endian : kByteOrders) {
    for (const Case& c : cases) {
      INFO(c.name);
      TiffBuilder tiff(big_endian);
      if (*c.date_time != '\0') tiff.Ascii(TiffBuilder::kIfd0, 0x0132, c.date_time);
      if (*c.date_time_original != '\0') {
        tiff.Ascii(TiffBuilder::kExif, 0x9003, c.date_time_original);
      }
      if (*c.offset != '\0') tiff.Ascii(TiffBuilder::kExif, 0x9011, c.offset);
      if (*c.gps_date != '\0') {
        tiff.Rationals(TiffBuilder::kGps, 7, c.gps_time).Ascii(TiffBuilder::kGps, 0x1D, c.gps_date);
      }
      CHECK(Read(tiff).taken_at == c.expected);
    }
  }
}

TEST_CASE("the orientation is 1 to 8, and 1 when invalid", "[images][exif]") {
  for (const bool big_endian : kByteOrders) {
    for (int value : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0x0100, 0xFFFF}) {
      INFO(value << (big_endian ? " (MM)" : " (II)"));
      TiffBuilder tiff(big_endian);
      tiff.Short(TiffBuilder::kIfd0, 0x0112, static_cast<uint16_t>(value));
      CHECK(Read(tiff).orientation == (value >= 1 && value <= 8 ? value : 1));
    }
  }
}

// --- Hostile blocks, written byte by byte ---------------------------------------------------

struct RawEntry {
  uint16_t tag;
  uint16_t type;
  uint32_t count;
  uint32_t value;  // a SHORT value sits in the first two bytes
};

// A directory of `entries` followed by `next`, in the given byte order.
std::string Directory(const std::vector<RawEntry>& entries, uint32_t next, bool big_endian) {
  std::string out;
  testing::Put16(out, static_cast<uint32_t>(entries.size()), big_endian);
  for (const RawEntry& e : entries) {
    testing::Put16(out, e.tag, big_endian);
    testing::Put16(out, e.type, big_endian);
    testing::Put32(out, e.count, big_endian);
    if (e.type == 3 && e.count == 1) {
      testing::Put16(out, e.value, big_endian);
      testing::Put16(out, 0, big_endian);
    } else {
      testing::Put32(out, e.value, big_endian);
    }
  }
  testing::Put32(out, next, big_endian);
  return out;
}

std::string TiffHeader(uint32_t first_ifd, bool big_endian) {
  std::string out = big_endian ? std::string("MM\0*", 4) : std::string("II*\0", 4);
  testing::Put32(out, first_ifd, big_endian);
  return out;
}

PhotoMetadata ReadTiff(const std::string& tiff) {
  return ReadJpegMetadata(WithApp1(SmallJpeg(), tiff));
}

void CheckDefaults(const PhotoMetadata& meta) {
  CHECK_FALSE(meta.lat.has_value());
  CHECK_FALSE(meta.lon.has_value());
  CHECK_FALSE(meta.altitude.has_value());
  CHECK_FALSE(meta.taken_at.has_value());
  CHECK(meta.orientation == 1);
}

TEST_CASE("hostile EXIF blocks give what can be read safely", "[images][exif]") {
  for (const bool big_endian : kByteOrders) {
    INFO((big_endian ? "MM" : "II"));
    const RawEntry orientation6{0x0112, 3, 1, 6};
    {
      INFO("the first directory lies outside the block");
      CheckDefaults(ReadTiff(TiffHeader(0xFFFFFF00u, big_endian)));
      CheckDefaults(ReadTiff(TiffHeader(9, big_endian)));
    }
    {
      INFO("a value lies outside the block");
      const std::string tiff =
          TiffHeader(8, big_endian) +
          Directory({orientation6, {0x0132, 2, 20, 0x7FFFFFF0u}}, 0, big_endian);
      const PhotoMetadata meta = ReadTiff(tiff);
      CHECK(meta.orientation == 6);
      CHECK_FALSE(meta.taken_at.has_value());
    }
    {
      INFO("the directory's entry count runs past the block");
      std::string tiff = TiffHeader(8, big_endian) + Directory({orientation6}, 0, big_endian);
      tiff[big_endian ? 9 : 8] = '\x40';  // 64 entries announced, one present
      CheckDefaults(ReadTiff(tiff));
    }
    {
      INFO("the Exif and GPS directories are IFD0 itself");
      const std::string tiff =
          TiffHeader(8, big_endian) +
          Directory({orientation6, {0x8769, 4, 1, 8}, {0x8825, 4, 1, 8}}, 8, big_endian);
      const PhotoMetadata meta = ReadTiff(tiff);
      CHECK(meta.orientation == 6);
      CHECK_FALSE(meta.taken_at.has_value());
    }
    {
      INFO("the Exif and GPS pointers share one directory that points back");
      // IFD0 at 8 (3 entries: 2 + 36 + 4 = 42 bytes), the shared directory at 50.
      const std::string shared = Directory(
          {{0x8769, 4, 1, 8}, {0x8825, 4, 1, 50}, {0x0112, 3, 1, 3}, {2, 5, 3, 8}}, 50, big_endian);
      const std::string tiff =
          TiffHeader(8, big_endian) +
          Directory({orientation6, {0x8769, 4, 1, 50}, {0x8825, 4, 1, 50}}, 50, big_endian) +
          shared;
      REQUIRE(tiff.size() == 50 + shared.size());
      const PhotoMetadata meta = ReadTiff(tiff);
      CHECK(meta.orientation == 6);
      CHECK_FALSE(meta.lat.has_value());
    }
    {
      INFO("counts whose byte sizes overflow 32 bits");
      // 0x40000000 RATIONALs are 8 GiB; 0x20000000 of them are exactly 2^32 bytes, 0 in 32 bits.
      for (uint32_t count : {0x40000000u, 0x20000000u, 0xFFFFFFFFu}) {
        const std::string gps = Directory({{1, 2, 2, big_endian ? 0x4E000000u : 0x4Eu},
                                           {2, 5, count, 8},
                                           {3, 2, 2, big_endian ? 0x45000000u : 0x45u},
                                           {4, 5, count, 8},
                                           {6, 5, count, 8}},
                                          0, big_endian);
        const std::string tiff =
            TiffHeader(8, big_endian) + Directory({{0x8825, 4, 1, 26}}, 0, big_endian) + gps;
        CheckDefaults(ReadTiff(tiff));
      }
    }
    {
      INFO("an ASCII value with a huge count");
      const std::string tiff =
          TiffHeader(8, big_endian) + Directory({{0x0132, 2, 0xFFFFFFFFu, 8}}, 0, big_endian);
      CheckDefaults(ReadTiff(tiff));
    }
  }
}

TEST_CASE("files without a readable EXIF block give the defaults", "[images][exif]") {
  const std::string tiff = TiffBuilder(false).Short(TiffBuilder::kIfd0, 0x0112, 8).Build();
  const std::string jpeg = SmallJpeg();
  // An APP1 after the first scan header is not read: metadata comes before the image data.
  const std::string after_scan =
      std::string("\xFF\xD8\xFF\xDA\x00\x08\x01\x01\x00\x00\x3F\x00", 12) +
      WithApp1("\xFF\xD8", tiff).substr(2);
  struct Case {
    const char* name;
    std::string bytes;
  };
  const Case cases[] = {
      {"empty", ""},
      {"not a JPEG", testing::MakePng(4, 4, testing::ThreeBands)},
      {"random bytes", "\x01\x02\x03\x04\x05\x06\x07\x08"},
      {"a JPEG without EXIF", jpeg},
      {"an SOI alone", "\xFF\xD8"},
      {"an APP1 that is not Exif", WithApp1(jpeg, tiff, "http://ns.adobe.com/xap/1.0/")},
      {"an Exif header without TIFF", WithApp1(jpeg, "", std::string("Exif\0\0", 6))},
      {"a TIFF header of the wrong magic", WithApp1(jpeg, "II+\0\x08\0\0\0")},
      {"a cut TIFF header", WithApp1(jpeg, "MM\0")},
      {"an APP1 longer than the file", WithApp1(jpeg, tiff).substr(0, 30)},
      {"an Exif APP1 after the first scan header", after_scan},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    CheckDefaults(ReadJpegMetadata(c.bytes));
  }
  CHECK(ReadJpegMetadata(WithApp1("\xFF\xD8", tiff)).orientation == 8);  // the same APP1, read
  // Only the first Exif APP1 counts, but an XMP APP1 before it is skipped.
  const std::string xmp_then_exif =
      WithApp1(WithApp1(jpeg, tiff), "<x:xmpmeta/>", "http://ns.adobe.com/xap/1.0/");
  CHECK(ReadJpegMetadata(xmp_then_exif).orientation == 8);
  const std::string two_exif = WithApp1(
      WithApp1(jpeg, tiff), TiffBuilder(true).Short(TiffBuilder::kIfd0, 0x0112, 3).Build());
  CHECK(ReadJpegMetadata(two_exif).orientation == 3);
}

// Every cut and every flipped byte of a full block: nothing may be read out of range.
TEST_CASE("damaged EXIF blocks never give out-of-range values", "[images][exif]") {
  TiffBuilder builder(true);
  builder.Short(TiffBuilder::kIfd0, 0x0112, 6)
      .Ascii(TiffBuilder::kIfd0, 0x0132, "2024:07:01 10:22:33")
      .Ascii(TiffBuilder::kExif, 0x9003, "2024:07:01 10:22:33")
      .Ascii(TiffBuilder::kExif, 0x9011, "+02:00")
      .Ascii(TiffBuilder::kGps, 1, "N")
      .Rationals(TiffBuilder::kGps, 2, {{46, 1}, {30, 1}, {0, 1}})
      .Ascii(TiffBuilder::kGps, 3, "E")
      .Rationals(TiffBuilder::kGps, 4, {{7, 1}, {15, 1}, {0, 1}})
      .Byte(TiffBuilder::kGps, 5, 0)
      .Rationals(TiffBuilder::kGps, 6, {{2502, 1}});
  const std::string tiff = builder.Build();
  const PhotoMetadata whole = ReadTiff(tiff);
  REQUIRE(whole.lat == 46.5);
  REQUIRE(whole.lon == 7.25);
  REQUIRE(whole.altitude == 2502.0);
  REQUIRE(whole.taken_at == "2024-07-01T10:22:33+02:00");
  REQUIRE(whole.orientation == 6);
  const auto check_ranges = [](const PhotoMetadata& meta) {
    if (meta.lat) CHECK(std::fabs(*meta.lat) <= 90);
    if (meta.lon) CHECK(std::fabs(*meta.lon) <= 180);
    if (meta.taken_at) CHECK(meta.taken_at->size() >= 19);
    CHECK(meta.orientation >= 1);
    CHECK(meta.orientation <= 8);
  };
  for (size_t cut = 0; cut < tiff.size(); ++cut) check_ranges(ReadTiff(tiff.substr(0, cut)));
  for (size_t at = 0; at < tiff.size(); ++at) {
    for (const char flip : {'\x01', '\x80', '\xFF'}) {
      std::string damaged = tiff;
      damaged[at] = static_cast<char>(damaged[at] ^ flip);
      check_ranges(ReadTiff(damaged));
    }
  }
}

}  // namespace
}  // namespace cairn::images
