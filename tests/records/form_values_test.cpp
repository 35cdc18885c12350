// Multipart text fields read as a typed JSON body.
#include "records/form_values.h"

#include <catch2/catch.hpp>

namespace cairn::records {
namespace {

using Parts = std::vector<std::pair<std::string, std::string>>;

CollectionSpec Trails() {
  CollectionRegistry registry;
  registry.Add(
      {"abcdefghijklmno",
       "trails",
       {{.name = "name"},
        {.name = "public", .type = FieldType::kBool},
        {.name = "distance", .type = FieldType::kNumber},
        {.name = "tags", .type = FieldType::kRelation, .multiple = true, .relation_target = "tags"},
        {.name = "totals", .type = FieldType::kJson},
        {.name = "photos", .type = FieldType::kFile, .multiple = true}}});
  return *registry.All()[0];
}

TEST_CASE("form text becomes the JSON type of its field", "[form]") {
  struct Case {
    Parts parts;
    Json expected;
  };
  const std::vector<Case> cases = {
      {{{"name", "Loop"}}, {{"name", "Loop"}}},
      {{{"distance", "12.5"}}, {{"distance", 12.5}}},
      {{{"distance", "-3e2"}}, {{"distance", -300.0}}},
      {{{"distance", ""}}, {{"distance", nullptr}}},
      {{{"distance", "12km"}}, {{"distance", "12km"}}},  // left for validation to refuse
      {{{"distance", "nan"}}, {{"distance", "nan"}}},
      {{{"distance", "1e999"}}, {{"distance", "1e999"}}},
      {{{"public", "true"}}, {{"public", true}}},
      {{{"public", "on"}}, {{"public", true}}},
      {{{"public", "0"}}, {{"public", false}}},
      {{{"public", ""}}, {{"public", false}}},
      {{{"public", "maybe"}}, {{"public", "maybe"}}},
      {{{"tags", "a"}, {"tags", "b"}}, {{"tags", {"a", "b"}}}},
      {{{"tags", "a"}}, {{"tags", {"a"}}}},
      {{{"tags", "[\"a\",\"b\"]"}}, {{"tags", {"a", "b"}}}},
      {{{"tags", ""}}, {{"tags", Json::array()}}},
      {{{"totals", "{\"distance\": 3}"}}, {{"totals", {{"distance", 3}}}}},
      {{{"totals", ""}}, {{"totals", nullptr}}},
      {{{"name", "a"}, {"name", "b"}}, {{"name", {"a", "b"}}}},  // refused later as a type error
      {{{"unknown", "x"}}, {{"unknown", "x"}}},
      {{{"photos", "x.png"}}, Json::object()},  // file fields are the upload's business
  };
  for (const auto& c : cases) {
    INFO(Json(c.parts).dump());
    auto body = FormFieldsToJson(Trails(), c.parts);
    REQUIRE(body.ok());
    CHECK(*body == c.expected);
  }
}

TEST_CASE("a @jsonPayload part is read first and plain parts override it", "[form]") {
  auto body = FormFieldsToJson(
      Trails(), {{"name", "Plain"}, {"@jsonPayload", R"({"name": "Json", "public": true})"}});
  REQUIRE(body.ok());
  CHECK(*body == Json{{"name", "Plain"}, {"public", true}});
}

TEST_CASE("a @jsonPayload that is no JSON object and a json field that does not parse are refused",
          "[form]") {
  for (const char* payload : {"[1, 2]", "{", "\"text\""}) {
    auto body = FormFieldsToJson(Trails(), {{"@jsonPayload", payload}});
    REQUIRE_FALSE(body.ok());
    CHECK(body.error().field_errors.count("@jsonPayload") == 1);
  }
  auto body = FormFieldsToJson(Trails(), {{"totals", "{not json"}});
  REQUIRE_FALSE(body.ok());
  CHECK(body.error().field_errors.at("totals").code == "validation_invalid_json");
}

}  // namespace
}  // namespace cairn::records
