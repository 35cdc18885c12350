// Encoded polyline: zig-zag signed deltas in 5-bit chunks, each chunk offset into printable ASCII.
#include "geo/polyline.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cairn::geo {
namespace {

constexpr int kMaxPrecision = 9;
constexpr int64_t kPowersOfTen[] = {1,      10,      100,      1000,      10000,
                                    100000, 1000000, 10000000, 100000000, 1000000000};
// Encoded characters are chunk + 63: '?' (no bits) up to '~' (31 with the continuation bit).
constexpr int kCharacterOffset = 63;
constexpr int kContinuationBit = 0x20;
constexpr int kChunkBits = 5;
// A 64-bit value needs 13 chunks; anything longer is not a polyline.
constexpr int kMaxChunks = 13;

void AppendValue(int64_t delta, std::string& out) {
  // Zig-zag: the sign goes to the lowest bit so small negative numbers stay short.
  uint64_t bits = static_cast<uint64_t>(delta) << 1;
  if (delta < 0) bits = ~bits;
  while (bits >= kContinuationBit) {
    out.push_back(static_cast<char>((kContinuationBit | (bits & 0x1f)) + kCharacterOffset));
    bits >>= kChunkBits;
  }
  out.push_back(static_cast<char>(bits + kCharacterOffset));
}

}  // namespace

std::string EncodePolyline(std::span<const LatLon> points, int precision) {
  const double scale = static_cast<double>(kPowersOfTen[std::clamp(precision, 0, kMaxPrecision)]);
  std::string out;
  out.reserve(points.size() * 8);
  int64_t previous_lat = 0, previous_lon = 0;
  for (const LatLon& point : points) {
    // Out-of-range values would overflow the rounding; NaN fails these tests too.
    if (!(std::fabs(point.lat) <= 90) || !(std::fabs(point.lon) <= 180)) continue;
    const int64_t lat = std::llround(point.lat * scale);
    const int64_t lon = std::llround(point.lon * scale);
    AppendValue(lat - previous_lat, out);
    AppendValue(lon - previous_lon, out);
    previous_lat = lat;
    previous_lon = lon;
  }
  return out;
}

PolylineReader::PolylineReader(std::string_view encoded, int precision)
    : encoded_(encoded),
      scale_(kPowersOfTen[std::clamp(precision, 0, kMaxPrecision)]),
      limit_{90 * scale_, 180 * scale_} {}

bool PolylineReader::Fail(size_t offset, const char* what) {
  error_ = util::Error::InvalidArgument("Polyline: at byte offset " + std::to_string(offset) +
                                        ": " + what);
  pos_ = encoded_.size();
  return false;
}

bool PolylineReader::Next(LatLon& point) {
  int64_t lat = 0, lon = 0;
  if (!NextScaled(lat, lon)) return false;
  point = {static_cast<double>(lat) / static_cast<double>(scale_),
           static_cast<double>(lon) / static_cast<double>(scale_)};
  return true;
}

bool PolylineReader::NextScaled(int64_t& lat, int64_t& lon) {
  // Locals, not members, in the loop: the compiler keeps them in registers.
  const char* const data = encoded_.data();
  const size_t size = encoded_.size();
  size_t pos = pos_;
  if (pos >= size) return false;
  int64_t values[2] = {value_[0], value_[1]};
  for (int axis = 0; axis < 2; ++axis) {
    if (pos == size) return Fail(pos_, "a latitude has no longitude");
    const size_t value_start = pos;
    uint64_t bits = 0;
    for (unsigned shift = 0;; shift += kChunkBits) {
      if (pos == size) return Fail(value_start, "the last value is cut short");
      if (shift == kMaxChunks * kChunkBits) return Fail(value_start, "a value is too long");
      // Unsigned, so a character below the offset wraps round and fails the one test.
      const unsigned chunk = static_cast<unsigned char>(data[pos]) - unsigned{kCharacterOffset};
      if (chunk > 63) return Fail(pos, "not a polyline character");
      ++pos;
      bits |= static_cast<uint64_t>(chunk & 0x1f) << shift;
      if (!(chunk & kContinuationBit)) break;
    }
    const int64_t magnitude = static_cast<int64_t>(bits >> 1);
    const int64_t delta = (bits & 1) ? -magnitude - 1 : magnitude;
    // Checked before adding, so the sum cannot overflow.
    const int64_t limit = limit_[axis];
    if (delta > 2 * limit || delta < -2 * limit || std::llabs(values[axis] + delta) > limit) {
      return Fail(value_start,
                  axis == 0 ? "the latitude leaves [-90, 90]" : "the longitude leaves [-180, 180]");
    }
    values[axis] += delta;
  }
  pos_ = pos;
  value_[0] = lat = values[0];
  value_[1] = lon = values[1];
  return true;
}

util::Result<std::vector<LatLon>> DecodePolyline(std::string_view encoded, int precision) {
  PolylineReader reader(encoded, precision);
  std::vector<LatLon> points;
  // A point takes two to twelve characters; most take eight or so.
  points.reserve(encoded.size() / 6);
  for (LatLon point; reader.Next(point);) points.push_back(point);
  if (reader.error()) return *reader.error();
  return points;
}

}  // namespace cairn::geo
