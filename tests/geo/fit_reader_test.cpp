// Tests for the FIT reader on files built byte by byte (fit_writer.h), so every case is small and
// exact. System times are tested in fit_time_test.cpp, names and sports in fit_sport_test.cpp.
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "geo/fit_decoder.h"
#include "geo/fit_writer.h"
#include "geo/readers.h"

namespace cairn::geo {
namespace {

using namespace fit_test;  // NOLINT(google-build-using-namespace): the shared test helpers

TEST_CASE("FIT CRC is the CRC-16 the protocol specifies", "[geo][fit]") {
  CHECK(fit_internal::FitCrc("123456789") == 0xBB3D);  // the CRC-16/ARC check value
  std::string bytes;
  for (int i = 0; i < 100; ++i) {
    CHECK(fit_internal::FitCrc(bytes) == SpecCrc(bytes));  // every length around the 8-byte steps
    bytes.push_back(static_cast<char>(i * 37 + 11));
  }
}

TEST_CASE("FIT positions in semicircles become degrees, times count from 1989-12-31",
          "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Data(0, {kTime, 1u << 29, static_cast<uint64_t>(-(int64_t{1} << 30)), 7500});
  w.Data(0, {kTime + 1, 456107865, static_cast<uint64_t>(int64_t{-1463072519}), 2496});
  const Track track = ReadOk(w.Build());
  CHECK(track.format == "FIT");
  CHECK(track.name.empty());
  CHECK(track.warnings.empty());
  CHECK(track.parts[0].kind == PartKind::kTrack);
  const Segment& points = OnlySegment(track);
  REQUIRE(points.size() == 2);
  CHECK(points[0].lat == 45.0);
  CHECK(points[0].lon == -90.0);
  CHECK(points[0].ele == 1000.0);  // 7500 / 5 - 500
  CHECK(points[0].time_ms == kTimeUnixMs);
  CHECK(points[1].lat == Degrees(38.2305196));  // python-fitparse's fenix 5 walk
  CHECK(points[1].lon == Degrees(-122.6333219));
  CHECK(points[1].ele == Approx(-0.8));
  CHECK(points[1].time_ms == kTimeUnixMs + 1000);
}

TEST_CASE("FIT 12-byte headers are read like 14-byte ones", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46.5, 7.25);
  CHECK(ReadOk(w.Build(12)).PointCount() == 1);
}

TEST_CASE("FIT enhanced altitude is preferred over altitude, which is the fallback", "[geo][fit]") {
  FitWriter w;
  w.Define(0, kRecord, {{0, 4, kSint32}, {1, 4, kSint32}, {2, 2, kUint16}, {78, 4, kUint32}});
  w.Data(0, {FitWriter::Semicircles(46), FitWriter::Semicircles(7), 3000, 8000});
  w.Data(0, {FitWriter::Semicircles(46), FitWriter::Semicircles(7), 3000, 0xFFFFFFFF});
  w.Data(0, {FitWriter::Semicircles(46), FitWriter::Semicircles(7), 0xFFFF, 0xFFFFFFFF});
  const Track track = ReadOk(w.Build());
  const Segment& points = OnlySegment(track);
  REQUIRE(points.size() == 3);
  CHECK(points[0].ele == 1100.0);
  CHECK(points[1].ele == 100.0);
  CHECK_FALSE(points[2].HasElevation());
  CHECK_FALSE(points[2].HasTime());  // no timestamp field at all
}

TEST_CASE("FIT records without a valid position are skipped", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46, 7);
  w.Data(0, {kTime + 1, 0x7FFFFFFF, 0x7FFFFFFF, 3000});  // sint32 invalid: no fix yet
  w.Define(2, kRecord, {{253, 4, kUint32}, {2, 2, kUint16}}).Data(2, {kTime + 2, 3000});
  w.Record(kTime + 3, 46.001, 7);
  const Track track = ReadOk(w.Build());
  const Segment& points = OnlySegment(track);
  REQUIRE(points.size() == 2);
  CHECK(points[1].time_ms == kTimeUnixMs + 3000);
}

TEST_CASE("FIT compressed timestamp headers add their offset, rolling over every 32 s",
          "[geo][fit]") {
  FitWriter w;
  const uint32_t start = kTime + 30 - (kTime & 0x1F);  // low five bits are 30
  w.DefineRecords().Record(start, 46, 7);
  w.Define(1, kRecord, {{0, 4, kSint32}, {1, 4, kSint32}});
  w.Compressed(1, 31, {FitWriter::Semicircles(46.001), FitWriter::Semicircles(7)});
  w.Compressed(1, 2, {FitWriter::Semicircles(46.002), FitWriter::Semicircles(7)});  // rolls over
  const Track track = ReadOk(w.Build());
  const Segment& points = OnlySegment(track);
  REQUIRE(points.size() == 3);
  const int64_t first = points[0].time_ms;
  CHECK(points[1].time_ms - first == 1000);
  CHECK(points[2].time_ms - first == 4000);
}

TEST_CASE("FIT big-endian definitions are decoded in their byte order", "[geo][fit]") {
  FitWriter w;
  w.Define(3, kRecord, {{253, 4, kUint32}, {0, 4, kSint32}, {1, 4, kSint32}, {2, 2, kUint16}},
           /*big_endian=*/true);
  w.Data(3, {kTime, FitWriter::Semicircles(-33.75), FitWriter::Semicircles(151.5), 2750});
  const Track track = ReadOk(w.Build());
  const Segment& points = OnlySegment(track);
  REQUIRE(points.size() == 1);
  CHECK(points[0].lat == -33.75);
  CHECK(points[0].lon == Degrees(151.5));
  CHECK(points[0].ele == 50.0);
  CHECK(points[0].time_ms == kTimeUnixMs);
}

TEST_CASE("FIT developer fields are skipped by their size", "[geo][fit]") {
  FitWriter w;
  w.Define(0, kRecord, {{253, 4, kUint32}, {0, 4, kSint32}, {1, 4, kSint32}}, false, {3, 2});
  w.Data(0, {kTime, FitWriter::Semicircles(46), FitWriter::Semicircles(7)}, "\x41\x42\x43\x44\x45");
  w.Data(0, {kTime + 1, FitWriter::Semicircles(46.5), FitWriter::Semicircles(7.5)}, "xxxxx");
  const Track track = ReadOk(w.Build());
  const Segment& points = OnlySegment(track);
  REQUIRE(points.size() == 2);
  CHECK(points[1].lat == Degrees(46.5));
  CHECK(points[1].lon == Degrees(7.5));
}

TEST_CASE("FIT fields whose size does not match their base type are ignored as bytes",
          "[geo][fit]") {
  FitWriter w;
  // Altitude declared as a 1-byte uint16, as the Coros file does with an event's data field.
  w.Define(0, kRecord, {{0, 4, kSint32}, {1, 4, kSint32}, {2, 1, kUint16}, {253, 4, kUint32}});
  w.Data(0, {FitWriter::Semicircles(46), FitWriter::Semicircles(7), 0x20, kTime});
  const Track track = ReadOk(w.Build());
  const Segment& points = OnlySegment(track);
  REQUIRE(points.size() == 1);
  CHECK_FALSE(points[0].HasElevation());
  CHECK(points[0].time_ms == kTimeUnixMs);
}

TEST_CASE("FIT timer start after a pause begins a new segment", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Timer(kTime, 0).Record(kTime, 46, 7).Record(kTime + 1, 46.001, 7);
  w.Timer(kTime + 2, 1).Record(kTime + 2, 46.002, 7);  // a last point after stop stays
  w.Timer(kTime + 600, 0).Record(kTime + 600, 46.5, 7).Record(kTime + 601, 46.501, 7);
  w.Timer(kTime + 602, 1).Timer(kTime + 700, 0).Timer(kTime + 701, 1);  // a pause with no point
  const Track track = ReadOk(w.Build());
  REQUIRE(track.parts.size() == 1);
  const auto& segments = track.parts[0].segments;
  REQUIRE(segments.size() == 2);
  CHECK(segments[0].size() == 3);
  CHECK(segments[1].size() == 2);
  CHECK(segments[1][0].lat == Degrees(46.5));
}

TEST_CASE("FIT a file with more pauses than a recording could have is rejected", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords();
  for (uint32_t i = 0; i < 100'000; ++i) w.Timer(kTime + 2 * i, 0).Record(kTime + 2 * i, 46, 7);
  CHECK(ReadOk(w.Build()).parts[0].segments.size() == 100'000);
  w.Timer(kTime + 200'000, 0).Record(kTime + 200'000, 46, 7);
  CHECK(ReadError(w.Build()) ==
        "FIT: timer pauses cut the file into more than 100000 segments, more than Cairn reads");
}

TEST_CASE("FIT session totals become the device totals, lap totals only without a session",
          "[geo][fit]") {
  const std::vector<FieldSpec> totals = {
      {7, 4, kUint32}, {8, 4, kUint32}, {9, 4, kUint32}, {22, 2, kUint16}, {23, 2, kUint16}};
  FitWriter with_session;
  with_session.DefineRecords().Record(kTime, 46, 7);
  with_session.Define(4, kLap, totals).Data(4, {1000, 1000, 100, 9, 9});
  with_session.Define(5, kSession, totals).Data(5, {23595000, 13471000, 7894055, 185, 89});
  const DeviceTotals device = ReadOk(with_session.Build()).device;
  CHECK(device.distance_m == Approx(78940.55));
  CHECK(device.elapsed_s == Approx(23595));
  CHECK(device.timer_s == Approx(13471));
  CHECK(device.ascent_m == 185);
  CHECK(device.descent_m == 89);

  FitWriter laps_only;  // lap ascent and descent are fields 21 and 22
  laps_only.DefineRecords().Record(kTime, 46, 7);
  laps_only.Define(4, kLap, {{9, 4, kUint32}, {21, 2, kUint16}, {22, 2, kUint16}});
  laps_only.Data(4, {150000, 10, 0xFFFF}).Data(4, {50025, 5, 0xFFFF});
  const DeviceTotals laps = ReadOk(laps_only.Build()).device;
  CHECK(laps.distance_m == Approx(2000.25));
  CHECK(laps.ascent_m == 15);
  CHECK_FALSE(laps.descent_m.has_value());  // invalid in every lap
  CHECK_FALSE(laps.timer_s.has_value());
}

TEST_CASE("FIT course points become named waypoints", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46, 7);
  w.Define(6, kCoursePoint, {{1, 4, kUint32}, {2, 4, kSint32}, {3, 4, kSint32}, {6, 8, kString}});
  w.Raw(std::string(1, '\x06'));
  std::string body;
  PutInt(body, kTime, 4, false);
  PutInt(body, FitWriter::Semicircles(46.25), 4, false);
  PutInt(body, FitWriter::Semicircles(7.5), 4, false);
  w.Raw(body + std::string("Hütte\0\xFF", 8));
  w.Raw("\x06" + body + std::string("ab\xC3(cd\0", 8));  // invalid UTF-8 in a damaged name
  const Track track = ReadOk(w.Build());
  REQUIRE(track.waypoints.size() == 2);
  CHECK(track.waypoints[0].name == "Hütte");
  CHECK(track.waypoints[1].name == "ab\uFFFD(cd");
  CHECK(track.waypoints[0].lat == Degrees(46.25));
  CHECK(track.waypoints[0].lon == Degrees(7.5));
  CHECK(track.waypoints[0].time_ms == kTimeUnixMs);
}

TEST_CASE("FIT chained files are read one after the other, each its own segment", "[geo][fit]") {
  FitWriter first, second;
  first.DefineRecords().Record(kTime, 46, 7).Record(kTime + 1, 46.001, 7);
  second.DefineRecords().Record(kTime + 100, 47, 8);
  const Track track = ReadOk(first.Build() + second.Build(12));
  REQUIRE(track.parts.size() == 1);
  REQUIRE(track.parts[0].segments.size() == 2);
  CHECK(track.parts[0].segments[1][0].lat == Degrees(47));
  CHECK(track.warnings.empty());
}

TEST_CASE("FIT a damaged chained file is reported and the first file kept", "[geo][fit]") {
  FitWriter first, second;
  first.DefineRecords().Record(kTime, 46, 7);
  second.DefineRecords().Record(kTime + 100, 47, 8);
  const std::string head = first.Build();
  std::string tail = second.Build();
  tail[9] = 'G';  // ".GIT"
  const Track track = ReadOk(head + tail);
  CHECK(track.PointCount() == 1);
  REQUIRE(track.warnings.size() == 1);
  CHECK(track.warnings[0] == "FIT: the " + std::to_string(tail.size()) + " bytes from byte " +
                                 std::to_string(head.size()) +
                                 " on are not a FIT file: the header is damaged (no .FIT "
                                 "signature); they were ignored");
}

TEST_CASE("FIT a truncated file keeps the points before the damage, with a warning", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46, 7).Record(kTime + 1, 46.001, 7).Record(kTime + 2, 46.002, 7);
  std::string bytes = w.Build();
  bytes.resize(bytes.size() - 5);  // the CRC and 3 bytes of the last record
  const Track track = ReadOk(bytes);
  CHECK(track.PointCount() == 2);
  REQUIRE(track.warnings.size() == 1);
  CHECK(track.warnings[0] ==
        "FIT: the file ends 5 bytes before its declared size; kept the 2 track points read "
        "before that");
}

TEST_CASE("FIT a file whose CRC does not match keeps everything, with a warning", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46, 7).Record(kTime + 1, 46.001, 7);
  std::string bytes = w.Build();
  bytes.back() ^= 0x5A;
  const Track track = ReadOk(bytes);
  CHECK(track.PointCount() == 2);
  REQUIRE(track.warnings.size() == 1);
  CHECK(track.warnings[0] ==
        "FIT: the file's checksum (CRC) does not match its contents, so some values may be "
        "wrong; kept all 2 track points");
}

TEST_CASE("FIT a message of an undefined type stops reading and names its byte", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46, 7);
  const size_t damage_at = 14 + 18 + 15;  // header, definition, one record
  w.Raw("\x07garbage");
  const Track track = ReadOk(w.Build());
  CHECK(track.PointCount() == 1);
  REQUIRE(track.warnings.size() == 1);
  CHECK(track.warnings[0] == "FIT: byte " + std::to_string(damage_at) +
                                 ": a data message uses local message type 7, which no definition "
                                 "message introduced; kept the 1 track point read before that");

  FitWriter nothing_before;
  nothing_before.Raw("\x03\x01\x02");
  CHECK(ReadError(nothing_before.Build()) ==
        "FIT: byte 14: a data message uses local message type 3, which no definition message "
        "introduced, before any track point");
}

TEST_CASE("FIT files with a damaged header are rejected", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46, 7);
  struct Case {
    std::string name;
    uint8_t header_size;
    size_t index;
    char value;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"signature", 14, 8, ',', "FIT: the header is damaged (no .FIT signature)"},
      {"header size", 12, 0, 13,
       "FIT: the header is damaged (it declares a size of 13 bytes, not 12 or 14)"},
      {"header CRC", 14, 12, 0x01, "FIT: the header is damaged (its checksum does not match)"},
      {"protocol", 12, 1, 0x30,
       "FIT: the file uses FIT protocol version 3.0, which is not supported"},
  };
  const std::string good = w.Build();
  for (const Case& c : cases) {
    SECTION(c.name) {
      std::string bytes = w.Build(c.header_size);
      bytes[c.index] = c.value;
      CHECK(ReadError(bytes) == c.message);
    }
  }
  SECTION("too short") {
    CHECK(ReadError(good.substr(0, 11)) ==
          "FIT: the header is damaged (it is shorter than the 12 bytes of a FIT header)");
    CHECK(ReadError("") ==
          "FIT: the header is damaged (it is shorter than the 12 bytes of a FIT header)");
  }
}

TEST_CASE("FIT files without a positioned record or course point are rejected", "[geo][fit]") {
  const std::string none =
      "FIT: the file has no track point (a record with a position) or course point";
  FitWriter empty;
  CHECK(ReadError(empty.Build()) == none);
  FitWriter file_id_only;
  file_id_only.Define(0, kFileId, {{0, 1, kEnum}}).Data(0, {4});
  CHECK(ReadError(file_id_only.Build()) == none);
  std::string bad_crc = file_id_only.Build();
  bad_crc.back() ^= 1;
  CHECK(ReadError(bad_crc) == none);
  FitWriter truncated;
  truncated.DefineRecords().Record(kTime, 46, 7);
  CHECK(ReadError(truncated.Build().substr(0, 20)) ==
        "FIT: the file ends " + std::to_string(truncated.Build().size() - 20) +
            " bytes before its declared size, before any track point");
}

TEST_CASE("FIT coordinates outside the globe are errors naming their byte", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(kTime, 46, 7);
  w.Data(0, {kTime, 0x40000001, 0, 3000});  // just over 90 degrees north
  const std::string message = ReadError(w.Build());
  CHECK(message.rfind("FIT: byte 47: a record has latitude 90.0000", 0) == 0);
}

}  // namespace
}  // namespace cairn::geo
