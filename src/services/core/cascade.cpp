// Cascading deletes from the relation declarations, as set-based statements: each step names the
// rows it touches with a subquery over the ids being deleted, children before their parents.
#include "services/core/cascade.h"

#include <cstdio>

#include "util/log.h"

namespace cairn::services {
namespace {

using storage::SqlFragment;
using storage::SqlParams;

// Families reach each other in a few steps (a user's trails' comments); deeper means a cycle.
constexpr int kMaxDepth = 8;

SqlParams Twice(const SqlParams& params) {
  SqlParams out = params;
  out.insert(out.end(), params.begin(), params.end());
  return out;
}

class Cascade {
 public:
  Cascade(storage::Connection& connection, const FamilyRegistry& families, std::string now)
      : connection_(connection), families_(families), now_(std::move(now)) {}

  // Deletes the rows of `family` matching `where` (a condition on its unaliased columns) and
  // everything that depends on them.
  util::Status Delete(const Family& family, const SqlFragment& where, int depth) {
    if (depth > kMaxDepth) {
      return util::Error::Internal("relations of " + family.name() + " cascade in a cycle");
    }
    const std::string table = records::QuoteIdentifier(family.name());
    const SqlFragment ids{"SELECT id FROM " + table + " WHERE " + where.sql, where.params};
    if (HasFiles(family)) CAIRN_RETURN_IF_ERROR(CollectOwners(family, ids));
    for (const auto& other : families_.All()) {
      for (const auto& field : other->spec->fields) {
        if (field.type != records::FieldType::kRelation || field.IsDerived() ||
            field.relation_target != family.name()) {
          continue;
        }
        CAIRN_RETURN_IF_ERROR(Follow(*other, field, ids, depth));
      }
    }
    for (const auto& [owned_table, column] : family.definition.owned_rows) {
      CAIRN_RETURN_IF_ERROR(Run(
          "DELETE FROM " + owned_table + " WHERE " + column + " IN (" + ids.sql + ")", ids.params));
    }
    return Run("DELETE FROM " + table + " WHERE " + where.sql, where.params);
  }

  std::vector<FileOwner> TakeOwners() { return std::move(owners_); }

 private:
  static bool HasFiles(const Family& family) {
    for (const auto& field : family.spec->fields) {
      if (field.type == records::FieldType::kFile) return true;
    }
    return false;
  }

  util::Status Run(const std::string& sql, const SqlParams& params) {
    auto result = connection_.Execute(sql, params);
    if (!result.ok()) return std::move(result).error();
    return util::OkStatus();
  }

  util::Status CollectOwners(const Family& family, const SqlFragment& ids) {
    CAIRN_ASSIGN_OR_RETURN(auto rows, connection_.Query(ids.sql, ids.params));
    for (const auto& row : rows.rows) {
      owners_.push_back({family.spec->id, std::get<std::string>(row[0])});
    }
    return util::OkStatus();
  }

  // What the rows of `other` whose relation `field` names one of `ids` become.
  util::Status Follow(const Family& other, const records::FieldSpec& field, const SqlFragment& ids,
                      int depth) {
    const std::string column = records::QuoteIdentifier(field.name);
    const std::string table = records::QuoteIdentifier(other.name());
    // Rows of `other` naming one of the ids.
    const SqlFragment naming = field.multiple
                                   ? SqlFragment{"EXISTS (SELECT 1 FROM json_each(" + column +
                                                     ") j WHERE j.value IN (" + ids.sql + "))",
                                                 ids.params}
                                   : SqlFragment{column + " IN (" + ids.sql + ")", ids.params};
    switch (field.on_delete) {
      case records::OnDelete::kCascade:
        return Delete(other, naming, depth + 1);
      case records::OnDelete::kUnlink: {
        if (!field.multiple) {
          SqlParams params{now_};
          params.insert(params.end(), naming.params.begin(), naming.params.end());
          return Run(
              "UPDATE " + table + " SET updated = ?, " + column + " = '' WHERE " + naming.sql,
              params);
        }
        SqlParams params{now_};
        const SqlParams both = Twice(ids.params);
        params.insert(params.end(), both.begin(), both.end());
        return Run("UPDATE " + table + " SET updated = ?, " + column +
                       " = (SELECT json_group_array(j.value) FROM json_each(" + table + "." +
                       column + ") j WHERE j.value NOT IN (" + ids.sql +
                       ") ORDER BY j.key) WHERE " + naming.sql,
                   params);
      }
      case records::OnDelete::kRefuse: {
        CAIRN_ASSIGN_OR_RETURN(auto rows, connection_.Query("SELECT 1 FROM " + table + " WHERE " +
                                                                naming.sql + " LIMIT 1",
                                                            naming.params));
        if (rows.rows.empty()) return util::OkStatus();
        return util::Error::Conflict("Cannot delete: " + other.name() + " still refer to it (" +
                                     field.name + ").");
      }
    }
    return util::OkStatus();
  }

  storage::Connection& connection_;
  const FamilyRegistry& families_;
  const std::string now_;
  std::vector<FileOwner> owners_;
};

}  // namespace

util::Result<std::vector<FileOwner>> DeleteWithDependents(storage::Connection& connection,
                                                          const FamilyRegistry& families,
                                                          const Family& family, std::string_view id,
                                                          const std::string& now) {
  Cascade cascade(connection, families, now);
  CAIRN_RETURN_IF_ERROR(cascade.Delete(family, SqlFragment{"id = ?", {std::string(id)}}, 0));
  return cascade.TakeOwners();
}

void RemoveStoredFiles(storage::BlobStore& blobs, const std::vector<FileOwner>& owners) {
  for (const FileOwner& owner : owners) {
    auto removed = blobs.RemoveRecord(owner.collection_id, owner.record_id);
    if (!removed.ok()) {
      util::LogWarning("files of " + owner.collection_id + "/" + owner.record_id +
                       " were not removed: " + removed.error().message);
    }
  }
}

}  // namespace cairn::services
