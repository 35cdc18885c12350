// The list of families. Adding one: its file here, its line below, its table in schema.sql and
// a migration (docs/ARCHITECTURE.md, "Adding a family").
#include "services/families/families.h"

namespace cairn::services {

void BuildFamilies(FamilyRegistry& registry, const util::Clock& clock) {
  BuildFamilies(registry, FamilyContext{.clock = clock});
}

void BuildFamilies(FamilyRegistry& registry, const FamilyContext& context) {
  registry.Add(UserFamily());
  registry.Add(CategoryFamily());
  registry.Add(TrailFamily());
  registry.Add(ListFamily());
  registry.Add(WaypointFamily());
  registry.Add(CommentFamily());
  registry.Add(SummitLogFamily());
  registry.Add(ListShareFamily());
  registry.Add(TrailShareFamily());
  registry.Add(TrailLinkShareFamily());
  registry.Add(ListLinkShareFamily());
  registry.Add(ApiTokenFamily(context.clock));
  registry.Add(SettingsFamily());
  registry.Add(TagFamily());
  registry.Add(SubcategoryFamily());
  registry.Add(UserCategoryPreferenceFamily());
  registry.Add(UserSubcategoryPreferenceFamily());
  registry.Add(TrailLikeFamily());
  registry.Add(FollowFamily());
  registry.Add(NotificationFamily());
  registry.Add(PluginInstanceFamily(context.sealer, context.plugins));
  registry.Seal();
}

}  // namespace cairn::services
