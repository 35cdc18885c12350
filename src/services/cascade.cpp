// Cascading deletes, expressed as a few set-based statements rather than per-row loops.
#include "services/cascade.h"

#include "services/collections.h"

namespace cairn::services {
namespace {

using storage::SqlFragment;

util::Status Run(storage::Connection& connection, const std::string& sql,
                 const storage::SqlParams& params) {
  auto result = connection.Execute(sql, params);
  if (!result.ok()) return std::move(result).error();
  return util::OkStatus();
}

// Removes `trail_ids` (a subquery over trail ids, with its params) from every list's `trails`,
// keeping the order of the rest.
util::Status UnlinkTrailsFromLists(storage::Connection& connection, const std::string& trail_ids,
                                   const storage::SqlParams& params, const std::string& now) {
  storage::SqlParams all = {now};
  all.insert(all.end(), params.begin(), params.end());
  all.insert(all.end(), params.begin(), params.end());
  return Run(connection,
             "UPDATE lists SET updated = ?, trails = (SELECT json_group_array(j.value) FROM "
             "json_each(lists.trails) j WHERE j.value NOT IN (" +
                 trail_ids +
                 ") ORDER BY j.key) WHERE EXISTS (SELECT 1 FROM json_each(lists.trails) j WHERE "
                 "j.value IN (" +
                 trail_ids + "))",
             all);
}

// Deletes the trails selected by `trail_ids` and everything hanging off them.
util::Status DeleteTrails(storage::Connection& connection, const std::string& trail_ids,
                          const storage::SqlParams& params, const std::string& now) {
  for (const char* table :
       {"comments", "summit_logs", "waypoints", "trail_share", "trail_link_share"}) {
    CAIRN_RETURN_IF_ERROR(
        Run(connection, std::string("DELETE FROM ") + table + " WHERE trail IN (" + trail_ids + ")",
            params));
  }
  CAIRN_RETURN_IF_ERROR(UnlinkTrailsFromLists(connection, trail_ids, params, now));
  return Run(connection, "DELETE FROM trails WHERE id IN (" + trail_ids + ")", params);
}

}  // namespace

util::Status DeleteWithDependents(storage::Connection& connection,
                                  const records::RecordEngine& engine,
                                  const records::CollectionSpec& collection, std::string_view id) {
  const std::string stamp = engine.Now();
  const storage::SqlParams one = {std::string(id)};

  if (collection.name == kTrails) {
    return DeleteTrails(connection, "?", one, stamp);
  }
  if (collection.name == kLists) {
    CAIRN_RETURN_IF_ERROR(Run(connection, "DELETE FROM list_share WHERE list = ?", one));
    return Run(connection, "DELETE FROM lists WHERE id = ?", one);
  }
  if (collection.name == kUsers) {
    CAIRN_RETURN_IF_ERROR(
        DeleteTrails(connection, "SELECT id FROM trails WHERE author = ?", one, stamp));
    CAIRN_RETURN_IF_ERROR(Run(connection,
                              "DELETE FROM list_share WHERE user = ? OR list IN (SELECT id FROM "
                              "lists WHERE author = ?)",
                              {std::string(id), std::string(id)}));
    CAIRN_RETURN_IF_ERROR(Run(connection, "DELETE FROM trail_share WHERE user = ?", one));
    for (const char* table : {"lists", "waypoints", "comments", "summit_logs"}) {
      CAIRN_RETURN_IF_ERROR(
          Run(connection, std::string("DELETE FROM ") + table + " WHERE author = ?", one));
    }
    for (const char* table : {"api_tokens", "settings", "password_resets"}) {
      CAIRN_RETURN_IF_ERROR(
          Run(connection, std::string("DELETE FROM ") + table + " WHERE user = ?", one));
    }
    return Run(connection, "DELETE FROM users WHERE id = ?", one);
  }
  auto deleted = engine.DeleteWhere(connection, collection, SqlFragment{"id = ?", one});
  if (!deleted.ok()) return std::move(deleted).error();
  return util::OkStatus();
}

}  // namespace cairn::services
