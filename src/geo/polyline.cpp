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

util::Result<std::vector<LatLon>> DecodePolyline(std::string_view encoded, int precision) {
  const int64_t scale = kPowersOfTen[std::clamp(precision, 0, kMaxPrecision)];
  const auto fail = [](size_t offset, const char* what) {
    return util::Error::InvalidArgument("Polyline: at byte offset " + std::to_string(offset) +
                                        ": " + what);
  };
  std::vector<LatLon> points;
  int64_t value[2] = {0, 0};  // latitude, longitude, scaled
  const int64_t limit[2] = {90 * scale, 180 * scale};
  size_t pos = 0;
  while (pos < encoded.size()) {
    const size_t point_start = pos;
    for (int axis = 0; axis < 2; ++axis) {
      if (pos == encoded.size()) return fail(point_start, "a latitude has no longitude");
      const size_t value_start = pos;
      uint64_t bits = 0;
      for (int chunk_index = 0;; ++chunk_index) {
        if (pos == encoded.size()) return fail(value_start, "the last value is cut short");
        if (chunk_index == kMaxChunks) return fail(value_start, "a value is too long");
        const int chunk = static_cast<unsigned char>(encoded[pos]) - kCharacterOffset;
        if (chunk < 0 || chunk > 63) return fail(pos, "not a polyline character");
        ++pos;
        bits |= static_cast<uint64_t>(chunk & 0x1f) << (kChunkBits * chunk_index);
        if (!(chunk & kContinuationBit)) break;
      }
      const int64_t magnitude = static_cast<int64_t>(bits >> 1);
      const int64_t delta = (bits & 1) ? -magnitude - 1 : magnitude;
      // Checked before adding, so the sum cannot overflow.
      if (delta > 2 * limit[axis] || delta < -2 * limit[axis] ||
          std::llabs(value[axis] + delta) > limit[axis]) {
        return fail(value_start, axis == 0 ? "the latitude leaves [-90, 90]"
                                           : "the longitude leaves [-180, 180]");
      }
      value[axis] += delta;
    }
    points.push_back({static_cast<double>(value[0]) / static_cast<double>(scale),
                      static_cast<double>(value[1]) / static_cast<double>(scale)});
  }
  return points;
}

}  // namespace cairn::geo
