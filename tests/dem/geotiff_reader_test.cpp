// What the GeoTIFF reader refuses before decoding: headers that claim more samples than their
// data holds (found by tests/fuzz/geotiff_fuzzer), and pixel sizes no terrain tile has.
#include "dem/geotiff_reader.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "dem/dem_test_tiles.h"

namespace cairn::dem {
namespace {

using dem_test::Layout;
using dem_test::MakeGeoTiff;
using dem_test::SetTiffTag;
using dem_test::TiffSpec;

// 40 x 40 samples of `scale` degrees, two tiles of 32 across (or strips of 7 rows).
std::string Tiff(Layout layout, double scale = 0.025) {
  TiffSpec spec{.width = 40,
                .height = 40,
                .tie_lon = 8,
                .tie_lat = 47,
                .scale_x = scale,
                .scale_y = scale,
                .layout = layout};
  return MakeGeoTiff(spec, [](int r, int c) { return static_cast<float>(100 * r + c); });
}

std::string RefusalOf(const std::string& bytes) {
  auto tile = ReadGeoTiff("refused.tif", bytes);
  return tile.ok() ? "accepted" : tile.error().message;
}

TEST_CASE("GeoTIFFs claiming more samples than their data holds are refused", "[dem]") {
  // Unchanged, each layout reads back exactly.
  for (Layout layout : {Layout::kTiledUncompressed, Layout::kTiledDeflate, Layout::kStripedLzw}) {
    auto tile = ReadGeoTiff("good.tif", Tiff(layout));
    REQUIRE(tile.ok());
    CHECK(tile->heights.size() == 1600);
    CHECK(tile->heights[39 * 40 + 38] == 3938);
  }
  // A 400 x 400 raster over the four tiles of 40 x 40 one: libtiff read the missing
  // uncompressed tiles as copies of the last one read, so this was imported as a tile of
  // repeated garbage.
  std::string uncompressed = Tiff(Layout::kTiledUncompressed);
  REQUIRE(SetTiffTag(uncompressed, TIFFTAG_IMAGEWIDTH, 400));
  REQUIRE(SetTiffTag(uncompressed, TIFFTAG_IMAGELENGTH, 400));
  CHECK(RefusalOf(uncompressed) ==
        "damaged image data: tile 4 is missing or lies beyond the end of the file");
  // The same over compressed tiles and strips: refused before the raster's memory is taken.
  std::string deflate = Tiff(Layout::kTiledDeflate);
  REQUIRE(SetTiffTag(deflate, TIFFTAG_IMAGELENGTH, 400));
  CHECK(RefusalOf(deflate) ==
        "damaged image data: tile 4 is missing or lies beyond the end of the file");
  std::string lzw = Tiff(Layout::kStripedLzw);
  REQUIRE(SetTiffTag(lzw, TIFFTAG_IMAGELENGTH, 4000));
  CHECK(RefusalOf(lzw) ==
        "damaged image data: strip 6 is missing or lies beyond the end of the file");
  // Uncompressed tiles as large as the whole raster, over the bytes of 32 x 32 ones.
  std::string large_tiles = Tiff(Layout::kTiledUncompressed);
  REQUIRE(SetTiffTag(large_tiles, TIFFTAG_TILEWIDTH, 48));
  REQUIRE(SetTiffTag(large_tiles, TIFFTAG_TILELENGTH, 48));
  CHECK(RefusalOf(large_tiles) ==
        "damaged image data: tile 0 holds fewer bytes than its samples need");
}

TEST_CASE("pixel sizes no terrain tile has are refused", "[dem]") {
  // Finer than 0.01 arc-second: the rows of a 1e-300° grid all lay at one latitude, and a tile
  // of infinitely many per degree (1e-310° pixels) made its lookups undefined.
  for (double scale : {1e-300, 1e-310, 1e-7, 1.5}) {
    INFO(scale);
    CHECK(RefusalOf(Tiff(Layout::kTiledDeflate, scale)) ==
          "the pixel size is not a terrain tile's (0.01 arc-second to 1 degree)");
  }
  // The ends of the range are tiles.
  for (double scale : {1.0, 1.0 / 360'000}) {
    INFO(scale);
    auto tile = ReadGeoTiff("edge.tif", Tiff(Layout::kTiledDeflate, scale));
    REQUIRE(tile.ok());
    CHECK(tile->grid.rows_per_degree == Approx(1 / scale));
  }
}

}  // namespace
}  // namespace cairn::dem
