// Reading Garmin FIT activity and course files into a Track with our own decoder (fit_decoder.h).
//
// What is read: record positions (a record without a position is skipped, even when it carries
// altitude or time), enhanced_altitude in preference to altitude, timestamps; course points as
// waypoints; session totals (else lap totals) as the device's totals, summed over sessions; a
// course file's name; the sport (fit_sport.h) of the first session that names one, else of the
// sport message, else of the course. A timer start event begins a new segment at the next point,
// as GPSBabel does (not the stop event: some devices write one more point after it), so no
// distance is summed across a pause. Each chained file starts a new segment too.
//
// Timestamps below 0x10000000 count seconds since the device powered on (system time). They are
// kept as such and turned into UTC at the end with the offset a message of the same file gives
// (fit_clock.h), often written after the records; without one those points have no time and the
// track a warning.
//
// Damaged files:
// - a damaged first header (size, signature, header CRC, protocol version) is rejected;
// - a truncated file, or a message that cannot be decoded, keeps the points read before the
//   damage with a warning, or is rejected naming the damage when there are none;
// - a file CRC that does not match keeps everything with a warning (the messages decoded);
// - a chained file after the first whose header is damaged is ignored with a warning; damage
//   inside it is handled as above, keeping what came before.
// A coordinate outside [-90, 90] / [-180, 180] is an error, and so are more points, pauses or
// course points than the limits below.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "geo/fit_clock.h"
#include "geo/fit_decoder.h"
#include "geo/fit_profile.h"
#include "geo/fit_sport.h"
#include "geo/readers.h"
#include "util/text.h"

namespace cairn::geo {
namespace {

namespace fp = fit_profile;
using fit_internal::DecodedFile;
using fit_internal::DeviceClock;
using fit_internal::FileEnd;
using fit_internal::FileHeader;
using fit_internal::Message;

// 32 bytes a point: 320 MB at most, whatever the file claims.
constexpr size_t kMaxPoints = 10'000'000;
// A segment and a waypoint cost far more than a point, and a hostile file can make one every
// few bytes; real recordings have tens of pauses and course files hundreds of course points.
constexpr size_t kMaxSegments = 100'000;
constexpr size_t kMaxWaypoints = 100'000;

util::Error Invalid(const std::string& message) {
  return util::Error::InvalidArgument("FIT: " + message);
}

std::string ByteOffset(size_t offset) { return "byte " + std::to_string(offset); }

// Adds `raw` / `scale` to an optional running sum; an absent or invalid value adds nothing.
void Accumulate(std::optional<double>& sum, std::optional<int64_t> raw, double scale) {
  if (!raw) return;
  sum = sum.value_or(0) + static_cast<double>(*raw) / scale;
}

// Turns the messages Cairn reads into a track, in file order.
class TrackBuilder {
 public:
  util::Status OnMessage(const Message& message) {
    clocks_.back().OnMessage(message);
    switch (message.global_number()) {
      case fp::kRecord:
        return OnRecord(message);
      case fp::kEvent:
        OnEvent(message);
        break;
      case fp::kCoursePoint:
        return OnCoursePoint(message);
      case fp::kSession:
        saw_session_ = true;
        AddTotals(message, fp::kSessionTotalAscent, fp::kSessionTotalDescent, sessions_);
        SetSport(session_sport_, message, fp::kSessionSport, fp::kSessionSubSport);
        break;
      case fp::kSport:
        SetSport(sport_sport_, message, fp::kSportSport, fp::kSportSubSport);
        break;
      case fp::kCourse:
        saw_course_ = true;
        if (course_name_.empty())
          course_name_ = std::string(util::TrimWhitespace(message.Text(fp::kCourseName)));
        SetSport(course_sport_, message, fp::kCourseSport, fp::kCourseSubSport);
        break;
      case fp::kFileId:
        if (!file_type_) file_type_ = message.Integer(fp::kFileIdType);
        break;
      case fp::kActivity:
        OnActivity(message);
        break;
      case fp::kLap:
        AddTotals(message, fp::kLapTotalAscent, fp::kLapTotalDescent, laps_);
        break;
      default:
        break;
    }
    return util::OkStatus();
  }

  // A chained file is another recording: never joined to the previous one, and with a clock of
  // its own.
  void StartFile() {
    new_segment_ = true;
    clocks_.emplace_back();
    file_starts_.push_back(point_count_);
  }

  size_t PointCount() const { return point_count_; }
  bool Empty() const { return point_count_ == 0 && waypoints_.empty(); }

  Track Finish() && {
    Track track;
    track.format = "FIT";
    if (!current_.empty()) segments_.push_back(std::move(current_));
    const size_t unresolved_points = ResolveSystemTimes();
    const size_t unresolved_waypoints = ResolveWaypointTimes();
    if (!system_times_.empty()) DropOutOfOrder();
    if (!segments_.empty()) {
      TrackPart part;
      part.kind = PartKind::kTrack;
      part.segments = std::move(segments_);
      track.parts.push_back(std::move(part));
    }
    track.waypoints = std::move(waypoints_);
    track.device = saw_session_ ? sessions_ : laps_;
    if (saw_course_ && (!file_type_ || *file_type_ == fp::kFileCourse)) track.name = course_name_;
    track.utc_offset_s = utc_offset_s_;
    track.sport = !session_sport_.empty() ? session_sport_
                  : !sport_sport_.empty() ? sport_sport_
                                          : course_sport_;
    if (out_of_order_ > 0) {
      track.warnings.push_back("FIT: left out " + std::to_string(out_of_order_) +
                               " record(s) whose time is far out of order with the others");
    }
    if (unresolved_points > 0) {
      track.warnings.push_back(
          "FIT: the records' times count from when the device was switched on, and the file does "
          "not say when that was, so the trail has no date or duration");
    } else if (unresolved_waypoints > 0) {
      track.warnings.push_back(
          "FIT: the course points' times count from when the device was switched on, and the "
          "file does not say when that was, so they have no time");
    }
    return track;
  }

 private:
  util::Status OnRecord(const Message& message) {
    const auto lat = message.Integer(fp::kRecordLat);
    const auto lon = message.Integer(fp::kRecordLon);
    if (!lat || !lon) return util::OkStatus();
    TrackPoint point;
    CAIRN_RETURN_IF_ERROR(ToDegrees(message, "a record", *lat, *lon, point.lat, point.lon));
    auto altitude = message.Integer(fp::kRecordEnhancedAltitude);
    if (!altitude) altitude = message.Integer(fp::kRecordAltitude);
    if (altitude) {
      point.ele = static_cast<double>(*altitude) / fp::kAltitudeScale - fp::kAltitudeOffset;
    }
    const std::optional<uint32_t> timestamp = message.timestamp();
    const bool system_time = timestamp && *timestamp < fp::kMinUtcTimestamp;
    // A system time is kept in ms until Finish() knows the offset, and checked for order then.
    point.time_ms = system_time ? int64_t{*timestamp} * 1000 : ToUnixMillis(timestamp);
    // Devices write records in time order. A record far out of order is damage (a salvaged
    // file's last record can carry a time in 2085), and its position is no better: drop it.
    if (!system_time && OutOfOrder(point.time_ms, last_time_ms_)) {
      ++out_of_order_;
      return util::OkStatus();
    }
    if (point.HasTime() && !system_time) last_time_ms_ = point.time_ms;
    CAIRN_RETURN_IF_ERROR(CountPoint());
    if (system_time) {
      system_times_.resize(point_count_);  // a bit for every point kept, false until now
      system_times_.back() = true;
    } else if (!system_times_.empty()) {
      system_times_.push_back(false);
    }
    if (new_segment_ && !current_.empty()) {
      if (segments_.size() + 1 == kMaxSegments) {  // this one and current_ would be too many
        return Invalid("timer pauses cut the file into more than " + std::to_string(kMaxSegments) +
                       " segments, more than Cairn reads");
      }
      segments_.push_back(std::move(current_));
      current_ = Segment();
    }
    new_segment_ = false;
    current_.push_back(point);
    return util::OkStatus();
  }

  void OnEvent(const Message& message) {
    if (message.Integer(fp::kEventEvent) == fp::kEventTimer &&
        message.Integer(fp::kEventType) == fp::kEventTypeStart) {
      new_segment_ = true;
    }
  }

  // The device's time zone: its local time minus UTC at the activity's end, rounded to the
  // quarter hour (zones are whole quarters; the two clocks tick a few ms apart). Only a UTC
  // timestamp and an offset a zone can have are believed.
  void OnActivity(const Message& message) {
    const std::optional<uint32_t> utc = message.timestamp();
    const std::optional<int64_t> local = message.Integer(fp::kActivityLocalTimestamp);
    if (utc_offset_s_ || !utc || !local || *utc < fp::kMinUtcTimestamp) return;
    const int64_t offset = *local - static_cast<int64_t>(*utc);
    if (offset < -fp::kMaxUtcOffsetSeconds || offset > fp::kMaxUtcOffsetSeconds) return;
    utc_offset_s_ = static_cast<int32_t>(std::llround(static_cast<double>(offset) / 900.0) * 900);
  }

  util::Status OnCoursePoint(const Message& message) {
    const auto lat = message.Integer(fp::kCoursePointLat);
    const auto lon = message.Integer(fp::kCoursePointLon);
    if (!lat || !lon) return util::OkStatus();
    Waypoint waypoint;
    CAIRN_RETURN_IF_ERROR(
        ToDegrees(message, "a course point", *lat, *lon, waypoint.lat, waypoint.lon));
    const auto timestamp = message.Integer(fp::kCoursePointTimestamp);
    if (timestamp && *timestamp >= 0 && *timestamp < fp::kMinUtcTimestamp) {
      waypoint.time_ms = *timestamp * 1000;  // system time, resolved by Finish()
      waypoint_system_times_.push_back({waypoints_.size(), clocks_.size() - 1});
    } else if (timestamp && *timestamp >= 0 && *timestamp <= UINT32_MAX) {
      waypoint.time_ms = ToUnixMillis(static_cast<uint32_t>(*timestamp));
    }
    waypoint.name = message.Text(fp::kCoursePointName);
    if (waypoints_.size() >= kMaxWaypoints) {
      return Invalid("the file has more than " + std::to_string(kMaxWaypoints) +
                     " course points, more than Cairn reads from one file");
    }
    waypoints_.push_back(std::move(waypoint));
    return util::OkStatus();
  }

  // The first message to name a sport sets it.
  static void SetSport(std::string& sport, const Message& message, uint8_t sport_field,
                       uint8_t sub_sport_field) {
    if (sport.empty()) {
      sport =
          fit_internal::SportWords(message.Integer(sport_field), message.Integer(sub_sport_field));
    }
  }

  // Whether a record's time is too far from the one before it (both known) to follow it.
  static bool OutOfOrder(int64_t time_ms, int64_t last_time_ms) {
    return time_ms != kNoTime && last_time_ms != kNoTime &&
           (time_ms > last_time_ms + kMaxForwardJumpMillis ||
            time_ms < last_time_ms - kMaxBackwardJumpMillis);
  }

  // Turns the points' system times into UTC with their file's clock, or into kNoTime when the
  // file does not say how; returns how many could not be.
  size_t ResolveSystemTimes() {
    size_t unresolved = 0;
    size_t ordinal = 0;  // of the point in file order
    size_t file = 0;
    for (Segment& segment : segments_) {
      for (TrackPoint& point : segment) {
        while (file + 1 < file_starts_.size() && file_starts_[file + 1] <= ordinal) ++file;
        if (ordinal < system_times_.size() && system_times_[ordinal]) {
          const std::optional<int64_t> offset = clocks_[file].OffsetMillis();
          point.time_ms = offset ? point.time_ms + *offset : kNoTime;
          if (!offset) ++unresolved;
        }
        ++ordinal;
      }
    }
    return unresolved;
  }

  size_t ResolveWaypointTimes() {
    size_t unresolved = 0;
    for (const auto& [index, file] : waypoint_system_times_) {
      const std::optional<int64_t> offset = clocks_[file].OffsetMillis();
      Waypoint& waypoint = waypoints_[index];
      waypoint.time_ms = offset ? waypoint.time_ms + *offset : kNoTime;
      if (!offset) ++unresolved;
    }
    return unresolved;
  }

  // The check OnRecord makes, made again over every point once the system times are resolved.
  void DropOutOfOrder() {
    int64_t last_time_ms = kNoTime;
    for (Segment& segment : segments_) {
      size_t kept = 0;
      for (size_t i = 0; i < segment.size(); ++i) {
        if (OutOfOrder(segment[i].time_ms, last_time_ms)) {
          ++out_of_order_;
          continue;
        }
        if (segment[i].HasTime()) last_time_ms = segment[i].time_ms;
        segment[kept++] = segment[i];
      }
      segment.resize(kept);
    }
    segments_.erase(std::remove_if(segments_.begin(), segments_.end(),
                                   [](const Segment& segment) { return segment.empty(); }),
                    segments_.end());
  }

  static void AddTotals(const Message& message, uint8_t ascent_field, uint8_t descent_field,
                        DeviceTotals& totals) {
    Accumulate(totals.distance_m, message.Integer(fp::kTotalDistance), fp::kDistanceScale);
    Accumulate(totals.elapsed_s, message.Integer(fp::kTotalElapsedTime), fp::kTimeScale);
    Accumulate(totals.timer_s, message.Integer(fp::kTotalTimerTime), fp::kTimeScale);
    Accumulate(totals.ascent_m, message.Integer(ascent_field), 1);
    Accumulate(totals.descent_m, message.Integer(descent_field), 1);
  }

  static util::Status ToDegrees(const Message& message, const char* what, int64_t lat_semicircles,
                                int64_t lon_semicircles, double& lat, double& lon) {
    lat = static_cast<double>(lat_semicircles) * fp::kDegreesPerSemicircle;
    lon = static_cast<double>(lon_semicircles) * fp::kDegreesPerSemicircle;
    if (!(lat >= -90 && lat <= 90) || !(lon >= -180 && lon <= 180)) {
      return Invalid(ByteOffset(message.offset()) + ": " + what + " has latitude " +
                     std::to_string(lat) + " and longitude " + std::to_string(lon) +
                     ", outside [-90, 90] and [-180, 180]");
    }
    return util::OkStatus();
  }

  static int64_t ToUnixMillis(std::optional<uint32_t> timestamp) {
    if (!timestamp || *timestamp < fp::kMinUtcTimestamp) return kNoTime;
    return (static_cast<int64_t>(*timestamp) + fp::kFitEpochUnixSeconds) * 1000;
  }

  util::Status CountPoint() {
    if (point_count_ >= kMaxPoints) {
      return Invalid("the file holds more than " + std::to_string(kMaxPoints) +
                     " points, more than Cairn reads from one file");
    }
    ++point_count_;
    return util::OkStatus();
  }

  // Beyond these a record's time cannot follow the one before it in the same recording.
  static constexpr int64_t kMaxForwardJumpMillis = int64_t{7} * 24 * 3600 * 1000;
  static constexpr int64_t kMaxBackwardJumpMillis = int64_t{3600} * 1000;

  std::vector<Segment> segments_;
  Segment current_;
  int64_t last_time_ms_ = kNoTime;
  size_t out_of_order_ = 0;
  bool new_segment_ = true;
  size_t point_count_ = 0;  // in segments_ and current_
  std::vector<Waypoint> waypoints_;
  bool saw_session_ = false;
  DeviceTotals sessions_;
  DeviceTotals laps_;
  // System times: one clock per chained file, the point ordinal where each file starts, a bit
  // for each point kept saying its time is a system time (empty until one is), and the course
  // points with one (index in waypoints_, file).
  std::vector<DeviceClock> clocks_;
  std::vector<size_t> file_starts_;
  std::vector<bool> system_times_;
  std::vector<std::pair<size_t, size_t>> waypoint_system_times_;
  // Name and sport.
  std::optional<int64_t> file_type_;  // the first file_id's
  bool saw_course_ = false;
  std::optional<int32_t> utc_offset_s_;  // the first activity message's
  std::string course_name_;
  std::string session_sport_;
  std::string sport_sport_;
  std::string course_sport_;
};

std::string Plural(size_t count, const std::string& noun) {
  return std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
}

// What went wrong with one decoded file, in words, without the "FIT: " prefix; "" when nothing.
std::string DescribeDamage(const DecodedFile& decoded, const FileHeader& header) {
  const std::string file = header.start == 0
                               ? std::string("the file")
                               : "the FIT file chained at " + ByteOffset(header.start);
  switch (decoded.end) {
    case FileEnd::kComplete:
      return "";
    case FileEnd::kBadCrc:
      return file + "'s checksum (CRC) does not match its contents, so some values may be wrong";
    case FileEnd::kTruncated:
      return file + " ends " + Plural(decoded.missing, "byte") + " before its declared size";
    case FileEnd::kCorrupt:
      return decoded.problem;
  }
  return "";
}

}  // namespace

util::Result<Track> ReadFit(std::string_view bytes) {
  auto first = fit_internal::ReadFileHeader(bytes, 0);
  if (!first.ok()) return Invalid(first.error().message);
  FileHeader header = *first;

  TrackBuilder builder;
  const fit_internal::MessageHandler handler = [&builder](const Message& message) {
    return builder.OnMessage(message);
  };
  std::vector<std::string> warnings;
  std::string first_damage;
  while (true) {
    builder.StartFile();
    CAIRN_ASSIGN_OR_RETURN(const DecodedFile decoded,
                           fit_internal::DecodeMessages(bytes, header, handler));
    const std::string damage = DescribeDamage(decoded, header);
    if (!damage.empty()) {
      if (first_damage.empty() && decoded.end != FileEnd::kBadCrc) first_damage = damage;
      const size_t points = builder.PointCount();
      warnings.push_back("FIT: " + damage + "; kept " +
                         (decoded.end == FileEnd::kBadCrc ? "all " : "the ") +
                         Plural(points, "track point") +
                         (decoded.end == FileEnd::kBadCrc ? "" : " read before that"));
    }
    if (decoded.end == FileEnd::kTruncated || decoded.end == FileEnd::kCorrupt) break;
    if (decoded.next >= bytes.size()) break;
    auto next = fit_internal::ReadFileHeader(bytes, decoded.next);
    if (!next.ok()) {
      warnings.push_back("FIT: the " + Plural(bytes.size() - decoded.next, "byte") + " from " +
                         ByteOffset(decoded.next) +
                         " on are not a FIT file: " + next.error().message + "; they were ignored");
      break;
    }
    header = *next;
  }

  if (builder.Empty()) {
    if (!first_damage.empty()) return Invalid(first_damage + ", before any track point");
    return NoPositionsError(
        "FIT: the file has no track point (a record with a position) or course point");
  }
  Track track = std::move(builder).Finish();
  warnings.insert(warnings.end(), track.warnings.begin(), track.warnings.end());
  track.warnings = std::move(warnings);
  return track;
}

}  // namespace cairn::geo
