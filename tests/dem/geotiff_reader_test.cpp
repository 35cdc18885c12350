// What the GeoTIFF reader refuses before decoding: pixel sizes no terrain tile has.
#include "dem/geotiff_reader.h"

#include <catch2/catch.hpp>
#include <cmath>

#include "dem/dem_test_tiles.h"

namespace cairn::dem {
namespace {

using dem_test::Layout;
using dem_test::MakeGeoTiff;
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
