// The FIT reader against the real files of the shared corpus and their outside truth: per-record
// CSVs from python-fitparse, GPSBabel's reference conversion and the devices' own totals.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "geo/readers.h"
#include "geo/statistics.h"

namespace cairn::geo {
namespace {

const std::string kCorpus = CAIRN_GPSDATA;
const std::string kFitparse = kCorpus + "/python-fitparse/tests/files/";
const std::string kGpsbabel = kCorpus + "/gpsbabel/reference/track/";

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

Track ReadOk(const std::string& path) {
  auto result = ReadFit(ReadFile(path));
  INFO(path << ": " << (result.ok() ? "" : result.error().message));
  REQUIRE(result.ok());
  return std::move(result).value();
}

size_t SegmentCount(const Track& track) {
  size_t count = 0;
  for (const auto& part : track.parts) count += part.segments.size();
  return count;
}

std::vector<TrackPoint> AllPoints(const Track& track) {
  std::vector<TrackPoint> points;
  for (const auto& part : track.parts) {
    for (const auto& segment : part.segments)
      points.insert(points.end(), segment.begin(), segment.end());
  }
  return points;
}

// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm).
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<int64_t>(doe) - 719468;
}

// "Sun Jun 11 07:32:51 PDT 2017" (the fitparse CSVs, all in June, so PDT = UTC-7) → Unix ms.
int64_t ParseCsvTime(const std::string& text) {
  char weekday[4], month[4], zone[4];
  int day, hour, minute, second, year;
  REQUIRE(std::sscanf(text.c_str(), "%3s %3s %d %d:%d:%d %3s %d", weekday, month, &day, &hour,
                      &minute, &second, zone, &year) == 8);
  REQUIRE(std::string(zone) == "PDT");
  const std::string months = "JanFebMarAprMayJunJulAugSepOctNovDec";
  const auto m = static_cast<unsigned>(months.find(month) / 3 + 1);
  const int64_t days = DaysFromCivil(year, m, static_cast<unsigned>(day));
  return ((days * 24 + hour + 7) * 60 + minute) * 60000 + second * 1000;
}

// "2012-04-12T12:53:58Z" → Unix ms.
int64_t ParseIsoTime(const std::string& text) {
  int year, month, day, hour, minute, second;
  REQUIRE(std::sscanf(text.c_str(), "%d-%d-%dT%d:%d:%dZ", &year, &month, &day, &hour, &minute,
                      &second) == 6);
  const int64_t days =
      DaysFromCivil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  return ((days * 24 + hour) * 60 + minute) * 60000 + second * 1000;
}

TEST_CASE("Every FIT file of the corpus is read or rejected with a FIT error", "[corpus][fit]") {
  size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kCorpus)) {
    if (entry.path().extension() != ".fit") continue;
    ++files;
    INFO(entry.path().string());
    const auto result = ReadFit(ReadFile(entry.path().string()));
    if (!result.ok()) {
      CHECK(result.error().message.rfind("FIT: ", 0) == 0);
      continue;
    }
    CHECK(result->format == "FIT");
    CHECK(result->PointCount() > 0);
    for (const TrackPoint& point : AllPoints(*result)) {
      REQUIRE((std::isfinite(point.lat) && std::abs(point.lat) <= 90));
      REQUIRE((std::isfinite(point.lon) && std::abs(point.lon) <= 180));
    }
  }
  CHECK(files == 11);
}

TEST_CASE("FIT records match python-fitparse's per-record CSV truth", "[corpus][fit]") {
  for (const std::string name : {"garmin-fenix-5-walk", "garmin-edge-820-bike"}) {
    INFO(name);
    const Track track = ReadOk(kFitparse + name + ".fit");
    CHECK(track.warnings.empty());
    const std::vector<TrackPoint> points = AllPoints(track);
    std::istringstream csv(ReadFile(kFitparse + name + "-records.csv"));
    std::string line;
    // The CSVs end their lines with CRLF.
    const auto next_line = [&csv, &line] {
      if (!std::getline(csv, line)) return false;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return true;
    };
    REQUIRE(next_line());
    REQUIRE(line ==
            "timestamp,heart_rate,cadence,speed,distance,position_lat,position_long,altitude,"
            "temperature");
    size_t row = 0;
    while (next_line()) {
      std::vector<std::string> cells;
      std::istringstream fields(line);
      for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
      REQUIRE(cells.size() == 9);
      REQUIRE(row < points.size());
      const TrackPoint& point = points[row++];
      CHECK(point.time_ms == ParseCsvTime(cells[0]));
      CHECK(point.lat == Approx(std::stod(cells[5]) * 180.0 / 2147483648.0).margin(1e-12));
      CHECK(point.lon == Approx(std::stod(cells[6]) * 180.0 / 2147483648.0).margin(1e-12));
      CHECK(point.ele == Approx(std::stod(cells[7])).margin(1e-9));
    }
    CHECK(row == points.size());
    CHECK(row == (name == std::string("garmin-fenix-5-walk") ? 17 : 15));
  }
}

// The device's own totals (MANIFEST.md, "D"): stored values, so they match to their resolution.
TEST_CASE("FIT session totals are the device's stored values", "[corpus][fit]") {
  struct Expected {
    std::string path;
    double distance_m, elapsed_s, timer_s, ascent_m, descent_m;
    size_t points;
  };
  const std::vector<Expected> table = {
      {kFitparse + "2019-02-17-062644-ELEMNT-297E-195-0.fit", 78940.55, 23595, 13471, 185, 89,
       13348},
      {kGpsbabel + "garmin-edge-800.fit", 25196.98, 3619.136, 3492.13, 132, 116, 1286},
      {kGpsbabel + "wahoo-element-bolt.fit", 4745.32, 1131, 1101, 51, 0, 1101},
      {kFitparse + "coros-pace-2-cycling-misaligned-fields.fit", 32145.76, 12719, 11287, 938, 1231,
       10305},
      {kFitparse + "activity-small-fenix2-run.fit", 9008.22, 2832, 2832, 64, 61, 2809},
      {kFitparse + "garmin-fenix-5-walk.fit", 67.85, 45.379, 45.379, 1, 0, 17},
      {kFitparse + "garmin-edge-820-bike.fit", 457.12, 64.524, 64.524, 0, 0, 15},
  };
  for (const Expected& e : table) {
    INFO(e.path);
    const Track track = ReadOk(e.path);
    CHECK(track.warnings.empty());
    CHECK(track.PointCount() == e.points);
    const DeviceTotals& d = track.device;
    REQUIRE(d.distance_m);
    CHECK(*d.distance_m == Approx(e.distance_m).margin(0.005));
    CHECK(d.elapsed_s == Approx(e.elapsed_s).margin(0.0005));
    CHECK(d.timer_s == Approx(e.timer_s).margin(0.0005));
    CHECK(d.ascent_m == e.ascent_m);
    CHECK(d.descent_m == e.descent_m);
  }
}

TEST_CASE("FIT pauses split the ELEMNT ride into the 54 segments GPSBabel makes", "[corpus][fit]") {
  // 13471 records, 123 of them without a position; a segment begins after each timer start that
  // is followed by a point, so the 10 000 s of pauses are never crossed.
  const Track track = ReadOk(kFitparse + "2019-02-17-062644-ELEMNT-297E-195-0.fit");
  CHECK(SegmentCount(track) == 54);
  CHECK(track.PointCount() == 13348);
  for (const auto& segment : track.parts[0].segments) CHECK_FALSE(segment.empty());
}

TEST_CASE("FIT edge 800 matches GPSBabel's reference GPX point for point", "[corpus][fit]") {
  const Track track = ReadOk(kGpsbabel + "garmin-edge-800.fit");
  const std::string gpx = ReadFile(kGpsbabel + "garmin-edge-800-output.gpx");
  const std::regex point(
      R"re(<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)">\s*<ele>([-0-9.]+)</ele>\s*<time>([^<]+)</time>)re");
  const std::regex segment_or_point(
      "<trkseg>|<trkpt[^>]*>\\s*<ele>[^<]*</ele>\\s*<time>[^<]*</time>");
  std::vector<size_t> sizes;
  std::vector<TrackPoint> expected;
  const size_t body = gpx.find("<trk>");
  REQUIRE(body != std::string::npos);
  for (auto it =
           std::sregex_iterator(gpx.begin() + static_cast<long>(body), gpx.end(), segment_or_point);
       it != std::sregex_iterator(); ++it) {
    const std::string match = it->str();
    if (match == "<trkseg>") {
      sizes.push_back(0);
      continue;
    }
    std::smatch m;
    REQUIRE(std::regex_match(match, m, point));
    REQUIRE_FALSE(sizes.empty());
    ++sizes.back();
    expected.push_back(
        {std::stod(m[1].str()), std::stod(m[2].str()), std::stod(m[3].str()), ParseIsoTime(m[4])});
  }
  REQUIRE(expected.size() == 1286);
  REQUIRE(sizes.size() == 8);

  std::vector<size_t> ours;
  for (const auto& segment : track.parts.at(0).segments) ours.push_back(segment.size());
  CHECK(ours == sizes);
  const std::vector<TrackPoint> points = AllPoints(track);
  REQUIRE(points.size() == expected.size());
  for (size_t i = 0; i < points.size(); ++i) {
    INFO("point " << i);
    CHECK(points[i].lat == Approx(expected[i].lat).margin(5e-10));  // GPSBabel prints 9 places
    CHECK(points[i].lon == Approx(expected[i].lon).margin(5e-10));
    CHECK(points[i].ele == Approx(expected[i].ele).margin(5e-4));
    CHECK(points[i].time_ms == expected[i].time_ms);
  }
}

TEST_CASE("FIT damaged corpus files are salvaged up to the damage, with a warning",
          "[corpus][fit]") {
  struct Expected {
    std::string file;
    size_t points;
    std::vector<std::string> warnings;
  };
  const std::vector<Expected> table = {
      {"activity-filecrc.fit",
       14,
       {"FIT: the file's checksum (CRC) does not match its contents, so some values may be wrong; "
        "kept all 14 track points"}},
      {"activity-unexpected-eof.fit",
       14,
       {"FIT: the file ends 3 bytes before its declared size; kept the 14 track points read before "
        "that"}},
      // MANIFEST.md says 3 bytes short, comparing the data size with the file size; with the
      // 14-byte header and the CRC the file lacks 19.
      // Its last record before the damage is stamped 2085 (the Garmin SDK shows it too): left out.
      {"strava-android-app-201.10-b1218918.fit",
       236,
       {"FIT: the file ends 19 bytes before its declared size; kept the 236 track points read "
        "before that",
        "FIT: left out 1 record(s) whose time is far out of order with the others"}},
      {"activity-settings-corruptheader.fit",
       14,
       {"FIT: the 83 bytes from byte 771 on are not a FIT file: the header is damaged (no .FIT "
        "signature); they were ignored"}},
  };
  for (const Expected& e : table) {
    INFO(e.file);
    const Track track = ReadOk(kFitparse + e.file);
    CHECK(track.PointCount() == e.points);
    CHECK(track.warnings == e.warnings);
  }
  // With the damaged record gone the salvaged ride lasts minutes, not 64 years.
  const TrackStatistics strava =
      ComputeStatistics(ReadOk(kFitparse + "strava-android-app-201.10-b1218918.fit"));
  REQUIRE(strava.elapsed_s);
  CHECK(*strava.elapsed_s < 3600);
  // The CRC file's data is intact: its session totals are the ones the Garmin SDK reports.
  const Track crc = ReadOk(kFitparse + "activity-filecrc.fit");
  CHECK(crc.device.distance_m == Approx(5.73));
  CHECK(crc.device.elapsed_s == Approx(13.749));
}

}  // namespace
}  // namespace cairn::geo
