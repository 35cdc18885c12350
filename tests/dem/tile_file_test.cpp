// Tile files of DIR/dem/ damaged after they were written (on disk, by a copy, by a machine of
// the other byte order) are refused by MappedTile::Open and ReadTileInfo alike, never mapped
// and looked up (cases found by tests/fuzz/dem_tile_fuzzer).
#include "dem/tile_file.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>
#include <vector>

#include "dem/dem_test_tiles.h"
#include "dem/tile_set.h"
#include "test_support/temp_dir.h"

namespace cairn::dem {
namespace {

// Where tile_file.cpp's header keeps its fields.
constexpr size_t kByteOrderAt = 12, kRowsAt = 20, kRowsPerDegreeAt = 48, kColsPerDegreeAt = 56,
                 kSouthAt = 64, kNorthAt = 80;

// A pixel-is-area float tile of 8 x 8 samples, 1/7° apart, its north-west sample at (47, 8).
DecodedTile SmallTile() {
  DecodedTile tile;
  tile.type = SampleType::kFloat32;
  tile.source = "small.tif";
  GridGeometry& g = tile.grid;
  g.rows = g.cols = 8;
  g.rows_per_degree = g.cols_per_degree = 7;
  g.first_lat = 47;
  g.first_lon = 8;
  const double half = 0.5 / 7;
  g.coverage = {g.LastLat() - half, g.first_lon - half, g.first_lat + half, g.LastLon() + half};
  for (int i = 0; i < 64; ++i) tile.heights.push_back(static_cast<float>(500 + i));
  return tile;
}

template <class T>
void Put(std::string& bytes, size_t at, T value) {
  std::memcpy(bytes.data() + at, &value, sizeof value);
}

TEST_CASE("damaged tile files are refused, never mapped", "[dem]") {
  test_support::TempDir dir;
  auto written = WriteTileFile(dir.path(), SmallTile());
  REQUIRE(written.ok());
  const std::string name = written->file_name;
  const std::string path = dir.path() + "/" + name;
  const std::string good = dem_test::ReadFile(path);

  // The file as written opens, and a lookup at a sample finds it.
  {
    auto tile = MappedTile::Open(dir.path(), name);
    REQUIRE(tile.ok());
    std::vector<std::unique_ptr<MappedTile>> tiles;
    tiles.push_back(std::move(tile).value());
    const TileSet set(std::move(tiles));
    CHECK(set.HeightAt(47 - 2.0 / 7, 8 + 3.0 / 7) == Approx(500 + 2 * 8 + 3));
  }

  struct Damage {
    const char* what;
    std::function<void(std::string&)> change;
    const char* reason;
  };
  const std::vector<Damage> damages = {
      {"truncated", [](std::string& b) { b.resize(b.size() - 1); }, "does not match its grid"},
      {"header only", [](std::string& b) { b.resize(100); }, "too short"},
      {"other byte order", [](std::string& b) { Put<uint32_t>(b, kByteOrderAt, 0x04030201); },
       "other byte order"},
      {"rows changed", [](std::string& b) { Put<int32_t>(b, kRowsAt, 9); },
       "does not match its grid"},
      // Before these were refused, the lookups cast positions of about 1e155 samples (and
      // infinities) to integers: undefined behaviour.
      {"1e304 rows per degree", [](std::string& b) { Put<double>(b, kRowsPerDegreeAt, 4.4e304); },
       "implausible grid"},
      {"infinitely many columns per degree",
       [](std::string& b) { Put<double>(b, kColsPerDegreeAt, INFINITY); }, "implausible grid"},
      {"a 2° pixel", [](std::string& b) { Put<double>(b, kRowsPerDegreeAt, 0.5); },
       "implausible grid"},
      {"NaN coverage", [](std::string& b) { Put<double>(b, kNorthAt, NAN); }, "implausible grid"},
      // A coverage reaching 36° south of 8 samples 1/7° apart: lookups there read rows away.
      {"coverage beyond the samples", [](std::string& b) { Put<double>(b, kSouthAt, 10.5); },
       "its coverage lies beyond its samples"},
  };
  for (const Damage& damage : damages) {
    INFO(damage.what);
    std::string bytes = good;
    damage.change(bytes);
    dem_test::WriteFile(path, bytes);
    auto info = ReadTileInfo(dir.path(), name);
    auto tile = MappedTile::Open(dir.path(), name);
    REQUIRE_FALSE(info.ok());
    REQUIRE_FALSE(tile.ok());
    CHECK(tile.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK(tile.error().message.find(damage.reason) != std::string::npos);
    CHECK(info.error().message == tile.error().message);
  }
}

}  // namespace
}  // namespace cairn::dem
