// Tests for the sport and name the FIT reader finds, and for the sport enum in words.
#include "geo/fit_sport.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <optional>
#include <string>

#include "geo/fit_writer.h"
#include "geo/readers.h"

namespace cairn::geo {
namespace {

using namespace fit_test;  // NOLINT(google-build-using-namespace): the shared test helpers
using fit_internal::SportWords;

constexpr uint16_t kSport = 12, kCourse = 31;
constexpr uint8_t kFileActivity = 4, kFileCourse = 6;
constexpr uint64_t kInvalidEnum = 0xFF;
// sport enum
constexpr int64_t kGeneric = 0, kRunning = 1, kCycling = 2, kTransition = 3, kSwimming = 5;
constexpr int64_t kEBiking = 21;
// sub_sport enum
constexpr int64_t kTreadmill = 1, kTrail = 3, kSpin = 5, kIndoorCycling = 6, kRoad = 7;
constexpr int64_t kMountain = 8, kGravelCycling = 46, kEBikeMountain = 47;

// A file_id of `type` (local 3) and one record.
FitWriter FileOfType(uint8_t type) {
  FitWriter w;
  w.Define(3, kFileId, {{0, 1, kEnum}}).Data(3, {type});
  w.DefineRecords().Record(kTime, 46, 7);
  return w;
}

// A session (local 4) with a sport and sub-sport.
FitWriter& Session(FitWriter& w, uint64_t sport, uint64_t sub_sport) {
  w.Define(4, kSession, {{5, 1, kEnum}, {6, 1, kEnum}});
  return w.Data(4, {sport, sub_sport});
}

TEST_CASE("FIT sports are lower-case words, generic ones none", "[geo][fit]") {
  CHECK(SportWords(kRunning, std::nullopt) == "running");
  CHECK(SportWords(kCycling, 0) == "cycling");
  CHECK(SportWords(11, std::nullopt) == "walking");
  CHECK(SportWords(12, std::nullopt) == "cross country skiing");
  CHECK(SportWords(13, std::nullopt) == "alpine skiing");
  CHECK(SportWords(17, std::nullopt) == "hiking");
  CHECK(SportWords(19, std::nullopt) == "paddling");
  CHECK(SportWords(kEBiking, std::nullopt) == "e-biking");
  CHECK(SportWords(30, std::nullopt) == "inline skating");
  CHECK(SportWords(35, std::nullopt) == "snowshoeing");
  CHECK(SportWords(37, std::nullopt) == "stand up paddleboarding");
  CHECK(SportWords(41, std::nullopt) == "kayaking");
  CHECK(SportWords(88, std::nullopt) == "canoeing");  // the last in profile 21.202
  for (const int64_t nothing :
       {kGeneric, kTransition, int64_t{50}, int64_t{89}, int64_t{254}, int64_t{-1}}) {
    INFO(nothing);
    CHECK(SportWords(nothing, std::nullopt).empty());
  }
  CHECK(SportWords(std::nullopt, kMountain).empty());
  CHECK(SportWords(kGeneric, kMountain).empty());
}

TEST_CASE("FIT a few sub-sports refine their sport, the others keep it", "[geo][fit]") {
  CHECK(SportWords(kCycling, kMountain) == "mountain biking");
  CHECK(SportWords(kCycling, kGravelCycling) == "gravel cycling");
  CHECK(SportWords(kCycling, kRoad) == "road cycling");
  CHECK(SportWords(kCycling, kEBikeMountain) == "e-mountain biking");
  CHECK(SportWords(kEBiking, kEBikeMountain) == "e-mountain biking");
  CHECK(SportWords(kRunning, kTrail) == "trail running");
  CHECK(SportWords(kCycling, kIndoorCycling) == "cycling");
  CHECK(SportWords(kCycling, kSpin) == "cycling");
  CHECK(SportWords(kRunning, kTreadmill) == "running");
  CHECK(SportWords(kRunning, kMountain) == "running");  // a pair the table does not refine
  CHECK(SportWords(kCycling, 200) == "cycling");        // an unknown sub-sport
}

TEST_CASE("FIT a course file's name becomes the track name, trimmed", "[geo][fit]") {
  FitWriter w = FileOfType(kFileCourse);
  w.Define(5, kCourse, {{4, 1, kEnum}, {5, 24, kString}, {7, 1, kEnum}});
  SECTION("named") {
    w.DataWithText(5, {kCycling, kRoad}, {"  Col du Galibier \t"});
    const Track track = ReadOk(w.Build());
    CHECK(track.name == "Col du Galibier");
    CHECK(track.sport == "road cycling");  // the course's, for want of a session
  }
  SECTION("a blank name stays empty") {
    w.DataWithText(5, {kInvalidEnum, kInvalidEnum}, {"   "});
    const Track track = ReadOk(w.Build());
    CHECK(track.name.empty());
    CHECK(track.sport.empty());
  }
}

TEST_CASE("FIT an activity has no name, and its sport comes from its session", "[geo][fit]") {
  FitWriter w = FileOfType(kFileActivity);
  w.Define(5, kCourse, {{5, 16, kString}}).DataWithText(5, {}, {"Followed course"});
  w.Define(6, kSport, {{0, 1, kEnum}, {1, 1, kEnum}}).Data(6, {kSwimming, 0});
  Session(w, kRunning, kTrail);
  const Track track = ReadOk(w.Build());
  CHECK(track.name.empty());
  CHECK(track.sport == "trail running");  // the session's, not the sport message's

  FitWriter sport_message_only = FileOfType(kFileActivity);
  sport_message_only.Define(6, kSport, {{0, 1, kEnum}, {1, 1, kEnum}});
  sport_message_only.Data(6, {kCycling, kMountain});
  CHECK(ReadOk(sport_message_only.Build()).sport == "mountain biking");

  CHECK(ReadOk(FileOfType(kFileActivity).Build()).sport.empty());
}

TEST_CASE("FIT a multisport file takes the first session that names a sport", "[geo][fit]") {
  FitWriter w = FileOfType(kFileActivity);
  Session(w, kGeneric, 0);
  Session(w, kTransition, 0);
  Session(w, kEBiking, kEBikeMountain);
  Session(w, kRunning, 0);
  CHECK(ReadOk(w.Build()).sport == "e-mountain biking");
}

TEST_CASE("FIT an activity's local timestamp gives the device's time zone", "[geo][fit]") {
  constexpr uint16_t kActivity = 34;
  auto with_local = [](int64_t offset_s) {
    FitWriter w = FileOfType(kFileActivity);
    w.Define(7, kActivity, {{253, 4, kUint32}, {5, 4, kUint32}});
    w.Data(7, {kTime + 3600, static_cast<uint64_t>(int64_t{kTime} + 3600 + offset_s)});
    return ReadOk(w.Build());
  };
  CHECK(with_local(7200).utc_offset_s == 7200);          // Central European summer time
  CHECK(with_local(-18000 + 2).utc_offset_s == -18000);  // two clocks a tick apart: rounded
  CHECK(with_local(19800).utc_offset_s == 19800);        // India, UTC+5:30
  CHECK_FALSE(with_local(20 * 3600).utc_offset_s);       // no zone is 20 h off
  CHECK_FALSE(ReadOk(FileOfType(kFileActivity).Build()).utc_offset_s);
}

}  // namespace
}  // namespace cairn::geo
