// Subcategories: the kinds of each category (Hiking: day hike, multi-day, via ferrata), seeded
// in schema.sql, read by all, changed by nobody through the API; they go with their category.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {

FamilyDefinition SubcategoryFamily() {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {"cairnsubcategry",
                     kSubcategories,
                     {Required(Text("name", 100), /*on_update=*/true),
                      Required(Relation("category", kCategories, OnDelete::kCascade))}},
      .access = {.view = Everyone(), .create = Nobody(), .update = Nobody()},
      .owner_field = "",
      .read_only = true,
      .routes = {.path = "/api/v1/subcategory", .operations = kReadOnly},
  };
}

}  // namespace cairn::services
