// Tests for FIT times that count from when the device was switched on (system time, below
// 0x10000000), on files built byte by byte (fit_writer.h).
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "geo/fit_writer.h"
#include "geo/readers.h"

namespace cairn::geo {
namespace {

using namespace fit_test;  // NOLINT(google-build-using-namespace): the shared test helpers

constexpr uint16_t kGpsMetadata = 160, kTimestampCorrelation = 162, kObdiiData = 174;
constexpr uint16_t kAviationAttitude = 178;
constexpr uint64_t kInvalid16 = 0xFFFF;

const std::string kNoDateWarning =
    "FIT: the records' times count from when the device was switched on, and the file does not "
    "say when that was, so the trail has no date or duration";

// timestamp_correlation (local 5): timestamp, fractional_timestamp, system_timestamp,
// fractional_system_timestamp, timestamp_ms, system_timestamp_ms.
FitWriter& Correlation(FitWriter& w, uint32_t utc, uint64_t utc_fraction, uint32_t system,
                       uint64_t system_fraction, uint64_t utc_ms = kInvalid16,
                       uint64_t system_ms = kInvalid16) {
  w.Define(5, kTimestampCorrelation,
           {{253, 4, kUint32},
            {0, 2, kUint16},
            {1, 4, kUint32},
            {2, 2, kUint16},
            {4, 2, kUint16},
            {5, 2, kUint16}});
  return w.Data(5, {utc, utc_fraction, system, system_fraction, utc_ms, system_ms});
}

// Records at 100, 101 and 105 s after the device was switched on.
FitWriter SystemTimeRecords() {
  FitWriter w;
  w.DefineRecords().Record(100, 46, 7).Record(101, 46.001, 7).Record(105, 46.002, 7);
  return w;
}

std::vector<int64_t> Times(const Track& track) {
  std::vector<int64_t> times;
  for (const auto& part : track.parts) {
    for (const auto& segment : part.segments) {
      for (const TrackPoint& point : segment) times.push_back(point.time_ms);
    }
  }
  return times;
}

TEST_CASE("FIT system times take UTC from a timestamp_correlation written after the records",
          "[geo][fit]") {
  FitWriter w = SystemTimeRecords();
  SECTION("whole seconds") {
    Correlation(w, kTime, kInvalid16, 90, kInvalid16);  // kTime was 90 s after power-on
    const Track track = ReadOk(w.Build());
    CHECK(Times(track) ==
          std::vector<int64_t>{kTimeUnixMs + 10000, kTimeUnixMs + 11000, kTimeUnixMs + 15000});
    CHECK(track.warnings.empty());
  }
  SECTION("fractional parts in 1/32768 s") {
    Correlation(w, kTime, 16384, 90, 8192);  // kTime + 0.5 s was 90.25 s after power-on
    CHECK(Times(ReadOk(w.Build())) ==
          std::vector<int64_t>{kTimeUnixMs + 10250, kTimeUnixMs + 11250, kTimeUnixMs + 15250});
  }
  SECTION("millisecond parts, preferred to the fractional ones") {
    Correlation(w, kTime, 16384, 90, 8192, 123, 456);  // kTime + 0.123 s was 90.456 s
    CHECK(Times(ReadOk(w.Build())) ==
          std::vector<int64_t>{kTimeUnixMs + 9667, kTimeUnixMs + 10667, kTimeUnixMs + 14667});
  }
}

TEST_CASE("FIT compressed timestamp headers count in system time too", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(30, 46, 7);  // low five bits are 30
  w.Define(1, kRecord, {{0, 4, kSint32}, {1, 4, kSint32}});
  w.Compressed(1, 31, {FitWriter::Semicircles(46.001), FitWriter::Semicircles(7)});
  w.Compressed(1, 2, {FitWriter::Semicircles(46.002), FitWriter::Semicircles(7)});  // rolls over
  Correlation(w, kTime, kInvalid16, 0, kInvalid16);  // switched on at kTime
  const Track track = ReadOk(w.Build());
  CHECK(Times(track) ==
        std::vector<int64_t>{kTimeUnixMs + 30000, kTimeUnixMs + 31000, kTimeUnixMs + 34000});
  CHECK(track.warnings.empty());
}

TEST_CASE("FIT system times the file gives no UTC for are left without a time, with a warning",
          "[geo][fit]") {
  FitWriter w = SystemTimeRecords();
  w.Define(6, kCoursePoint, {{1, 4, kUint32}, {2, 4, kSint32}, {3, 4, kSint32}});
  w.Data(6, {102, FitWriter::Semicircles(46.25), FitWriter::Semicircles(7.5)});
  const Track track = ReadOk(w.Build());
  CHECK(Times(track) == std::vector<int64_t>{kNoTime, kNoTime, kNoTime});
  REQUIRE(track.waypoints.size() == 1);
  CHECK_FALSE(track.waypoints[0].HasTime());
  CHECK(track.warnings == std::vector<std::string>{kNoDateWarning});

  FitWriter course_points_only;
  course_points_only.DefineRecords().Record(kTime, 46, 7);
  course_points_only.Define(6, kCoursePoint, {{1, 4, kUint32}, {2, 4, kSint32}, {3, 4, kSint32}});
  course_points_only.Data(6, {102, FitWriter::Semicircles(46.25), FitWriter::Semicircles(7.5)});
  CHECK(ReadOk(course_points_only.Build()).warnings ==
        std::vector<std::string>{
            "FIT: the course points' times count from when the device was switched on, and the "
            "file does not say when that was, so they have no time"});
}

TEST_CASE("FIT course point times in system time are resolved like the records'", "[geo][fit]") {
  FitWriter w = SystemTimeRecords();
  w.Define(6, kCoursePoint, {{1, 4, kUint32}, {2, 4, kSint32}, {3, 4, kSint32}});
  w.Data(6, {102, FitWriter::Semicircles(46.25), FitWriter::Semicircles(7.5)});
  Correlation(w, kTime, kInvalid16, 90, kInvalid16);
  const Track track = ReadOk(w.Build());
  REQUIRE(track.waypoints.size() == 1);
  CHECK(track.waypoints[0].time_ms == kTimeUnixMs + 12000);
  CHECK(track.warnings.empty());
}

TEST_CASE("FIT messages with a UTC timestamp and a system time resolve system times",
          "[geo][fit]") {
  SECTION("aviation_attitude: UTC timestamp and timestamp_ms, system_time in ms") {
    FitWriter w;
    w.Define(4, kAviationAttitude, {{253, 4, kUint32}, {0, 2, kUint16}, {1, 4, kUint32}});
    w.Data(4, {kTime, 250, 95500});  // kTime + 0.25 s was 95.5 s after power-on
    w.DefineRecords().Record(100, 46, 7).Record(101, 46.001, 7);
    const Track track = ReadOk(w.Build());
    CHECK(Times(track) == std::vector<int64_t>{kTimeUnixMs + 4750, kTimeUnixMs + 5750});
    CHECK(track.warnings.empty());
  }
  SECTION("gps_metadata: a system-time timestamp with the fix's utc_timestamp") {
    FitWriter w = SystemTimeRecords();
    w.Define(4, kGpsMetadata, {{253, 4, kUint32}, {0, 2, kUint16}, {6, 4, kUint32}});
    w.Data(4, {90, 250, kTime});  // the fix at kTime came 90.25 s after power-on
    CHECK(Times(ReadOk(w.Build())) ==
          std::vector<int64_t>{kTimeUnixMs + 9750, kTimeUnixMs + 10750, kTimeUnixMs + 14750});
  }
  SECTION("obdii_data: its first sample's system_time at start_timestamp, else at timestamp") {
    FitWriter w = SystemTimeRecords();
    w.Define(
        4, kObdiiData,
        {{253, 4, kUint32}, {0, 2, kUint16}, {5, 4, kUint32}, {6, 4, kUint32}, {7, 2, kUint16}});
    SECTION("start_timestamp") {
      w.Data(4, {kTime + 5, 0, 95500, kTime, 250});
      CHECK(Times(ReadOk(w.Build()))[0] == kTimeUnixMs + 4750);
    }
    SECTION("timestamp") {
      w.Data(4, {kTime, 250, 95500, 0xFFFFFFFF, kInvalid16});
      CHECK(Times(ReadOk(w.Build()))[0] == kTimeUnixMs + 4750);
    }
  }
  SECTION("a timestamp_correlation is preferred, even written later") {
    FitWriter w;
    w.Define(4, kAviationAttitude, {{253, 4, kUint32}, {0, 2, kUint16}, {1, 4, kUint32}});
    w.Data(4, {kTime, 250, 95500});
    w.DefineRecords().Record(100, 46, 7);
    Correlation(w, kTime, kInvalid16, 90, kInvalid16);
    CHECK(Times(ReadOk(w.Build())) == std::vector<int64_t>{kTimeUnixMs + 10000});
  }
  SECTION("a system time beside a timestamp that is not UTC says nothing") {
    FitWriter w = SystemTimeRecords();
    w.Define(4, kAviationAttitude, {{253, 4, kUint32}, {0, 2, kUint16}, {1, 4, kUint32}});
    w.Data(4, {5000, 250, 95500});
    CHECK(ReadOk(w.Build()).warnings == std::vector<std::string>{kNoDateWarning});
  }
}

TEST_CASE("FIT records far out of order are found among resolved system times", "[geo][fit]") {
  FitWriter w;
  w.DefineRecords().Record(100, 46, 7).Record(101, 46.001, 7);
  w.Record(101 + 8 * 24 * 3600, 46.002, 7).Record(102, 46.003, 7);  // 8 days on: damage
  Correlation(w, kTime, kInvalid16, 0, kInvalid16);
  const Track track = ReadOk(w.Build());
  CHECK(Times(track) ==
        std::vector<int64_t>{kTimeUnixMs + 100000, kTimeUnixMs + 101000, kTimeUnixMs + 102000});
  CHECK(track.warnings ==
        std::vector<std::string>{
            "FIT: left out 1 record(s) whose time is far out of order with the others"});
}

TEST_CASE("FIT each chained file resolves its system times with its own clock", "[geo][fit]") {
  FitWriter first = SystemTimeRecords();
  Correlation(first, kTime, kInvalid16, 0, kInvalid16);
  FitWriter second;  // switched on again, and no correlation this time
  second.DefineRecords().Record(7, 47, 8);
  const Track track = ReadOk(first.Build() + second.Build());
  CHECK(Times(track) == std::vector<int64_t>{kTimeUnixMs + 100000, kTimeUnixMs + 101000,
                                             kTimeUnixMs + 105000, kNoTime});
  CHECK(track.warnings == std::vector<std::string>{kNoDateWarning});
}

}  // namespace
}  // namespace cairn::geo
