// Merging uploads, removals and kept names into a file field's value.
#include "services/core/file_edits.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

using records::Json;

const records::FieldSpec kPhotos{
    .name = "photos", .type = records::FieldType::kFile, .multiple = true, .max_select = 4};
const records::FieldSpec kAvatar{.name = "avatar", .type = records::FieldType::kFile};

using Names = std::vector<std::string>;

TEST_CASE("multi-file fields: add appends, remove drops, keep reorders and replaces",
          "[file_edits]") {
  struct Case {
    const char* what;
    Json current;
    FileFieldEdit edit;
    Json value;
    Names dropped;
  };
  const std::vector<Case> cases = {
      {"append", {"a", "b"}, {.added = {"c"}}, {"a", "b", "c"}, {}},
      {"remove", {"a", "b", "c"}, {.removed = {"b"}}, {"a", "c"}, {"b"}},
      {"keep reorders", {"a", "b", "c"}, {.keep = Names{"c", "a"}}, {"c", "a"}, {"b"}},
      {"replace all", {"a", "b"}, {.added = {"x"}, .keep = Names{""}}, {"x"}, {"a", "b"}},
      {"keep then remove then add",
       {"a", "b", "c"},
       {.added = {"d"}, .removed = {"a"}, .keep = Names{"b", "a"}},
       {"b", "d"},
       {"a", "c"}},
      {"nothing stored yet", Json::array(), {.added = {"a", "b"}}, {"a", "b"}, {}},
      {"a damaged stored value reads as empty", "not an array", {.added = {"a"}}, {"a"}, {}},
  };
  for (const auto& c : cases) {
    INFO(c.what);
    auto change = ApplyFileEdit(kPhotos, c.current, c.edit, records::WriteMode::kUpdate);
    REQUIRE(change.ok());
    CHECK(change->value == c.value);
    CHECK(change->dropped == c.dropped);
  }
}

TEST_CASE("single-file fields: a new file replaces, an empty name clears", "[file_edits]") {
  auto replaced =
      ApplyFileEdit(kAvatar, "old.png", {.added = {"new.png"}}, records::WriteMode::kUpdate);
  REQUIRE(replaced.ok());
  CHECK(replaced->value == "new.png");
  CHECK(replaced->dropped == Names{"old.png"});

  auto cleared =
      ApplyFileEdit(kAvatar, "old.png", {.keep = Names{""}}, records::WriteMode::kUpdate);
  REQUIRE(cleared.ok());
  CHECK(cleared->value == "");
  CHECK(cleared->dropped == Names{"old.png"});

  auto kept =
      ApplyFileEdit(kAvatar, "old.png", {.keep = Names{"old.png"}}, records::WriteMode::kUpdate);
  REQUIRE(kept.ok());
  CHECK(kept->value == "old.png");
  CHECK(kept->dropped.empty());
}

TEST_CASE("names the record does not hold, too many files and two avatars are refused",
          "[file_edits]") {
  auto foreign =
      ApplyFileEdit(kPhotos, {"a"}, {.removed = {"../../etc/passwd"}}, records::WriteMode::kUpdate);
  REQUIRE_FALSE(foreign.ok());
  CHECK(foreign.error().field_errors.at("photos").code == "validation_invalid_file");

  auto unknown_keep =
      ApplyFileEdit(kPhotos, {"a"}, {.keep = Names{"zzz"}}, records::WriteMode::kUpdate);
  REQUIRE_FALSE(unknown_keep.ok());

  auto full =
      ApplyFileEdit(kPhotos, {"a", "b", "c"}, {.added = {"d", "e"}}, records::WriteMode::kUpdate);
  REQUIRE_FALSE(full.ok());
  CHECK(full.error().field_errors.at("photos").code == "validation_too_many_files");

  auto two = ApplyFileEdit(kAvatar, "", {.added = {"a", "b"}}, records::WriteMode::kCreate);
  REQUIRE_FALSE(two.ok());
  CHECK(two.error().message == "Failed to create record.");
}

}  // namespace
}  // namespace cairn::services
