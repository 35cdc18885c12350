// Reading GPX 1.0 and 1.1 into a Track in one streaming pass.
//
// What a user may notice: a <trk> with no points and an empty <trkseg> are dropped, so every part
// holds at least one segment and every segment at least one point. An empty <ele> or "NaN" is a
// missing elevation, but any other text where a number belongs (and any point whose lat or lon is
// missing, not a number or out of range) rejects the file, naming the line and column: such files
// come from broken writers, and tools disagree on what they mean. A time without a zone is UTC.
// Extensions are skipped. A waypoint without <desc> takes its <cmt> as description.
#include "geo/readers.h"
#include "geo/sport.h"
#include "geo/xml_scanner.h"
#include "geo/xml_values.h"

namespace cairn::geo {
namespace {

using xml_internal::Axis;
using xml_internal::ParseDegrees;
using xml_internal::ReadElevationElement;
using xml_internal::ReadStringElement;
using xml_internal::ReadTimeElement;
using xml_internal::XmlAttribute;
using xml_internal::XmlScanner;

// Version 1.0 and 1.1 differ in ways this reader handles alike (1.0 keeps the file's name at the
// top level, 1.1 in <metadata>), so the version only labels the result. A missing version
// attribute falls back to the namespace.
std::string GpxFormat(const XmlScanner& xml) {
  if (const XmlAttribute* version = xml.FindAttribute("version")) {
    if (xml_internal::TrimXmlSpace(version->raw_value) == "1.0") return "GPX 1.0";
    return "GPX 1.1";
  }
  const XmlAttribute* ns = xml.FindAttribute("xmlns");
  return ns && ns->raw_value.ends_with("/GPX/1/0") ? "GPX 1.0" : "GPX 1.1";
}

util::Result<double> ReadCoordinateAttribute(XmlScanner& xml, std::string_view name, Axis axis) {
  const XmlAttribute* attribute = xml.FindAttribute(name);
  if (attribute == nullptr) {
    return xml.ErrorHere("<" + std::string(xml.qualified_name()) + "> has no " + std::string(name) +
                         " attribute");
  }
  return ParseDegrees(xml, xml.AttributeValue(*attribute), axis,
                      xml.OffsetOf(attribute->raw_value, xml.token_offset()), xml.qualified_name());
}

// Reads a <trkpt>, <rtept> or <wpt> through its end tag. With `waypoint`, also the fields only
// waypoints keep (the position, elevation and time are copied there too).
util::Status ReadPoint(XmlScanner& xml, TrackPoint* point, Waypoint* waypoint) {
  CAIRN_ASSIGN_OR_RETURN(point->lat, ReadCoordinateAttribute(xml, "lat", Axis::kLatitude));
  CAIRN_ASSIGN_OR_RETURN(point->lon, ReadCoordinateAttribute(xml, "lon", Axis::kLongitude));
  std::string comment;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (name == "ele") {
      CAIRN_RETURN_IF_ERROR(ReadElevationElement(xml, &point->ele));
    } else if (name == "time") {
      CAIRN_RETURN_IF_ERROR(ReadTimeElement(xml, &point->time_ms));
    } else if (waypoint == nullptr) {
      continue;
    } else if (name == "name") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &waypoint->name));
    } else if (name == "desc") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &waypoint->description));
    } else if (name == "cmt") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &comment));
    } else if (name == "sym") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &waypoint->symbol));
    }
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  if (waypoint != nullptr) {
    waypoint->lat = point->lat;
    waypoint->lon = point->lon;
    waypoint->ele = point->ele;
    waypoint->time_ms = point->time_ms;
    if (waypoint->description.empty()) waypoint->description = std::move(comment);
  }
  return util::OkStatus();
}

// Reads a <trkseg> (its <trkpt>s) or the <rtept>s of a <rte> into `segment`; `part` takes the
// <name> and <desc> of a <rte>.
util::Status ReadPoints(XmlScanner& xml, std::string_view point_name, Segment* segment,
                        TrackPart* part) {
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (name == point_name) {
      TrackPoint& point = segment->emplace_back();
      CAIRN_RETURN_IF_ERROR(ReadPoint(xml, &point, nullptr));
    } else if (part != nullptr && name == "name") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &part->name));
    } else if (part != nullptr && name == "desc") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &part->description));
    }
  }
  return xml.status();
}

util::Status ReadTrack(XmlScanner& xml, Track* track) {
  TrackPart part{.kind = PartKind::kTrack};
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (name == "trkseg") {
      Segment segment;
      CAIRN_RETURN_IF_ERROR(ReadPoints(xml, "trkpt", &segment, nullptr));
      if (!segment.empty()) part.segments.push_back(std::move(segment));
    } else if (name == "name") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &part.name));
    } else if (name == "desc") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &part.description));
    } else if (name == "type") {
      std::string type;
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &type));
      if (track->sport.empty()) track->sport = SportFromText(type);
    }
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  if (!part.segments.empty()) track->parts.push_back(std::move(part));
  return util::OkStatus();
}

util::Status ReadRoute(XmlScanner& xml, Track* track) {
  TrackPart part{.kind = PartKind::kRoute};
  Segment segment;
  CAIRN_RETURN_IF_ERROR(ReadPoints(xml, "rtept", &segment, &part));
  if (segment.empty()) return util::OkStatus();
  part.segments.push_back(std::move(segment));
  track->parts.push_back(std::move(part));
  return util::OkStatus();
}

// The file's own name, description and time: children of <metadata> in GPX 1.1, of <gpx> itself
// in GPX 1.0. The first non-empty value of each wins.
util::Status ReadFileField(XmlScanner& xml, std::string_view name, Track* track) {
  if (name == "time") {
    int64_t time_ms = kNoTime;
    CAIRN_RETURN_IF_ERROR(ReadTimeElement(xml, &time_ms));
    if (track->time_ms == kNoTime) track->time_ms = time_ms;
    return util::OkStatus();
  }
  std::string value;
  CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &value));
  std::string& field = name == "name" ? track->name : track->description;
  if (field.empty()) field = std::move(value);
  return util::OkStatus();
}

bool IsFileField(std::string_view name) {
  return name == "name" || name == "desc" || name == "time";
}

util::Status ReadMetadata(XmlScanner& xml, Track* track) {
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (IsFileField(name)) CAIRN_RETURN_IF_ERROR(ReadFileField(xml, name, track));
  }
  return xml.status();
}

}  // namespace

util::Result<Track> ReadGpx(std::string_view bytes) {
  XmlScanner xml(bytes, "GPX");
  if (!xml.Next()) return xml.error();
  if (!xml.IsStartTag("gpx")) {
    return xml.ErrorHere("the root element is <" +
                         xml_internal::QuoteForMessage(xml.qualified_name()) + ">, not <gpx>");
  }
  Track track;
  track.format = GpxFormat(xml);
  while (xml.NextChild(1)) {
    const std::string_view name = xml.local_name();
    if (name == "trk") {
      CAIRN_RETURN_IF_ERROR(ReadTrack(xml, &track));
    } else if (name == "rte") {
      CAIRN_RETURN_IF_ERROR(ReadRoute(xml, &track));
    } else if (name == "wpt") {
      TrackPoint point;
      Waypoint& waypoint = track.waypoints.emplace_back();
      CAIRN_RETURN_IF_ERROR(ReadPoint(xml, &point, &waypoint));
    } else if (name == "metadata") {
      CAIRN_RETURN_IF_ERROR(ReadMetadata(xml, &track));
    } else if (IsFileField(name)) {
      CAIRN_RETURN_IF_ERROR(ReadFileField(xml, name, &track));
    }
  }
  xml.Next();  // past the root: only comments and white space may follow
  CAIRN_RETURN_IF_ERROR(xml.status());
  if (track.parts.empty() && track.waypoints.empty()) {
    return NoPositionsError("GPX: the file has no track, route or waypoint");
  }
  return track;
}

}  // namespace cairn::geo
