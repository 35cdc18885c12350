// The terrain model's benchmark driver (bench/dem.sh):
//   cairn_dem_bench tiles OUT_DIR COUNT SAMPLES  writes COUNT SRTM tiles (1201 or 3601 samples)
//                                                 of a hilly surface, 10 a row from N40E000
//   cairn_dem_bench lookup DEM_DIR POINTS RUNS   times TileSet::Heights over a line of POINTS
//                                                 points through every tile; prints points/s
//   cairn_dem_bench body COUNT POINTS            prints a /valhalla/height body: the same line
//                                                 as a precision 6 polyline
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "dem/terrain_model.h"
#include "geo/polyline.h"

namespace {

using cairn::geo::LatLon;

constexpr int kTilesPerRow = 10;

double Surface(double lat, double lon) {
  return 1500 + 800 * std::sin(lat * 7.1) * std::cos(lon * 5.3) +
         120 * std::sin(lat * 61 + lon * 47);
}

int WriteTiles(const std::string& dir, int count, int samples) {
  std::vector<char> bytes(static_cast<size_t>(samples) * samples * 2);
  for (int t = 0; t < count; ++t) {
    const int lat = 40 + t / kTilesPerRow, lon = t % kTilesPerRow;
    size_t i = 0;
    for (int r = 0; r < samples; ++r) {
      for (int c = 0; c < samples; ++c) {
        const double h = Surface(lat + 1 - r / double(samples - 1), lon + c / double(samples - 1));
        const auto v = static_cast<uint16_t>(static_cast<int16_t>(std::lround(h)));
        bytes[i++] = static_cast<char>(v >> 8);
        bytes[i++] = static_cast<char>(v & 0xff);
      }
    }
    char name[32];
    std::snprintf(name, sizeof name, "/N%02dE%03d.hgt", lat, lon);
    std::ofstream(dir + name, std::ios::binary)
        .write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  }
  return 0;
}

// A serpentine through the tiles' rows (west to east, then back one row north), sampled evenly:
// every tile is visited, in order, as a track would.
std::vector<LatLon> Line(int tiles, size_t points) {
  const int rows = (tiles + kTilesPerRow - 1) / kTilesPerRow;
  std::vector<LatLon> line;
  line.reserve(points);
  for (size_t i = 0; i < points; ++i) {
    const double t = static_cast<double>(i) / static_cast<double>(points) * rows;
    const int row = std::min(static_cast<int>(t), rows - 1);
    const double along = (t - row) * std::min(tiles - row * kTilesPerRow, kTilesPerRow);
    const double lon =
        row % 2 == 0 ? along : std::min(tiles - row * kTilesPerRow, kTilesPerRow) - along;
    line.push_back({40.5 + row + 0.3 * std::sin(t * 40), std::clamp(lon, 0.0001, 9.9999)});
  }
  return line;
}

int Lookup(const std::string& dem_dir, size_t points, int runs) {
  cairn::dem::TerrainModel model(dem_dir);
  auto tiles = model.Current();
  if (tiles->size() == 0) {
    std::fprintf(stderr, "no tiles in %s\n", dem_dir.c_str());
    return 1;
  }
  const auto line = Line(static_cast<int>(tiles->size()), points);
  std::vector<double> heights(points);
  std::vector<double> rates;
  size_t missing = 0;
  for (int run = 0; run < runs; ++run) {
    const auto start = std::chrono::steady_clock::now();
    tiles->Heights(line, heights);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    rates.push_back(static_cast<double>(points) / seconds);
    missing = static_cast<size_t>(
        std::count_if(heights.begin(), heights.end(), [](double h) { return std::isnan(h); }));
  }
  std::sort(rates.begin(), rates.end());
  std::printf(
      "library: %zu points through %zu tiles: median %.2f, best %.2f, worst %.2f million points/s "
      "(%zu without height)\n",
      points, tiles->size(), rates[rates.size() / 2] / 1e6, rates.back() / 1e6, rates.front() / 1e6,
      missing);
  return 0;
}

int Body(int tiles, size_t points) {
  const auto line = Line(tiles, points);
  // '\\' is a polyline character and JSON's escape.
  std::string escaped;
  for (char c : cairn::geo::EncodePolyline(line, 6))
    escaped += c == '\\' ? "\\\\" : std::string(1, c);
  std::printf("{\"encoded_polyline\":\"%s\"}\n", escaped.c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "tiles" && argc == 5)
    return WriteTiles(argv[2], std::atoi(argv[3]), std::atoi(argv[4]));
  if (mode == "lookup" && argc == 5)
    return Lookup(argv[2], std::strtoull(argv[3], nullptr, 10), std::atoi(argv[4]));
  if (mode == "body" && argc == 4)
    return Body(std::atoi(argv[2]), std::strtoull(argv[3], nullptr, 10));
  std::fprintf(
      stderr,
      "usage: %s tiles OUT_DIR COUNT SAMPLES | lookup DEM_DIR POINTS RUNS | body COUNT POINTS\n",
      argv[0]);
  return 2;
}
