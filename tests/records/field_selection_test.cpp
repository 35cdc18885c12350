// The `fields` parameter: PocketBase's picking rules on rendered records, and its limits.
#include "records/field_selection.h"

#include <catch2/catch.hpp>
#include <string>

namespace cairn::records {
namespace {

// A trail as the engine renders it, with an expanded author and a multi-valued expand.
Json Trail() {
  return Json::parse(R"({
    "id": "trail1234567890", "name": "Ridge", "distance": 1200, "polyline": "_p~iF~ps|U",
    "author": "alice1234567890", "tags": ["a", "b"],
    "expand": {
      "author": {"id": "alice1234567890", "username": "alice", "avatar": "a.png"},
      "waypoints": [{"id": "w1", "name": "Gate", "lat": 47}, {"id": "w2", "name": "Bench"}]
    }
  })");
}

TEST_CASE("fields picks members of records as PocketBase does", "[records][fields]") {
  struct Case {
    const char* name;
    const char* fields;
    const char* expected;
  };
  const Case cases[] = {
      {"no fields keeps everything", "", nullptr},
      {"only commas keep everything", " , ,", nullptr},
      {"top-level names, trimmed", " id , name ", R"({"id":"trail1234567890","name":"Ridge"})"},
      {"unknown names select nothing", "missing,other", "{}"},
      {"known and unknown names", "name,missing", R"({"name":"Ridge"})"},
      {"a dotted name selects inside an expand", "id,expand.author.username",
       R"({"expand":{"author":{"username":"alice"}},"id":"trail1234567890"})"},
      {"a wildcard below an expand keeps all of it", "expand.author.*",
       R"({"expand":{"author":{"avatar":"a.png","id":"alice1234567890","username":"alice"}}})"},
      {"a dotted name applies to every object of an array", "expand.waypoints.name",
       R"({"expand":{"waypoints":[{"name":"Gate"},{"name":"Bench"}]}})"},
      {"the root wildcard keeps what no name narrows", "*,expand.author.id",
       R"({"author":"alice1234567890","distance":1200,"expand":{"author":{"id":"alice1234567890"}},)"
       R"("id":"trail1234567890","name":"Ridge","polyline":"_p~iF~ps|U","tags":["a","b"]})"},
      {"a member named whole and narrowed stays whole", "expand.author.id,expand",
       R"({"expand":{"author":{"avatar":"a.png","id":"alice1234567890","username":"alice"},)"
       R"("waypoints":[{"id":"w1","lat":47,"name":"Gate"},{"id":"w2","name":"Bench"}]}})"},
      {"a dotted name into a scalar keeps the scalar", "name.first", R"({"name":"Ridge"})"},
      {"arrays of scalars are kept as they are", "tags.x", R"({"tags":["a","b"]})"},
      {"a wildcard in the middle matches nothing", "expand.*.id", R"({"expand":{}})"},
      {"names are case-sensitive", "Name,ID", "{}"},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    auto selection = FieldSelection::Parse(c.fields);
    REQUIRE(selection.ok());
    Json record = Trail();
    selection->Prune(record);
    CHECK(record == (c.expected ? Json::parse(c.expected) : Trail()));
  }
}

TEST_CASE("fields leaves values that are not records alone", "[records][fields]") {
  auto selection = FieldSelection::Parse("id");
  REQUIRE(selection.ok());
  CHECK_FALSE(selection->SelectsEverything());
  Json text = "plain";
  selection->Prune(text);
  CHECK(text == "plain");
  Json list = Json::array({1, 2});
  selection->Prune(list);
  CHECK(list == Json::array({1, 2}));
  CHECK(FieldSelection().SelectsEverything());
}

TEST_CASE("fields past its limits or with modifiers is a Form A error naming fields",
          "[records][fields]") {
  std::string hundred, hundred_and_one;
  for (int i = 0; i < 100; ++i) hundred += (i ? ",f" : "f") + std::to_string(i);
  hundred_and_one = hundred + ",f100";
  CHECK(FieldSelection::Parse(hundred).ok());
  struct Case {
    std::string fields;
    const char* code;
  };
  const Case cases[] = {
      {hundred_and_one, "validation_too_many_values"},
      {std::string(1001, 'a'), "validation_max_text_constraint"},
      {"description:excerpt(200,true)", "validation_invalid_value"},
  };
  for (const Case& c : cases) {
    INFO(c.fields.substr(0, 40));
    auto selection = FieldSelection::Parse(c.fields);
    REQUIRE_FALSE(selection.ok());
    CHECK(selection.error().kind == util::ErrorKind::kInvalidArgument);
    REQUIRE(selection.error().field_errors.count("fields") == 1);
    CHECK(selection.error().field_errors.at("fields").code == c.code);
  }
  CHECK(FieldSelection::Parse(std::string(1000, 'a')).ok());
}

}  // namespace
}  // namespace cairn::records
