// Cascading deletes, expressed as a few set-based statements rather than per-row loops.
#include "services/core/cascade.h"

#include <cstdio>

#include "services/core/collections.h"

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

// Adds to `owners` every record of `collection` that `select_ids` (SQL yielding ids) names.
util::Status CollectOwners(storage::Connection& connection, const records::RecordEngine& engine,
                           const char* collection, const std::string& select_ids,
                           const storage::SqlParams& params, std::vector<FileOwner>& owners) {
  CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(select_ids, params));
  const std::string& collection_id = engine.registry().Find(collection)->id;
  for (const auto& row : rows.rows) {
    owners.push_back({collection_id, std::get<std::string>(row[0])});
  }
  return util::OkStatus();
}

// Deletes the trails selected by `trail_ids` and everything hanging off them, noting in `owners`
// the trails, summit logs and waypoints whose files must go once the rows are gone.
util::Status DeleteTrails(storage::Connection& connection, const records::RecordEngine& engine,
                          const std::string& trail_ids, const storage::SqlParams& params,
                          const std::string& now, std::vector<FileOwner>& owners) {
  CAIRN_RETURN_IF_ERROR(CollectOwners(connection, engine, kTrails,
                                      "SELECT id FROM trails WHERE id IN (" + trail_ids + ")",
                                      params, owners));
  for (const char* table : {kSummitLogs, kWaypoints}) {
    CAIRN_RETURN_IF_ERROR(CollectOwners(
        connection, engine, table,
        std::string("SELECT id FROM ") + table + " WHERE trail IN (" + trail_ids + ")", params,
        owners));
  }
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

util::Result<std::vector<FileOwner>> DeleteWithDependents(storage::Connection& connection,
                                                          const records::RecordEngine& engine,
                                                          const records::CollectionSpec& collection,
                                                          std::string_view id) {
  const std::string stamp = engine.Now();
  const storage::SqlParams one = {std::string(id)};
  std::vector<FileOwner> owners;

  if (collection.name == kTrails) {
    CAIRN_RETURN_IF_ERROR(DeleteTrails(connection, engine, "?", one, stamp, owners));
    return owners;
  }
  if (collection.name == kLists) {
    CAIRN_RETURN_IF_ERROR(Run(connection, "DELETE FROM list_share WHERE list = ?", one));
    CAIRN_RETURN_IF_ERROR(Run(connection, "DELETE FROM lists WHERE id = ?", one));
    owners.push_back({collection.id, std::string(id)});
    return owners;
  }
  if (collection.name == kUsers) {
    CAIRN_RETURN_IF_ERROR(DeleteTrails(connection, engine, "SELECT id FROM trails WHERE author = ?",
                                       one, stamp, owners));
    for (const char* table : {kLists, kWaypoints, kSummitLogs}) {
      CAIRN_RETURN_IF_ERROR(
          CollectOwners(connection, engine, table,
                        std::string("SELECT id FROM ") + table + " WHERE author = ?", one, owners));
    }
    owners.push_back({collection.id, std::string(id)});
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
    CAIRN_RETURN_IF_ERROR(Run(connection, "DELETE FROM users WHERE id = ?", one));
    return owners;
  }
  auto deleted = engine.DeleteWhere(connection, collection, SqlFragment{"id = ?", one});
  if (!deleted.ok()) return std::move(deleted).error();
  for (const auto& field : collection.fields) {
    if (field.type == records::FieldType::kFile) {
      owners.push_back({collection.id, std::string(id)});  // waypoints, summit logs
      break;
    }
  }
  return owners;
}

void RemoveStoredFiles(storage::BlobStore& blobs, const std::vector<FileOwner>& owners) {
  for (const FileOwner& owner : owners) {
    auto removed = blobs.RemoveRecord(owner.collection_id, owner.record_id);
    if (!removed.ok()) {
      std::fprintf(stderr, "warning: files of %s/%s were not removed: %s\n",
                   owner.collection_id.c_str(), owner.record_id.c_str(),
                   removed.error().message.c_str());
    }
  }
}

}  // namespace cairn::services
