// Each user's category and subcategory preferences (wanderer's §12.4): which they hide and in
// which order pickers offer them. The rows are records of the preference families
// (services/families/preferences.cpp); every write goes through the record service.
#pragma once

#include <string>
#include <vector>

#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// The ids of the categories `user_id` marked invisible, sorted; none for "" (anonymous). For
// searches and lists that leave hidden categories out. Runs on the caller's connection (a read
// snapshot or the writer's transaction).
util::Result<std::vector<std::string>> HiddenCategoryIds(storage::Connection& connection,
                                                         const std::string& user_id);

enum class PreferenceKind { kCategory, kSubcategory };

// PUT: the preference for one category or subcategory.
struct PreferenceChange {
  std::string item;  // the category's (subcategory's) id
  bool visible = true;
};

// Reorder: `items` get priorities 1..n in this order. For subcategories, `category` names the
// category they all belong to.
struct PreferenceOrder {
  std::string category;
  std::vector<std::string> items;
};

// Thread-safe.
class CategoryPreferences {
 public:
  CategoryPreferences(storage::Database& database, RecordService& records)
      : database_(database), records_(records) {}

  // The caller's rows of `kind`, by priority then creation; empty for anonymous callers.
  util::Result<Json> List(const Caller& caller, PreferenceKind kind);

  // Creates or updates the caller's row for `change.item` (a new row has priority 0, after every
  // ordered one) and returns it. Unauthorized when anonymous; InvalidArgument naming the item's
  // field when it names no category (subcategory).
  util::Result<Json> Put(const Caller& caller, PreferenceKind kind, const PreferenceChange& change);

  // Gives `order.items` the priorities 1..n, creating visible rows where the caller has none, in
  // one transaction. Unauthorized when anonymous; InvalidArgument naming the list field
  // ("categories" or "subcategories") when an id repeats, names nothing, or (subcategories) is
  // not one of `order.category`, whose unknown id is InvalidArgument on "category".
  util::Status Reorder(const Caller& caller, PreferenceKind kind, const PreferenceOrder& order);

 private:
  storage::Database& database_;
  RecordService& records_;
};

}  // namespace cairn::services
