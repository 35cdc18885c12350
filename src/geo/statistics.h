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
// A rise or drop counts once it reaches this height above or below the last counted elevation.
inline constexpr double kElevationHysteresisMeters = 5;
// Steps slower than this are stopped; a run of stopped steps shorter than kMinStopSeconds is
// still moving time (a pause at a junction, GPS jitter at a traffic light).
inline constexpr double kStoppedSpeedMetersPerSecond = 1.0 / 3.6;
inline constexpr double kMinStopSeconds = 15;

struct TrackStatistics {
  // Summed over the steps inside each segment of the line parts (see LinePartKind), on the
  // WGS84 ellipsoid, 2D; never across segments, parts or pauses.
  double distance_m = 0;
  // The elevation filter's totals over the line parts; points without elevation are skipped.
  double elevation_gain_m = 0;
  double elevation_loss_m = 0;
  // For each line part, its first to its last timestamp in file order (pauses included),
  // summed over the parts: one recording gives its wall-clock time, a file of several
  // recordings (days, or a logger's whole memory) the sum of their durations, not the months
  // between them. Parts without times, and parts whose clock ends before it starts, add
  // nothing; nullopt when no part adds anything.
  std::optional<double> elapsed_s;
  // Time spent moving (see the constants above); present when any line point has a time.
  std::optional<double> moving_s;
  // The first point of the line parts, else the first waypoint; nullopt for an empty track.
  std::optional<LatLon> start;
  // Every point of every part, and every waypoint; nullopt for an empty track.
  std::optional<BoundingBox> bounds;
  // The first timestamp of the line parts in file order, or kNoTime.
  int64_t start_time_ms = kNoTime;
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
