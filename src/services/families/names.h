// The collection names other code refers to (a track import writes trails and waypoints). A family
// nobody else names keeps its name in its own file.
#pragma once

namespace cairn::services {

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
inline constexpr char kListLinkShare[] = "list_link_share";
inline constexpr char kApiTokens[] = "api_tokens";
inline constexpr char kSettings[] = "settings";
inline constexpr char kPluginInstances[] = "plugin_instances";
inline constexpr char kSubcategories[] = "subcategories";
inline constexpr char kUserCategoryPreferences[] = "user_category_preferences";
inline constexpr char kUserSubcategoryPreferences[] = "user_subcategory_preferences";
inline constexpr char kTrailLikes[] = "trail_likes";
inline constexpr char kFollows[] = "follows";
// A follow's status: accepted, or pending until a private followee answers.
inline constexpr char kFollowAccepted[] = "accepted";
inline constexpr char kFollowPending[] = "pending";
inline constexpr char kNotifications[] = "notifications";

}  // namespace cairn::services
