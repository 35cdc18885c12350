// The numbers a trail shows, computed from its Track: distance, elevation gain and loss,
// durations, start, bounds, date. Each rule and the reason for it: docs/STATISTICS.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "geo/geodesy.h"
#include "geo/track.h"

namespace cairn::geo {

// A step longer in time than both of these (the second in units of the segment's median
// interval) is a pause: the recorder stopped, or the signal was lost for long. Its distance is
// not counted and it is not moving time; it is elapsed time. Relative to the median so that a
// tracker logging every 10 minutes by design keeps its steps.
inline constexpr double kPauseMinSeconds = 300;
inline constexpr double kPauseMedianIntervals = 20;
// A rise or drop counts once it reaches this height above or below the last counted elevation:
// kElevationHysteresisMeters for noisy altitude (GPS), kSmoothHysteresisMeters for a part whose
// altitude is already smooth (a barometer, or a DEM): fewer than kSmoothReversalShare of its
// changes of altitude reverse the direction of the change before, judged on at least
// kMinStepsToJudgeNoise changes (fewer say nothing about the noise, so they get the noisy rule).
inline constexpr double kElevationHysteresisMeters = 5;
inline constexpr double kSmoothHysteresisMeters = 1;
inline constexpr double kSmoothReversalShare = 0.10;
inline constexpr size_t kMinStepsToJudgeNoise = 20;
// Steps slower than this are stopped; a run of stopped steps shorter than kMinStopSeconds is
// still moving time (a pause at a junction, GPS jitter at a traffic light).
inline constexpr double kStoppedSpeedMetersPerSecond = 1.0 / 3.6;
inline constexpr double kMinStopSeconds = 15;
// Consecutive parts less than this apart in time are one outing (a logger that starts a new track
// after each stop); its duration runs from its first to its last timestamp.
inline constexpr double kOutingGapSeconds = 30 * 60;
// No GPS device stamped a track before 1990-01-01 or will after 2100-01-01: such times are a
// clock that was never set (a week-number rollover, a zero epoch) or garbage, not when the walk
// happened. They, and the times of a part whose timestamps are all the same, count as absent: no
// date, no duration, no moving time and no pause comes from them. (Times merely in the future are
// judged by the caller, who knows what now is: TrailFieldsFromTrack.)
inline constexpr int64_t kEarliestPlausibleMs = 631152000000;
inline constexpr int64_t kLatestPlausibleMs = 4102444800000;

struct TrackStatistics {
  // Summed over the steps inside each segment of the line parts (see LinePartKind), on the
  // WGS84 ellipsoid, 2D; never across segments, parts or pauses.
  double distance_m = 0;
  // The elevation filter's totals over the line parts; points without elevation are skipped.
  double elevation_gain_m = 0;
  double elevation_loss_m = 0;
  // How many line parts had smooth altitude and were counted with kSmoothHysteresisMeters.
  int smooth_elevation_parts = 0;
  // The wall-clock time of the outings, summed: consecutive line parts whose gap is under
  // kOutingGapSeconds are one outing, from its first to its last timestamp (pauses and the
  // stops between its parts included); a longer gap starts a new outing, so a file of
  // recordings days apart (or a logger's whole memory) does not get the days between them, and a
  // two-point blip hours before the walk does not stretch it. Parts without usable times, and
  // parts whose clock ends before it starts, add nothing; nullopt when nothing adds anything.
  std::optional<double> elapsed_s;
  // Time spent moving (see the constants above); present when any line point has a time.
  std::optional<double> moving_s;
  // The first point of the line parts, else the first waypoint; nullopt for an empty track.
  std::optional<LatLon> start;
  // Every point of every part, and every waypoint; nullopt for an empty track.
  std::optional<BoundingBox> bounds;
  // The first usable timestamp of the line parts in file order, or kNoTime.
  int64_t start_time_ms = kNoTime;
  // How many outings the elapsed time sums (0 without times).
  int outings = 0;
  // Over the line parts' points that have one; NaN when none has.
  double min_elevation_m = kNoElevation;
  double max_elevation_m = kNoElevation;
  // Every point of every part (not waypoints).
  size_t points = 0;
};

// Which parts make the trail's line: the tracks (recordings) when any track has a point,
// otherwise the routes (plans). A file often carries the planned route beside the recording of
// the same walk; counting both would double the distance.
PartKind LinePartKind(const Track& track);

// All statistics of `track`. Never fails: an empty track gives zeros and nullopts. Time and
// memory are linear in the number of points. Pure; safe from any thread.
TrackStatistics ComputeStatistics(const Track& track);

// Whether `time_ms` can be when a track was recorded: set, and from kEarliestPlausibleMs up to
// kLatestPlausibleMs.
bool IsPlausibleTime(int64_t time_ms);

// Calls `visit(point, step_m)` for every point of the line parts (see LinePartKind) in file
// order, where `step_m` is what the step to that point adds to TrackStatistics::distance_m: 0 for
// the first point of each segment and for the step after a pause. The running sum of `step_m` is
// the distance along the line, and its total is distance_m exactly (the same steps, added in the
// same order). Pure apart from `visit`.
void ForEachLinePoint(const Track& track,
                      const std::function<void(const TrackPoint&, double)>& visit);

// The UTC calendar date "YYYY-MM-DD" of an instant, or nullopt for kNoTime and for instants
// outside the years 0001-9999.
std::optional<std::string> DateOf(int64_t time_ms);

}  // namespace cairn::geo
