// Upserts and reorders as record writes in one transaction; the lookups they need by (user, item).
#include "services/categories/category_preferences.h"

#include <set>

#include "services/families/names.h"

namespace cairn::services {
namespace {

// The two preference families, told apart by the column naming their item.
struct KindNames {
  const char* collection;
  const char* item_field;
  const char* item_table;
  const char* list_field;  // the reorder body's list
};

KindNames NamesOf(PreferenceKind kind) {
  if (kind == PreferenceKind::kCategory) {
    return {kUserCategoryPreferences, "category", kCategories, "categories"};
  }
  return {kUserSubcategoryPreferences, "subcategory", kSubcategories, "subcategories"};
}

// The id of the caller's row for `item`, or "" when there is none.
util::Result<std::string> RowIdOf(storage::Connection& connection, const KindNames& names,
                                  const std::string& user_id, const std::string& item) {
  CAIRN_ASSIGN_OR_RETURN(auto rows,
                         connection.Query(std::string("SELECT id FROM ") + names.collection +
                                              " WHERE user = ? AND " + names.item_field + " = ?",
                                          {user_id, item}));
  if (rows.rows.empty()) return std::string();
  return std::get<std::string>(rows.rows[0][0]);
}

// Creates or updates the caller's row for `item` with `values`.
util::Result<Json> Upsert(storage::Connection& connection, RecordService& records,
                          const Caller& caller, const KindNames& names, const std::string& item,
                          Json values) {
  CAIRN_ASSIGN_OR_RETURN(std::string id, RowIdOf(connection, names, caller.user_id, item));
  if (!id.empty()) return records.UpdateIn(connection, caller, names.collection, id, values);
  values[names.item_field] = item;
  values["user"] = caller.user_id;
  if (!values.contains("visible")) values["visible"] = true;
  return records.CreateIn(connection, caller, names.collection, values);
}

util::Error InvalidList(const KindNames& names, const std::string& message) {
  return util::Error::InvalidField("Failed to reorder.", names.list_field,
                                   "validation_invalid_value", message);
}

// Refuses repeated ids, ids that name nothing, and (subcategories) ids of another category.
util::Status CheckOrder(storage::Connection& connection, const KindNames& names,
                        PreferenceKind kind, const PreferenceOrder& order) {
  if (kind == PreferenceKind::kSubcategory) {
    CAIRN_ASSIGN_OR_RETURN(
        auto found, connection.Query("SELECT 1 FROM categories WHERE id = ?", {order.category}));
    if (found.rows.empty()) {
      return util::Error::InvalidField("Failed to reorder.", "category",
                                       "validation_missing_rel_records",
                                       "Name an existing category.");
    }
  }
  std::set<std::string> seen;
  for (const std::string& item : order.items) {
    if (!seen.insert(item).second) return InvalidList(names, "\"" + item + "\" appears twice.");
    CAIRN_ASSIGN_OR_RETURN(auto rows,
                           connection.Query(kind == PreferenceKind::kCategory
                                                ? "SELECT '' FROM categories WHERE id = ?"
                                                : "SELECT category FROM subcategories WHERE id = ?",
                                            {item}));
    if (rows.rows.empty()) return InvalidList(names, "\"" + item + "\" names nothing.");
    if (kind == PreferenceKind::kSubcategory &&
        std::get<std::string>(rows.rows[0][0]) != order.category) {
      return InvalidList(names, "\"" + item + "\" is not a subcategory of this category.");
    }
  }
  return util::OkStatus();
}

}  // namespace

util::Result<std::vector<std::string>> HiddenCategoryIds(storage::Connection& connection,
                                                         const std::string& user_id) {
  std::vector<std::string> ids;
  if (user_id.empty()) return ids;
  CAIRN_ASSIGN_OR_RETURN(auto rows,
                         connection.Query("SELECT category FROM user_category_preferences WHERE "
                                          "user = ? AND visible = 0 ORDER BY category",
                                          {user_id}));
  for (const auto& row : rows.rows) ids.push_back(std::get<std::string>(row[0]));
  return ids;
}

util::Result<Json> CategoryPreferences::List(const Caller& caller, PreferenceKind kind) {
  Json rows = Json::array();
  if (caller.IsAnonymous()) return rows;
  ListParams params;
  params.per_page = kMaxPerPage;
  params.sort = "priority,created,id";
  params.skip_total = true;
  for (;; ++params.page) {
    CAIRN_ASSIGN_OR_RETURN(ListPage page, records_.List(caller, NamesOf(kind).collection, params));
    const size_t count = page.items.size();
    for (Json& item : page.items) rows.push_back(std::move(item));
    if (count < static_cast<size_t>(kMaxPerPage)) return rows;
  }
}

util::Result<Json> CategoryPreferences::Put(const Caller& caller, PreferenceKind kind,
                                            const PreferenceChange& change) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to keep preferences.");
  const KindNames names = NamesOf(kind);
  return database_.Write<Json>([&](storage::Connection& c) {
    return Upsert(c, records_, caller, names, change.item, Json{{"visible", change.visible}});
  });
}

util::Status CategoryPreferences::Reorder(const Caller& caller, PreferenceKind kind,
                                          const PreferenceOrder& order) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to keep preferences.");
  const KindNames names = NamesOf(kind);
  auto done = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(CheckOrder(c, names, kind, order));
    for (size_t i = 0; i < order.items.size(); ++i) {
      CAIRN_RETURN_IF_ERROR(Upsert(c, records_, caller, names, order.items[i],
                                   Json{{"priority", static_cast<int64_t>(i + 1)}}));
    }
    return true;
  });
  if (!done.ok()) return std::move(done).error();
  return util::OkStatus();
}

}  // namespace cairn::services
