// Tile names: SRTM's "N46E008.hgt" (the south-west corner) in, the names of imported tile files
// out. Names from users' files are only ever parsed into numbers, never used as paths.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "dem/tile_grid.h"

namespace cairn::dem {

struct TileCorner {
  int lat = 0;  // south edge, -90..89
  int lon = 0;  // west edge, -180..179
};

// The corner an SRTM file name gives: "N46E008.hgt", "s12w077.HGT" (any case, any folder
// before it). nullopt for any other name or a corner off the globe.
std::optional<TileCorner> ParseSrtmName(std::string_view file_name);

// The file an imported tile is stored in: the one-degree cell of its centre and its resolution,
// "N46E008-1as.dem" or "S01W078-3as.dem"; only [A-Za-z0-9.-]. Tiles of the same cell and
// resolution replace each other.
std::string TileFileName(const GridGeometry& grid);

// True for names TileFileName can produce: what a manifest may list (a tampered manifest never
// names a path outside the folder).
bool IsTileFileName(std::string_view name);

}  // namespace cairn::dem
