// SRTM .hgt tiles: 1201 x 1201 (3 arc-seconds) or 3601 x 3601 (1 arc-second) big-endian int16
// heights in metres, north row first, -32768 for a void; the name gives the south-west corner,
// and neighbouring tiles share their edge rows and columns.
#pragma once

#include <string>
#include <string_view>

#include "dem/tile_grid.h"
#include "util/result.h"

namespace cairn::dem {

inline constexpr int kSrtm1Samples = 3601;
inline constexpr int kSrtm3Samples = 1201;

// Decodes an .hgt file's bytes. `name` is its file name ("N46E008.hgt"), which places it.
// InvalidArgument with a message for the operator when the name is not an SRTM tile name or the
// size is neither 2 * 1201² nor 2 * 3601² bytes. Voids become NaN. Pure.
util::Result<DecodedTile> ReadHgt(std::string_view name, std::string_view bytes);

}  // namespace cairn::dem
