// The elevation profile: distances as the statistics count them, and a downsampler that keeps
// the ends, the peaks and the order.
#include "geo/profile.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <vector>

#include "geo/statistics.h"

namespace cairn::geo {
namespace {

TrackPoint At(double lat, double lon, double ele, int64_t seconds) {
  return {lat, lon, ele, 1'717'228'800'000 + seconds * 1000};
}

bool DistancesNeverDecrease(const std::vector<ProfilePoint>& profile) {
  for (size_t i = 1; i < profile.size(); ++i) {
    if (profile[i].distance_m < profile[i - 1].distance_m) return false;
  }
  return true;
}

TEST_CASE("the profile ends at the statistics' distance across segments, pauses and routes",
          "[geo][profile]") {
  Track track;
  // A recording in two segments; the first has a 20-minute stop between 10-second steps, whose
  // distance the statistics leave out. The planned route beside it is not the line.
  TrackPart recording;
  Segment first;
  for (int i = 0; i < 30; ++i) first.push_back(At(47 + 0.0002 * i, 11, 500 + i, 10 * i));
  first.push_back(At(47.01, 11.01, 520, 10 * 29 + 1200));  // after the pause, far away
  for (int i = 1; i < 10; ++i) first.push_back(At(47.01 + 0.0002 * i, 11.01, 520, 1490 + 10 * i));
  Segment second;
  for (int i = 0; i < 20; ++i) second.push_back(At(47.02, 11.02 + 0.0003 * i, 600 - i, 2000 + i));
  recording.segments = {first, second};
  TrackPart route{PartKind::kRoute, "plan", "", {{At(46, 10, 0, 0), At(46.5, 10.5, 0, 0)}}};
  track.parts = {route, recording};

  const std::vector<ProfilePoint> profile = ElevationProfile(track);
  REQUIRE(profile.size() == first.size() + second.size());
  CHECK(profile.back().distance_m == ComputeStatistics(track).distance_m);  // exactly
  CHECK(DistancesNeverDecrease(profile));
  CHECK(profile.front().distance_m == 0);
  CHECK(profile.front().ele == 500);
  // No distance over the pause, nor over the gap to the second segment.
  CHECK(profile[30].distance_m == profile[29].distance_m);
  CHECK(profile[first.size()].distance_m == profile[first.size() - 1].distance_m);
  CHECK(profile[first.size()].lat == 47.02);
  // The second segment starts a part; the pause inside the first does not.
  for (size_t i = 0; i < profile.size(); ++i) {
    INFO(i);
    CHECK(profile[i].starts_part == (i == first.size()));
  }
}

TEST_CASE("downsampling a profile in parts keeps every part's ends and where it starts",
          "[geo][profile]") {
  // Three parts of 3000, 1000 and 2000 points one metre apart (no distance across the gaps).
  std::vector<ProfilePoint> profile;
  const size_t sizes[] = {3000, 1000, 2000};
  std::vector<size_t> firsts;
  double distance_m = 0;
  for (size_t size : sizes) {
    firsts.push_back(profile.size());
    for (size_t i = 0; i < size; ++i) {
      if (i > 0) distance_m += 1;
      profile.push_back({distance_m, 100.0 + static_cast<double>(i % 7), 47, 11});
      profile.back().starts_part = i == 0 && firsts.size() > 1;
    }
  }
  const std::vector<ProfilePoint> out = DownsampleProfile(profile, 100);
  CHECK(out.size() <= 100);
  CHECK(out.size() >= 90);  // the budget is shared out, not wasted
  std::vector<size_t> starts;
  for (size_t j = 0; j < out.size(); ++j) {
    if (out[j].starts_part) starts.push_back(j);
  }
  REQUIRE(starts.size() == 2);
  // Each break sits between a part's last point and the next part's first.
  for (size_t k = 0; k < 2; ++k) {
    const size_t first = firsts[k + 1];
    CHECK(out[starts[k]].distance_m == profile[first].distance_m);
    CHECK(out[starts[k] - 1].distance_m == profile[first - 1].distance_m);
    CHECK(out[starts[k] - 1].ele == profile[first - 1].ele);
    CHECK(out[starts[k]].ele == profile[first].ele);
  }
  // The 1000-point part gets about a sixth of the points, by its length.
  CHECK(starts[1] - starts[0] >= 10);
  CHECK(starts[1] - starts[0] <= 20);
  CHECK(DistancesNeverDecrease(out));
}

TEST_CASE("a profile of more parts than half its budget still marks where parts start",
          "[geo][profile]") {
  // 50 parts of 10 points, downsampled to 20: too many parts to keep every part's ends.
  std::vector<ProfilePoint> profile;
  for (int i = 0; i < 500; ++i) {
    profile.push_back({static_cast<double>(i), 100.0 + i % 10, 47, 11});
    profile.back().starts_part = i > 0 && i % 10 == 0;
  }
  const std::vector<ProfilePoint> out = DownsampleProfile(profile, 20);
  CHECK(out.size() <= 20);
  CHECK_FALSE(out.front().starts_part);
  // A kept point starts a part exactly when a part started after the point kept before it.
  for (size_t j = 1; j < out.size(); ++j) {
    const bool crossed =
        static_cast<int>(out[j].distance_m) / 10 != static_cast<int>(out[j - 1].distance_m) / 10;
    INFO(j);
    CHECK(out[j].starts_part == crossed);
  }
}

TEST_CASE("a track without line points has an empty profile", "[geo][profile]") {
  Track track;
  track.waypoints.push_back({47, 11});
  CHECK(ElevationProfile(track).empty());
  CHECK(DownsampleProfile({}, 10).empty());
}

// 100 000 points one metre apart: gentle waves, one narrow peak and one narrow dip.
std::vector<ProfilePoint> LongProfile() {
  std::vector<ProfilePoint> profile;
  for (int i = 0; i < 100'000; ++i) {
    double ele = 1000 + 50 * std::sin(i / 3000.0);
    if (i == 54'321) ele = 1800;  // a summit one point wide
    if (i == 77'777) ele = 400;   // a gully one point wide
    profile.push_back({static_cast<double>(i), ele, 47 + i * 1e-5, 11});
  }
  return profile;
}

TEST_CASE("downsampling keeps at most N points, both ends, the order and the extremes",
          "[geo][profile]") {
  const std::vector<ProfilePoint> profile = LongProfile();
  for (size_t n : {2, 3, 4, 5, 10, 101, 1000, 5000}) {
    INFO("max points " << n);
    const std::vector<ProfilePoint> kept = DownsampleProfile(profile, n);
    CHECK(kept.size() <= n);
    CHECK(kept.front().distance_m == 0);
    CHECK(kept.back().distance_m == 99'999);
    CHECK(DistancesNeverDecrease(kept));
    if (n < 4) continue;  // no room between the ends
    bool peak = false, dip = false;
    for (const ProfilePoint& p : kept) {
      peak = peak || p.distance_m == 54'321;
      dip = dip || p.distance_m == 77'777;
    }
    CHECK(peak);
    CHECK(dip);
  }
  // A large N fills the budget: every bucket holds a rising or falling stretch (two points).
  CHECK(DownsampleProfile(profile, 1000).size() == 1000);
}

TEST_CASE("a profile no longer than N comes back whole", "[geo][profile]") {
  std::vector<ProfilePoint> profile;
  for (int i = 0; i < 50; ++i) profile.push_back({i * 10.0, 500.0 + i, 47, 11});
  const std::vector<ProfilePoint> kept = DownsampleProfile(profile, 50);
  REQUIRE(kept.size() == 50);
  for (size_t i = 0; i < kept.size(); ++i) CHECK(kept[i].distance_m == profile[i].distance_m);
  CHECK(DownsampleProfile(profile, 0).size() == 2);  // at least the two ends
}

TEST_CASE("a stretch without elevation keeps one point so the gap shows", "[geo][profile]") {
  std::vector<ProfilePoint> profile;
  for (int i = 0; i < 1000; ++i) {
    const bool surveyed = i < 300 || i >= 700;
    profile.push_back({i * 5.0, surveyed ? 200.0 + (i % 7) : kNoElevation, 47, 11});
  }
  const std::vector<ProfilePoint> kept = DownsampleProfile(profile, 22);  // 10 buckets
  CHECK(kept.size() <= 22);
  size_t without = 0;
  for (const ProfilePoint& p : kept) without += std::isnan(p.ele);
  // Buckets of 499.5 m: the 4th to the 7th (points 300 to 699) hold no elevation, one point each.
  CHECK(without == 4);
  CHECK(DistancesNeverDecrease(kept));
}

TEST_CASE("points that all lie at one distance are bucketed by count", "[geo][profile]") {
  // Standing still: every point at distance 0, the elevation drifting.
  std::vector<ProfilePoint> profile;
  for (int i = 0; i < 1000; ++i) profile.push_back({0, 300.0 + (i % 50), 47, 11});
  const std::vector<ProfilePoint> kept = DownsampleProfile(profile, 12);
  CHECK(kept.size() <= 12);
  CHECK(kept.size() > 4);  // not all squeezed into one bucket
}

}  // namespace
}  // namespace cairn::geo
