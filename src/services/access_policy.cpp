// Visibility conditions per collection, parameterised by the caller's id.
#include "services/access_policy.h"

#include "services/collections.h"

namespace cairn::services {
namespace {

std::string A(std::string_view alias) { return std::string(alias); }

}  // namespace

storage::SqlFragment AccessPolicy::TrailVisible(std::string_view alias) const {
  if (caller_.IsAnonymous()) return {A(alias) + ".public = 1", {}};
  const std::string s = A(alias) + "_s";
  return {"(" + A(alias) + ".public = 1 OR " + A(alias) + ".author = ? OR EXISTS (SELECT 1 FROM " +
              "trail_share " + s + " WHERE " + s + ".trail = " + A(alias) + ".id AND " + s +
              ".user = ?))",
          {caller_.user_id, caller_.user_id}};
}

storage::SqlFragment AccessPolicy::ListVisible(std::string_view alias) const {
  if (caller_.IsAnonymous()) return {A(alias) + ".public = 1", {}};
  const std::string s = A(alias) + "_s";
  return {"(" + A(alias) + ".public = 1 OR " + A(alias) + ".author = ? OR EXISTS (SELECT 1 FROM " +
              "list_share " + s + " WHERE " + s + ".list = " + A(alias) + ".id AND " + s +
              ".user = ?))",
          {caller_.user_id, caller_.user_id}};
}

storage::SqlFragment AccessPolicy::ViewCondition(const records::CollectionSpec& collection,
                                                 std::string_view alias) const {
  const std::string& name = collection.name;
  if (name == kUsers || name == kCategories) return {"1", {}};
  if (name == kTrails) return TrailVisible(alias);
  if (name == kLists) return ListVisible(alias);
  if (name == kWaypoints || name == kSummitLogs || name == kComments) {
    // Follows the trail it belongs to; its author always sees it.
    const std::string t = A(alias) + "_t";
    storage::SqlFragment trail = TrailVisible(t);
    storage::SqlFragment out;
    out.sql = "(EXISTS (SELECT 1 FROM trails " + t + " WHERE " + t + ".id = " + A(alias) +
              ".trail AND " + trail.sql + ")";
    out.params = trail.params;
    if (!caller_.IsAnonymous()) {
      out.sql += " OR " + A(alias) + ".author = ?";
      out.params.emplace_back(caller_.user_id);
    }
    out.sql += ")";
    return out;
  }
  if (name == kTrailShare || name == kListShare) {
    if (caller_.IsAnonymous()) return {"0", {}};
    const bool trail = name == kTrailShare;
    const std::string o = A(alias) + "_o";
    const std::string item = trail ? "trail" : "list";
    const std::string table = trail ? "trails" : "lists";
    return {"(" + A(alias) + ".user = ? OR EXISTS (SELECT 1 FROM " + table + " " + o + " WHERE " +
                o + ".id = " + A(alias) + "." + item + " AND " + o + ".author = ?))",
            {caller_.user_id, caller_.user_id}};
  }
  return {"0", {}};  // undeclared collections are invisible by default
}

void AccessPolicy::Redact(const records::CollectionSpec& collection, nlohmann::json& record) const {
  if (collection.name != kUsers) return;
  const bool own = !caller_.IsAnonymous() && record.value("id", "") == caller_.user_id;
  if (!own && !record.value("emailVisibility", false)) record.erase("email");
  if (own && !caller_.token.empty()) record["token"] = caller_.token;
}

}  // namespace cairn::services
