// Reading KML 2.2 (with Google's gx: extensions) into a Track in one streaming pass.
//
// What becomes what: each Placemark's Point is a waypoint (with the placemark's name,
// description, <TimeStamp><when> and styleUrl as symbol); its LineStrings and gx:Tracks, also
// inside MultiGeometry and gx:MultiTrack, are the segments of one TrackPart named after the
// placemark: kTrack when a gx:Track is among them, else kRoute. An empty <gx:coord/> is a pause
// (OpenTracks writes one at each pause): it ends the segment. Polygons and LinearRings are areas,
// not paths, and are ignored, as are Models. Documents and Folders nest freely; the Track's name
// and description come from the first <Document>, else the first <Folder>.
//
// Altitudes: under the default altitudeMode clampToGround (and clampToSeaFloor) KML itself
// ignores the altitude, and writers without elevation data put 0 there, so 0 is read as "no
// elevation" while other values are kept (many writers store real elevations without saying
// "absolute"). Under relativeToGround/relativeToSeaFloor the value is a height above the ground,
// not an elevation, and is dropped. Under absolute every value, 0 included, is an elevation.
//
// Coordinates that are not numbers ("no,no") or out of range reject the file, naming the line and
// column: tools disagree about such files, so we do not guess.
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "geo/readers.h"
#include "geo/xml_scanner.h"
#include "geo/xml_values.h"

namespace cairn::geo {
namespace {

using xml_internal::ParseNumber;
using xml_internal::QuoteForMessage;
using xml_internal::ReadStringElement;
using xml_internal::ReadTimeElement;
using xml_internal::TrimXmlSpace;
using xml_internal::XmlScanner;

constexpr int kMaxGeometryNesting = 16;  // MultiGeometry inside MultiGeometry

enum class AltitudeMode { kClampToGround, kRelative, kAbsolute };

bool IsXmlSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

AltitudeMode ParseAltitudeMode(std::string_view text) {
  text = TrimXmlSpace(text);
  if (text == "absolute") return AltitudeMode::kAbsolute;
  if (text == "relativeToGround" || text == "relativeToSeaFloor") return AltitudeMode::kRelative;
  return AltitudeMode::kClampToGround;  // also KML's rule for values it does not know
}

void ApplyAltitudeMode(AltitudeMode mode, Segment* points) {
  if (mode == AltitudeMode::kAbsolute) return;
  for (TrackPoint& point : *points) {
    if (mode == AltitudeMode::kRelative || point.ele == 0) point.ele = kNoElevation;
  }
}

struct PlacemarkGeometry {
  std::vector<Segment> segments;
  Segment points;  // from <Point>s: waypoints
  bool has_track = false;
  int empty_points = 0;
};

struct KmlReader {
  explicit KmlReader(std::string_view bytes) : xml(bytes, "KML") {}

  XmlScanner xml;
  Track track;
  std::string folder_name;
  int empty_points = 0;
};

util::Error BadTuple(const XmlScanner& xml, std::string_view text, size_t begin,
                     size_t fallback_offset, std::string_view problem) {
  size_t end = begin;
  while (end < text.size() && !IsXmlSpace(text[end])) ++end;
  const std::string_view tuple = text.substr(begin, end - begin);
  return xml.ErrorAt(xml.OffsetOf(tuple, fallback_offset),
                     "the coordinates \"" + QuoteForMessage(tuple) + "\" " + std::string(problem));
}

// Parses a <coordinates> text: "lon,lat[,alt]" tuples separated by white space (white space after
// a comma is tolerated; it is unambiguous). `offset` is the element's, for errors when the text
// is not a view into the input.
util::Status ParseCoordinates(const XmlScanner& xml, std::string_view text, size_t offset,
                              Segment* out) {
  size_t i = 0;
  const auto skip_space = [&] {
    while (i < text.size() && IsXmlSpace(text[i])) ++i;
  };
  while (true) {
    skip_space();
    if (i >= text.size()) return util::OkStatus();
    const size_t tuple_begin = i;
    double values[3] = {0, 0, kNoElevation};
    int count = 0;
    while (true) {
      const size_t number_begin = i;
      while (i < text.size() && text[i] != ',' && !IsXmlSpace(text[i])) ++i;
      const std::optional<double> value = ParseNumber(text.substr(number_begin, i - number_begin));
      if (!value || count == 3) {
        return BadTuple(xml, text, tuple_begin, offset, "are not lon,lat[,alt] numbers");
      }
      values[count++] = *value;
      const size_t after_number = i;
      skip_space();
      if (i < text.size() && text[i] == ',') {
        ++i;
        skip_space();
        continue;
      }
      i = after_number;
      break;
    }
    if (count < 2) return BadTuple(xml, text, tuple_begin, offset, "are not lon,lat[,alt] numbers");
    if (std::abs(values[0]) > 180 || std::abs(values[1]) > 90) {
      return BadTuple(xml, text, tuple_begin, offset,
                      "are outside -180 to 180 (longitude) or -90 to 90 (latitude)");
    }
    out->push_back({.lat = values[1], .lon = values[0], .ele = values[2]});
  }
}

// Reads a <Point> or <LineString> (their <coordinates> and <altitudeMode>) into `points`.
util::Status ReadCoordinatesGeometry(XmlScanner& xml, Segment* points) {
  AltitudeMode mode = AltitudeMode::kClampToGround;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    const size_t offset = xml.token_offset();
    std::string_view text;
    if (name == "coordinates") {
      if (!xml.ReadText(&text)) return xml.status();
      CAIRN_RETURN_IF_ERROR(ParseCoordinates(xml, text, offset, points));
    } else if (name == "altitudeMode") {
      if (!xml.ReadText(&text)) return xml.status();
      mode = ParseAltitudeMode(text);
    }
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  ApplyAltitudeMode(mode, points);
  return util::OkStatus();
}

// Parses a <gx:coord> text, "lon lat [alt]", into `point`.
util::Status ParseGxCoord(const XmlScanner& xml, std::string_view text, size_t offset,
                          TrackPoint* point) {
  double values[3] = {0, 0, kNoElevation};
  int count = 0;
  size_t i = 0;
  while (true) {
    while (i < text.size() && IsXmlSpace(text[i])) ++i;
    if (i >= text.size()) break;
    const size_t begin = i;
    while (i < text.size() && !IsXmlSpace(text[i])) ++i;
    const std::optional<double> value = ParseNumber(text.substr(begin, i - begin));
    if (!value || count == 3) {
      count = -1;
      break;
    }
    values[count++] = *value;
  }
  if (count < 2) {
    return xml.ErrorAt(offset, "the <gx:coord> \"" + QuoteForMessage(TrimXmlSpace(text)) +
                                   "\" is not \"lon lat [alt]\" numbers");
  }
  if (std::abs(values[0]) > 180 || std::abs(values[1]) > 90) {
    return xml.ErrorAt(offset, "the <gx:coord> \"" + QuoteForMessage(TrimXmlSpace(text)) +
                                   "\" is outside -180 to 180 (longitude) or -90 to 90 (latitude)");
  }
  *point = {.lat = values[1], .lon = values[0], .ele = values[2]};
  return util::OkStatus();
}

// Reads a <gx:Track>: its <when>s paired in order with its <gx:coord>s, split into segments at
// empty <gx:coord/>s and appended to `out` with altitudes as written; `mode` receives the track's
// own altitudeMode, if it has one.
util::Status ReadGxTrack(XmlScanner& xml, std::vector<Segment>* out,
                         std::optional<AltitudeMode>* mode) {
  const size_t track_offset = xml.token_offset();
  Segment coords;  // a pause is stored as a point with NaN latitude until the split below
  std::vector<int64_t> times;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view name = xml.local_name();
    if (name == "when") {
      CAIRN_RETURN_IF_ERROR(ReadTimeElement(xml, &times.emplace_back()));
    } else if (name == "coord") {
      const size_t offset = xml.token_offset();
      std::string_view text;
      if (!xml.ReadText(&text)) return xml.status();
      TrackPoint& point = coords.emplace_back();
      if (TrimXmlSpace(text).empty()) {
        point.lat = kNoElevation;
      } else {
        CAIRN_RETURN_IF_ERROR(ParseGxCoord(xml, text, xml.OffsetOf(text, offset), &point));
      }
    } else if (name == "altitudeMode") {
      std::string_view text;
      if (!xml.ReadText(&text)) return xml.status();
      *mode = ParseAltitudeMode(text);
    }
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  if (!times.empty() && times.size() != coords.size()) {
    return xml.ErrorAt(track_offset, "a <gx:Track> has " + std::to_string(times.size()) +
                                         " <when> but " + std::to_string(coords.size()) +
                                         " <gx:coord>; they must pair up");
  }
  Segment segment;
  for (size_t i = 0; i < coords.size(); ++i) {
    if (std::isnan(coords[i].lat)) {
      if (!segment.empty()) out->push_back(std::move(segment));
      segment.clear();
      continue;
    }
    if (!times.empty()) coords[i].time_ms = times[i];
    segment.push_back(coords[i]);
  }
  if (!segment.empty()) out->push_back(std::move(segment));
  return util::OkStatus();
}

// Reads the geometry element at the scanner into `geometry`; elements that are not point or line
// geometries are skipped.
util::Status ReadGeometry(XmlScanner& xml, int nesting, PlacemarkGeometry* geometry) {
  const std::string_view name = xml.local_name();
  if (name == "Point") {
    Segment points;
    const size_t offset = xml.token_offset();
    CAIRN_RETURN_IF_ERROR(ReadCoordinatesGeometry(xml, &points));
    if (points.size() > 1) {
      return xml.ErrorAt(offset, "a <Point> has " + std::to_string(points.size()) +
                                     " coordinates; it must have one");
    }
    if (points.empty()) ++geometry->empty_points;
    geometry->points.insert(geometry->points.end(), points.begin(), points.end());
  } else if (name == "LineString") {
    Segment line;
    CAIRN_RETURN_IF_ERROR(ReadCoordinatesGeometry(xml, &line));
    if (!line.empty()) geometry->segments.push_back(std::move(line));
  } else if (name == "Track") {
    std::vector<Segment> segments;
    std::optional<AltitudeMode> mode;
    CAIRN_RETURN_IF_ERROR(ReadGxTrack(xml, &segments, &mode));
    for (Segment& segment : segments) {
      ApplyAltitudeMode(mode.value_or(AltitudeMode::kClampToGround), &segment);
      geometry->segments.push_back(std::move(segment));
    }
    geometry->has_track = true;
  } else if (name == "MultiTrack") {
    // The MultiTrack's altitudeMode may come before or after its tracks, so it is applied at the
    // end, to the segments of tracks that set none of their own.
    std::vector<Segment> segments;
    std::vector<std::optional<AltitudeMode>> segment_modes;
    AltitudeMode multi_mode = AltitudeMode::kClampToGround;
    const size_t depth = xml.depth();
    while (xml.NextChild(depth)) {
      if (xml.local_name() == "Track") {
        std::optional<AltitudeMode> mode;
        CAIRN_RETURN_IF_ERROR(ReadGxTrack(xml, &segments, &mode));
        segment_modes.resize(segments.size(), mode);
      } else if (xml.local_name() == "altitudeMode") {
        std::string_view text;
        if (!xml.ReadText(&text)) return xml.status();
        multi_mode = ParseAltitudeMode(text);
      }
    }
    CAIRN_RETURN_IF_ERROR(xml.status());
    for (size_t i = 0; i < segments.size(); ++i) {
      ApplyAltitudeMode(segment_modes[i].value_or(multi_mode), &segments[i]);
      geometry->segments.push_back(std::move(segments[i]));
    }
    geometry->has_track = true;
  } else if (name == "MultiGeometry") {
    if (nesting >= kMaxGeometryNesting) {
      return xml.ErrorHere("MultiGeometry is nested more than " +
                           std::to_string(kMaxGeometryNesting) + " deep");
    }
    const size_t depth = xml.depth();
    while (xml.NextChild(depth)) {
      CAIRN_RETURN_IF_ERROR(ReadGeometry(xml, nesting + 1, geometry));
    }
    return xml.status();
  }
  return util::OkStatus();
}

util::Status ReadPlacemark(KmlReader& reader) {
  XmlScanner& xml = reader.xml;
  std::string name, description, style;
  int64_t time_ms = kNoTime;
  PlacemarkGeometry geometry;
  const size_t depth = xml.depth();
  while (xml.NextChild(depth)) {
    const std::string_view element = xml.local_name();
    if (element == "name") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &name));
    } else if (element == "description") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &description));
    } else if (element == "styleUrl") {
      CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &style));
    } else if (element == "TimeStamp") {
      const size_t stamp_depth = xml.depth();
      while (xml.NextChild(stamp_depth)) {
        if (xml.local_name() == "when") CAIRN_RETURN_IF_ERROR(ReadTimeElement(xml, &time_ms));
      }
    } else {
      CAIRN_RETURN_IF_ERROR(ReadGeometry(xml, 0, &geometry));
    }
  }
  CAIRN_RETURN_IF_ERROR(xml.status());
  reader.empty_points += geometry.empty_points;
  if (style.starts_with('#')) style.erase(0, 1);  // a reference to a style in this document
  for (const TrackPoint& point : geometry.points) {
    reader.track.waypoints.push_back({.lat = point.lat,
                                      .lon = point.lon,
                                      .ele = point.ele,
                                      .time_ms = time_ms,
                                      .name = name,
                                      .description = description,
                                      .symbol = style});
  }
  if (!geometry.segments.empty()) {
    reader.track.parts.push_back({.kind = geometry.has_track ? PartKind::kTrack : PartKind::kRoute,
                                  .name = std::move(name),
                                  .description = std::move(description),
                                  .segments = std::move(geometry.segments)});
  }
  return util::OkStatus();
}

// Walks the whole document without recursion: Documents, Folders and anything else are entered
// as they come, so their nesting costs nothing here (the scanner bounds it).
util::Status ReadDocument(KmlReader& reader) {
  XmlScanner& xml = reader.xml;
  while (xml.Next()) {
    if (xml.kind() != xml_internal::XmlTokenKind::kStartTag) continue;
    const std::string_view name = xml.local_name();
    if (name == "Placemark") {
      CAIRN_RETURN_IF_ERROR(ReadPlacemark(reader));
      continue;
    }
    const std::string_view parent = xml.ParentLocalName();
    std::string* field = nullptr;
    if (parent == "Document" && name == "name") field = &reader.track.name;
    if (parent == "Document" && name == "description") field = &reader.track.description;
    if (parent == "Folder" && name == "name") field = &reader.folder_name;
    if (field == nullptr) continue;
    std::string value;
    CAIRN_RETURN_IF_ERROR(ReadStringElement(xml, &value));
    if (field->empty()) *field = std::move(value);
  }
  return xml.status();
}

}  // namespace

util::Result<Track> ReadKml(std::string_view bytes) {
  KmlReader reader(bytes);
  XmlScanner& xml = reader.xml;
  if (!xml.Next()) return xml.error();
  if (!xml.IsStartTag("kml")) {
    return xml.ErrorHere("the root element is <" + QuoteForMessage(xml.qualified_name()) +
                         ">, not <kml>");
  }
  CAIRN_RETURN_IF_ERROR(ReadDocument(reader));
  Track& track = reader.track;
  track.format = "KML";
  if (track.name.empty()) track.name = std::move(reader.folder_name);
  if (track.parts.empty() && track.waypoints.empty()) {
    return util::Error::InvalidArgument(
        "KML: the file has no placemark with a point, a line or a track");
  }
  if (reader.empty_points > 0) {
    track.warnings.push_back("KML: skipped " + std::to_string(reader.empty_points) +
                             " placemark points without coordinates");
  }
  return std::move(reader.track);
}

}  // namespace cairn::geo
