// Terrain gain against device gain on the corpus files that carry device totals. No real terrain
// tile of their areas is available offline, so the tiles are made here from a known surface
// (rolling hills: a smooth function of latitude and longitude, rounded to whole metres as SRTM
// stores them): the comparison measures what the terrain path does to a track (lookups,
// interpolation, the gain filter), not how true the terrain is. docs/STATISTICS.md has the table.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>

#include "dem/hgt_reader.h"
#include "dem/terrain_model.h"
#include "dem/tile_import.h"
#include "dem/track_heights.h"
#include "geo/readers.h"
#include "geo/statistics.h"
#include "test_support/srtm_tile.h"
#include "test_support/temp_dir.h"

namespace cairn::dem {
namespace {

const std::string kData = CAIRN_GPSDATA;
constexpr double kPi = 3.14159265358979323846;

// Hills 400 m from trough to crest, 2.2 km apart north-south and about 2.3 km east-west.
double Hills(double lat, double lon) {
  return 1500 + 200 * std::sin(lat * 2 * kPi / 0.02) * std::cos(lon * 2 * kPi / 0.03);
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string CellName(int lat, int lon) {
  char name[32];
  std::snprintf(name, sizeof name, "%c%02d%c%03d.hgt", lat < 0 ? 'S' : 'N', std::abs(lat),
                lon < 0 ? 'W' : 'E', std::abs(lon));
  return name;
}

// The surface's own gain along the line's points: every rise between consecutive points of a
// segment, no threshold (the terrain is exact, nothing to filter).
double SurfaceGain(const geo::Track& track) {
  double gain = 0, last = NAN;
  geo::ForEachLinePoint(track, [&](const geo::TrackPoint& p, double) {
    const double h = Hills(p.lat, p.lon);
    if (!std::isnan(last) && h > last) gain += h - last;
    last = h;
  });
  return gain;
}

TEST_CASE("terrain gain on a known surface follows the surface along the corpus' tracks",
          "[corpus][terrain]") {
  const char* files[] = {"gpsbabel/reference/track/garmin-edge-800.fit",
                         "gpsbabel/reference/track/wahoo-element-bolt.fit",
                         "python-fitparse/tests/files/2019-02-17-062644-ELEMNT-297E-195-0.fit",
                         "python-fitparse/tests/files/activity-small-fenix2-run.fit",
                         "python-fitparse/tests/files/coros-pace-2-cycling-misaligned-fields.fit"};
  std::printf(
      "| file | points | device gain | ours on the file | surface | terrain | terrain - "
      "surface |\n");
  for (const char* file : files) {
    INFO(file);
    auto track = geo::ReadTrackFile(Slurp(kData + "/" + file));
    REQUIRE(track.ok());
    const geo::TrackStatistics own = geo::ComputeStatistics(*track);
    REQUIRE(own.bounds);
    test_support::TempDir dir;
    const std::string in = dir.path() + "/in";
    std::filesystem::create_directory(in);
    for (int lat = static_cast<int>(std::floor(own.bounds->south));
         lat <= static_cast<int>(std::floor(own.bounds->north)); ++lat) {
      for (int lon = static_cast<int>(std::floor(own.bounds->west));
           lon <= static_cast<int>(std::floor(own.bounds->east)); ++lon) {
        test_support::WriteBytes(
            in + "/" + CellName(lat, lon), test_support::MakeHgt(kSrtm3Samples, [&](int r, int c) {
              return static_cast<int>(std::lround(Hills(lat + 1 - r / 1200.0, lon + c / 1200.0)));
            }));
      }
    }
    REQUIRE(ImportTiles(dir.path() + "/dem", {in}).ok());
    TerrainModel model(dir.path() + "/dem");
    geo::Track terrain = *track;
    const TrackCoverage coverage = PutTerrainHeights(*model.Current(), terrain);
    REQUIRE(coverage.Complete());
    const geo::TrackStatistics from_terrain = geo::ComputeStatistics(terrain);
    const double surface = SurfaceGain(*track);
    std::printf(
        "| %s | %zu | %s | %.1f | %.1f | %.1f | %+.1f%% |\n",
        std::filesystem::path(file).filename().c_str(), coverage.points,
        track->device.ascent_m ? std::to_string(std::lround(*track->device.ascent_m)).c_str() : "-",
        own.elevation_gain_m, surface, from_terrain.elevation_gain_m,
        100 * (from_terrain.elevation_gain_m - surface) / surface);
    // Terrain heights are smooth: every line part passes the noise test and gets 1 m.
    CHECK(from_terrain.smooth_elevation_parts > 0);
    // Interpolated, whole-metre samples and the 1 m threshold lose little of the surface's climb.
    CHECK(from_terrain.elevation_gain_m == Approx(surface).epsilon(0.03));
  }
}

}  // namespace
}  // namespace cairn::dem
