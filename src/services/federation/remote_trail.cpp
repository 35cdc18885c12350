// Reading a remote trail's Note: only the shapes Cairn and wanderer publish, each value checked.
#include "services/federation/remote_trail.h"

#include <cmath>
#include <cstdio>

#include "services/federation/html_text.h"
#include "services/federation/json_fields.h"
#include "util/text.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

std::optional<double> NumberOf(const Json& object, const char* name) {
  if (!object.is_object()) return std::nullopt;
  const auto it = object.find(name);
  if (it == object.end()) return std::nullopt;
  if (it->is_number()) return it->get<double>();
  if (it->is_string()) {
    double value = 0;
    if (std::sscanf(it->get<std::string>().c_str(), "%lf", &value) == 1) return value;
  }
  return std::nullopt;
}

// "2024-06-01T07:30:00Z" (a fraction or an offset is ignored) -> "2024-06-01 07:30:00.000Z".
std::string StampOf(const std::string& text) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (std::sscanf(text.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d", &y, &mo, &d, &h, &mi, &s) < 3) return "";
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || d < 1 || d > 31 || h < 0 || h > 23 || mi < 0 ||
      mi > 59 || s < 0 || s > 60) {
    return "";
  }
  char out[64];
  std::snprintf(out, sizeof out, "%04d-%02d-%02d %02d:%02d:%02d.000Z", y, mo, d, h, mi, s);
  return out;
}

// A figure's value in metres or seconds: "12.3 km", "7.6 mi", "678 m", "2224 ft", "4:05 h".
std::optional<double> FigureOf(const std::string& name, const std::string& value) {
  double number = 0, minutes = 0;
  char unit[8] = {0};
  if (name == "Duration") {
    if (std::sscanf(value.c_str(), "%lf:%lf", &number, &minutes) == 2) {
      return number * 3600 + minutes * 60;
    }
    return std::nullopt;
  }
  if (std::sscanf(value.c_str(), "%lf %7s", &number, unit) != 2 || !std::isfinite(number) ||
      number < 0) {
    return std::nullopt;
  }
  const std::string u = util::LowercaseAscii(unit);
  if (u == "km") return number * 1000;
  if (u == "mi") return number * 1609.344;
  if (u == "m") return number;
  if (u == "ft") return number * 0.3048;
  return std::nullopt;
}

// The note's attachments as an array (one may come alone).
Json AttachmentsOf(const Json& note) {
  const Json& attachment = Member(note, "attachment");
  if (attachment.is_array()) return attachment;
  return attachment.is_object() ? Json::array({attachment}) : Json::array();
}

bool IsGpsFile(const Json& item) {
  return StringField(item, "mediaType").find("gpx") != std::string::npos;
}

bool HasGpsFile(const Json& note) {
  for (const Json& item : AttachmentsOf(note)) {
    if (IsGpsFile(item)) return true;
  }
  return false;
}

// An attachment's address: `url` as a string, a Link's `href`, or the first of a list of them;
// only http(s) ones.
std::string UrlOf(const Json& item) {
  const Json& url = Member(item, "url");
  const Json& first = url.is_array() && !url.empty() ? url[0] : url;
  std::string text = first.is_string() ? first.get<std::string>() : StringField(first, "href");
  if (text.rfind("https://", 0) != 0 && text.rfind("http://", 0) != 0) return "";
  return text;
}

bool HoldsPublic(const Json& value) {
  constexpr const char* kNames[] = {"https://www.w3.org/ns/activitystreams#Public", "as:Public",
                                    "Public"};
  const Json items = value.is_array() ? value : Json::array({value});
  for (const Json& item : items) {
    if (!item.is_string()) continue;
    for (const char* name : kNames) {
      if (item.get<std::string>() == name) return true;
    }
  }
  return false;
}

}  // namespace

bool IsAddressedToPublic(const Json& object) {
  if (!object.is_object()) return false;
  for (const char* field : {"to", "cc"}) {
    if (const auto it = object.find(field); it != object.end() && HoldsPublic(*it)) return true;
  }
  return false;
}

std::optional<RemoteTrailFields> ReadRemoteTrail(const Json& note) {
  if (!note.is_object()) return std::nullopt;
  RemoteTrailFields trail;
  bool placed = false;
  if (const auto location = note.find("location"); location != note.end()) {
    const Json place = location->is_array() && !location->empty() ? (*location)[0] : *location;
    const auto lat = NumberOf(place, "latitude");
    const auto lon = NumberOf(place, "longitude");
    if (lat && lon && std::isfinite(*lat) && std::isfinite(*lon) && std::abs(*lat) <= 90 &&
        std::abs(*lon) <= 180) {
      trail.lat = *lat;
      trail.lon = *lon;
      placed = true;
    }
    trail.place = std::string(util::TruncateUtf8(StringField(place, "name"), 500));
  }
  if (!placed && !HasGpsFile(note)) return std::nullopt;
  trail.description = HtmlToText(StringField(note, "content"), 20000);
  trail.name = HtmlToText(StringField(note, "name"), 200);
  if (trail.name.empty()) {
    trail.name = std::string(
        util::TruncateUtf8(trail.description.substr(0, trail.description.find('\n')), 200));
  }
  trail.date = StampOf(StringField(note, "startTime"));
  if (trail.date.empty()) trail.date = StampOf(StringField(note, "published"));
  trail.updated = StampOf(StringField(note, "updated"));
  if (trail.updated.empty()) trail.updated = StampOf(StringField(note, "published"));
  for (const Json& item : AttachmentsOf(note)) {
    const std::string type = StringField(item, "type");
    if (IsGpsFile(item) && trail.track_url.empty()) {
      trail.track_url = UrlOf(item);
    } else if ((type == "Image" || StringField(item, "mediaType").rfind("image/", 0) == 0) &&
               trail.photo_urls.size() < kMaxRemotePhotos) {
      if (std::string url = UrlOf(item); !url.empty()) trail.photo_urls.push_back(std::move(url));
    }
  }
  if (const auto it = note.find("attachment"); it != note.end() && it->is_array()) {
    for (const Json& item : *it) {
      if (StringField(item, "type") != "PropertyValue") continue;
      const std::string name = StringField(item, "name");
      const auto value = FigureOf(name, HtmlToText(StringField(item, "value"), 40));
      if (!value) continue;
      if (name == "Distance") trail.distance = *value;
      if (name == "Elevation gain") trail.elevation_gain = *value;
      if (name == "Duration") trail.duration = *value;
    }
  }
  return trail;
}

}  // namespace cairn::services
