// Reading Garmin Training Center XML (TCX v2) activities and courses into a Track in one
// streaming pass.
//
// Shape of the result: one TrackPart per <Activity> (kTrack) and per <Course> (kRoute), named by
// the activity's <Id> or the course's <Name>; each <Track> inside becomes one Segment, because a
// device starts a new <Track> after the timer was stopped. Laps are not parts of their own: they
// are the user's button presses inside one continuous recording. <Trackpoint>s without
// <Position> (sensor-only samples) are skipped and counted in a warning, but a <Position> whose
// degrees are missing, not numbers or out of range rejects the file. Device totals are summed over
// the activities' laps: <DistanceMeters> into distance_m and <TotalTimeSeconds> into timer_s
// (Garmin fills it from the timer, which stops on pause, so it is not the elapsed time). A
// course's laps are a plan, not a recording, and are not device totals. <CoursePoint>s become
// waypoints.
#include <string>

#include "geo/readers.h"
#include "geo/sport.h"
#include "geo/xml_scanner.h"
#include "geo/xml_values.h"

namespace cairn::geo {
namespace {

using xml_internal::Axis;
using xml_internal::ParseDegrees;
using xml_internal::ReadElevationElement;
using xml_internal::ReadNumberElement;
using xml_internal::ReadStringElement;
using xml_internal::ReadTimeElement;
using xml_internal::XmlScanner;

struct TcxReader {
  explicit TcxReader(std::string_view bytes) : xml(bytes, "TCX") {}

  XmlScanner xml;
  Track track;
  size_t skipped_trackpoints = 0;
  double lap_distance_m = 0;
  double lap_timer_s = 0;
  bool has_lap_distance = false;
  bool has_lap_timer = false;
};

// Reads a <Position> into `point`: both degrees must be there.
util::Status ReadPosition(XmlScanner& xml, TrackPoint* point) {
  const size_t offset = xml.token_offset();
  const size_t depth = xml.depth();
  bool has_lat = false, has_lon = false;
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    const bool latitude = name == "LatitudeDegrees";
    if (!latitude && name != "LongitudeDegrees") continue;
    const std::string_view element = xml.qualified_name();
    const size_t element_offset = xml.token_offset();
    std::string_view text;
    if (!xml.ReadText(&text)) return xml.status();
    CAIRN_ASSIGN_OR_RETURN(const double degrees,
                           ParseDegrees(xml, text, latitude ? Axis::kLatitude : Axis::kLongitude,
                                        element_offset, element));
    (latitude ? point->lat : point->lon) = degrees;
    (latitude ? has_lat : has_lon) = true;
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  if (!has_lat || !has_lon) {
    return xml.ErrorAt(offset, std::string("a <Position> has no <") +
                                   (has_lat ? "LongitudeDegrees" : "LatitudeDegrees") + ">");
  }
  return util::OkStatus();
}

// Reads a <Trackpoint> or <CoursePoint>; `*has_position` tells whether it had a <Position>.
// With `waypoint`, also a course point's name, type and notes.
util::Status ReadTrackpoint(XmlScanner& xml, TrackPoint* point, bool* has_position,
                            Waypoint* waypoint) {
  *has_position = false;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (name == "Position") {
      CAIRN_RETURN_IF_ERROR(ReadPosition(xml, point));
      *has_position = true;
    } else if (name == "Time") {
      CAIRN_RETURN_IF_ERROR(ReadTimeElement(xml, &point->time_ms));
    } else if (name == "AltitudeMeters") {
      CAIRN_RETURN_IF_ERROR(ReadElevationElement(xml, &point->ele));
    } else if (waypoint != nullptr && name == "Name") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &waypoint->name));
    } else if (waypoint != nullptr && name == "PointType") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &waypoint->symbol));
    } else if (waypoint != nullptr && name == "Notes") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &waypoint->description));
    }
  }
  return xml.status();
}

// Reads a <Track> into a segment of `part` (dropped when no trackpoint had a position).
util::Status ReadTrack(TcxReader& reader, TrackPart* part) {
  XmlScanner& xml = reader.xml;
  Segment segment;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    if (xml.local_name() != "Trackpoint") continue;
    TrackPoint point;
    bool has_position = false;
    CAIRN_RETURN_IF_ERROR(ReadTrackpoint(xml, &point, &has_position, nullptr));
    if (has_position) {
      segment.push_back(point);
    } else {
      ++reader.skipped_trackpoints;
    }
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  if (!segment.empty()) part->segments.push_back(std::move(segment));
  return util::OkStatus();
}

util::Status ReadLap(TcxReader& reader, TrackPart* part, bool is_activity) {
  XmlScanner& xml = reader.xml;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (name == "Track") {
      CAIRN_RETURN_IF_ERROR(ReadTrack(reader, part));
    } else if (is_activity && name == "DistanceMeters") {
      double meters = 0;
      CAIRN_RETURN_IF_ERROR(ReadNumberElement(xml, &meters));
      reader.lap_distance_m += meters;
      reader.has_lap_distance = true;
    } else if (is_activity && name == "TotalTimeSeconds") {
      double seconds = 0;
      CAIRN_RETURN_IF_ERROR(ReadNumberElement(xml, &seconds));
      reader.lap_timer_s += seconds;
      reader.has_lap_timer = true;
    }
  }
  return xml.status();
}

// Reads an <Activity> or a <Course>: its laps and tracks, and a course's points.
util::Status ReadActivityOrCourse(TcxReader& reader, bool is_activity) {
  XmlScanner& xml = reader.xml;
  TrackPart part{.kind = is_activity ? PartKind::kTrack : PartKind::kRoute};
  if (const xml_internal::XmlAttribute* sport = xml.FindAttribute("Sport");
      is_activity && sport != nullptr && reader.track.sport.empty()) {
    reader.track.sport = SportFromText(xml.AttributeValue(*sport));
  }
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (name == "Lap") {
      CAIRN_RETURN_IF_ERROR(ReadLap(reader, &part, is_activity));
    } else if (name == "Track") {
      CAIRN_RETURN_IF_ERROR(ReadTrack(reader, &part));  // a course's track sits outside laps
    } else if (name == (is_activity ? "Id" : "Name")) {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &part.name));
    } else if (name == "Notes") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &part.description));
    } else if (!is_activity && name == "CoursePoint") {
      const size_t offset = xml.token_offset();
      TrackPoint point;
      Waypoint waypoint;
      bool has_position = false;
      CAIRN_RETURN_IF_ERROR(ReadTrackpoint(xml, &point, &has_position, &waypoint));
      if (!has_position) return xml.ErrorAt(offset, "a <CoursePoint> has no <Position>");
      waypoint.lat = point.lat;
      waypoint.lon = point.lon;
      waypoint.ele = point.ele;
      waypoint.time_ms = point.time_ms;
      reader.track.waypoints.push_back(std::move(waypoint));
    }
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  if (reader.track.name.empty()) reader.track.name = part.name;
  if (!part.segments.empty()) reader.track.parts.push_back(std::move(part));
  return util::OkStatus();
}

// Reads the activities under <Activities>, found directly or in a <MultiSportSession>'s
// <FirstSport> and <NextSport>.
util::Status ReadActivities(TcxReader& reader) {
  XmlScanner& xml = reader.xml;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    if (xml.local_name() == "Activity") {
      CAIRN_RETURN_IF_ERROR(ReadActivityOrCourse(reader, /*is_activity=*/true));
    } else if (xml.local_name() == "MultiSportSession") {
      const size_t session_depth = xml.depth();
      while (xml.NextChild(session_depth)) {
        const size_t sport_depth = xml.depth();
        while (xml.NextChild(sport_depth)) {
          if (xml.local_name() != "Activity") continue;
          CAIRN_RETURN_IF_ERROR(ReadActivityOrCourse(reader, /*is_activity=*/true));
        }
      }
    }
  }
  return xml.status();
}

// Reads the root's <Activities> and <Courses>. <Folders>, <Workouts> and <Author> hold no
// positions and are skipped.
util::Status ReadDatabase(TcxReader& reader) {
  XmlScanner& xml = reader.xml;
  while (xml.NextChild(1)) {
    if (xml.local_name() == "Activities") {
      CAIRN_RETURN_IF_ERROR(ReadActivities(reader));
    } else if (xml.local_name() == "Courses") {
      const size_t depth = xml.depth();
      while (xml.NextChild(depth)) {
        if (xml.local_name() != "Course") continue;
        CAIRN_RETURN_IF_ERROR(ReadActivityOrCourse(reader, /*is_activity=*/false));
      }
    }
  }
  xml.Next();  // past the root: only comments and white space may follow
  return xml.status();
}

}  // namespace

util::Result<Track> ReadTcx(std::string_view bytes) {
  TcxReader reader(bytes);
  XmlScanner& xml = reader.xml;
  if (!xml.Next()) return xml.error();
  if (!xml.IsStartTag("TrainingCenterDatabase")) {
    return xml.ErrorHere("the root element is <" +
                         xml_internal::QuoteForMessage(xml.qualified_name()) +
                         ">, not <TrainingCenterDatabase>");
  }
  CAIRN_RETURN_IF_ERROR(ReadDatabase(reader));
  Track& track = reader.track;
  track.format = "TCX";
  if (reader.has_lap_distance) track.device.distance_m = reader.lap_distance_m;
  if (reader.has_lap_timer) track.device.timer_s = reader.lap_timer_s;
  if (track.parts.empty() && track.waypoints.empty()) {
    return NoPositionsError("TCX: the file has no activity or course with a positioned trackpoint");
  }
  if (reader.skipped_trackpoints > 0) {
    track.warnings.push_back("TCX: skipped " + std::to_string(reader.skipped_trackpoints) +
                             " trackpoints without a position");
  }
  return std::move(reader.track);
}

}  // namespace cairn::geo
