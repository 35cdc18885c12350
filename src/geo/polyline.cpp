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
    : encoded_(encoded), scale_(kPowersOfTen[std::clamp(precision, 0, kMaxPrecision)]) {}

bool PolylineReader::Fail(size_t offset, const char* what) {
  error_ = util::Error::InvalidArgument("Polyline: at byte offset " + std::to_string(offset) +
                                        ": " + what);
  pos_ = encoded_.size();
  return false;
}

bool PolylineReader::Next(LatLon& point) {
  if (pos_ >= encoded_.size()) return false;
  const int64_t limit[2] = {90 * scale_, 180 * scale_};
  const size_t point_start = pos_;
  for (int axis = 0; axis < 2; ++axis) {
    if (pos_ == encoded_.size()) return Fail(point_start, "a latitude has no longitude");
    const size_t value_start = pos_;
    uint64_t bits = 0;
    for (int chunk_index = 0;; ++chunk_index) {
      if (pos_ == encoded_.size()) return Fail(value_start, "the last value is cut short");
      if (chunk_index == kMaxChunks) return Fail(value_start, "a value is too long");
      const int chunk = static_cast<unsigned char>(encoded_[pos_]) - kCharacterOffset;
      if (chunk < 0 || chunk > 63) return Fail(pos_, "not a polyline character");
      ++pos_;
      bits |= static_cast<uint64_t>(chunk & 0x1f) << (kChunkBits * chunk_index);
      if (!(chunk & kContinuationBit)) break;
    }
    const int64_t magnitude = static_cast<int64_t>(bits >> 1);
    const int64_t delta = (bits & 1) ? -magnitude - 1 : magnitude;
    // Checked before adding, so the sum cannot overflow.
    if (delta > 2 * limit[axis] || delta < -2 * limit[axis] ||
        std::llabs(value_[axis] + delta) > limit[axis]) {
      return Fail(value_start,
                  axis == 0 ? "the latitude leaves [-90, 90]" : "the longitude leaves [-180, 180]");
    }
    value_[axis] += delta;
  }
  point = {static_cast<double>(value_[0]) / static_cast<double>(scale_),
           static_cast<double>(value_[1]) / static_cast<double>(scale_)};
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
