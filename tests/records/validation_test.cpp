// Body validation: Form B for JSON types, Form A for field rules.
#include "records/validation.h"

#include <catch2/catch.hpp>

namespace cairn::records {
namespace {

CollectionSpec TrailLike() {
  CollectionRegistry registry;
  FieldSpec name{.name = "name",
                 .type = FieldType::kText,
                 .required = true,
                 .required_on_update = true,
                 .max_length = 10};
  FieldSpec is_public{.name = "public", .type = FieldType::kBool, .required = true};
  FieldSpec date{.name = "date", .type = FieldType::kDate};
  FieldSpec difficulty{
      .name = "difficulty", .type = FieldType::kSelect, .select_values = {"easy", "hard"}};
  FieldSpec distance{.name = "distance", .type = FieldType::kNumber, .min = 0};
  FieldSpec thumbnail{.name = "thumbnail", .type = FieldType::kNumber, .only_int = true};
  FieldSpec tags{
      .name = "tags", .type = FieldType::kRelation, .multiple = true, .relation_target = "tags"};
  FieldSpec photos{.name = "photos", .type = FieldType::kFile, .multiple = true};
  registry.Add({"abcdefghijklmno",
                "trails",
                {name, is_public, date, difficulty, distance, thumbnail, tags, photos}});
  return *registry.All()[0];
}

TEST_CASE("valid bodies are normalised and unknown, system and file fields dropped",
          "[validation]") {
  auto values = ValidateBody(TrailLike(),
                             {{"name", "Loop"},
                              {"public", false},
                              {"date", "2024-01-02T10:00:00Z"},
                              {"tags", {"a", "b", "a"}},
                              {"id", "forgedidforged1"},
                              {"created", "1999"},
                              {"photos", {"../../etc/passwd"}},
                              {"extra", 1}},
                             WriteMode::kCreate);
  REQUIRE(values.ok());
  CHECK(*values ==
        Json{{"name", "Loop"}, {"public", false}, {"date", "2024-01-02"}, {"tags", {"a", "b"}}});
}

TEST_CASE("type mismatches are reported together as Form B issues", "[validation]") {
  auto result =
      ValidateBody(TrailLike(), {{"name", 1}, {"public", "yes"}, {"thumbnail", 1.5}, {"tags", "a"}},
                   WriteMode::kCreate);
  REQUIRE_FALSE(result.ok());
  const auto& issues = result.error().param_issues;
  REQUIRE(issues.size() == 4);
  for (const auto& issue : issues) CHECK(issue.code == "invalid_type");
  CHECK(issues[0].path == std::vector<std::string>{"name"});
}

TEST_CASE("a bad date gives invalid_string and custom invalid-date", "[validation]") {
  auto result = ValidateBody(TrailLike(), {{"name", "x"}, {"public", true}, {"date", "2024-02-31"}},
                             WriteMode::kCreate);
  REQUIRE_FALSE(result.ok());
  const auto& issues = result.error().param_issues;
  REQUIRE(issues.size() == 2);
  CHECK(issues[0].code == "invalid_string");
  CHECK(issues[1].code == "custom");
  CHECK(issues[1].message == "invalid-date");
}

TEST_CASE("field rules are reported per field as Form A", "[validation]") {
  auto result = ValidateBody(
      TrailLike(), {{"name", "much too long"}, {"difficulty", "medium"}, {"distance", -1}},
      WriteMode::kCreate);
  REQUIRE_FALSE(result.ok());
  const auto& errors = result.error().field_errors;
  CHECK(result.error().message == "Failed to create record.");
  CHECK(errors.at("name").code == "validation_max_text_constraint");
  CHECK(errors.at("public").code == "validation_required");
  CHECK(errors.at("difficulty").code == "validation_invalid_value");
  CHECK(errors.at("distance").code == "validation_min_number_constraint");
}

TEST_CASE("updates need only the fields required on update", "[validation]") {
  auto missing = ValidateBody(TrailLike(), {{"distance", 5}}, WriteMode::kUpdate);
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().field_errors.at("name").code == "validation_required");
  CHECK(missing.error().field_errors.count("public") == 0);
  auto ok = ValidateBody(TrailLike(), {{"name", "New"}}, WriteMode::kUpdate);
  REQUIRE(ok.ok());
  CHECK(*ok == Json{{"name", "New"}});
  auto empty = ValidateBody(TrailLike(), {{"name", ""}}, WriteMode::kUpdate);
  CHECK_FALSE(empty.ok());
}

TEST_CASE("a body that is not an object is rejected", "[validation]") {
  CHECK_FALSE(ValidateBody(TrailLike(), Json::array(), WriteMode::kCreate).ok());
  CHECK_FALSE(ValidateBody(TrailLike(), "text", WriteMode::kCreate).ok());
}

}  // namespace
}  // namespace cairn::records
