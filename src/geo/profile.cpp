// The elevation profile: cumulative distance from the statistics' own steps, and a downsampler
// that keeps each distance bucket's extremes (a min-max envelope), so peaks and dips survive.
#include "geo/profile.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "geo/statistics.h"

namespace cairn::geo {
namespace {

constexpr size_t kNone = std::numeric_limits<size_t>::max();

// Collects one bucket's first, lowest and highest point and writes their indexes out when it
// closes.
class BucketWriter {
 public:
  BucketWriter(std::span<const ProfilePoint> profile, std::vector<size_t>& out)
      : profile_(profile), out_(out) {}

  void Add(size_t bucket, size_t index) {
    if (bucket != bucket_) {
      Flush();
      bucket_ = bucket;
      first_ = index;
    }
    const double ele = profile_[index].ele;
    if (std::isnan(ele)) return;
    if (low_ == kNone || ele < profile_[low_].ele) low_ = index;
    if (high_ == kNone || ele > profile_[high_].ele) high_ = index;
  }

  void Flush() {
    if (bucket_ == kNone) return;
    if (low_ == kNone) {
      out_.push_back(first_);  // no elevation here: one point keeps the gap visible
    } else {
      out_.push_back(std::min(low_, high_));
      if (low_ != high_) out_.push_back(std::max(low_, high_));
    }
    bucket_ = first_ = low_ = high_ = kNone;
  }

 private:
  std::span<const ProfilePoint> profile_;
  std::vector<size_t>& out_;
  size_t bucket_ = kNone, first_ = kNone, low_ = kNone, high_ = kNone;
};

// The indexes DownsampleProfile keeps of profile[first..last] as one line, at most
// `max_points` (at least 2), appended to `out`.
void DownsampleRun(std::span<const ProfilePoint> profile, size_t first, size_t last,
                   size_t max_points, std::vector<size_t>& out) {
  max_points = std::max<size_t>(max_points, 2);
  const size_t n = last - first + 1;
  if (n <= max_points) {
    for (size_t i = first; i <= last; ++i) out.push_back(i);
    return;
  }
  // Two points per bucket at most, plus the two ends.
  const size_t buckets = (max_points - 2) / 2;
  out.push_back(first);
  if (buckets > 0) {
    const double start_m = profile[first].distance_m;
    const double span_m = profile[last].distance_m - start_m;
    const size_t interior = n - 2;
    BucketWriter writer(profile, out);
    size_t bucket = 0;
    for (size_t i = first + 1; i < last; ++i) {
      size_t here;
      if (span_m > 0) {
        double fraction = (profile[i].distance_m - start_m) / span_m;
        if (!(fraction > 0)) fraction = 0;  // NaN too
        here = std::min(static_cast<size_t>(std::min(fraction, 1.0) * static_cast<double>(buckets)),
                        buckets - 1);
      } else {
        here = (i - first - 1) * buckets / interior;
      }
      // Buckets only move forward, so even a profile that breaks the order of distances gets
      // at most two points per bucket.
      bucket = std::max(bucket, here);
      writer.Add(bucket, i);
    }
    writer.Flush();
  }
  out.push_back(last);
}

}  // namespace

std::vector<ProfilePoint> ElevationProfile(const Track& track) {
  std::vector<ProfilePoint> profile;
  profile.reserve(track.PointCount());
  double distance_m = 0;
  ForEachLinePoint(track, [&](const TrackPoint& point, double step_m) {
    distance_m += step_m;
    profile.push_back({distance_m, point.ele, point.lat, point.lon});
  });
  // ForEachLinePoint visits the same non-empty segments in the same order.
  const PartKind line_kind = LinePartKind(track);
  size_t index = 0;
  for (const TrackPart& part : track.parts) {
    if (part.kind != line_kind) continue;
    for (const Segment& segment : part.segments) {
      if (segment.empty()) continue;
      if (index > 0 && index < profile.size()) profile[index].starts_part = true;
      index += segment.size();
    }
  }
  return profile;
}

std::vector<ProfilePoint> DownsampleProfile(std::span<const ProfilePoint> profile,
                                            size_t max_points) {
  max_points = std::max<size_t>(max_points, 2);
  const size_t n = profile.size();
  if (n <= max_points) return {profile.begin(), profile.end()};
  std::vector<size_t> starts = {0};
  for (size_t i = 1; i < n; ++i) {
    if (profile[i].starts_part) starts.push_back(i);
  }
  std::vector<size_t> kept;
  kept.reserve(max_points);
  if (2 * starts.size() > max_points) {
    DownsampleRun(profile, 0, n - 1, max_points, kept);
  } else {
    // Each part keeps its ends; the points left over go to the parts by their share of the
    // distance (of the points when the profile has no length).
    size_t ends = 0;
    const double total_m = profile[n - 1].distance_m - profile[0].distance_m;
    for (size_t k = 0; k < starts.size(); ++k) {
      const size_t last = k + 1 < starts.size() ? starts[k + 1] - 1 : n - 1;
      ends += std::min<size_t>(2, last - starts[k] + 1);
    }
    const size_t spare = max_points - ends;
    for (size_t k = 0; k < starts.size(); ++k) {
      const size_t first = starts[k];
      const size_t last = k + 1 < starts.size() ? starts[k + 1] - 1 : n - 1;
      const double share = total_m > 0
                               ? (profile[last].distance_m - profile[first].distance_m) / total_m
                               : static_cast<double>(last - first + 1) / static_cast<double>(n);
      const double extra = std::floor(std::clamp(share, 0.0, 1.0) * static_cast<double>(spare));
      DownsampleRun(profile, first, last,
                    std::min<size_t>(2, last - first + 1) + static_cast<size_t>(extra), kept);
    }
  }
  std::vector<ProfilePoint> out;
  out.reserve(kept.size());
  size_t next_start = 1;
  for (size_t i : kept) {
    ProfilePoint point = profile[i];
    // A part started since the point kept before this one (its first point may be left out).
    point.starts_part = false;
    while (next_start < starts.size() && starts[next_start] <= i) {
      point.starts_part = !out.empty();
      ++next_start;
    }
    out.push_back(point);
  }
  return out;
}

}  // namespace cairn::geo
