// What `cairn dem add` refuses, and that a refused tile leaves nothing behind.
#include "dem/tile_import.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "dem/dem_test_tiles.h"
#include "dem/hgt_reader.h"
#include "dem/manifest.h"
#include "geo/zip_archive.h"
#include "test_support/temp_dir.h"

namespace cairn::dem {
namespace {

using dem_test::MakeGeoTiff;
using dem_test::MakeHgt;
using dem_test::TiffSpec;
using dem_test::WriteFile;

// A small geographic float GeoTIFF, changed by `change`.
std::string SmallTiff(const std::function<void(TiffSpec&)>& change) {
  TiffSpec spec{
      .width = 40, .height = 40, .tie_lon = 8, .tie_lat = 47, .scale_x = 0.025, .scale_y = 0.025};
  change(spec);
  return MakeGeoTiff(spec, [](int r, int c) { return static_cast<float>(r + c); });
}

TEST_CASE("malformed tiles are refused with a reason and leave nothing behind", "[dem]") {
  test_support::TempDir dir;
  const std::string in = dir.path() + "/in";
  std::filesystem::create_directory(in);
  auto readme_zip = geo::WriteZip({{"README.txt", "no tiles here"}});
  REQUIRE(readme_zip.ok());
  struct Row {
    const char* file;
    std::string bytes;
    const char* reason;
  };
  const std::vector<Row> rows = {
      {"N46E008.hgt", std::string(1000, '\0'), "wrong size"},
      {"tile.hgt", MakeHgt(kSrtm3Samples, [](int, int) { return 1; }), "not an SRTM tile name"},
      {"N47E008.hgt", MakeHgt(kSrtm3Samples, [](int, int) { return -32768; }), "no valid height"},
      {"garbage.tif", std::string(5000, 'x'), "not a readable TIFF"},
      {"projected.tif", SmallTiff([](TiffSpec& s) { s.model_type = 1; }), "not in geographic"},
      {"rotated.tif", SmallTiff([](TiffSpec& s) { s.rotated = true; }), "rotated"},
      {"plain.tif", SmallTiff([](TiffSpec& s) { s.with_geokeys = false; }), "not a GeoTIFF"},
      {"offworld.tif", SmallTiff([](TiffSpec& s) { s.tie_lat = 95; }), "outside latitudes"},
      {"readme.zip", *readme_zip, "holds no .hgt or .tif"},
      {"broken.zip", "PK\x03\x04 not really", "not a readable zip"},
      {"notes.txt", "hello", "not a terrain tile"},
  };
  std::vector<std::string> paths;
  for (const Row& row : rows) {
    WriteFile(in + "/" + row.file, row.bytes);
    paths.push_back(in + "/" + row.file);
  }
  paths.push_back(in + "/missing.hgt");
  const std::string dem_dir = dir.path() + "/dem";
  auto report = ImportTiles(dem_dir, paths);
  REQUIRE(report.ok());
  REQUIRE(report->outcomes.size() == rows.size() + 1);
  for (size_t i = 0; i < rows.size(); ++i) {
    const ImportOutcome& outcome = report->outcomes[i];
    INFO(outcome.input << ": " << outcome.refusal);
    CHECK_FALSE(outcome.tile.has_value());
    CHECK(outcome.refusal.find(rows[i].reason) != std::string::npos);
  }
  CHECK(report->outcomes.back().refusal == "no such file or folder");
  CHECK(report->Refused() == rows.size() + 1);
  // No tile, no temporary file, no manifest: not even the folder.
  CHECK_FALSE(std::filesystem::exists(dem_dir));
}

TEST_CASE("a refused tile beside good ones leaves only the good ones", "[dem]") {
  test_support::TempDir dir;
  const std::string in = dir.path() + "/in";
  std::filesystem::create_directories(in + "/nested");
  WriteFile(in + "/N46E008.hgt", MakeHgt(kSrtm3Samples, [](int r, int) { return r; }));
  WriteFile(in + "/nested/N46E009.hgt", std::string(10, 'x'));
  WriteFile(in + "/nested/notes.md", "other files in folders are left alone");
  const std::string dem_dir = dir.path() + "/dem";
  auto report = ImportTiles(dem_dir, {in});
  REQUIRE(report.ok());
  REQUIRE(report->outcomes.size() == 2);
  CHECK(report->outcomes[0].tile.has_value());
  CHECK(report->outcomes[1].refusal.find("wrong size") != std::string::npos);
  CHECK(report->other_files == 1);
  std::vector<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dem_dir)) {
    names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  CHECK(names == std::vector<std::string>{"N46E008-3as.dem", "manifest"});
  auto manifest = ReadManifest(dem_dir);
  REQUIRE(manifest.ok());
  CHECK(*manifest == std::vector<std::string>{"N46E008-3as.dem"});
  std::vector<std::string> problems;
  auto listed = ListTiles(dem_dir, &problems);
  REQUIRE(listed.ok());
  REQUIRE(listed->size() == 1);
  CHECK(problems.empty());
  CHECK((*listed)[0].grid.rows == kSrtm3Samples);
  CHECK((*listed)[0].file_bytes == 4096 + 2ull * kSrtm3Samples * kSrtm3Samples);
}

TEST_CASE("a manifest naming paths outside the folder is not followed", "[dem]") {
  test_support::TempDir dir;
  std::filesystem::create_directory(dir.path() + "/dem");
  WriteFile(dir.path() + "/dem/manifest",
            "cairn-dem-manifest 1\n../secret.dem\n/etc/passwd\nN46E008-1as.dem\n");
  auto names = ReadManifest(dir.path() + "/dem");
  REQUIRE(names.ok());
  CHECK(*names == std::vector<std::string>{"N46E008-1as.dem"});
  std::vector<std::string> problems;
  auto listed = ListTiles(dir.path() + "/dem", &problems);
  REQUIRE(listed.ok());
  CHECK(listed->empty());
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].find("missing") != std::string::npos);
}

}  // namespace
}  // namespace cairn::dem
