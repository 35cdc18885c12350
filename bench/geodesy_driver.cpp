// Driver for bench/geodesy_accuracy.sh: random point pairs per distance band, and the error of
// geo::DistanceMeters against GeographicLib's distances for them.
//
//   geodesy_driver generate COUNT SEED   prints "band lat1 lon1 lat2 lon2" lines
//   geodesy_driver compare               reads "band lat1 lon1 lat2 lon2 azi1 azi2 s12" lines
//                                        (the pairs followed by GeodSolve -i's answer) and prints
//                                        the error and the time per call for each band
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "geo/geodesy.h"

namespace {

constexpr double kDeg = std::numbers::pi / 180;
constexpr double kEarthRadius = 6371008.8;  // only to place the second point roughly

// The point `meters` from (lat, lon) along `azimuth` on a sphere: near enough to the band.
void Offset(double lat, double lon, double azimuth, double meters, double* lat2, double* lon2) {
  const double delta = meters / kEarthRadius;
  const double phi1 = lat * kDeg;
  const double phi2 = std::asin(std::sin(phi1) * std::cos(delta) +
                                std::cos(phi1) * std::sin(delta) * std::cos(azimuth));
  const double lambda = std::atan2(std::sin(azimuth) * std::sin(delta) * std::cos(phi1),
                                   std::cos(delta) - std::sin(phi1) * std::sin(phi2));
  *lat2 = phi2 / kDeg;
  *lon2 = std::remainder(lon + lambda / kDeg, 360.0);
}

int Generate(int count, unsigned seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  const double bands[] = {1, 10, 100, 1e3, 1e4, 1e5, 1e6};
  for (double band : bands) {
    for (int i = 0; i < count; ++i) {
      // Uniform over the sphere, poles included; the length log-uniform within the decade.
      const double lat = std::asin(2 * unit(random) - 1) / kDeg;
      const double lon = 360 * unit(random) - 180;
      const double azimuth = 2 * std::numbers::pi * unit(random);
      const double meters = band * std::pow(10.0, unit(random) - 0.5);
      double lat2, lon2;
      Offset(lat, lon, azimuth, meters, &lat2, &lon2);
      std::printf("%g %.10f %.10f %.10f %.10f\n", band, lat, lon, lat2, lon2);
    }
  }
  // Nearly antipodal pairs, where Vincenty's iteration fails and the fallback answers.
  for (int i = 0; i < count; ++i) {
    const double lat = std::asin(2 * unit(random) - 1) / kDeg;
    const double lon = 360 * unit(random) - 180;
    const double lat2 = std::clamp(-lat + (unit(random) - 0.5), -90.0, 90.0);
    const double lon2 = std::remainder(lon + 180 + (unit(random) - 0.5), 360.0);
    std::printf("antipodal %.10f %.10f %.10f %.10f\n", lat, lon, lat2, lon2);
  }
  return 0;
}

struct Pair {
  double lat1, lon1, lat2, lon2, reference;
};

int Compare() {
  std::map<std::string, std::vector<Pair>> bands;
  std::vector<std::string> order;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string band;
    Pair p;
    double azi1, azi2;
    if (!(in >> band >> p.lat1 >> p.lon1 >> p.lat2 >> p.lon2 >> azi1 >> azi2 >> p.reference)) {
      std::fprintf(stderr, "unreadable line: %s\n", line.c_str());
      return 1;
    }
    if (!bands.count(band)) order.push_back(band);
    bands[band].push_back(p);
  }
  std::printf("%-10s %6s %12s %12s %12s %12s %8s %8s\n", "band_m", "pairs", "max_rel", "mean_rel",
              "max_abs_m", "mean_abs_m", "local%", "ns/call");
  for (const std::string& band : order) {
    const std::vector<Pair>& pairs = bands[band];
    double max_rel = 0, sum_rel = 0, max_abs = 0, sum_abs = 0;
    size_t local = 0;
    for (const Pair& p : pairs) {
      const double ours = cairn::geo::DistanceMeters(p.lat1, p.lon1, p.lat2, p.lon2);
      const double abs_error = std::fabs(ours - p.reference);
      const double rel_error = p.reference > 0 ? abs_error / p.reference : 0;
      max_rel = std::max(max_rel, rel_error);
      max_abs = std::max(max_abs, abs_error);
      sum_rel += rel_error;
      sum_abs += abs_error;
      local += cairn::geo::geodesy_internal::UsesLocalProjection(p.lat1, p.lon1, p.lat2, p.lon2);
    }
    // Time per call: whole passes over the band's pairs until a quarter second has passed.
    double sink = 0;
    size_t calls = 0;
    const auto start = std::chrono::steady_clock::now();
    double elapsed_ns = 0;
    do {
      for (const Pair& p : pairs)
        sink += cairn::geo::DistanceMeters(p.lat1, p.lon1, p.lat2, p.lon2);
      calls += pairs.size();
      elapsed_ns =
          std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start)
              .count();
    } while (elapsed_ns < 2.5e8);
    const double ns = elapsed_ns / static_cast<double>(calls);
    std::printf("%-10s %6zu %12.3e %12.3e %12.3e %12.3e %7.1f%% %8.1f\n", band.c_str(),
                pairs.size(), max_rel, sum_rel / pairs.size(), max_abs, sum_abs / pairs.size(),
                100.0 * local / pairs.size(), ns);
    if (sink == 42) std::puts("");  // keeps the timed loop from being optimised away
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "generate" && argc == 4) return Generate(std::atoi(argv[2]), std::atoi(argv[3]));
  if (mode == "compare" && argc == 2) return Compare();
  std::fprintf(stderr, "usage: %s generate COUNT SEED | compare\n", argv[0]);
  return 2;
}
