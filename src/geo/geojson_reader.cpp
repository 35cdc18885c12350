// Reading GeoJSON (RFC 7946) into a Track, streamed through nlohmann::json's SAX interface so a
// large file is never held as a JSON tree.
//
// What a user may notice: each line feature (LineString, MultiLineString, or the lines of a
// GeometryCollection) becomes one part with a segment per line; it is a recorded track when it
// carries per-coordinate times (togeojson's coordinateProperties.times) or its producer labels it
// one (togeojson "_gpxType": "trk", GPSBabel "gpsbabel_feature": "track"), a route otherwise.
// Points become waypoints named from "name" and "desc"/"description". Polygons are skipped with
// one warning. Times that do not match the coordinates are dropped with a warning; a bad
// coordinate rejects the file, naming its byte.
#include <iterator>
#include <new>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "geo/geojson_geometry.h"
#include "geo/readers.h"
#include "util/timestamp.h"

namespace cairn::geo {
namespace {

using geojson_internal::CoordinateReader;
using geojson_internal::CoordinateTimes;
using geojson_internal::Geometry;
using geojson_internal::PositionDepth;
using Json = nlohmann::json;

constexpr int kMaxCollectionDepth = 8;  // RFC 7946 §3.1.8 advises against nesting at all

// Counts the bytes nlohmann's lexer has consumed, so errors can say where they happened.
class CountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator(const char* at, size_t* consumed) : at_(at), consumed_(consumed) {}
  reference operator*() const { return *at_; }
  CountingIterator& operator++() {
    ++at_;
    ++*consumed_;
    return *this;
  }
  bool operator==(const CountingIterator& other) const { return at_ == other.at_; }
  bool operator!=(const CountingIterator& other) const { return at_ != other.at_; }

 private:
  const char* at_;
  size_t* consumed_;
};

// The members of "properties" a Track uses.
struct Properties {
  std::string name, description, symbol, time, gpx_type, gpsbabel_feature;
  CoordinateTimes times;
};

// Where an object sits decides which members are read: "features" only at the top, "geometry"
// only in a Feature, and so on, which also bounds how deep the interpreted objects nest.
enum class Role { kRoot, kFeature, kGeometry, kCollectionMember };

struct Object {
  Role role;
  size_t offset;  // of its '{'
  int collection_depth;
  std::string type;
  std::string name;  // a FeatureCollection's "name" foreign member
  CoordinateReader coordinates;
  Geometry geometry;  // from "geometry" or "geometries"
  bool has_geometry = false;
  Properties properties;
};

enum class Container {
  kObject,
  kFeatures,
  kGeometries,
  kCoordinates,
  kProperties,
  kCoordinateProperties,
  kTimes
};

class GeoJsonHandler : public nlohmann::json_sax<Json> {
 public:
  explicit GeoJsonHandler(const size_t* consumed) : consumed_(consumed) {}

  bool null() override { return Scalar(nullptr, nullptr); }
  bool boolean(bool) override { return Scalar(nullptr, nullptr, /*is_null=*/false); }
  bool number_integer(number_integer_t value) override {
    return Number(static_cast<double>(value));
  }
  bool number_unsigned(number_unsigned_t value) override {
    return Number(static_cast<double>(value));
  }
  bool number_float(number_float_t value, const string_t&) override { return Number(value); }
  bool string(string_t& value) override { return Scalar(nullptr, &value); }
  bool binary(binary_t&) override { return Scalar(nullptr, nullptr, false); }
  bool key(string_t& value) override {
    if (skip_depth_ == 0) key_ = std::move(value);
    return true;
  }
  bool start_object(std::size_t) override;
  bool end_object() override;
  bool start_array(std::size_t) override;
  bool end_array() override;
  bool parse_error(std::size_t position, const std::string&,
                   const nlohmann::detail::exception& ex) override {
    // nlohmann says "[json.exception.parse_error.101] parse error at line 1, column 5: <what>"
    // or "[json.exception.out_of_range.406] <what>"; keep only <what>.
    std::string what = ex.what();
    if (const size_t id_end = what.find("] "); id_end != std::string::npos)
      what.erase(0, id_end + 2);
    if (const size_t column = what.find("column "); column != std::string::npos) {
      const size_t colon = what.find(": ", column);
      if (colon != std::string::npos) what.erase(0, colon + 2);
    }
    return Fail("the JSON is malformed (" + what + ")", position);
  }

  const std::optional<std::string>& error() const { return error_; }
  Track TakeTrack() {
    if (polygons_ > 0) {
      track_.warnings.push_back("GeoJSON: " + std::to_string(polygons_) +
                                (polygons_ == 1 ? " polygon was" : " polygons were") +
                                " ignored (an area is not a track)");
    }
    return std::move(track_);
  }

 private:
  bool Fail(const std::string& what, size_t at) {
    if (!error_) error_ = "GeoJSON: byte " + std::to_string(at) + ": " + what;
    return false;
  }
  bool Fail(const std::string& what) { return Fail(what, *consumed_ - lookahead_); }
  Container Top() const { return containers_.back(); }
  Object& Current() { return objects_.back(); }

  bool Scalar(const double* number, const std::string* text, bool is_null = true);
  bool Number(double value) {
    // The lexer has read the character after a number to see where it ends.
    lookahead_ = 1;
    const bool ok = Scalar(&value, nullptr);
    lookahead_ = 0;
    return ok;
  }
  bool MemberScalar(const std::string* text, bool is_null);
  bool PropertyScalar(const std::string* text);
  // Fails with the status's message at the current byte when it is an error.
  bool Check(const util::Status& status) { return status.ok() || Fail(status.error().message); }
  bool FinishObject();
  bool GeometryOf(Object& object, Geometry* out);
  void Emit(Geometry geometry, const Properties& properties);
  void Skip() { ++skip_depth_; }

  const size_t* consumed_;
  std::vector<Container> containers_;
  std::vector<Object> objects_;
  std::string key_;
  int skip_depth_ = 0;    // inside a value nobody reads
  size_t lookahead_ = 0;  // bytes read past the current token
  int features_ = 0;
  int polygons_ = 0;
  Track track_;
  std::optional<std::string> error_;
};

bool GeoJsonHandler::Scalar(const double* number, const std::string* text, bool is_null) {
  if (skip_depth_ > 0) return true;
  if (containers_.empty()) return Fail("the file is not a JSON object");
  switch (Top()) {
    case Container::kObject:
      return MemberScalar(text, is_null);
    case Container::kFeatures:
      return Fail("a member of \"features\" is not an object");
    case Container::kGeometries:
      return Fail("a member of \"geometries\" is not an object");
    case Container::kCoordinates:
      if (number == nullptr) return Check(Current().coordinates.NotANumber());
      return Check(Current().coordinates.Number(*number));
    case Container::kProperties:
      return PropertyScalar(text);
    case Container::kCoordinateProperties:
      return true;
    case Container::kTimes:
      if (text == nullptr && !is_null) {
        Current().properties.times.AddOther();
      } else {
        Current().properties.times.Add(text, is_null);
      }
      return true;
  }
  return true;
}

bool GeoJsonHandler::MemberScalar(const std::string* text, bool is_null) {
  Object& object = Current();
  if (key_ == "type") {
    if (text == nullptr) return Fail("\"type\" is not a string");
    if (!object.type.empty()) return Fail("an object has two \"type\" members");
    object.type = *text;
  } else if (key_ == "name" && object.role == Role::kRoot && text != nullptr) {
    object.name = *text;
  } else if (key_ == "coordinates" && object.role != Role::kFeature) {
    return Fail("\"coordinates\" is not an array");
  } else if ((key_ == "geometry" || key_ == "properties") && !is_null &&
             (object.role == Role::kRoot || object.role == Role::kFeature)) {
    return Fail("\"" + key_ + "\" is neither an object nor null");
  }
  return true;
}

bool GeoJsonHandler::PropertyScalar(const std::string* text) {
  if (text == nullptr) return true;
  Properties& properties = Current().properties;
  if (key_ == "name") {
    properties.name = *text;
  } else if (key_ == "desc" || (key_ == "description" && properties.description.empty())) {
    properties.description = *text;
  } else if (key_ == "sym") {
    properties.symbol = *text;
  } else if (key_ == "time") {
    properties.time = *text;
  } else if (key_ == "_gpxType") {  // togeojson: "trk" or "rte"
    properties.gpx_type = *text;
  } else if (key_ == "gpsbabel_feature") {  // GPSBabel: "track", "route" or "waypoint"
    properties.gpsbabel_feature = *text;
  }
  return true;
}

bool GeoJsonHandler::start_object(std::size_t) {
  if (skip_depth_ > 0) return Skip(), true;
  if (containers_.empty()) {
    objects_.push_back(Object{Role::kRoot, *consumed_, 0});
    containers_.push_back(Container::kObject);
    return true;
  }
  const auto open = [&](Role role, int collection_depth) {
    if (collection_depth > kMaxCollectionDepth) {
      return Fail("GeometryCollections are nested more than " +
                  std::to_string(kMaxCollectionDepth) + " deep");
    }
    objects_.push_back(Object{role, *consumed_, collection_depth});
    containers_.push_back(Container::kObject);
    return true;
  };
  switch (Top()) {
    case Container::kObject: {
      const Role role = Current().role;
      if (key_ == "geometry" && (role == Role::kRoot || role == Role::kFeature)) {
        if (Current().has_geometry) return Fail("a Feature has two \"geometry\" members");
        Current().has_geometry = true;
        return open(Role::kGeometry, 0);
      }
      if (key_ == "properties" && (role == Role::kRoot || role == Role::kFeature)) {
        containers_.push_back(Container::kProperties);
        return true;
      }
      if (key_ == "coordinates" && role != Role::kFeature) {
        return Fail("\"coordinates\" is not an array");
      }
      break;
    }
    case Container::kFeatures:
      return open(Role::kFeature, 0);
    case Container::kGeometries:
      return open(Role::kCollectionMember, Current().collection_depth + 1);
    case Container::kCoordinates:
      return Check(Current().coordinates.NotANumber());
    case Container::kProperties:
      if (key_ == "coordinateProperties") {
        containers_.push_back(Container::kCoordinateProperties);
        return true;
      }
      break;
    case Container::kTimes:
      Current().properties.times.AddOther();
      break;
    case Container::kCoordinateProperties:
      break;
  }
  Skip();
  return true;
}

bool GeoJsonHandler::end_object() {
  if (skip_depth_ > 0) return --skip_depth_, true;
  const Container closing = Top();
  if (closing != Container::kObject) {
    containers_.pop_back();
    return true;
  }
  return FinishObject();
}

bool GeoJsonHandler::start_array(std::size_t) {
  if (skip_depth_ > 0) return Skip(), true;
  if (containers_.empty()) return Fail("the file is not a JSON object");
  switch (Top()) {
    case Container::kObject: {
      Object& object = Current();
      if (key_ == "coordinates" && object.role != Role::kFeature) {
        if (object.coordinates.present()) {
          return Fail("an object has two \"coordinates\" members");
        }
        containers_.push_back(Container::kCoordinates);
        return Check(object.coordinates.Begin(object.type));
      }
      if (key_ == "features" && object.role == Role::kRoot) {
        containers_.push_back(Container::kFeatures);
        return true;
      }
      if (key_ == "geometries" && object.role != Role::kFeature) {
        containers_.push_back(Container::kGeometries);
        return true;
      }
      if ((key_ == "geometry" || key_ == "properties") &&
          (object.role == Role::kRoot || object.role == Role::kFeature)) {
        return Fail("\"" + key_ + "\" is neither an object nor null");
      }
      break;
    }
    case Container::kCoordinates:
      containers_.push_back(Container::kCoordinates);
      return Check(Current().coordinates.OpenArray());
    case Container::kFeatures:
      return Fail("a member of \"features\" is not an object");
    case Container::kGeometries:
      return Fail("a member of \"geometries\" is not an object");
    case Container::kProperties:
    case Container::kCoordinateProperties: {
      const bool times = (Top() == Container::kProperties && key_ == "coordTimes") ||
                         (Top() == Container::kCoordinateProperties && key_ == "times");
      if (times && !Current().properties.times.started()) {
        Current().properties.times.Begin();
        containers_.push_back(Container::kTimes);
        return true;
      }
      break;
    }
    case Container::kTimes:
      if (Current().properties.times.OpenList()) {
        containers_.push_back(Container::kTimes);
        return true;
      }
      break;
  }
  Skip();
  return true;
}

bool GeoJsonHandler::end_array() {
  if (skip_depth_ > 0) return --skip_depth_, true;
  const Container closing = Top();
  containers_.pop_back();
  if (closing == Container::kTimes) Current().properties.times.CloseList();
  return closing != Container::kCoordinates || Check(Current().coordinates.CloseArray());
}

// Turns a geometry object into what it contributes; false (with error_ set) when it is invalid.
bool GeoJsonHandler::GeometryOf(Object& object, Geometry* out) {
  if (object.type == "GeometryCollection") {
    *out = std::move(object.geometry);
    return true;
  }
  if (PositionDepth(object.type) == 0) {
    return Fail("\"" + object.type + "\" is not a GeoJSON geometry type", object.offset);
  }
  auto geometry = object.coordinates.Finish(object.type);
  if (!geometry.ok()) return Fail(geometry.error().message, object.offset);
  *out = std::move(geometry).value();
  return true;
}

bool GeoJsonHandler::FinishObject() {
  Object object = std::move(objects_.back());
  objects_.pop_back();
  containers_.pop_back();
  if (object.type.empty()) return Fail("an object has no \"type\"", object.offset);
  const bool is_geometry = object.type == "GeometryCollection" || PositionDepth(object.type) != 0;
  switch (object.role) {
    case Role::kGeometry:
    case Role::kCollectionMember: {
      if (!is_geometry) {
        return Fail("\"" + object.type + "\" is not a GeoJSON geometry type", object.offset);
      }
      Geometry geometry;
      if (!GeometryOf(object, &geometry)) return false;
      Current().geometry.Merge(std::move(geometry));
      return true;
    }
    case Role::kFeature:
      if (object.type != "Feature") {
        return Fail("a member of \"features\" is a \"" + object.type + "\", not a Feature",
                    object.offset);
      }
      Emit(std::move(object.geometry), object.properties);
      return true;
    case Role::kRoot:
      track_.format = "GeoJSON";
      if (object.type == "FeatureCollection") {
        track_.name = std::move(object.name);
      } else if (object.type == "Feature") {
        Emit(std::move(object.geometry), object.properties);
      } else if (is_geometry) {
        Geometry geometry;
        if (!GeometryOf(object, &geometry)) return false;
        Emit(std::move(geometry), Properties{});
      } else {
        return Fail("\"" + object.type + "\" is not a GeoJSON type", object.offset);
      }
      return true;
  }
  return true;
}

void GeoJsonHandler::Emit(Geometry geometry, const Properties& properties) {
  ++features_;
  polygons_ += geometry.polygons;
  if (!geometry.lines.empty()) {
    bool timed = false;
    if (properties.times.started()) {
      if (properties.times.ApplyTo(geometry.lines)) {
        timed = properties.times.any();
      } else {
        track_.warnings.push_back("GeoJSON: feature " + std::to_string(features_) +
                                  ": its times were ignored because they do not match its "
                                  "coordinates one for one");
      }
    }
    TrackPart part;
    part.kind = timed || properties.gpx_type == "trk" || properties.gpsbabel_feature == "track"
                    ? PartKind::kTrack
                    : PartKind::kRoute;
    part.name = properties.name;
    part.description = properties.description;
    for (Segment& line : geometry.lines) {
      if (!line.empty()) part.segments.push_back(std::move(line));
    }
    if (!part.segments.empty()) track_.parts.push_back(std::move(part));
  }
  const std::optional<int64_t> time =
      properties.time.empty() ? std::nullopt : util::ParseTimestampMillis(properties.time);
  for (const TrackPoint& point : geometry.points) {
    Waypoint waypoint;
    waypoint.lat = point.lat;
    waypoint.lon = point.lon;
    waypoint.ele = point.ele;
    waypoint.time_ms = time.value_or(kNoTime);
    waypoint.name = properties.name;
    waypoint.description = properties.description;
    waypoint.symbol = properties.symbol;
    track_.waypoints.push_back(std::move(waypoint));
  }
}

}  // namespace

util::Result<Track> ReadGeoJson(std::string_view bytes) {
  size_t consumed = 0;
  GeoJsonHandler handler(&consumed);
  try {
    const CountingIterator begin(bytes.data(), &consumed);
    const CountingIterator end(bytes.data() + bytes.size(), &consumed);
    Json::sax_parse(begin, end, &handler);
  } catch (const std::bad_alloc&) {
    return util::Error::InvalidArgument("GeoJSON: the file is too large to read");
  } catch (const std::exception& e) {
    return util::Error::InvalidArgument(std::string("GeoJSON: the file cannot be read (") +
                                        e.what() + ")");
  }
  if (handler.error()) return util::Error::InvalidArgument(*handler.error());
  Track track = handler.TakeTrack();
  if (track.PointCount() == 0 && track.waypoints.empty()) {
    return util::Error::InvalidArgument("GeoJSON: the file has no line or point");
  }
  return track;
}

}  // namespace cairn::geo
