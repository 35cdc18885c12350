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

// Collects one bucket's first, lowest and highest point and writes them out when it closes.
class BucketWriter {
 public:
  BucketWriter(std::span<const ProfilePoint> profile, std::vector<ProfilePoint>& out)
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
      out_.push_back(profile_[first_]);  // no elevation here: one point keeps the gap visible
    } else {
      out_.push_back(profile_[std::min(low_, high_)]);
      if (low_ != high_) out_.push_back(profile_[std::max(low_, high_)]);
    }
    bucket_ = first_ = low_ = high_ = kNone;
  }

 private:
  std::span<const ProfilePoint> profile_;
  std::vector<ProfilePoint>& out_;
  size_t bucket_ = kNone, first_ = kNone, low_ = kNone, high_ = kNone;
};

}  // namespace

std::vector<ProfilePoint> ElevationProfile(const Track& track) {
  std::vector<ProfilePoint> profile;
  profile.reserve(track.PointCount());
  double distance_m = 0;
  ForEachLinePoint(track, [&](const TrackPoint& point, double step_m) {
    distance_m += step_m;
    profile.push_back({distance_m, point.ele, point.lat, point.lon});
  });
  return profile;
}

std::vector<ProfilePoint> DownsampleProfile(std::span<const ProfilePoint> profile,
                                            size_t max_points) {
  max_points = std::max<size_t>(max_points, 2);
  const size_t n = profile.size();
  if (n <= max_points) return {profile.begin(), profile.end()};
  // Two points per bucket at most, plus the two ends.
  const size_t buckets = (max_points - 2) / 2;
  std::vector<ProfilePoint> out;
  out.reserve(max_points);
  out.push_back(profile.front());
  if (buckets > 0) {
    const double start_m = profile.front().distance_m;
    const double span_m = profile.back().distance_m - start_m;
    const size_t interior = n - 2;
    BucketWriter writer(profile, out);
    size_t bucket = 0;
    for (size_t i = 1; i + 1 < n; ++i) {
      size_t here;
      if (span_m > 0) {
        double fraction = (profile[i].distance_m - start_m) / span_m;
        if (!(fraction > 0)) fraction = 0;  // NaN too
        here = std::min(static_cast<size_t>(std::min(fraction, 1.0) * static_cast<double>(buckets)),
                        buckets - 1);
      } else {
        here = (i - 1) * buckets / interior;
      }
      // Buckets only move forward, so even a profile that breaks the order of distances gets
      // at most two points per bucket.
      bucket = std::max(bucket, here);
      writer.Add(bucket, i);
    }
    writer.Flush();
  }
  out.push_back(profile.back());
  return out;
}

}  // namespace cairn::geo
