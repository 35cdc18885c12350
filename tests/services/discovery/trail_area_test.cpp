// The forms of the map-area conditions (records::ListCondition): `find`, which gathers an
// area's trails from the R*Tree, `check`, which tests one trail's own bounds and line, and
// `on_candidate` over the candidates, must hold for the trails whose lines (or starts) the
// geometry in C++ finds in the area, whatever the area: random boxes (some across the
// antimeridian) and circles over trails with tracks, without tracks, and without a start.
#include "services/discovery/trail_area.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <optional>
#include <random>
#include <set>

#include "geo/line_area.h"
#include "geo/polyline.h"
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
        // Most public; a few private (an area's candidates are then more than its matches).
        Json values = {
            {"author", user["id"]}, {"name", "T" + std::to_string(i)}, {"public", i % 7 != 3}};
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

  // The rows the condition holds for when each candidate is tested with `on_candidate`.
  std::set<int64_t> RowsOnCandidates(const records::ListCondition& condition) {
    storage::SqlParams params = condition.candidates.params;
    params.insert(params.end(), condition.on_candidate.params.begin(),
                  condition.on_candidate.params.end());
    return Rows({"t.rowid IN (SELECT c.id FROM (" + condition.candidates.sql +
                     ") c CROSS JOIN trails t ON t.rowid = c.id WHERE " +
                     condition.on_candidate.sql + ")",
                 params});
  }

  // The trails `holds` says yes to, given each trail's decoded map line (empty without a track)
  // and its start: the answer worked out in C++, without SQL.
  template <typename Holds>
  std::set<int64_t> Expected(Holds&& holds) {
    auto rows = db->Read<storage::QueryResult>([&](storage::Connection& c) {
      return c.Query("SELECT rowid, polyline, lat, lon FROM trails", {});
    });
    REQUIRE(rows.ok());
    std::set<int64_t> out;
    for (const auto& row : rows->rows) {
      auto line = geo::DecodePolyline(std::get<std::string>(row[1]));
      REQUIRE(line.ok());
      const geo::LatLon start{std::get<double>(row[2]), std::get<double>(row[3])};
      if (holds(*line, start)) out.insert(std::get<int64_t>(row[0]));
    }
    return out;
  }

  // Whether every row of `rows` is among the condition's candidates.
  bool AmongCandidates(const std::set<int64_t>& rows, const records::ListCondition& condition) {
    REQUIRE_FALSE(condition.candidates.sql.empty());
    auto candidates = db->Read<storage::QueryResult>([&](storage::Connection& c) {
      return c.Query("SELECT id FROM (" + condition.candidates.sql + ")",
                     condition.candidates.params);
    });
    REQUIRE(candidates.ok());
    std::set<int64_t> ids;
    for (const auto& row : candidates->rows) ids.insert(std::get<int64_t>(row[0]));
    return std::includes(ids.begin(), ids.end(), rows.begin(), rows.end());
  }
};

TEST_CASE("an area's find and check forms hold for the same trails, all among its candidates",
          "[discovery][area]") {
  Fixture f;
  std::mt19937 random(11);
  f.AddTrails(random);
  std::uniform_real_distribution<double> lat(-70, 70), lon(-180, 180), size(0.1, 40),
      log_meters(0, 1);
  size_t found = 0, near_within_reach = 0;
  for (int i = 0; i < 200; ++i) {
    const double south = lat(random), west = lon(random);
    const double north = std::min(90.0, south + size(random));
    double east = west + size(random);
    if (east > 180) east -= 360;  // across the antimeridian
    const geo::BoundingBox box{.south = south, .west = west, .north = north, .east = east};
    const records::ListCondition in_box = TrailsCrossingBox("t", box);
    const auto by_find = f.Rows(in_box.find);
    INFO("box " << south << " " << west << " " << north << " " << east);
    CHECK(by_find == f.Expected([&](const std::vector<geo::LatLon>& line, geo::LatLon start) {
      if (!line.empty()) return geo::LineCrossesBox(line, box);
      return (start.lat != 0 || start.lon != 0) && geo::AnyPointInBox(std::span(&start, 1), box);
    }));
    CHECK(by_find == f.Rows(in_box.check));
    CHECK(by_find == f.RowsOnCandidates(in_box));
    CHECK(f.AmongCandidates(by_find, in_box));
    found += by_find.size();

    const geo::LatLon point{lat(random), lon(random)};
    // From 100 m to 3000 km, as many of each order of magnitude.
    const double radius = 100 * std::pow(30000.0, log_meters(random));
    const records::ListCondition near = TrailsNearPoint("t", point, radius);
    const auto near_rows = f.Rows(near.find);
    INFO("point " << point.lat << " " << point.lon << " radius " << radius);
    // Beyond a map search's radii the local projection distances are measured in drifts from
    // the geodesic (geo/line_area.h); up to 200 km it agrees with the C++ answer.
    if (radius <= 200e3) {
      near_within_reach++;
      CHECK(near_rows == f.Expected([&](const std::vector<geo::LatLon>& line, geo::LatLon start) {
        if (!line.empty()) return geo::DistanceToLineMeters(line, point) <= radius;
        return (start.lat != 0 || start.lon != 0) &&
               geo::DistanceMeters(start.lat, start.lon, point.lat, point.lon) <= radius;
      }));
    }
    CHECK(near_rows == f.Rows(near.check));
    CHECK(near_rows == f.RowsOnCandidates(near));
    CHECK(f.AmongCandidates(near_rows, near));
  }
  CHECK(found > 200);  // the boxes do hold trails
  CHECK(near_within_reach > 50);
}

TEST_CASE("a map area's pages and totals are the same however the engine finds them",
          "[discovery][area]") {
  // Small areas are gathered, large ones counted and then walked in the page's order; with a
  // filter hiding some trails a large area may still have few matches. Every way must give the
  // page and total that the `check` form over every trail gives.
  Fixture f;
  std::mt19937 random(5);
  f.AddTrails(random);
  std::uniform_real_distribution<double> lat(-70, 70), lon(-180, 180), size(0.5, 120);
  for (int i = 0; i < 60; ++i) {
    const double south = lat(random), west = lon(random);
    const double north = std::min(90.0, south + size(random));
    double east = west + size(random) * 2;
    if (east > 180) east -= 360;
    const geo::BoundingBox box{.south = south, .west = west, .north = north, .east = east};
    const records::ListCondition area = TrailsCrossingBox("t", box);
    const std::string filter = i % 2 ? "public = true" : "";
    // Expected: the rows `check` holds for, by name then rowid.
    storage::SqlFragment expected_sql{"SELECT t.id FROM trails t WHERE " + area.check.sql +
                                          (filter.empty() ? "" : " AND t.public = 1") +
                                          " ORDER BY t.name, t.rowid",
                                      area.check.params};
    auto expected = f.db->Read<storage::QueryResult>(
        [&](storage::Connection& c) { return c.Query(expected_sql.sql, expected_sql.params); });
    REQUIRE(expected.ok());
    for (int per_page : {1, 7, 50}) {
      records::ListQuery query;
      query.sort = "name";
      query.filter = filter;
      query.per_page = per_page;
      query.page = 2;
      auto page = f.db->Read<records::ListPage>([&](storage::Connection& c) {
        return f.engine->List(c, *f.families.collections().Find("trails"), query,
                              records::Unrestricted(), area);
      });
      REQUIRE(page.ok());
      INFO("box " << south << " " << west << " " << north << " " << east << " per page " << per_page
                  << " filter " << filter);
      CHECK(page->total_items == static_cast<int64_t>(expected->rows.size()));
      std::vector<std::string> want, got;
      for (size_t r = per_page; r < expected->rows.size() && r < 2 * size_t(per_page); ++r) {
        want.push_back(std::get<std::string>(expected->rows[r][0]));
      }
      for (const Json& item : page->items) got.push_back(item["id"]);
      CHECK(got == want);
    }
  }
}

}  // namespace
}  // namespace cairn::services
