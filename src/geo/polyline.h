// Google's encoded polyline format: a line as printable ASCII, as trails store their map line.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "geo/geodesy.h"
#include "util/result.h"

namespace cairn::geo {

// Digits after the decimal point: 5 (about 1 m) is Google's and the trail record's; 6 is
// Valhalla's.
inline constexpr int kPolylinePrecision = 5;

// Encodes `points` (lat, lon in degrees). Each coordinate is rounded to `precision` decimals
// (half away from zero) and stored as the difference from the previous rounded value, so
// errors never accumulate: decoding gives every point back within 0.5 * 10^-precision degrees.
// `precision` is clamped to 0..9; a point with a non-finite coordinate is skipped. Pure.
std::string EncodePolyline(std::span<const LatLon> points, int precision = kPolylinePrecision);

// Reads a polyline point by point, as DecodePolyline decodes it, holding only the last point: for
// a test that can stop at the first point it needs (a map area's line check).
class PolylineReader {
 public:
  explicit PolylineReader(std::string_view encoded, int precision = kPolylinePrecision);

  // The next point into `point` and true; false at the end, or at a fault (`error()` says which,
  // as DecodePolyline would).
  bool Next(LatLon& point);
  // The same in the line's own units, degrees times 10^precision (`scale()`): Next's point is
  // each value divided by the scale. Tests that can be decided in these integers skip the
  // division and the comparisons in floating point.
  bool NextScaled(int64_t& lat, int64_t& lon);
  int64_t scale() const { return scale_; }
  const std::optional<util::Error>& error() const { return error_; }

 private:
  bool Fail(size_t offset, const char* what);

  std::string_view encoded_;
  size_t pos_ = 0;
  int64_t scale_;
  int64_t limit_[2];           // the largest latitude and longitude, scaled
  int64_t value_[2] = {0, 0};  // latitude, longitude, scaled
  std::optional<util::Error> error_;
};

// Decodes a polyline made with the same precision. InvalidArgument, naming the byte offset, for
// a character outside '?'..'~', a value cut short, a latitude without its longitude, or a point
// outside [-90, 90] x [-180, 180]. The empty string is the empty line. Pure.
util::Result<std::vector<LatLon>> DecodePolyline(std::string_view encoded,
                                                 int precision = kPolylinePrecision);

}  // namespace cairn::geo
