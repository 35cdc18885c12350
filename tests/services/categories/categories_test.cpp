// The seeded categories on a migrated data dir (their rows as a fresh one has them, their
// pictograms written once), and the hidden categories other code asks for.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <fstream>

#include "records/record_engine.h"
#include "services/categories/category_preferences.h"
#include "services/categories/seed_images.h"
#include "services/families/families.h"
#include "storage/schema.h"
#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A data dir's database as the first release wrote it (schema 1, before any migration).
void WriteVersion1File(const std::string& path) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  const std::string v1 = ReadFile(std::string(CAIRN_TEST_DATA_DIR) + "/storage/schema_v1.sql");
  REQUIRE(sqlite3_exec(db, v1.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

storage::QueryResult Rows(storage::Database& db, const std::string& sql) {
  auto rows = db.Read<storage::QueryResult>([&](storage::Connection& c) { return c.Query(sql); });
  REQUIRE(rows.ok());
  return *rows;
}

TEST_CASE(
    "an older data dir is migrated to the seeded categories and subcategories of a "
    "fresh one, and gets their pictograms",
    "[services][categories]") {
  test_support::TempDir dir;
  const std::string old_path = dir.path() + "/old.db";
  WriteVersion1File(old_path);
  auto migrated = storage::Database::Open({old_path, 1});
  REQUIRE(migrated.ok());
  auto fresh = storage::Database::Open({dir.path() + "/fresh.db", 1});
  REQUIRE(fresh.ok());
  for (const char* sql :
       {"SELECT id, created, updated, name, img, name_folded FROM categories ORDER BY id",
        "SELECT id, created, updated, name, category FROM subcategories ORDER BY id"}) {
    INFO(sql);
    const auto old_rows = Rows(**migrated, sql).rows;
    CHECK(old_rows == Rows(**fresh, sql).rows);
    CHECK(old_rows.size() >= 6);
  }
  CHECK(Rows(**migrated, "SELECT count(*) FROM subcategories").rows[0][0] ==
        storage::SqlValue(int64_t{21}));
  CHECK(Rows(**migrated, "SELECT img FROM categories WHERE id = 'hikingcategory1'").rows[0][0] ==
        storage::SqlValue(std::string("hiking_pictogram1.png")));

  FamilyRegistry families;
  util::SystemClock clock;
  BuildFamilies(families, clock);
  const std::string root = dir.path() + "/storage";
  storage::BlobStore blobs(root);
  auto written = WriteMissingSeedImages(**migrated, families, blobs);
  REQUIRE(written.ok());
  CHECK(*written == 6);
  auto drawn = DrawSeedImages();
  REQUIRE(drawn.ok());
  for (const SeedImage& image : *drawn) {
    INFO(image.name);
    auto stored = blobs.Read("kjxvi8asj2igqwf", image.category_id, image.name);
    REQUIRE(stored.ok());
    CHECK(*stored == image.png);
    CHECK(image.png.size() > 1000);
  }
  // Written once; an image the admin replaced is left alone.
  CHECK(*WriteMissingSeedImages(**migrated, families, blobs) == 0);
  REQUIRE((*migrated)
              ->Write<int64_t>([](storage::Connection& c) {
                return c.Execute(
                    "UPDATE categories SET img = 'own_abcdefghij.png' WHERE id = "
                    "'skiingcategory1'");
              })
              .ok());
  REQUIRE(blobs.Remove("kjxvi8asj2igqwf", "skiingcategory1", "skiing_pictogram1.png").ok());
  CHECK(*WriteMissingSeedImages(**migrated, families, blobs) == 0);
}

TEST_CASE("hidden categories are those a user marked invisible", "[services][categories]") {
  test_support::TempDir dir;
  auto db = storage::Database::Open({dir.path() + "/data.db", 1});
  REQUIRE(db.ok());
  REQUIRE((*db)
              ->Write<int64_t>([](storage::Connection& c) {
                return c.Execute(
                    "INSERT INTO user_category_preferences (id, created, updated, user, category, "
                    "visible, priority) VALUES "
                    "('pref00000000001', 'c', 'u', 'ann000000000001', 'skiingcategory1', 0, 1),"
                    "('pref00000000002', 'c', 'u', 'ann000000000001', 'hikingcategory1', 1, 2),"
                    "('pref00000000003', 'c', 'u', 'ann000000000001', 'bikingcategory1', 0, 3),"
                    "('pref00000000004', 'c', 'u', 'bob000000000001', 'walkingcategory', 0, 1)");
              })
              .ok());
  auto hidden = (*db)->Read<std::vector<std::string>>(
      [](storage::Connection& c) { return HiddenCategoryIds(c, "ann000000000001"); });
  REQUIRE(hidden.ok());
  CHECK(*hidden == std::vector<std::string>{"bikingcategory1", "skiingcategory1"});
  auto none = (*db)->Read<std::vector<std::string>>(
      [](storage::Connection& c) { return HiddenCategoryIds(c, ""); });
  REQUIRE(none.ok());
  CHECK(none->empty());
}

}  // namespace
}  // namespace cairn::services
