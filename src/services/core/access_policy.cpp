// The access model as SQL, parameterised by the caller's id and link-share token. Share lookups
// are uncorrelated `IN (SELECT ...)` subqueries, which SQLite evaluates once per statement.
#include "services/core/access_policy.h"

#include <initializer_list>

#include "services/core/collections.h"

namespace cairn::services {
namespace {

using storage::SqlFragment;

const SqlFragment kNever{"0", {}};
const SqlFragment kAlways{"1", {}};

std::string A(std::string_view alias) { return std::string(alias); }

// Joins fragments with `op`, in parentheses; params follow in the same order.
SqlFragment Join(const char* op, std::initializer_list<SqlFragment> parts) {
  SqlFragment out;
  for (const SqlFragment& part : parts) {
    out.sql += (out.sql.empty() ? "(" : std::string(" ") + op + " ") + part.sql;
    out.params.insert(out.params.end(), part.params.begin(), part.params.end());
  }
  out.sql += ")";
  return out;
}
SqlFragment Or(std::initializer_list<SqlFragment> parts) { return Join("OR", parts); }
SqlFragment And(std::initializer_list<SqlFragment> parts) { return Join("AND", parts); }

// EXISTS a trail with id `trail_id` satisfying `condition` (written for alias "x").
SqlFragment TrailWhere(const std::string& trail_id, const SqlFragment& condition) {
  SqlFragment out{"EXISTS (SELECT 1 FROM trails x WHERE x.id = ? AND " + condition.sql + ")",
                  {trail_id}};
  out.params.insert(out.params.end(), condition.params.begin(), condition.params.end());
  return out;
}

// A string member of validated create values ("" when absent).
std::string ValueOf(const nlohmann::json& values, const char* field) {
  auto it = values.find(field);
  return it != values.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

SqlFragment AccessPolicy::TrailVisible(std::string_view alias, bool through_link) const {
  const std::string a = A(alias);
  SqlFragment visible{a + ".public = 1", {}};
  if (!caller_.IsAnonymous()) {
    const std::string& me = caller_.user_id;
    visible = Or({visible,
                  {a + ".author = ?", {me}},
                  {a + ".id IN (SELECT trail FROM trail_share WHERE user = ?)", {me}},
                  // A list share opens the trails of the list's own author only: a list can't
                  // pass on a trail someone else shared with its author.
                  {"(" + a + ".id, " + a +
                       ".author) IN (SELECT je.value, l.author FROM list_share ls JOIN lists l ON "
                       "l.id = ls.list, json_each(l.trails) je WHERE ls.user = ?)",
                   {me}}});
  }
  if (through_link && !caller_.share_token.empty()) {
    visible = Or({visible,
                  {a + ".id IN (SELECT trail FROM trail_link_share WHERE token = ?)",
                   {caller_.share_token}}});
  }
  return visible;
}

SqlFragment AccessPolicy::TrailEditable(std::string_view alias) const {
  if (caller_.IsAnonymous()) return kNever;
  const std::string a = A(alias);
  return Or({{a + ".author = ?", {caller_.user_id}},
             {a + ".id IN (SELECT trail FROM trail_share WHERE user = ? AND permission = 'edit')",
              {caller_.user_id}}});
}

SqlFragment AccessPolicy::ListVisible(std::string_view alias) const {
  const std::string a = A(alias);
  if (caller_.IsAnonymous()) return {a + ".public = 1", {}};
  return Or({{a + ".public = 1", {}},
             {a + ".author = ?", {caller_.user_id}},
             {a + ".id IN (SELECT list FROM list_share WHERE user = ?)", {caller_.user_id}}});
}

SqlFragment AccessPolicy::OwnsItem(const char* table, const std::string& item_id) const {
  if (caller_.IsAnonymous()) return kNever;
  return {"EXISTS (SELECT 1 FROM " + std::string(table) + " o WHERE o.id = " + item_id +
              " AND o.author = ?)",
          {caller_.user_id}};
}

SqlFragment AccessPolicy::FollowsTrail(std::string_view alias, bool through_link) const {
  const std::string t = A(alias) + "_t";
  SqlFragment trail = TrailVisible(t, through_link);
  SqlFragment follows{"EXISTS (SELECT 1 FROM trails " + t + " WHERE " + t + ".id = " + A(alias) +
                          ".trail AND " + trail.sql + ")",
                      trail.params};
  if (caller_.IsAnonymous()) return follows;
  return Or({follows, {A(alias) + ".author = ?", {caller_.user_id}}});
}

SqlFragment AccessPolicy::ViewCondition(const records::CollectionSpec& collection,
                                        std::string_view alias) const {
  const std::string& name = collection.name;
  const std::string a = A(alias);
  if (name == kUsers || name == kCategories) return kAlways;
  if (name == kTrails) return TrailVisible(alias, /*through_link=*/true);
  if (name == kLists) return ListVisible(alias);
  if (name == kWaypoints) return FollowsTrail(alias, /*through_link=*/true);
  if (name == kSummitLogs || name == kComments) return FollowsTrail(alias, false);
  if (caller_.IsAnonymous()) return kNever;
  const std::string& me = caller_.user_id;
  if (name == kTrailShare) {
    return Or({{a + ".user = ?", {me}}, OwnsItem("trails", a + ".trail")});
  }
  if (name == kListShare) return Or({{a + ".user = ?", {me}}, OwnsItem("lists", a + ".list")});
  if (name == kTrailLinkShare) return OwnsItem("trails", a + ".trail");
  if (name == kApiTokens || name == kSettings) return {a + ".user = ?", {me}};
  return kNever;  // undeclared collections are invisible by default
}

SqlFragment AccessPolicy::UpdateCondition(const records::CollectionSpec& collection,
                                          std::string_view alias) const {
  if (caller_.IsAnonymous()) return kNever;
  const std::string& name = collection.name;
  const std::string a = A(alias);
  const std::string& me = caller_.user_id;
  if (name == kUsers) return {a + ".id = ?", {me}};
  if (name == kTrails || name == kLists || name == kComments || name == kSummitLogs) {
    return {a + ".author = ?", {me}};
  }
  if (name == kWaypoints) return Or({{a + ".author = ?", {me}}, OwnsItem("trails", a + ".trail")});
  if (name == kTrailShare || name == kTrailLinkShare) return OwnsItem("trails", a + ".trail");
  if (name == kListShare) return OwnsItem("lists", a + ".list");
  if (name == kSettings) return {a + ".user = ?", {me}};
  return kNever;  // categories and API tokens are never changed through the API
}

SqlFragment AccessPolicy::EditCondition(const records::CollectionSpec& collection,
                                        std::string_view alias) const {
  if (caller_.IsAnonymous()) return kNever;
  const std::string a = A(alias);
  if (collection.name == kTrails) {
    return {a + ".id IN (SELECT trail FROM trail_share WHERE user = ? AND permission = 'edit')",
            {caller_.user_id}};
  }
  if (collection.name == kLists) {
    return {a + ".id IN (SELECT list FROM list_share WHERE user = ? AND permission = 'edit')",
            {caller_.user_id}};
  }
  return kNever;
}

SqlFragment AccessPolicy::DeleteCondition(const records::CollectionSpec& collection,
                                          std::string_view alias) const {
  if (caller_.IsAnonymous()) return kNever;
  const std::string& name = collection.name;
  const std::string a = A(alias);
  const std::string& me = caller_.user_id;
  if (name == kWaypoints || name == kComments || name == kSummitLogs) {
    // The trail's author keeps their trail's page clean.
    return Or({{a + ".author = ?", {me}}, OwnsItem("trails", a + ".trail")});
  }
  if (name == kApiTokens) return {a + ".user = ?", {me}};
  return UpdateCondition(collection, alias);
}

SqlFragment AccessPolicy::CreateCondition(const records::CollectionSpec& collection,
                                          const nlohmann::json& values) const {
  if (caller_.IsAnonymous()) return kNever;
  const std::string& name = collection.name;
  const std::string& me = caller_.user_id;
  const SqlFragment authored_by_me{"? = ?", {ValueOf(values, "author"), me}};
  const std::string trail = ValueOf(values, "trail");
  if (name == kTrails || name == kLists) return authored_by_me;
  if (name == kWaypoints) {
    if (trail.empty()) return authored_by_me;
    return And({authored_by_me, TrailWhere(trail, TrailEditable("x"))});
  }
  if (name == kComments || name == kSummitLogs) {
    if (trail.empty()) return name == kSummitLogs ? authored_by_me : kNever;
    return And({authored_by_me, TrailWhere(trail, TrailVisible("x", /*through_link=*/false))});
  }
  if (name == kTrailShare || name == kTrailLinkShare) {
    return TrailWhere(trail, {"x.author = ?", {me}});
  }
  if (name == kListShare) {
    return {"EXISTS (SELECT 1 FROM lists o WHERE o.id = ? AND o.author = ?)",
            {ValueOf(values, "list"), me}};
  }
  if (name == kApiTokens) {
    // A key must not be able to mint further keys: only a signed-in person creates them.
    if (caller_.method == AuthMethod::kApiKey) return kNever;
    return {"? = ?", {ValueOf(values, "user"), me}};
  }
  if (name == kSettings) return {"? = ?", {ValueOf(values, "user"), me}};
  return kNever;
}

void AccessPolicy::Redact(const records::CollectionSpec& collection, nlohmann::json& record) const {
  if (collection.name != kUsers) return;
  const bool own = !caller_.IsAnonymous() && record.value("id", "") == caller_.user_id;
  if (!own && !record.value("emailVisibility", false)) record.erase("email");
  if (own && !caller_.token.empty()) record["token"] = caller_.token;
}

}  // namespace cairn::services
