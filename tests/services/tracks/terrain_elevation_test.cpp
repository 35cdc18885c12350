// A track's figures from a terrain model made of a known surface: the heights along it, the
// statistics over them, coverage refused when incomplete, and when an upload asks for them.
#include "services/tracks/terrain_elevation.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "dem/hgt_reader.h"
#include "dem/tile_import.h"
#include "dem/track_heights.h"
#include "services/tracks/track_fields.h"
#include "test_support/srtm_tile.h"
#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

using records::Json;

// A plane in whole metres at every SRTM3 sample: bilinear lookups on it are exact anywhere.
double Plane(double lat, double lon) { return 1000 + 2400 * (47 - lat) - 1200 * (lon - 8); }

// DIR/dem with N46E008 of the plane imported.
struct PlaneModel {
  test_support::TempDir dir;
  std::unique_ptr<dem::TerrainModel> model;
  PlaneModel() {
    const std::string in = dir.path() + "/in";
    std::filesystem::create_directory(in);
    test_support::WriteBytes(
        in + "/N46E008.hgt", test_support::MakeHgt(dem::kSrtm3Samples, [](int r, int c) {
          return static_cast<int>(std::lround(Plane(47 - r / 1200.0, 8 + c / 1200.0)));
        }));
    auto report = dem::ImportTiles(dir.path() + "/dem", {in});
    REQUIRE(report.ok());
    model = std::make_unique<dem::TerrainModel>(dir.path() + "/dem");
  }
  const dem::TileSet& tiles() { return *tiles_ptr(); }
  std::shared_ptr<const dem::TileSet> tiles_ptr() {
    if (!current_) current_ = model->Current();
    return current_;
  }
  std::shared_ptr<const dem::TileSet> current_;
};

// North from 46.1 to `north` along 8.5 E and back, a point every 0.001°, with the altitudes
// `device(i)` (NaN: none) the way a file would carry them.
geo::Track OutAndBack(double north, const std::function<double(int)>& device) {
  geo::Track track;
  geo::Segment segment;
  const int steps = static_cast<int>(std::lround((north - 46.1) / 0.001));
  int i = 0;
  for (int k = 0; k <= 2 * steps; ++k, ++i) {
    const int along = k <= steps ? k : 2 * steps - k;
    segment.push_back({.lat = 46.1 + along * 0.001, .lon = 8.5, .ele = device(i)});
  }
  track.parts.push_back({.kind = geo::PartKind::kTrack, .segments = {segment}});
  return track;
}

double Noisy(int i) { return 2000 + (i % 2 == 0 ? 8 : -8); }
double NoElevation(int) { return geo::kNoElevation; }

TEST_CASE("terrain heights replace a track's altitudes and give its figures", "[terrain]") {
  PlaneModel m;
  geo::Track track = OutAndBack(46.2, Noisy);
  geo::Track copy = track;
  const dem::TrackCoverage coverage = dem::PutTerrainHeights(m.tiles(), copy);
  CHECK(coverage.points == 201);
  CHECK(coverage.Complete());
  CHECK(coverage.Percent() == 100);
  for (const geo::TrackPoint& p : copy.parts[0].segments[0]) {
    CHECK(p.ele == Approx(Plane(p.lat, p.lon)).margin(1e-6));
  }
  auto fields = TerrainTrailFields(m.tiles(), track);
  REQUIRE(fields.ok());
  // 0.1° of latitude on the plane is 240 m, down and up again.
  CHECK((*fields)["elevation_gain"].get<double>() == Approx(240).margin(0.01));
  CHECK((*fields)["elevation_loss"].get<double>() == Approx(240).margin(0.01));
  CHECK((*fields)["computed_elevation_gain"].get<double>() == Approx(240).margin(0.01));
  CHECK((*fields)["max_elevation"].get<double>() == Approx(Plane(46.1, 8.5)).margin(1e-6));
  CHECK((*fields)["min_elevation"].get<double>() == Approx(Plane(46.2, 8.5)).margin(1e-6));
  CHECK((*fields)["elevation_source"] == "terrain");
  // Distance and line are the file's: the same as without the terrain.
  const Json device = TrailFieldsFromTrack(track);
  CHECK((*fields)["distance"] == device["distance"]);
  CHECK((*fields)["polyline"] == device["polyline"]);
  CHECK(device["elevation_source"] == "device");
  CHECK(device["elevation_gain"].get<double>() > 1000);  // the noise, counted
}

TEST_CASE("a track partly outside the terrain model is refused with its coverage", "[terrain]") {
  PlaneModel m;
  // 46.1 → 47.3: the points north of 47° have no tile.
  auto fields = TerrainTrailFields(m.tiles(), OutAndBack(47.3, NoElevation));
  REQUIRE_FALSE(fields.ok());
  CHECK(fields.error().kind == util::ErrorKind::kConflict);
  CHECK_THAT(fields.error().message, Catch::Contains("covers 75% of this track ("));
  CHECK_THAT(fields.error().message, Catch::Contains(" of 2401 points); import the tiles"));
  CHECK(fields.error().facts[0] == std::pair<std::string, std::string>("points", "2401"));

  auto empty = TerrainTrailFields(m.tiles(), geo::Track{});
  REQUIRE_FALSE(empty.ok());
  CHECK(empty.error().kind == util::ErrorKind::kConflict);
}

TEST_CASE("uploads take the terrain's heights as the setting says", "[terrain]") {
  CHECK(TerrainUploadsOf("") == TerrainUploads::kNever);
  CHECK(TerrainUploadsOf("never") == TerrainUploads::kNever);
  CHECK(TerrainUploadsOf("missing") == TerrainUploads::kMissing);
  CHECK(TerrainUploadsOf("gps") == TerrainUploads::kGps);
  CHECK(TerrainUploadsOf("GPS") == TerrainUploads::kNever);

  const geo::Track none = OutAndBack(46.2, NoElevation);
  const geo::Track noisy = OutAndBack(46.2, Noisy);
  // A barometer's altitude: a steady climb and descent.
  const geo::Track smooth =
      OutAndBack(46.2, [](int i) { return 2000.0 + (i <= 100 ? i : 200 - i); });
  struct Row {
    const geo::Track& track;
    TerrainUploads rule;
    bool wanted;
  };
  for (const Row& row : std::vector<Row>{{none, TerrainUploads::kNever, false},
                                         {none, TerrainUploads::kMissing, true},
                                         {none, TerrainUploads::kGps, true},
                                         {noisy, TerrainUploads::kMissing, false},
                                         {noisy, TerrainUploads::kGps, true},
                                         {smooth, TerrainUploads::kGps, false},
                                         {smooth, TerrainUploads::kMissing, false}}) {
    CHECK(WantsTerrainHeights(row.track, row.rule) == row.wanted);
  }
}

}  // namespace
}  // namespace cairn::services
