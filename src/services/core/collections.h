// The declaration of every collection Cairn serves: ids, names, fields and relations.
#pragma once

#include "records/collection.h"

namespace cairn::services {

// Collection names, as they appear in `collectionName`.
inline constexpr char kUsers[] = "users";
inline constexpr char kCategories[] = "categories";
inline constexpr char kTrails[] = "trails";
inline constexpr char kLists[] = "lists";
inline constexpr char kWaypoints[] = "waypoints";
inline constexpr char kComments[] = "comments";
inline constexpr char kSummitLogs[] = "summit_logs";
inline constexpr char kListShare[] = "list_share";
inline constexpr char kTrailShare[] = "trail_share";
inline constexpr char kTrailLinkShare[] = "trail_link_share";
inline constexpr char kApiTokens[] = "api_tokens";
inline constexpr char kSettings[] = "settings";

// Builds the registry of all collections, matching schema.sql.
records::CollectionRegistry BuildCollectionRegistry();

}  // namespace cairn::services
