// Every family Cairn serves, one file each in this folder; BuildFamilies lists them.
#pragma once

#include "services/core/family.h"
#include "services/core/family_registry.h"
#include "util/clock.h"

namespace cairn::services::plugins {
class PluginCatalog;
}

namespace cairn::services {

class SecretSealer;

// One declaration per family (families/<name>.cpp).
FamilyDefinition UserFamily();
FamilyDefinition CategoryFamily();
FamilyDefinition TrailFamily();
FamilyDefinition ListFamily();
FamilyDefinition WaypointFamily();
FamilyDefinition CommentFamily();
FamilyDefinition SummitLogFamily();
FamilyDefinition ListShareFamily();
FamilyDefinition TrailShareFamily();
FamilyDefinition TrailLinkShareFamily();
FamilyDefinition ListLinkShareFamily();
FamilyDefinition ApiTokenFamily(const util::Clock& clock);  // judges expirations
FamilyDefinition SettingsFamily();
FamilyDefinition TagFamily();
FamilyDefinition SubcategoryFamily();
FamilyDefinition UserCategoryPreferenceFamily();     // preferences.cpp
FamilyDefinition UserSubcategoryPreferenceFamily();  // preferences.cpp
FamilyDefinition TrailLikeFamily();                  // trail_like.cpp
FamilyDefinition FollowFamily();                     // follow.cpp
FamilyDefinition NotificationFamily();
// `sealer` seals the secrets people give plugins (none kept without it); `catalog` names the
// plugins an instance may be of (any well-formed id without it).
FamilyDefinition PluginInstanceFamily(const SecretSealer* sealer,
                                      const plugins::PluginCatalog* catalog);

// What some families need from outside the record model; each must outlive the registry.
struct FamilyContext {
  const util::Clock& clock;                         // judges API keys' expirations
  const SecretSealer* sealer = nullptr;             // plugin instances' secrets
  const plugins::PluginCatalog* plugins = nullptr;  // the plugins instances may be of
};

// Adds every family to `registry` and seals it.
void BuildFamilies(FamilyRegistry& registry, const FamilyContext& context);
// The same without a sealer or a plugin catalog (tools and tests that store no plugin secrets).
void BuildFamilies(FamilyRegistry& registry, const util::Clock& clock);

}  // namespace cairn::services
