// Categories: the six activity kinds every installation starts with (schema.sql), read by all,
// changed by nobody through the API.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {

FamilyDefinition CategoryFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"kjxvi8asj2igqwf", kCategories, {Text("name"), File("img")}},
      .access = {.view = Everyone(), .create = Nobody(), .update = Nobody()},
      .read_only = true,
      .routes = {.path = "/api/v1/category", .operations = kReadOnly},
  };
}

}  // namespace cairn::services
