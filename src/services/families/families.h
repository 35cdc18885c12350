// Every family Cairn serves, one file each in this folder; BuildFamilies lists them.
#pragma once

#include "services/core/family.h"
#include "services/core/family_registry.h"
#include "util/clock.h"

namespace cairn::services {

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

// Adds every family to `registry` and seals it. `clock` must outlive the registry.
void BuildFamilies(FamilyRegistry& registry, const util::Clock& clock);

}  // namespace cairn::services
