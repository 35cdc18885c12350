// Category and subcategory preferences: each user's order of the categories (and of the
// subcategories within one) and which of them they hide, one row per user and item. Seen and
// changed by their user alone, through the upsert and reorder routes of
// services/categories/category_preferences.h; gone with the user or the item.
#include "services/core/field_builders.h"
#include "services/core/policy_pieces.h"
#include "services/families/families.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

FamilyDefinition PreferenceFamily(std::string id, std::string name, std::string item,
                                  std::string item_collection) {
  using namespace fields;  // NOLINT: the declaration language
  using namespace policy;  // NOLINT
  return {
      .collection = {std::move(id),
                     std::move(name),
                     {Required(Relation("user", kUsers, OnDelete::kCascade)),
                      Required(Relation(item, std::move(item_collection), OnDelete::kCascade)),
                      Bool("visible"), Integer("priority", 0)}},
      .access = {.view = OwnRow("user"),
                 .create = ValueIsCaller("user"),
                 .update = OwnRow("user"),
                 .create_denied = "Preferences are the signed-in user's own."},
      .owner_field = "user",
      .owner_defaults_to_caller = true,
      .immutable_fields = {item},
      .uniqueness = {{.fields = {"user", item},
                      .message = "There is a preference for this " + item + " already."}},
      // GET, PUT and reorder are the preference routes (services/categories/); GET /{id} is
      // the generic one.
      .routes = {.operations = kShow, .extra = {"preferences"}},
  };
}

}  // namespace

FamilyDefinition UserCategoryPreferenceFamily() {
  auto family =
      PreferenceFamily("cairncatprefs01", kUserCategoryPreferences, "category", kCategories);
  family.routes.path = "/api/v1/user-category-preference";
  return family;
}

FamilyDefinition UserSubcategoryPreferenceFamily() {
  auto family = PreferenceFamily("cairnsubprefs01", kUserSubcategoryPreferences, "subcategory",
                                 kSubcategories);
  family.routes.path = "/api/v1/user-subcategory-preference";
  return family;
}

}  // namespace cairn::services
