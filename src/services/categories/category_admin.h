// The server owner's category management (`cairn category add|rename|delete|list`): no caller
// and no access rule, every write through the record service (validation, the case-folded
// uniqueness of names, cascades), so API clients keep seeing a read-only family.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "services/core/record_service.h"
#include "services/files/upload_service.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

struct CategorySummary {
  std::string id;
  std::string name;
  std::string img;            // the stored image's name, or ""
  int64_t trails = 0;         // trails filed under it
  int64_t subcategories = 0;  // its subcategories
  int64_t preferences = 0;    // users' preference rows for it and its subcategories
};

// Thread-safe.
class CategoryAdmin {
 public:
  CategoryAdmin(storage::Database& database, RecordService& records, UploadService& uploads)
      : database_(database), records_(records), uploads_(uploads) {}

  // Every category, by name.
  util::Result<std::vector<CategorySummary>> List();

  // The category whose id is `id_or_name`, else whose name is it however capitalised.
  // NotFound naming it otherwise.
  util::Result<CategorySummary> Find(const std::string& id_or_name);

  // A new category, with `image` (PNG, JPEG, WEBP or SVG, checked by content like an upload,
  // stored atomically) when given. InvalidArgument naming `name` when it is empty, has spaces
  // around it or is taken however capitalised (validation_not_unique), naming `img` for an image
  // that is refused.
  util::Result<CategorySummary> Add(const std::string& name,
                                    const std::optional<UploadedFile>& image);

  // Renames the category (an UPDATE of categories.name, which what follows names watches).
  // NotFound, and InvalidArgument as for Add.
  util::Result<CategorySummary> Rename(const std::string& id_or_name, const std::string& new_name);

  // Deletes the category: its trails stay, without a category or subcategory; its subcategories,
  // the users' preferences for them and it, and its image go. Returns what it was, with the
  // counts of what it affected. NotFound when there is no such category.
  util::Result<CategorySummary> Delete(const std::string& id_or_name);

 private:
  storage::Database& database_;
  RecordService& records_;
  UploadService& uploads_;
};

}  // namespace cairn::services
