// The two forms of the map-area conditions (records::ListCondition): `find`, which gathers an
// area's trails from the R*Tree, and `check`, which looks one trail up in it, must hold for the
// same trails whatever the area: random boxes (some across the antimeridian) and circles over
// trails with tracks, without tracks, and without a start.
#include "services/discovery/trail_area.h"

#include <catch2/catch.hpp>
#include <optional>
#include <random>
#include <set>

#include "records/record_engine.h"
#include "services/families/families.h"
#include "services/tracks/track_fields.h"
#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

using records::Json;

class FixedClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return 1719825005000; }
};

struct Fixture {
  test_support::TempDir dir;
  FixedClock clock;
  FamilyRegistry families;
  std::optional<records::RecordEngine> engine;
  std::unique_ptr<storage::Database> db;

  Fixture() {
    BuildFamilies(families, clock);
    engine.emplace(families.collections(), clock);
    db = std::move(storage::Database::Open({dir.path() + "/data.db", 1})).value();
  }

  void AddTrails(std::mt19937& random) {
    auto written = db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
      CAIRN_ASSIGN_OR_RETURN(
          Json user,
          engine->Insert(c, *families.collections().Find("users"),
                         {{"username", "walker"}, {"email", "w@example.org"}},
                         records::Unrestricted(),
                         {{"password_hash", std::string("x")}, {"token_key", std::string("k")}}));
      std::uniform_real_distribution<double> lat(-60, 60), lon(-180, 180), step(-0.4, 0.4);
      for (int i = 0; i < 300; ++i) {
        Json values = {{"author", user["id"]}, {"name", "T" + std::to_string(i)}, {"public", true}};
        if (i % 5 == 0) {  // no track: placed at its start, or nowhere
          if (i % 25 != 0) values.update({{"lat", lat(random)}, {"lon", lon(random)}});
        } else {
          geo::Track track;
          track.parts.emplace_back().segments.emplace_back();
          double y = lat(random), x = lon(random);
          for (int p = 0; p < 12; ++p) {
            track.parts.back().segments.back().push_back({y, x});
            y += step(random);
            x += step(random);
            if (x > 180) x -= 360;  // some tracks cross the antimeridian
            if (x < -180) x += 360;
          }
          values.update(TrailFieldsFromTrack(track));
        }
        CAIRN_RETURN_IF_ERROR(engine->Insert(c, *families.collections().Find("trails"), values,
                                             records::Unrestricted()));
      }
      return 0;
    });
    REQUIRE(written.ok());
  }

  std::set<int64_t> Rows(const storage::SqlFragment& condition) {
    auto rows = db->Read<storage::QueryResult>([&](storage::Connection& c) {
      return c.Query("SELECT t.rowid FROM trails t WHERE " + condition.sql, condition.params);
    });
    REQUIRE(rows.ok());
    std::set<int64_t> out;
    for (const auto& row : rows->rows) out.insert(std::get<int64_t>(row[0]));
    return out;
  }
};

TEST_CASE("an area's find and check forms hold for the same trails", "[discovery][area]") {
  Fixture f;
  std::mt19937 random(11);
  f.AddTrails(random);
  std::uniform_real_distribution<double> lat(-70, 70), lon(-180, 180), size(0.1, 40),
      meters(100, 3e6);
  size_t found = 0;
  for (int i = 0; i < 200; ++i) {
    const double south = lat(random), west = lon(random);
    const double north = std::min(90.0, south + size(random));
    double east = west + size(random);
    if (east > 180) east -= 360;  // across the antimeridian
    const geo::BoundingBox box{.south = south, .west = west, .north = north, .east = east};
    const records::ListCondition in_box = TrailsCrossingBox("t", box);
    const auto by_find = f.Rows(in_box.find);
    INFO("box " << south << " " << west << " " << north << " " << east);
    CHECK(by_find == f.Rows(in_box.check));
    found += by_find.size();

    const geo::LatLon point{lat(random), lon(random)};
    const records::ListCondition near = TrailsNearPoint("t", point, meters(random));
    CHECK(f.Rows(near.find) == f.Rows(near.check));
  }
  CHECK(found > 200);  // the boxes do hold trails
}

}  // namespace
}  // namespace cairn::services
