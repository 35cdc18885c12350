// Collecting and checking GeoJSON coordinates for the streaming reader.
#include "geo/geojson_geometry.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <utility>

#include "util/timestamp.h"

namespace cairn::geo::geojson_internal {
namespace {

constexpr int kMaxArrayDepth = 4;  // a MultiPolygon's positions

util::Status Invalid(std::string message) {
  return util::Error::InvalidArgument(std::move(message));
}

std::string NumberText(double value) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.9g", value);
  return buffer;
}

}  // namespace

int PositionDepth(std::string_view type) {
  if (type == "Point") return 1;
  if (type == "LineString" || type == "MultiPoint") return 2;
  if (type == "MultiLineString" || type == "Polygon") return 3;
  if (type == "MultiPolygon") return 4;
  return 0;
}

void Geometry::Merge(Geometry&& other) {
  for (Segment& line : other.lines) lines.push_back(std::move(line));
  points.insert(points.end(), other.points.begin(), other.points.end());
  polygons += other.polygons;
}

util::Status CoordinateReader::Begin(std::string_view type) {
  present_ = true;
  position_depth_ = PositionDepth(type);
  keep_positions_ = type != "Polygon" && type != "MultiPolygon";
  return OpenArray();
}

util::Status CoordinateReader::OpenArray() {
  ++depth_;
  max_depth_ = std::max(max_depth_, depth_);
  if (depth_ > kMaxArrayDepth || (position_depth_ != 0 && depth_ > position_depth_)) {
    return Invalid("the coordinates are nested too deeply (a position holds a list)");
  }
  if (depth_ != position_depth_) starts_[depth_].push_back(positions_.size());
  return util::OkStatus();
}

util::Status CoordinateReader::Number(double value) {
  if (position_depth_ == 0) {
    // The first number tells how deep positions are; an earlier empty list at that depth was a
    // position without numbers.
    if (starts_[depth_].size() > 1) return Invalid("a position needs a longitude and a latitude");
    position_depth_ = depth_;
    starts_[depth_].clear();  // positions, not lines
  }
  if (depth_ != position_depth_) {
    return Invalid("a number stands where a list of positions was expected");
  }
  if (value_count_ < 3) values_[value_count_] = value;
  ++value_count_;  // a fourth value (such as a measure) is ignored
  return util::OkStatus();
}

util::Status CoordinateReader::NotANumber() const {
  return Invalid("a coordinate is not a number");
}

util::Status CoordinateReader::CloseArray() {
  if (depth_ == position_depth_) {
    if (value_count_ < 2) return Invalid("a position needs a longitude and a latitude");
    TrackPoint point;
    point.lon = values_[0];
    point.lat = values_[1];
    if (value_count_ >= 3) point.ele = values_[2];
    if (!(point.lon >= -180 && point.lon <= 180)) {
      return Invalid("longitude " + NumberText(point.lon) + " is outside [-180, 180]");
    }
    if (!(point.lat >= -90 && point.lat <= 90)) {
      return Invalid("latitude " + NumberText(point.lat) + " is outside [-90, 90]");
    }
    if (keep_positions_) positions_.push_back(point);
    value_count_ = 0;
  }
  --depth_;
  return util::OkStatus();
}

util::Result<Geometry> CoordinateReader::Finish(std::string_view type) {
  const int depth = PositionDepth(type);
  const std::string name(type);
  if (!present_) return util::Error::InvalidArgument("a " + name + " has no coordinates");
  if (position_depth_ != 0 && position_depth_ != depth) {
    return util::Error::InvalidArgument("the coordinates of a " + name +
                                        " are not nested as its type requires");
  }
  if (position_depth_ == 0 && max_depth_ >= depth) {
    return util::Error::InvalidArgument("a position of a " + name + " has no numbers");
  }
  Geometry geometry;
  if (type == "Point") {
    if (positions_.empty()) return util::Error::InvalidArgument("a Point needs a position");
    geometry.points = std::move(positions_);
  } else if (type == "MultiPoint") {
    geometry.points = std::move(positions_);
  } else if (type == "LineString") {
    geometry.lines.push_back(std::move(positions_));
  } else if (type == "MultiLineString") {
    const std::vector<size_t>& starts = starts_[2];
    for (size_t i = 0; i < starts.size(); ++i) {
      const size_t end = i + 1 < starts.size() ? starts[i + 1] : positions_.size();
      geometry.lines.emplace_back(positions_.begin() + static_cast<ptrdiff_t>(starts[i]),
                                  positions_.begin() + static_cast<ptrdiff_t>(end));
    }
  } else {
    geometry.polygons = type == "Polygon" ? 1 : static_cast<int>(starts_[2].size());
  }
  return geometry;
}

bool CoordinateTimes::OpenList() {
  if (depth_ != 1 || (!nested_ && !times_.empty())) {
    invalid_ = true;  // deeper than a list per line, or lists beside times
    return false;
  }
  nested_ = true;
  starts_.push_back(times_.size());
  ++depth_;
  return true;
}

void CoordinateTimes::Add(const std::string* text, bool is_null) {
  if (invalid_) return;
  if (nested_ && depth_ == 1) {
    invalid_ = true;  // a time beside the per-line lists
    return;
  }
  const std::optional<int64_t> millis =
      text == nullptr ? std::nullopt : util::ParseTimestampMillis(*text);
  if (!millis && !is_null) {
    invalid_ = true;
    return;
  }
  times_.push_back(millis.value_or(kNoTime));
  any_ = any_ || millis.has_value();
}

bool CoordinateTimes::ApplyTo(std::vector<Segment>& lines) const {
  const std::vector<size_t> starts = nested_ ? starts_ : std::vector<size_t>{0};
  if (invalid_ || starts.size() != lines.size()) return false;
  for (size_t i = 0; i < lines.size(); ++i) {
    const size_t end = i + 1 < starts.size() ? starts[i + 1] : times_.size();
    if (end - starts[i] != lines[i].size()) return false;
  }
  for (size_t i = 0; i < lines.size(); ++i) {
    for (size_t j = 0; j < lines[i].size(); ++j) lines[i][j].time_ms = times_[starts[i] + j];
  }
  return true;
}

}  // namespace cairn::geo::geojson_internal
