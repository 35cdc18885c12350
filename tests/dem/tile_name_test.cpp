// SRTM names in, tile file names out, and the names a manifest may hold.
#include "dem/tile_name.h"

#include <catch2/catch.hpp>

namespace cairn::dem {
namespace {

TEST_CASE("SRTM names give the south-west corner", "[dem]") {
  struct Row {
    const char* name;
    bool ok;
    int lat, lon;
  };
  const Row rows[] = {
      {"N46E008.hgt", true, 46, 8},    {"s12w077.HGT", true, -12, -77},
      {"dir/N00E000.hgt", true, 0, 0}, {"S90W180.hgt", true, -90, -180},
      {"N89E179.hgt", true, 89, 179},  {"N90E000.hgt", false, 0, 0},
      {"N46E180.hgt", false, 0, 0},    {"N46E08.hgt", false, 0, 0},
      {"X46E008.hgt", false, 0, 0},    {"N46E008.tif", false, 0, 0},
      {"N4aE008.hgt", false, 0, 0},    {"../N46E008.hgt.zip", false, 0, 0},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    auto corner = ParseSrtmName(row.name);
    REQUIRE(corner.has_value() == row.ok);
    if (row.ok) {
      CHECK(corner->lat == row.lat);
      CHECK(corner->lon == row.lon);
    }
  }
}

TEST_CASE("tile file names come from the cell of the centre and the resolution", "[dem]") {
  GridGeometry grid;
  grid.rows_per_degree = grid.cols_per_degree = 3600;
  grid.coverage = {46, 8, 47, 9};
  CHECK(TileFileName(grid) == "N46E008-1as.dem");
  grid.rows_per_degree = 1200;
  grid.coverage = {-1, -78, 0, -77};
  CHECK(TileFileName(grid) == "S01W078-3as.dem");
  // Copernicus' pixel areas reach half a pixel past the degree: the centre decides.
  grid.rows_per_degree = 3600;
  grid.coverage = {46 + 0.5 / 3600, 8 - 0.5 / 3600, 47 + 0.5 / 3600, 9 - 0.5 / 3600};
  CHECK(TileFileName(grid) == "N46E008-1as.dem");
  CHECK(IsTileFileName(TileFileName(grid)));
}

TEST_CASE("only generated names count as tile files", "[dem]") {
  CHECK(IsTileFileName("N46E008-1as.dem"));
  CHECK(IsTileFileName("S01W078-0.5as.dem"));
  CHECK_FALSE(IsTileFileName("../N46E008-1as.dem"));
  CHECK_FALSE(IsTileFileName("/etc/passwd.dem"));
  CHECK_FALSE(IsTileFileName(".import-abc.dem"));
  CHECK_FALSE(IsTileFileName("N46E008-1as.hgt"));
  CHECK_FALSE(IsTileFileName("N46E008..1as.dem"));
}

}  // namespace
}  // namespace cairn::dem
