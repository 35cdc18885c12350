// The Track model every GPS reader produces: tracks and routes of segments of points, named
// waypoints, the file's metadata and any totals the recording device stored. Pure data.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace cairn::geo {

inline constexpr double kNoElevation = std::numeric_limits<double>::quiet_NaN();
inline constexpr int64_t kNoTime = std::numeric_limits<int64_t>::min();

// One recorded or planned position. 32 bytes, so a million points take 32 MB.
struct TrackPoint {
  double lat = 0;             // degrees north, WGS84
  double lon = 0;             // degrees east, WGS84
  double ele = kNoElevation;  // metres above sea level; NaN when the file has none
  int64_t time_ms = kNoTime;  // Unix epoch milliseconds, UTC; kNoTime when the file has none

  bool HasElevation() const { return !std::isnan(ele); }
  bool HasTime() const { return time_ms != kNoTime; }
};

// Points recorded without interruption. Distances are summed within a segment only, never
// across the gap between two segments.
using Segment = std::vector<TrackPoint>;

enum class PartKind {
  kTrack,  // a recording (GPX trk, TCX Track, KML gx:Track, FIT records)
  kRoute,  // a plan (GPX rte, KML/GeoJSON LineString without times)
};

// A GPX trk or rte, a TCX lap, a KML Placemark's line, a GeoJSON line feature.
struct TrackPart {
  PartKind kind = PartKind::kTrack;
  std::string name;
  std::string description;
  std::vector<Segment> segments;
};

// A named point of interest (GPX wpt, KML Point placemark, GeoJSON Point feature, FIT course
// point).
struct Waypoint {
  double lat = 0;
  double lon = 0;
  double ele = kNoElevation;
  int64_t time_ms = kNoTime;
  std::string name;
  std::string description;
  std::string symbol;  // GPX <sym>, KML style hint; "" when none

  bool HasElevation() const { return !std::isnan(ele); }
  bool HasTime() const { return time_ms != kNoTime; }
};

// Summary values the recording device computed and stored in the file (FIT session, TCX Lap).
// Made by another algorithm (wheel sensor, barometer), so they are kept beside ours, not instead.
struct DeviceTotals {
  std::optional<double> distance_m;
  std::optional<double> elapsed_s;  // first to last timestamp, pauses included
  std::optional<double> timer_s;    // with the timer running (moving, as the device saw it)
  std::optional<double> ascent_m;
  std::optional<double> descent_m;

  bool Empty() const { return !distance_m && !elapsed_s && !timer_s && !ascent_m && !descent_m; }
};

struct Track {
  std::string format;  // what was read: "GPX 1.1", "GPX 1.0", "TCX", "KML", "KMZ", "GeoJSON", "FIT"
  std::string name;    // GPX metadata/trk name, KML document name, FIT course name; "" when none
  std::string description;
  int64_t time_ms = kNoTime;  // the file's own time stamp (GPX metadata), if any
  // The activity type in the file's own words, lower case with spaces ("cycling", "running",
  // "hiking", "mountain biking"): FIT session/sport sport, TCX Activity Sport, GPX trk/type.
  // "" when the file does not say or says "generic"/"other".
  std::string sport;
  // The recording device's offset of local time from UTC, in seconds, when the file says (FIT
  // activity local_timestamp): the walk's own time zone, for its date.
  std::optional<int32_t> utc_offset_s;
  std::vector<TrackPart> parts;
  std::vector<Waypoint> waypoints;
  DeviceTotals device;
  // What a reader skipped or repaired, in words for the user (e.g. "FIT: the file ends 3 bytes
  // early; kept the 2809 records before the damage").
  std::vector<std::string> warnings;

  size_t PointCount() const {
    size_t count = 0;
    for (const auto& part : parts) {
      for (const auto& segment : part.segments) count += segment.size();
    }
    return count;
  }
};

}  // namespace cairn::geo
