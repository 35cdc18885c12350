// The registry refuses declarations that cannot work, at start-up rather than at the first
// request: relations to nothing, rule-less families, file rules for missing fields, bad expands.
#include "services/core/family_registry.h"

#include <catch2/catch.hpp>

#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"

namespace cairn::services {
namespace {

using namespace fields;  // NOLINT: the declaration language

FamilyDefinition Declare(std::string name, std::vector<records::FieldSpec> fields) {
  FamilyDefinition d;
  d.collection = {name + std::string(15 - name.size(), '0'), name, std::move(fields)};
  d.access = {.view = policy::Everyone(), .create = policy::Nobody(), .update = policy::Nobody()};
  return d;
}

TEST_CASE("a sealed registry finds families by name and id", "[services][registry]") {
  FamilyRegistry registry;
  registry.Add(Declare("notes", {Text("text")}));
  registry.Seal();
  REQUIRE(registry.Find("notes") != nullptr);
  CHECK(registry.Find("notes0000000000") == registry.Find("notes"));
  CHECK(registry.Find("nothing") == nullptr);
  // The collection carries the system fields the engine needs.
  CHECK(registry.collections().Find("notes")->FindField("id") != nullptr);
}

TEST_CASE("declarations that cannot work stop start-up", "[services][registry]") {
  {
    FamilyRegistry registry;
    registry.Add(Declare("notes", {Relation("author", "nobody", OnDelete::kCascade)}));
    CHECK_THROWS_WITH(registry.Seal(), Catch::Contains("unknown collection nobody"));
  }
  {
    FamilyRegistry registry;
    FamilyDefinition ruleless = Declare("notes", {Text("text")});
    ruleless.access.view = nullptr;
    registry.Add(ruleless);
    CHECK_THROWS_WITH(registry.Seal(), Catch::Contains("no view, create or update rule"));
  }
  {
    FamilyRegistry registry;
    FamilyDefinition files = Declare("notes", {Text("text")});
    files.files = {{"photos", UploadKind::kImage, SizeLimit::kPhoto}};
    registry.Add(files);
    CHECK_THROWS_WITH(registry.Seal(), Catch::Contains("no file field photos"));
  }
  {
    FamilyRegistry registry;
    FamilyDefinition expands = Declare("notes", {Text("text")});
    expands.show_expand = "author";
    registry.Add(expands);
    CHECK_THROWS_WITH(registry.Seal(), Catch::Contains("bad default expand"));
  }
}

}  // namespace
}  // namespace cairn::services
