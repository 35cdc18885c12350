// GeoJSON geometries for the streaming reader: a "coordinates" value collected as the SAX parser
// delivers it, checked against its geometry type and turned into lines and points.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "geo/track.h"
#include "util/result.h"

namespace cairn::geo::geojson_internal {

// How deep positions sit inside "coordinates" for each geometry type: 1 for a Point, 2 for a
// LineString or MultiPoint, 3 for a MultiLineString or Polygon, 4 for a MultiPolygon; 0 for any
// other type.
int PositionDepth(std::string_view type);

// What one geometry (or a GeometryCollection, merged) contributes to a Track.
struct Geometry {
  std::vector<Segment> lines;
  std::vector<TrackPoint> points;
  int polygons = 0;  // skipped: an area is not a track

  // Appends `other`'s lines, points and polygon count.
  void Merge(Geometry&& other);
};

// One "coordinates" value, fed array by array and number by number. Every call returns
// InvalidArgument with a message (without the "GeoJSON: byte N" prefix) as soon as the value
// cannot be a valid one: a non-numeric coordinate, a position without longitude and latitude or
// out of range, inconsistent or excessive nesting. Memory: the positions of lines and points;
// a Polygon's or MultiPolygon's positions are checked but not kept when the type is known first.
class CoordinateReader {
 public:
  bool present() const { return present_; }

  // The value's opening '['. `type` is the object's "type" if it came first, else "".
  util::Status Begin(std::string_view type);
  util::Status OpenArray();
  util::Status CloseArray();
  util::Status Number(double value);
  util::Status NotANumber() const;

  // The geometry of `type`, now that the value and the type are both known.
  util::Result<Geometry> Finish(std::string_view type);

 private:
  bool present_ = false;
  bool keep_positions_ = true;
  int depth_ = 0;           // arrays open inside "coordinates"
  int max_depth_ = 0;       // the deepest array seen
  int position_depth_ = 0;  // from the type, or from the first number; 0 while unknown
  std::array<double, 3> values_{};
  int value_count_ = 0;
  std::vector<TrackPoint> positions_;
  // Where each array at each depth started, as an index into positions_: the lines of a
  // MultiLineString are the arrays at depth 2, the polygons of a MultiPolygon too.
  std::array<std::vector<size_t>, 5> starts_;
};

// Per-coordinate times (togeojson's coordinateProperties.times, or its older coordTimes): one
// list for a LineString, a list per line for a MultiLineString; null for a position without a
// time. Anything else (a value that is not an ISO 8601 time, deeper lists) makes them invalid:
// they are then ignored, with a warning, rather than guessed at.
class CoordinateTimes {
 public:
  bool started() const { return started_; }
  bool any() const { return any_; }

  void Begin() { started_ = true, depth_ = 1; }
  // An inner list; false when it cannot be one (the caller then skips it).
  bool OpenList();
  void CloseList() { --depth_; }
  void Add(const std::string* text, bool is_null);
  void AddOther() { invalid_ = true; }

  // Gives every point of `lines` its time. False, changing nothing, when the times do not
  // match the lines one for one (or are invalid).
  bool ApplyTo(std::vector<Segment>& lines) const;

 private:
  bool started_ = false;
  bool any_ = false;
  bool nested_ = false;
  bool invalid_ = false;
  int depth_ = 0;
  std::vector<int64_t> times_;
  std::vector<size_t> starts_;  // where each inner list starts in times_, when nested
};

}  // namespace cairn::geo::geojson_internal
