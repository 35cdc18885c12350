// Heights from imported tiles made of known surfaces: exact at samples, bilinear between them,
// voids filled, continuous over tile borders, nothing outside the model.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "dem/dem_test_tiles.h"
#include "dem/hgt_reader.h"
#include "dem/terrain_model.h"
#include "dem/tile_import.h"
#include "geo/zip_archive.h"
#include "test_support/temp_dir.h"

namespace cairn::dem {
namespace {

using dem_test::MakeGeoTiff;
using dem_test::MakeHgt;
using dem_test::TiffSpec;
using dem_test::WriteFile;

// A plane over the globe: the same formula on every tile, so shared edges agree. In whole
// metres at every SRTM3 sample.
double Plane(double lat, double lon) { return 1000 + 2400 * (47 - lat) - 1200 * (lon - 8); }

// Imports `files` (name -> bytes) from a scratch folder and opens the model.
struct Model {
  test_support::TempDir dir;
  std::string dem_dir = dir.path() + "/dem";
  std::unique_ptr<TerrainModel> model;

  explicit Model(const std::vector<std::pair<std::string, std::string>>& files) {
    const std::string in = dir.path() + "/in";
    std::filesystem::create_directory(in);
    for (const auto& [name, bytes] : files) WriteFile(in + "/" + name, bytes);
    auto report = ImportTiles(dem_dir, {in});
    REQUIRE(report.ok());
    for (const auto& outcome : report->outcomes) {
      INFO(outcome.input << ": " << outcome.refusal);
      REQUIRE(outcome.tile.has_value());
    }
    model = std::make_unique<TerrainModel>(dem_dir);
  }
  double At(double lat, double lon) { return model->Current()->HeightAt(lat, lon); }
};

// An SRTM3 tile of the plane with its south-west corner at (lat, lon).
std::pair<std::string, std::string> PlaneHgt(int lat, int lon, const char* name) {
  return {name, MakeHgt(kSrtm3Samples, [&](int r, int c) {
            return static_cast<int>(std::lround(Plane(lat + 1 - r / 1200.0, lon + c / 1200.0)));
          })};
}

TEST_CASE("SRTM3 heights are exact at samples and bilinear between them", "[dem]") {
  Model m({PlaneHgt(46, 8, "N46E008.hgt")});
  // Samples: corners, edges, inside.
  for (auto [lat, lon] : {std::pair{46.0, 8.0},
                          {47.0, 9.0},
                          {46.0, 9.0},
                          {47.0, 8.0},
                          {46.5, 8.25},
                          {46.0 + 1.0 / 1200, 8.0 + 7.0 / 1200}}) {
    INFO(lat << " " << lon);
    CHECK(m.At(lat, lon) == Approx(Plane(lat, lon)).margin(1e-6));
  }
  // Between samples: the plane is linear, so bilinear interpolation gives it back.
  for (auto [lat, lon] : {std::pair{46.12345, 8.54321}, {46.9999, 8.0001}, {46.0004, 8.9996}}) {
    INFO(lat << " " << lon);
    CHECK(m.At(lat, lon) == Approx(Plane(lat, lon)).margin(1e-6));
  }
}

TEST_CASE("points outside the model have no height", "[dem]") {
  Model m({PlaneHgt(46, 8, "N46E008.hgt")});
  const double nan = std::nan("");
  for (auto [lat, lon] : {std::pair{45.999, 8.5},
                          {46.5, 9.001},
                          {47.0001, 8.5},
                          {91.0, 8.0},
                          {46.5, -200.0},
                          {nan, 8.5},
                          {46.5, INFINITY}}) {
    INFO(lat << " " << lon);
    CHECK(std::isnan(m.At(lat, lon)));
  }
  std::vector<geo::LatLon> line = {{46.5, 8.5}, {45.0, 8.5}, {46.5, 8.6}};
  std::vector<double> heights(line.size());
  m.model->Current()->Heights(line, heights);
  CHECK(heights[0] == Approx(Plane(46.5, 8.5)));
  CHECK(std::isnan(heights[1]));
  CHECK(heights[2] == Approx(Plane(46.5, 8.6)));
}

TEST_CASE("a line crosses the border of two SRTM tiles without a step", "[dem]") {
  Model m({PlaneHgt(46, 8, "N46E008.hgt"), PlaneHgt(46, 9, "N46E009.hgt"),
           PlaneHgt(47, 8, "N47E008.hgt")});
  // Along a line over the east border, and one over the north border, and the shared corner.
  std::vector<geo::LatLon> line;
  for (int i = 0; i <= 200; ++i) line.push_back({46.3, 8.99 + i * 0.0001});
  for (int i = 0; i <= 200; ++i) line.push_back({46.99 + i * 0.0001, 8.4});
  line.push_back({47.0, 9.0});
  std::vector<double> heights(line.size());
  m.model->Current()->Heights(line, heights);
  for (size_t i = 0; i < line.size(); ++i) {
    INFO(line[i].lat << " " << line[i].lon);
    CHECK(heights[i] == Approx(Plane(line[i].lat, line[i].lon)).margin(1e-6));
  }
}

TEST_CASE("SRTM1 tiles and zipped tiles are imported", "[dem]") {
  auto srtm1 = MakeHgt(kSrtm1Samples, [](int r, int c) { return 200 + r / 4 - c / 8; });
  const std::string zipped_tile = PlaneHgt(46, 10, "N46E010.hgt").second;
  auto zip = geo::WriteZip({{"N46E010.hgt", zipped_tile}});
  REQUIRE(zip.ok());
  Model m({{"N10W075.hgt", srtm1}, {"N46E010.hgt.zip", *zip}});
  // SRTM1: row r is 1/3600° south of the north edge.
  CHECK(m.At(11 - 400.0 / 3600, -75 + 800.0 / 3600) == Approx(200 + 100 - 100));
  CHECK(m.At(11 - 401.0 / 3600, -75 + 800.0 / 3600) == Approx(200 + 100 - 100));
  CHECK(m.At(11 - 404.0 / 3600, -75 + 816.0 / 3600) == Approx(200 + 101 - 102));
  CHECK(m.At(46.5, 10.5) == Approx(Plane(46.5, 10.5)));
  const auto infos = m.model->Current()->Infos();
  REQUIRE(infos.size() == 2);
  CHECK(infos[0].file_name == "N10W075-1as.dem");
  CHECK(infos[1].file_name == "N46E010-3as.dem");
  CHECK(infos[1].source == "N46E010.hgt");
}

TEST_CASE("voids are filled from their neighbours at import", "[dem]") {
  // A plane with a void disc inside, and a void block in the corner.
  auto bytes = MakeHgt(kSrtm3Samples, [](int r, int c) {
    const bool disc = (r - 600) * (r - 600) + (c - 600) * (c - 600) < 40 * 40;
    const bool corner = r < 5 && c < 5;
    if (disc || corner) return -32768;
    return static_cast<int>(std::lround(Plane(47 - r / 1200.0, 8 + c / 1200.0)));
  });
  Model m({{"N46E008.hgt", bytes}});
  // Inside the disc the plane comes back, at samples and between them.
  for (auto [lat, lon] : {std::pair{46.5, 8.5}, {46.51, 8.49}, {46.5123, 8.5234}}) {
    INFO(lat << " " << lon);
    CHECK(m.At(lat, lon) == Approx(Plane(lat, lon)).margin(0.5));
  }
  // The corner takes values of its valid neighbours: within their range.
  const double corner = m.At(47, 8);
  CHECK(corner >= Plane(47, 8 + 5 / 1200.0));
  CHECK(corner <= Plane(47 - 5 / 1200.0, 8));
}

// A Copernicus-like float tile of `cells` x `cells` pixels whose centres lie on whole multiples
// of 1/cells degree from (lat+1, lon): pixel-is-area, tie point half a pixel north-west.
std::string CopernicusTile(int lat, int lon, int cells,
                           const std::function<double(double, double)>& f,
                           dem_test::Layout layout = dem_test::Layout::kTiledDeflate) {
  const double half = 0.5 / cells;
  TiffSpec spec{.width = cells,
                .height = cells,
                .tie_lon = lon - half,
                .tie_lat = lat + 1 + half,
                .scale_x = 1.0 / cells,
                .scale_y = 1.0 / cells,
                .layout = layout};
  return MakeGeoTiff(spec, [&](int r, int c) {
    return static_cast<float>(
        f(lat + 1 - static_cast<double>(r) / cells, lon + static_cast<double>(c) / cells));
  });
}

// A cone rising to 3000 m at (46.5, 8.5).
double Cone(double lat, double lon) { return 3000 - 4000 * std::hypot(lat - 46.5, lon - 8.5); }

TEST_CASE("GeoTIFF tiles as Copernicus ships them are read", "[dem]") {
  const int cells = 120;  // 30 arc-seconds: small enough to write quickly
  Model m({{"cone.tif", CopernicusTile(46, 8, cells, Cone)}});
  // Exact at the pixel centres, the apex included.
  for (auto [r, c] : {std::pair{60, 60}, {0, 0}, {119, 119}, {33, 71}}) {
    const double lat = 47 - static_cast<double>(r) / cells,
                 lon = 8 + static_cast<double>(c) / cells;
    INFO(r << " " << c);
    CHECK(m.At(lat, lon) == Approx(Cone(lat, lon)).margin(1e-3));
  }
  // Between centres: the bilinear blend of the four around.
  const double lat = 47 - 33.25 / cells, lon = 8 + 71.6 / cells;
  auto at = [&](int r, int c) {
    return Cone(47 - static_cast<double>(r) / cells, 8 + static_cast<double>(c) / cells);
  };
  const double top = at(33, 71) + 0.6 * (at(33, 72) - at(33, 71));
  const double bottom = at(34, 71) + 0.6 * (at(34, 72) - at(34, 71));
  CHECK(m.At(lat, lon) == Approx(top + 0.25 * (bottom - top)).margin(1e-3));
  // Pixel areas reach half a pixel beyond the centres; past them, nothing.
  const double half = 0.5 / cells;
  CHECK(m.At(47 + half * 0.9, 8.3) == Approx(m.At(47, 8.3)).margin(1e-3));
  CHECK(std::isnan(m.At(47 + half * 1.1, 8.3)));
  CHECK(std::isnan(m.At(46.5, 8 - half * 1.1)));
  const auto infos = m.model->Current()->Infos();
  REQUIRE(infos.size() == 1);
  CHECK(infos[0].type == SampleType::kFloat32);
  CHECK(infos[0].grid.rows_per_degree == 120);
}

TEST_CASE("the half pixel between two Copernicus tiles takes samples from both", "[dem]") {
  const int cells = 60;
  auto plane = [](double lat, double lon) { return 100 * lat + 50 * lon; };
  Model m({{"west.tif", CopernicusTile(46, 8, cells, plane)},
           {"east.tif", CopernicusTile(46, 9, cells, plane, dem_test::Layout::kStripedLzw)},
           {"south.tif", CopernicusTile(45, 8, cells, plane)}});
  // Between the west tile's last column (8 + 59/60) and the east tile's first (9.0), and
  // between the north tile's last row and the south tile's first.
  for (auto [lat, lon] : {std::pair{46.5, 8.995},
                          {46.5, 8.9999},
                          {46.5, 9.0001},
                          {46.005, 8.3},
                          {46.0001, 8.3},
                          {45.9999, 8.3}}) {
    INFO(lat << " " << lon);
    CHECK(m.At(lat, lon) == Approx(plane(lat, lon)).margin(1e-3));
  }
}

TEST_CASE("pixel-is-point int16 GeoTIFFs with no-data voids are read", "[dem]") {
  // 1 x 1 degree, 61 x 61 samples on the edges like SRTM; -9999 marks voids.
  TiffSpec spec{.width = 61,
                .height = 61,
                .tie_lon = -3,
                .tie_lat = 40,
                .scale_x = 1.0 / 60,
                .scale_y = 1.0 / 60,
                .pixel_is_point = true,
                .int16 = true,
                .layout = dem_test::Layout::kStripedLzw,
                .no_data = "-9999"};
  auto plane = [](int r, int c) { return 500 + 3 * r + 2 * c; };
  auto bytes = MakeGeoTiff(spec, [&](int r, int c) {
    return r == 30 && c == 30 ? -9999.0f : static_cast<float>(plane(r, c));
  });
  Model m({{"spain.tif", bytes}});
  CHECK(m.At(40, -3) == Approx(500));
  CHECK(m.At(39, -2) == Approx(500 + 180 + 120));
  CHECK(m.At(39.5, -2.5) == Approx(plane(30, 30)));  // the void, filled
  CHECK(m.At(40 - 10.5 / 60, -3 + 20.25 / 60) == Approx(500 + 31.5 + 40.5));
  CHECK(std::isnan(m.At(38.99, -2.5)));
}

TEST_CASE("a running model sees tiles added later and keeps old snapshots whole", "[dem]") {
  Model m({PlaneHgt(46, 8, "N46E008.hgt")});
  auto before = m.model->Current();
  CHECK(std::isnan(before->HeightAt(46.5, 9.5)));
  // A new tile, and the old one replaced by another surface.
  const std::string in = m.dir.path() + "/more";
  std::filesystem::create_directory(in);
  WriteFile(in + "/N46E009.hgt", PlaneHgt(46, 9, "N46E009.hgt").second);
  WriteFile(in + "/N46E008.hgt", MakeHgt(kSrtm3Samples, [](int, int) { return 42; }));
  auto report = ImportTiles(m.dem_dir, {in});
  REQUIRE(report.ok());
  REQUIRE(report->Refused() == 0);
  CHECK(report->outcomes[0].replaced);
  CHECK_FALSE(report->outcomes[1].replaced);
  auto after = m.model->Current();
  CHECK(after->size() == 2);
  CHECK(after->HeightAt(46.5, 9.5) == Approx(Plane(46.5, 9.5)));
  CHECK(after->HeightAt(46.5, 8.5) == Approx(42));
  // The snapshot taken before still reads the tile it mapped.
  CHECK(before->HeightAt(46.5, 8.5) == Approx(Plane(46.5, 8.5)));
}

}  // namespace
}  // namespace cairn::dem
