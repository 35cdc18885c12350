// Photos stored before trails kept their positions: the places their cameras recorded are read
// once from the stored files, on a real SQLite file and blob folder.
#include "services/files/photo_position_backfill.h"

#include <catch2/catch.hpp>

#include "images/test_images.h"
#include "records/record_codec.h"
#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

using records::Json;
namespace testing = images::testing;

constexpr char kTrailsFolder[] = "e864strfxo14pm4";

std::string GeotaggedJpeg() {
  const std::string tiff =
      testing::TiffBuilder(false)
          .Ascii(testing::TiffBuilder::kGps, 1, "S")
          .Rationals(testing::TiffBuilder::kGps, 2, {{33, 1}, {51, 1}, {0, 1}})
          .Ascii(testing::TiffBuilder::kGps, 3, "E")
          .Rationals(testing::TiffBuilder::kGps, 4, {{151, 1}, {12, 1}, {0, 1}})
          .Build();
  return testing::WithApp1(testing::SmallJpeg(), tiff);
}

struct Archive {
  test_support::TempDir dir;
  std::unique_ptr<storage::Database> db =
      std::move(storage::Database::Open({dir.path() + "/data.db", 1})).value();
  storage::BlobStore blobs{dir.path() + "/storage"};

  // A trail row as a version 15 file held it: photos, and no positions (NULL).
  void AddTrail(const std::string& id, const std::vector<std::string>& photos) {
    Json names = Json::array();
    for (const auto& photo : photos) names.push_back(photo);
    auto added = db->Write<int64_t>([&](storage::Connection& c) {
      return c.Execute(
          "INSERT INTO trails (id, created, updated, author, name, photos) VALUES (?, '2024-01-01 "
          "00:00:00.000Z', '2024-01-01 00:00:00.000Z', 'u', 'T', ?)",
          {id, names.dump()});
    });
    REQUIRE(added.ok());
  }
  std::string Store(const std::string& trail, const std::string& name, const std::string& bytes) {
    return std::move(blobs.Put(kTrailsFolder, trail, name, bytes)).value();
  }
  storage::SqlValue PositionsOf(const std::string& id) {
    auto rows = db->Read<storage::QueryResult>([&](storage::Connection& c) {
      return c.Query("SELECT photo_positions FROM trails WHERE id = ?", {id});
    });
    REQUIRE(rows.ok());
    REQUIRE(rows->rows.size() == 1);
    return rows->rows[0][0];
  }
};

TEST_CASE("stored geotagged photos of older trails are put on the map once, others are left",
          "[services][files]") {
  Archive archive;
  const std::string trail = "aaaaaaaaaaaaaaa", plain_trail = "bbbbbbbbbbbbbbb",
                    no_photos = "ccccccccccccccc";
  const std::string tagged = archive.Store(trail, "harbour.jpg", GeotaggedJpeg());
  const std::string png =
      archive.Store(trail, "map.png", testing::MakePng(8, 8, testing::LeftRedRightBlue));
  archive.AddTrail(trail, {tagged, png, "missing_0123456789.jpg"});
  const std::string other = archive.Store(plain_trail, "dark.jpg", testing::SmallJpeg());
  archive.AddTrail(plain_trail, {other});
  archive.AddTrail(no_photos, {});

  auto filled = BackfillPhotoPositions(*archive.db, archive.blobs, kTrailsFolder);
  REQUIRE(filled.ok());
  CHECK(filled->trails == 2);
  CHECK(filled->placed == 1);
  const Json positions = Json::parse(std::get<std::string>(archive.PositionsOf(trail)));
  REQUIRE(positions.size() == 1);
  CHECK(positions[tagged]["lat"].get<double>() == Approx(-(33.0 + 51.0 / 60)));
  CHECK(positions[tagged]["lon"].get<double>() == Approx(151.0 + 12.0 / 60));
  // Known to have no place, so a later start does not read it again.
  CHECK(std::get<std::string>(archive.PositionsOf(plain_trail)) == "{}");
  CHECK(std::holds_alternative<std::monostate>(archive.PositionsOf(no_photos)));

  auto again = BackfillPhotoPositions(*archive.db, archive.blobs, kTrailsFolder);
  REQUIRE(again.ok());
  CHECK(again->trails == 0);
}

TEST_CASE("more older trails than one batch are all given their photos' places",
          "[services][files]") {
  Archive archive;
  const std::string jpeg = GeotaggedJpeg();
  for (int i = 0; i < 250; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "t%014d", i);
    archive.AddTrail(id, {archive.Store(id, "p.jpg", jpeg)});
  }
  auto filled = BackfillPhotoPositions(*archive.db, archive.blobs, kTrailsFolder);
  REQUIRE(filled.ok());
  CHECK(filled->trails == 250);
  CHECK(filled->placed == 250);
}

}  // namespace
}  // namespace cairn::services
