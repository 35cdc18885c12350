// GPX 1.1 and GeoJSON writers, streaming into one reserved string (no document tree).
#include "geo/writers.h"

#include <charconv>
#include <cmath>
#include <string_view>

#include "util/civil_date.h"

namespace cairn::geo {
namespace {

constexpr int kCoordinateDecimals = 9;  // 0.1 mm: keeps every digit a GPS file carries
constexpr int kElevationDecimals = 3;
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
// xsd:dateTime and ISO 8601 need a four-digit year: 0001-01-01 to 9999-12-31.
constexpr int64_t kFirstWritableMillis = -62135596800000;
constexpr int64_t kLastWritableMillis = 253402300799999;

// The length of the well-formed UTF-8 sequence at text[at] and its code point, or 0 when the
// bytes there are not one (stray continuation, overlong form, surrogate, past U+10FFFF, cut).
size_t DecodeUtf8(std::string_view text, size_t at, char32_t* code_point) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[at + i]); };
  const unsigned char lead = byte(0);
  size_t length;
  char32_t value;
  if (lead < 0x80) {
    *code_point = lead;
    return 1;
  } else if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2, value = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3, value = lead & 0x0F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4, value = lead & 0x07;
  } else {
    return 0;
  }
  if (at + length > text.size()) return 0;
  for (size_t i = 1; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
    value = (value << 6) | (byte(i) & 0x3F);
  }
  const bool overlong = (length == 3 && value < 0x800) || (length == 4 && value < 0x10000);
  if (overlong || (value >= 0xD800 && value <= 0xDFFF) || value > 0x10FFFF) return 0;
  *code_point = value;
  return length;
}

void AppendXmlText(std::string_view text, std::string* out) {
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    switch (c) {
      case '<':
        *out += "&lt;";
        break;
      case '>':
        *out += "&gt;";
        break;
      case '&':
        *out += "&amp;";
        break;
      case '"':
        *out += "&quot;";
        break;
      case '\'':
        *out += "&apos;";
        break;
      case '\r':
        *out += "&#13;";
        break;  // a raw CR would be read back as a line feed
      case '\t':
      case '\n':
        *out += c;
        break;
      default: {
        char32_t code_point;
        const size_t length = DecodeUtf8(text, i, &code_point);
        // XML 1.0 has no way to write most C0 controls, U+FFFE or U+FFFF, even as references.
        if (length == 0 || code_point < 0x20 || code_point == 0xFFFE || code_point == 0xFFFF) {
          *out += kReplacement;
        } else {
          out->append(text, i, length);
        }
        i += length == 0 ? 1 : length;
        continue;
      }
    }
    ++i;
  }
}

void AppendJsonString(std::string_view text, std::string* out) {
  *out += '"';
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    char32_t code_point;
    const size_t length = DecodeUtf8(text, i, &code_point);
    if (length == 0) {
      *out += kReplacement;  // JSON text must be UTF-8
      ++i;
      continue;
    }
    if (c == '"' || c == '\\') {
      *out += '\\';
      *out += c;
    } else if (code_point < 0x20) {
      static constexpr char kShort[] = "btn.fr";  // \b \t \n \f \r by code 8 to 13; '.' = none
      if (code_point >= 8 && code_point <= 13 && kShort[code_point - 8] != '.') {
        *out += '\\';
        *out += kShort[code_point - 8];
      } else {
        static constexpr char kHex[] = "0123456789abcdef";
        *out += "\\u00";
        *out += kHex[code_point >> 4];
        *out += kHex[code_point & 0xF];
      }
    } else {
      out->append(text, i, length);
    }
    i += length;
  }
  *out += '"';
}

// `value` with at most `decimals` decimals, trailing zeros dropped: 46.5, 14, -0.000001.
void AppendNumber(double value, int decimals, std::string* out) {
  char buffer[400];  // DBL_MAX has 309 integer digits
  const auto result =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, decimals);
  char* end = result.ptr;
  if (decimals > 0) {
    while (end[-1] == '0') --end;
    if (end[-1] == '.') --end;
  }
  const std::string_view text(buffer, static_cast<size_t>(end - buffer));
  *out += text == "-0" ? "0" : text;
}

bool IsWritable(double lat, double lon) { return std::isfinite(lat) && std::isfinite(lon); }
bool HasWritableTime(int64_t millis) {
  return millis != kNoTime && millis >= kFirstWritableMillis && millis <= kLastWritableMillis;
}
bool HasWritableElevation(double ele) { return std::isfinite(ele); }

// "2024-05-06T07:08:09.123Z"; the caller checks HasWritableTime first. Written by hand, not
// with gmtime and printf, because it runs for every point and was half of the writing time.
void AppendTime(int64_t millis, std::string* out) {
  constexpr int64_t kMillisPerDay = 86'400'000;
  const int64_t days = util::FloorDiv(millis, kMillisPerDay);
  const int64_t of_day = millis - days * kMillisPerDay;
  const util::CivilDate date = util::CivilFromDays(days);
  char text[] = "0000-00-00T00:00:00.000Z";
  const auto put = [&text](size_t at, int64_t value, int digits) {
    for (int i = digits - 1; i >= 0; --i, value /= 10)
      text[at + i] = static_cast<char>('0' + value % 10);
  };
  put(0, date.year, 4);
  put(5, date.month, 2);
  put(8, date.day, 2);
  put(11, of_day / 3'600'000, 2);
  put(14, of_day / 60'000 % 60, 2);
  put(17, of_day / 1000 % 60, 2);
  put(20, of_day % 1000, 3);
  out->append(text, sizeof text - 1);
}

// ---- GPX ----

void AppendXmlElement(std::string_view indent, std::string_view tag, std::string_view text,
                      std::string* out) {
  if (text.empty()) return;
  *out += indent;
  *out += '<';
  *out += tag;
  *out += '>';
  AppendXmlText(text, out);
  *out += "</";
  *out += tag;
  *out += ">\n";
}

// <tag lat=".." lon=".."> with <ele> and <time> inside, and `extra` (already escaped) after.
template <class Point>
void AppendGpxPoint(std::string_view indent, std::string_view tag, const Point& point,
                    const std::string& extra, std::string* out) {
  *out += indent;
  *out += '<';
  *out += tag;
  *out += " lat=\"";
  AppendNumber(point.lat, kCoordinateDecimals, out);
  *out += "\" lon=\"";
  // GPX 1.1's longitudeType excludes 180: the same meridian is written as -180.
  AppendNumber(point.lon == 180 ? -180.0 : point.lon, kCoordinateDecimals, out);
  *out += '"';
  const bool has_ele = HasWritableElevation(point.ele);
  const bool has_time = HasWritableTime(point.time_ms);
  if (!has_ele && !has_time && extra.empty()) {
    *out += "/>\n";
    return;
  }
  *out += '>';
  if (has_ele) {
    *out += "<ele>";
    AppendNumber(point.ele, kElevationDecimals, out);
    *out += "</ele>";
  }
  if (has_time) {
    *out += "<time>";
    AppendTime(point.time_ms, out);
    *out += "</time>";
  }
  *out += extra;
  *out += "</";
  *out += tag;
  *out += ">\n";
}

std::string WaypointChildren(const Waypoint& waypoint) {
  std::string children;
  // wptType's order: ele, time, magvar, geoidheight, name, cmt, desc, src, link, sym, ...
  const auto add = [&](std::string_view tag, const std::string& text) {
    if (text.empty()) return;
    children += '<';
    children += tag;
    children += '>';
    AppendXmlText(text, &children);
    children += "</";
    children += tag;
    children += '>';
  };
  add("name", waypoint.name);
  add("desc", waypoint.description);
  add("sym", waypoint.symbol);
  return children;
}

bool HasWritablePoint(const Segment& segment) {
  for (const TrackPoint& point : segment) {
    if (IsWritable(point.lat, point.lon)) return true;
  }
  return false;
}

void AppendGpxRoutes(const TrackPart& part, std::string* out) {
  const std::string none;
  for (const Segment& segment : part.segments) {
    if (!HasWritablePoint(segment)) continue;
    *out += "  <rte>\n";
    AppendXmlElement("    ", "name", part.name, out);
    AppendXmlElement("    ", "desc", part.description, out);
    for (const TrackPoint& point : segment) {
      if (IsWritable(point.lat, point.lon)) AppendGpxPoint("    ", "rtept", point, none, out);
    }
    *out += "  </rte>\n";
  }
}

void AppendGpxTrack(const TrackPart& part, std::string* out) {
  const std::string none;
  *out += "  <trk>\n";
  AppendXmlElement("    ", "name", part.name, out);
  AppendXmlElement("    ", "desc", part.description, out);
  for (const Segment& segment : part.segments) {
    if (!HasWritablePoint(segment)) continue;
    *out += "    <trkseg>\n";
    for (const TrackPoint& point : segment) {
      if (IsWritable(point.lat, point.lon)) AppendGpxPoint("      ", "trkpt", point, none, out);
    }
    *out += "    </trkseg>\n";
  }
  *out += "  </trk>\n";
}

// ---- GeoJSON ----

void AppendPosition(const TrackPoint& point, std::string* out) {
  *out += '[';
  AppendNumber(point.lon, kCoordinateDecimals, out);
  *out += ',';
  AppendNumber(point.lat, kCoordinateDecimals, out);
  if (HasWritableElevation(point.ele)) {
    *out += ',';
    AppendNumber(point.ele, kElevationDecimals, out);
  }
  *out += ']';
}

// Each writable segment's points as a JSON list, through `append_point`.
template <class AppendPoint>
void AppendLines(const std::vector<const Segment*>& lines, bool nested, AppendPoint append_point,
                 std::string* out) {
  if (nested) *out += '[';
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) *out += ',';
    *out += '[';
    bool first = true;
    for (const TrackPoint& point : *lines[i]) {
      if (!IsWritable(point.lat, point.lon)) continue;
      if (!first) *out += ',';
      first = false;
      append_point(point);
    }
    *out += ']';
  }
  if (nested) *out += ']';
}

void AppendJsonMember(std::string_view key, const std::string& text, std::string* out) {
  if (text.empty()) return;
  *out += ",\"";
  *out += key;
  *out += "\":";
  AppendJsonString(text, out);
}

void AppendPartFeature(const TrackPart& part, bool* first_feature, std::string* out) {
  std::vector<const Segment*> lines;
  bool has_time = false;
  for (const Segment& segment : part.segments) {
    if (!HasWritablePoint(segment)) continue;
    lines.push_back(&segment);
    for (const TrackPoint& point : segment) has_time = has_time || HasWritableTime(point.time_ms);
  }
  if (lines.empty()) return;
  const bool nested = lines.size() > 1;
  *out += *first_feature ? "\n" : ",\n";
  *first_feature = false;
  *out += "{\"type\":\"Feature\",\"properties\":{\"_gpxType\":";
  *out += part.kind == PartKind::kTrack ? "\"trk\"" : "\"rte\"";
  AppendJsonMember("name", part.name, out);
  AppendJsonMember("desc", part.description, out);
  if (has_time) {
    *out += ",\"coordinateProperties\":{\"times\":";
    AppendLines(
        lines, nested,
        [out](const TrackPoint& point) {
          if (!HasWritableTime(point.time_ms)) {
            *out += "null";
            return;
          }
          *out += '"';
          AppendTime(point.time_ms, out);
          *out += '"';
        },
        out);
    *out += '}';
  }
  *out += "},\"geometry\":{\"type\":";
  *out += nested ? "\"MultiLineString\"" : "\"LineString\"";
  *out += ",\"coordinates\":";
  AppendLines(
      lines, nested, [out](const TrackPoint& point) { AppendPosition(point, out); }, out);
  *out += "}}";
}

void AppendWaypointFeature(const Waypoint& waypoint, bool* first_feature, std::string* out) {
  if (!IsWritable(waypoint.lat, waypoint.lon)) return;
  *out += *first_feature ? "\n" : ",\n";
  *first_feature = false;
  // Properties are written with a leading comma each; the first one's is dropped below.
  std::string properties;
  AppendJsonMember("name", waypoint.name, &properties);
  AppendJsonMember("desc", waypoint.description, &properties);
  if (HasWritableTime(waypoint.time_ms)) {
    properties += ",\"time\":\"";
    AppendTime(waypoint.time_ms, &properties);
    properties += '"';
  }
  AppendJsonMember("sym", waypoint.symbol, &properties);
  *out += "{\"type\":\"Feature\",\"properties\":{";
  if (!properties.empty()) out->append(properties, 1);
  *out += "},\"geometry\":{\"type\":\"Point\",\"coordinates\":";
  TrackPoint point;
  point.lat = waypoint.lat;
  point.lon = waypoint.lon;
  point.ele = waypoint.ele;
  AppendPosition(point, out);
  *out += "}}";
}

}  // namespace

std::string WriteGpx(const Track& track) {
  std::string out;
  // About 100 bytes per point with elevation and time, a few hundred per waypoint.
  out.reserve(512 + track.PointCount() * 100 + track.waypoints.size() * 300);
  out +=
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<gpx version=\"1.1\" creator=\"Cairn\" xmlns=\"http://www.topografix.com/GPX/1/1\" "
      "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" "
      "xsi:schemaLocation=\"http://www.topografix.com/GPX/1/1 "
      "http://www.topografix.com/GPX/1/1/gpx.xsd\">\n";
  const bool has_time = HasWritableTime(track.time_ms);
  if (!track.name.empty() || !track.description.empty() || has_time) {
    // metadataType's order: name, desc, author, copyright, link, time, keywords, bounds.
    out += "  <metadata>\n";
    AppendXmlElement("    ", "name", track.name, &out);
    AppendXmlElement("    ", "desc", track.description, &out);
    if (has_time) {
      out += "    <time>";
      AppendTime(track.time_ms, &out);
      out += "</time>\n";
    }
    out += "  </metadata>\n";
  }
  // gpxType's order: metadata, wpt*, rte*, trk*.
  for (const Waypoint& waypoint : track.waypoints) {
    if (IsWritable(waypoint.lat, waypoint.lon)) {
      AppendGpxPoint("  ", "wpt", waypoint, WaypointChildren(waypoint), &out);
    }
  }
  for (const TrackPart& part : track.parts) {
    if (part.kind == PartKind::kRoute) AppendGpxRoutes(part, &out);
  }
  for (const TrackPart& part : track.parts) {
    if (part.kind == PartKind::kTrack) AppendGpxTrack(part, &out);
  }
  out += "</gpx>\n";
  return out;
}

std::string WriteGeoJson(const Track& track) {
  std::string out;
  out.reserve(256 + track.PointCount() * 70 + track.waypoints.size() * 200);
  out += "{\"type\":\"FeatureCollection\"";
  AppendJsonMember("name", track.name, &out);
  out += ",\"features\":[";
  bool first_feature = true;
  for (const TrackPart& part : track.parts) AppendPartFeature(part, &first_feature, &out);
  for (const Waypoint& waypoint : track.waypoints) {
    AppendWaypointFeature(waypoint, &first_feature, &out);
  }
  out += first_feature ? "]}\n" : "\n]}\n";
  return out;
}

}  // namespace cairn::geo
