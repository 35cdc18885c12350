// What trail and list shares have in common: a user (or a link's token), a permission, and rules
// that make the shared item's owner the only one to grant, change or take back access.
#pragma once

#include <string>

#include "services/core/family.h"

namespace cairn::services {

// The family of shares of `item` ("trail" or "list", a relation to `item_collection`) with
// users, at `path`.
FamilyDefinition UserShareFamily(std::string id, std::string name, std::string item,
                                 std::string item_collection, std::string path);

// The family of link shares of `item`: a secret token that shows the item to whoever holds it,
// seen, made and revoked by the item's owner only, and never granting changes.
FamilyDefinition LinkShareFamily(std::string id, std::string name, std::string item,
                                 std::string item_collection, std::string path);

}  // namespace cairn::services
