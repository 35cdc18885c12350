// A terrain tile's sample grid: where its samples lie on the globe, and the decoded heights an
// import works on before they are written out (dem/tile_file.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cairn::dem {

// How a tile stores a height: whole metres (SRTM, int16 GeoTIFFs) or float metres (Copernicus).
enum class SampleType : uint32_t { kInt16 = 1, kFloat32 = 2 };

// A box in degrees, edges included.
struct GeoBox {
  double south = 0;
  double west = 0;
  double north = 0;
  double east = 0;

  bool Contains(double lat, double lon) const {
    return lat >= south && lat <= north && lon >= west && lon <= east;
  }
};

// Samples are points: row r, column c lies at (first_lat - r / rows_per_degree,
// first_lon + c / cols_per_degree); rows run north to south. Per-degree counts rather than steps
// keep grid positions exact (46.5° is row 1800 of an SRTM1 tile, not 1799.9999).
struct GridGeometry {
  int32_t rows = 0;
  int32_t cols = 0;
  double first_lat = 0;
  double first_lon = 0;
  double rows_per_degree = 0;
  double cols_per_degree = 0;
  // What the tile answers for: its samples' extent for pixel-is-point tiles (SRTM), the pixels'
  // areas for pixel-is-area ones (Copernicus), whose last half pixel borrows from neighbours.
  GeoBox coverage;

  double LastLat() const { return first_lat - (rows - 1) / rows_per_degree; }
  double LastLon() const { return first_lon + (cols - 1) / cols_per_degree; }
  // The resolution in arc-seconds between rows.
  double ArcSeconds() const { return 3600.0 / rows_per_degree; }
};

// The resolutions a tile may have, in samples per degree: from 1° pixels down to 0.01
// arc-second ones (about 30 cm). Finer grids would lose their sample positions to the rounding
// of degrees; a header claiming one (or a coarser grid) is damaged or no terrain tile.
inline constexpr double kMinPerDegree = 1;
inline constexpr double kMaxPerDegree = 360'000;

// False also for NaN and infinity.
inline bool IsPlausibleResolution(double per_degree) {
  return per_degree >= kMinPerDegree && per_degree <= kMaxPerDegree;
}

// A tile read from a source file. `heights` holds rows * cols values row by row, NaN where the
// source has no value (a void).
struct DecodedTile {
  GridGeometry grid;
  SampleType type = SampleType::kFloat32;
  std::vector<float> heights;
  std::string source;  // the file (or zip entry) it came from, for `cairn dem list`
};

// Heights outside this range are treated as voids: no place on Earth lies there, so a value
// beyond it is a fill value or garbage.
inline constexpr float kLowestHeight = -12000;
inline constexpr float kHighestHeight = 9000;

}  // namespace cairn::dem
