// One pass over the line's segments for distance, elevation and time; another over everything
// for the bounds.
#include "geo/statistics.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

#include "util/civil_date.h"

namespace cairn::geo {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Milliseconds between two timestamps as seconds; in double so that no pair of int64 values
// can overflow.
double SecondsBetween(int64_t from_ms, int64_t to_ms) {
  return (static_cast<double>(to_ms) - static_cast<double>(from_ms)) / 1000;
}

// The time of `point` if the statistics may use it: its part's times are trusted (`timed`) and it
// is plausible; kNoTime otherwise.
int64_t UsableTime(const TrackPoint& point, bool timed) {
  return timed && IsPlausibleTime(point.time_ms) ? point.time_ms : kNoTime;
}

// The longest interval a segment's steps may have before one counts as a pause: the larger of
// kPauseMinSeconds and kPauseMedianIntervals times the segment's median interval. `intervals`
// is scratch space reused between segments.

double PauseThresholdSeconds(const Segment& segment, bool timed, std::vector<double>& intervals) {
  intervals.clear();
  for (size_t i = 1; i < segment.size(); ++i) {
    if (UsableTime(segment[i - 1], timed) == kNoTime || UsableTime(segment[i], timed) == kNoTime) {
      continue;
    }
    const double seconds = SecondsBetween(segment[i - 1].time_ms, segment[i].time_ms);
    if (seconds > 0) intervals.push_back(seconds);
  }
  if (intervals.empty()) return kInfinity;
  const auto middle = intervals.begin() + intervals.size() / 2;
  std::nth_element(intervals.begin(), middle, intervals.end());
  return std::max(kPauseMinSeconds, kPauseMedianIntervals * *middle);
}

// Whether a part's altitude is smooth enough for the small threshold: barometric altitude climbs
// and drops in runs (0.2 m steps up, up, up), GPS altitude jitters up and down around the truth.
// Counts, over the changes of altitude inside each segment, how often one goes the other way
// from the change before it. One linear pass; no allocation.
bool HasSmoothAltitude(const TrackPart& part) {
  size_t changes = 0, reversals = 0;
  for (const Segment& segment : part.segments) {
    double previous = kNoElevation, previous_change = 0;
    for (const TrackPoint& point : segment) {
      if (!point.HasElevation()) continue;
      if (!std::isnan(previous) && point.ele != previous) {
        const double change = point.ele - previous;
        ++changes;
        if (previous_change != 0 && (change > 0) != (previous_change > 0)) ++reversals;
        previous_change = change;
      }
      previous = point.ele;
    }
  }
  return changes >= kMinStepsToJudgeNoise &&
         static_cast<double>(reversals) < kSmoothReversalShare * static_cast<double>(changes);
}

// Counts a rise or drop once it reaches the threshold from the last counted elevation. Carried
// over the segments and pauses of one part (the recorder stopped and resumed in the same place,
// so restarting would drop the climb in progress) and restarted at each part (another
// recording, maybe another day and place: the jump between them is no climb), with the
// threshold that part's noise calls for.
class ElevationFilter {
 public:
  void Restart(double threshold_m) {
    reference_ = kNoElevation;
    threshold_m_ = threshold_m;
  }
  void Add(double elevation) {
    if (std::isnan(elevation)) return;
    if (std::isnan(reference_)) {
      reference_ = elevation;
    } else if (elevation - reference_ >= threshold_m_) {
      gain_ += elevation - reference_;
      reference_ = elevation;
    } else if (reference_ - elevation >= threshold_m_) {
      loss_ += reference_ - elevation;
      reference_ = elevation;
    }
  }
  double gain() const { return gain_; }
  double loss() const { return loss_; }

 private:
  double reference_ = kNoElevation;
  double threshold_m_ = kElevationHysteresisMeters;
  double gain_ = 0;
  double loss_ = 0;
};

// Sums moving time: every timed step at walking-pace-or-faster, plus runs of slower steps too
// short to be a stop.
class MovingTime {
 public:
  void AddStep(double seconds, double meters) {
    if (seconds <= 0) return;  // a repeated or backward timestamp says nothing about motion
    if (meters >= kStoppedSpeedMetersPerSecond * seconds) {
      EndSlowRun();
      moving_s_ += seconds;
    } else {
      slow_run_s_ += seconds;
    }
  }
  // A pause, an untimed step or the end of a segment closes the current run of slow steps.
  void EndSlowRun() {
    if (slow_run_s_ < kMinStopSeconds) moving_s_ += slow_run_s_;
    slow_run_s_ = 0;
  }
  double seconds() const { return moving_s_; }

 private:
  double moving_s_ = 0;
  double slow_run_s_ = 0;
};

// The smallest box around the points seen. Longitudes are tracked in two frames, [-180, 180]
// and [0, 360); the narrower span wins, so a track over the antimeridian gets a box a few
// degrees wide instead of one around the world.
class BoundsBuilder {
 public:
  void Add(double lat, double lon) {
    south_ = std::min(south_, lat);
    north_ = std::max(north_, lat);
    west_ = std::min(west_, lon);
    east_ = std::max(east_, lon);
    const double lon360 = lon < 0 ? lon + 360 : lon;
    west360_ = std::min(west360_, lon360);
    east360_ = std::max(east360_, lon360);
  }
  std::optional<BoundingBox> Build() const {
    if (south_ > north_) return std::nullopt;
    if (east360_ - west360_ < east_ - west_) {
      const auto fold = [](double lon) { return lon > 180 ? lon - 360 : lon; };
      return BoundingBox{south_, fold(west360_), north_, fold(east360_)};
    }
    return BoundingBox{south_, west_, north_, east_};
  }

 private:
  double south_ = kInfinity, north_ = -kInfinity;
  double west_ = kInfinity, east_ = -kInfinity;
  double west360_ = kInfinity, east360_ = -kInfinity;
};

// One step of a segment, from the point before to this one.
struct Step {
  bool timed = false;  // both points have a time
  double seconds = 0;  // 0 when untimed
  bool pause = false;  // longer than the segment's pause threshold: no distance, not moving
};

Step StepBetween(const TrackPoint& previous, const TrackPoint& point, bool timed, double pause_s) {
  Step step;
  const int64_t from = UsableTime(previous, timed), to = UsableTime(point, timed);
  step.timed = from != kNoTime && to != kNoTime;
  step.seconds = step.timed ? SecondsBetween(from, to) : 0;
  step.pause = step.timed && step.seconds > pause_s;
  return step;
}

void AddLineSegment(const Segment& segment, bool timed, std::vector<double>& intervals,
                    TrackStatistics& stats, ElevationFilter& elevation, MovingTime& moving) {
  const double pause_s = PauseThresholdSeconds(segment, timed, intervals);
  for (size_t i = 0; i < segment.size(); ++i) {
    const TrackPoint& point = segment[i];
    if (point.HasElevation()) {
      stats.min_elevation_m = std::fmin(stats.min_elevation_m, point.ele);
      stats.max_elevation_m = std::fmax(stats.max_elevation_m, point.ele);
    }
    if (i == 0) {
      elevation.Add(point.ele);
      continue;
    }
    const TrackPoint& previous = segment[i - 1];
    const Step step = StepBetween(previous, point, timed, pause_s);
    if (step.pause) {
      moving.EndSlowRun();
      elevation.Add(point.ele);
      continue;
    }
    const double meters = DistanceMeters(previous.lat, previous.lon, point.lat, point.lon);
    stats.distance_m += meters;
    elevation.Add(point.ele);
    if (step.timed) {
      moving.AddStep(step.seconds, meters);
    } else {
      moving.EndSlowRun();
    }
  }
  moving.EndSlowRun();
}

// Whether a part's timestamps can be trusted at all: not when every plausible one is the same
// instant (a device that stamped its whole memory with one time). One timed point is a start
// time without a duration.
bool PartIsTimed(const TrackPart& part) {
  int64_t first = kNoTime;
  size_t timed = 0;
  for (const Segment& segment : part.segments) {
    for (const TrackPoint& point : segment) {
      if (!IsPlausibleTime(point.time_ms)) continue;
      if (first == kNoTime) first = point.time_ms;
      if (point.time_ms != first) return true;
      ++timed;
    }
  }
  return timed == 1;
}

// Sums the outings. Parts come in file order; one that starts within kOutingGapSeconds of the
// current outing's end (and not before its start) extends it, any other starts a new one.
class Outings {
 public:
  void AddPart(int64_t first_ms, int64_t last_ms) {
    if (last_ms < first_ms) return;  // a clock that runs backwards: no duration to trust
    if (open_ && first_ms >= start_ms_ && SecondsBetween(end_ms_, first_ms) < kOutingGapSeconds) {
      end_ms_ = std::max(end_ms_, last_ms);
      return;
    }
    Close();
    open_ = true;
    start_ms_ = first_ms;
    end_ms_ = last_ms;
    ++count_;
  }
  std::optional<double> TotalSeconds() {
    Close();
    return count_ > 0 ? std::optional<double>(total_s_) : std::nullopt;
  }
  int count() const { return count_; }

 private:
  void Close() {
    if (open_) total_s_ += SecondsBetween(start_ms_, end_ms_);
    open_ = false;
  }

  bool open_ = false;
  int64_t start_ms_ = 0, end_ms_ = 0;
  double total_s_ = 0;
  int count_ = 0;
};

}  // namespace

PartKind LinePartKind(const Track& track) {
  for (const TrackPart& part : track.parts) {
    if (part.kind != PartKind::kTrack) continue;
    for (const Segment& segment : part.segments) {
      if (!segment.empty()) return PartKind::kTrack;
    }
  }
  return PartKind::kRoute;
}

bool IsPlausibleTime(int64_t time_ms) {
  return time_ms != kNoTime && time_ms >= kEarliestPlausibleMs && time_ms < kLatestPlausibleMs;
}

TrackStatistics ComputeStatistics(const Track& track) {
  TrackStatistics stats;
  const PartKind line_kind = LinePartKind(track);
  ElevationFilter elevation;
  MovingTime moving;
  std::vector<double> intervals;
  BoundsBuilder bounds;
  Outings outings;
  for (const TrackPart& part : track.parts) {
    const bool line = part.kind == line_kind;
    const bool timed = line && PartIsTimed(part);
    const bool smooth = line && HasSmoothAltitude(part);
    stats.smooth_elevation_parts += smooth ? 1 : 0;
    elevation.Restart(smooth ? kSmoothHysteresisMeters : kElevationHysteresisMeters);
    int64_t part_first_time = kNoTime, part_last_time = kNoTime;
    for (const Segment& segment : part.segments) {
      stats.points += segment.size();
      for (const TrackPoint& point : segment) bounds.Add(point.lat, point.lon);
      if (!line || segment.empty()) continue;
      if (!stats.start) stats.start = LatLon{segment.front().lat, segment.front().lon};
      for (const TrackPoint& point : segment) {
        const int64_t time = UsableTime(point, timed);
        if (time == kNoTime) continue;
        if (part_first_time == kNoTime) part_first_time = time;
        part_last_time = time;
      }
      AddLineSegment(segment, timed, intervals, stats, elevation, moving);
    }
    if (part_first_time == kNoTime) continue;
    if (stats.start_time_ms == kNoTime) stats.start_time_ms = part_first_time;
    outings.AddPart(part_first_time, part_last_time);
  }
  stats.elapsed_s = outings.TotalSeconds();
  stats.outings = outings.count();
  for (const Waypoint& waypoint : track.waypoints) bounds.Add(waypoint.lat, waypoint.lon);
  if (!stats.start && !track.waypoints.empty()) {
    stats.start = LatLon{track.waypoints.front().lat, track.waypoints.front().lon};
  }
  stats.bounds = bounds.Build();
  stats.elevation_gain_m = elevation.gain();
  stats.elevation_loss_m = elevation.loss();
  if (stats.start_time_ms != kNoTime) stats.moving_s = moving.seconds();
  return stats;
}

void ForEachLinePoint(const Track& track,
                      const std::function<void(const TrackPoint&, double)>& visit) {
  const PartKind line_kind = LinePartKind(track);
  std::vector<double> intervals;
  for (const TrackPart& part : track.parts) {
    if (part.kind != line_kind) continue;
    const bool timed = PartIsTimed(part);
    for (const Segment& segment : part.segments) {
      if (segment.empty()) continue;
      const double pause_s = PauseThresholdSeconds(segment, timed, intervals);
      for (size_t i = 0; i < segment.size(); ++i) {
        double meters = 0;
        if (i > 0 && !StepBetween(segment[i - 1], segment[i], timed, pause_s).pause) {
          meters = DistanceMeters(segment[i - 1].lat, segment[i - 1].lon, segment[i].lat,
                                  segment[i].lon);
        }
        visit(segment[i], meters);
      }
    }
  }
}

std::optional<std::string> DateOf(int64_t time_ms) {
  if (time_ms == kNoTime) return std::nullopt;
  // Floor division, so instants before 1970 land on the right day.
  const util::CivilDate date = util::CivilFromDays(util::FloorDiv(time_ms, 86400000));
  if (date.year < 1 || date.year > 9999) return std::nullopt;
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d", static_cast<int>(date.year), date.month,
                date.day);
  return std::string(text);
}

}  // namespace cairn::geo
