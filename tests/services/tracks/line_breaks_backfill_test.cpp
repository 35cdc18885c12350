// Trails stored before line breaks and highest points were kept get them from their stored tracks
// at start: a track of two segments gets new lines, one of one segment keeps its line, a lost file
// is left as it was, each track with heights gives its highest point, and every pending trail is
// taken off the list.
#include "services/tracks/line_breaks_backfill.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "geo/polyline.h"
#include "records/record_codec.h"
#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

constexpr char kCollection[] = "e864strfxo14pm4";

std::string Gpx(int segments) {
  std::string gpx =
      "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\" "
      "xmlns=\"http://www.topografix.com/GPX/1/1\"><trk>";
  for (int s = 0; s < segments; ++s) {
    gpx += "<trkseg>";
    for (int i = 0; i < 10; ++i) {
      gpx += "<trkpt lat=\"47\" lon=\"" + std::to_string(11 + 0.05 * s + 0.001 * i) + "\"><ele>" +
             std::to_string(1000 + 10 * s + i) + "</ele></trkpt>";
    }
    gpx += "</trkseg>";
  }
  return gpx + "</trk></gpx>";
}

TEST_CASE("the backfill gives pending trails their line breaks from their stored tracks",
          "[services][tracks]") {
  test_support::TempDir dir;
  std::filesystem::create_directories(dir.path() + "/storage");
  auto database = storage::Database::Open({dir.path() + "/data.db", 1});
  REQUIRE(database.ok());
  storage::BlobStore blobs(dir.path() + "/storage");
  auto two = blobs.Put(kCollection, "twosegments0001", "two.gpx", Gpx(2));
  auto one = blobs.Put(kCollection, "onesegment00001", "one.gpx", Gpx(1));
  REQUIRE(two.ok());
  REQUIRE(one.ok());
  // As migration 14 leaves them: old lines (the joined line's ends), no breaks, all pending.
  const std::string old_line =
      geo::EncodePolyline(std::vector<geo::LatLon>{{47, 11}, {47, 11.059}});
  auto written = (*database)->Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    const std::vector<std::pair<std::string, std::string>> trails = {
        {"twosegments0001", *two},
        {"onesegment00001", *one},
        {"lostfile0000001", "gone_abcdefghij.gpx"}};
    for (const auto& [id, gpx] : trails) {
      CAIRN_RETURN_IF_ERROR(c.Execute(
          "INSERT INTO trails (id, created, updated, author, gpx, polyline, preview, sketch) "
          "VALUES (?, 'c', 'u', 'someone12345678', ?, ?, ?, ?)",
          {id, gpx, old_line, old_line, old_line}));
      CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO trails_lines_pending VALUES (?)", {id}));
    }
    // A trail deleted since the migration.
    CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO trails_lines_pending VALUES ('deleted00000001')"));
    return true;
  });
  REQUIRE(written.ok());

  auto updated = BackfillLineBreaks(**database, blobs, kCollection, std::stop_token());
  REQUIRE(updated.ok());
  CHECK(*updated == 2);
  auto rows = (*database)->Read<storage::QueryResult>([](storage::Connection& c) {
    return c.Query(
        "SELECT id, polyline, line_breaks, (SELECT count(*) FROM trails_lines_pending), "
        "max_elevation FROM trails ORDER BY id");
  });
  REQUIRE(rows.ok());
  REQUIRE(rows->rows.size() == 3);
  CHECK(std::get<int64_t>(rows->rows[0][3]) == 0);  // nothing left pending
  // lostfile, onesegment: as they were.
  for (int r : {0, 1}) {
    CHECK(std::get<std::string>(rows->rows[r][1]) == old_line);
    CHECK(std::holds_alternative<std::monostate>(rows->rows[r][2]));
  }
  CHECK(std::holds_alternative<std::monostate>(rows->rows[0][4]));  // lost: still unknown
  CHECK(std::get<double>(rows->rows[1][4]) == 1009);
  CHECK(std::get<double>(rows->rows[2][4]) == 1019);
  // twosegments: each segment's ends, and the break between them.
  auto line = geo::DecodePolyline(std::get<std::string>(rows->rows[2][1]));
  REQUIRE(line.ok());
  CHECK(line->size() == 4);
  const records::Json breaks = records::Json::parse(std::get<std::string>(rows->rows[2][2]));
  CHECK(breaks["polyline"].get<std::vector<size_t>>() == std::vector<size_t>{2});
  CHECK(breaks["sketch"].get<std::vector<size_t>>() == std::vector<size_t>{2});
  // A second pass has nothing to do.
  CHECK(BackfillLineBreaks(**database, blobs, kCollection, std::stop_token()).value() == 0);
}

}  // namespace
}  // namespace cairn::services
