// Deletes follow the relations as declared: cascade, unlink (single and multiple, keeping the
// order of the rest), refuse, owned rows, and the files of what was deleted.
#include "services/core/cascade.h"

#include <catch2/catch.hpp>

#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

using namespace fields;  // NOLINT: the declaration language
using records::Json;

FamilyDefinition Declare(std::string id, std::string name, std::vector<records::FieldSpec> fields) {
  FamilyDefinition d;
  d.collection = {std::move(id), std::move(name), std::move(fields)};
  d.access = {
      .view = policy::Everyone(), .create = policy::Everyone(), .update = policy::Everyone()};
  return d;
}

// Authors own notebooks (with a cover file); pages cascade with their notebook; a shelf lists
// notebooks (unlink, many) and names a favourite (unlink, one); a loan refuses the delete.
struct Fixture {
  test_support::TempDir dir;
  FamilyRegistry families;
  std::unique_ptr<storage::Database> db;

  Fixture() {
    FamilyDefinition authors = Declare("authors00000001", "authors", {Text("name")});
    authors.owned_rows = {{"author_notes", "author"}};
    families.Add(authors);
    families.Add(Declare("notebooks000001", "notebooks",
                         {Relation("author", "authors", OnDelete::kCascade), File("cover")}));
    families.Add(Declare("pages0000000001", "pages",
                         {Relation("notebook", "notebooks", OnDelete::kCascade)}));
    families.Add(Declare("shelves00000001", "shelves",
                         {Relations("notebooks", "notebooks", OnDelete::kUnlink),
                          Relation("favourite", "notebooks", OnDelete::kUnlink)}));
    families.Add(Declare("loans0000000001", "loans",
                         {Relation("notebook", "notebooks", OnDelete::kRefuse)}));
    families.Seal();
    db = std::move(storage::Database::Open({dir.path() + "/data.db", 1})).value();
    Run("CREATE TABLE authors (id TEXT PRIMARY KEY, created TEXT, updated TEXT, name TEXT);"
        "CREATE TABLE author_notes (author TEXT, note TEXT);"
        "CREATE TABLE notebooks (id TEXT PRIMARY KEY, created TEXT, updated TEXT, author TEXT, "
        "cover TEXT);"
        "CREATE TABLE pages (id TEXT PRIMARY KEY, created TEXT, updated TEXT, notebook TEXT);"
        "CREATE TABLE shelves (id TEXT PRIMARY KEY, created TEXT, updated TEXT, notebooks TEXT, "
        "favourite TEXT);"
        "CREATE TABLE loans (id TEXT PRIMARY KEY, created TEXT, updated TEXT, notebook TEXT);"
        "INSERT INTO authors VALUES ('ann', '', '', 'Ann'), ('bob', '', '', 'Bob');"
        "INSERT INTO author_notes VALUES ('ann', 'x'), ('bob', 'y');"
        "INSERT INTO notebooks VALUES ('n1', '', '', 'ann', 'c.png'), ('n2', '', '', 'ann', ''),"
        " ('n3', '', '', 'bob', '');"
        "INSERT INTO pages VALUES ('p1', '', '', 'n1'), ('p2', '', '', 'n2'), ('p3', '', '', 'n3');"
        "INSERT INTO shelves VALUES ('s1', '', '', '[\"n3\",\"n1\",\"n2\"]', 'n2');");
  }

  void Run(const std::string& sql) {
    REQUIRE(db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
                CAIRN_RETURN_IF_ERROR(c.ExecuteScript(sql));
                return 0;
              }).ok());
  }

  std::vector<std::string> Column(const std::string& sql) {
    auto rows = db->Read<std::vector<std::string>>(
        [&](storage::Connection& c) -> util::Result<std::vector<std::string>> {
          CAIRN_ASSIGN_OR_RETURN(auto result, c.Query(sql));
          std::vector<std::string> out;
          for (const auto& row : result.rows) out.push_back(std::get<std::string>(row[0]));
          return out;
        });
    REQUIRE(rows.ok());
    return *rows;
  }

  util::Result<std::vector<FileOwner>> Delete(const std::string& collection,
                                              const std::string& id) {
    return db->Write<std::vector<FileOwner>>([&](storage::Connection& c) {
      return DeleteWithDependents(c, families, *families.Find(collection), id, "now");
    });
  }
};

TEST_CASE("a delete cascades, unlinks and removes owned rows as the relations declare",
          "[services][cascade]") {
  Fixture f;
  auto owners = f.Delete("authors", "ann");
  REQUIRE(owners.ok());
  CHECK(f.Column("SELECT id FROM authors") == std::vector<std::string>{"bob"});
  CHECK(f.Column("SELECT id FROM notebooks") == std::vector<std::string>{"n3"});
  CHECK(f.Column("SELECT id FROM pages") == std::vector<std::string>{"p3"});
  CHECK(f.Column("SELECT author FROM author_notes") == std::vector<std::string>{"bob"});
  // The shelf stays, without the deleted notebooks, the rest in order; its single relation is
  // emptied and it counts as changed.
  CHECK(f.Column("SELECT notebooks FROM shelves") == std::vector<std::string>{"[\"n3\"]"});
  CHECK(f.Column("SELECT favourite FROM shelves") == std::vector<std::string>{""});
  CHECK(f.Column("SELECT updated FROM shelves") == std::vector<std::string>{"now"});
  // The notebooks (which have a file field) come back for their files to be removed; pages and
  // authors have none.
  std::vector<std::string> ids;
  for (const FileOwner& owner : *owners) {
    CHECK(owner.collection_id == "notebooks000001");
    ids.push_back(owner.record_id);
  }
  std::sort(ids.begin(), ids.end());
  CHECK(ids == std::vector<std::string>{"n1", "n2"});
}

TEST_CASE("a refusing relation stops the whole delete", "[services][cascade]") {
  Fixture f;
  f.Run("INSERT INTO loans VALUES ('l1', '', '', 'n3')");
  auto refused = f.Delete("authors", "bob");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().kind == util::ErrorKind::kConflict);
  CHECK(refused.error().message.find("loans") != std::string::npos);
  // The transaction rolled back: nothing of bob's went.
  CHECK(f.Column("SELECT id FROM authors ORDER BY id") == std::vector<std::string>{"ann", "bob"});
  CHECK(f.Column("SELECT id FROM pages WHERE id = 'p3'") == std::vector<std::string>{"p3"});
  // Without the loan the same delete goes through.
  f.Run("DELETE FROM loans");
  REQUIRE(f.Delete("authors", "bob").ok());
  CHECK(f.Column("SELECT id FROM notebooks ORDER BY id") == std::vector<std::string>{"n1", "n2"});
}

}  // namespace
}  // namespace cairn::services
