// Lookups by id or folded name and the counts an admin is told; writes via the record service.
#include "services/categories/category_admin.h"

#include "services/families/names.h"
#include "util/case_fold.h"

namespace cairn::services {
namespace {

// id, name, img and the counts, for the categories matching `where` (on alias c).
constexpr char kSummarySql[] =
    "SELECT c.id, c.name, c.img, "
    "(SELECT count(*) FROM trails t WHERE t.category = c.id), "
    "(SELECT count(*) FROM subcategories s WHERE s.category = c.id), "
    "(SELECT count(*) FROM user_category_preferences p WHERE p.category = c.id) + "
    "(SELECT count(*) FROM user_subcategory_preferences p JOIN subcategories s ON "
    "s.id = p.subcategory WHERE s.category = c.id) "
    "FROM categories c WHERE ";

util::Result<std::vector<CategorySummary>> Summaries(storage::Connection& connection,
                                                     const std::string& where,
                                                     const storage::SqlParams& params) {
  CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(kSummarySql + where, params));
  std::vector<CategorySummary> out;
  for (const auto& row : rows.rows) {
    out.push_back({std::get<std::string>(row[0]), std::get<std::string>(row[1]),
                   std::get<std::string>(row[2]), std::get<int64_t>(row[3]),
                   std::get<int64_t>(row[4]), std::get<int64_t>(row[5])});
  }
  return out;
}

}  // namespace

util::Result<std::vector<CategorySummary>> CategoryAdmin::List() {
  return database_.Read<std::vector<CategorySummary>>(
      [](storage::Connection& c) { return Summaries(c, "1 ORDER BY c.name_folded, c.id", {}); });
}

util::Result<CategorySummary> CategoryAdmin::Find(const std::string& id_or_name) {
  return database_.Read<CategorySummary>(
      [&](storage::Connection& c) -> util::Result<CategorySummary> {
        CAIRN_ASSIGN_OR_RETURN(auto found,
                               Summaries(c, "c.id = ? OR c.name_folded = ? ORDER BY c.id = ? DESC",
                                         {id_or_name, util::FoldCase(id_or_name), id_or_name}));
        if (found.empty()) return util::Error::NotFound("No category \"" + id_or_name + "\".");
        return found.front();
      });
}

util::Result<CategorySummary> CategoryAdmin::Add(const std::string& name,
                                                 const std::optional<UploadedFile>& image) {
  MultipartForm form;
  form.fields.emplace_back("name", name);
  if (image) form.files.emplace_back("img", *image);
  CAIRN_ASSIGN_OR_RETURN(Json created, uploads_.AdminCreateFromForm(kCategories, form));
  return Find(created["id"].get<std::string>());
}

util::Result<CategorySummary> CategoryAdmin::Rename(const std::string& id_or_name,
                                                    const std::string& new_name) {
  CAIRN_ASSIGN_OR_RETURN(CategorySummary category, Find(id_or_name));
  CAIRN_RETURN_IF_ERROR(
      records_.AdminUpdate(kCategories, category.id, Json{{"name", new_name}}, {}));
  return Find(category.id);
}

util::Result<CategorySummary> CategoryAdmin::Delete(const std::string& id_or_name) {
  CAIRN_ASSIGN_OR_RETURN(CategorySummary category, Find(id_or_name));
  CAIRN_RETURN_IF_ERROR(records_.AdminDelete(kCategories, category.id));
  return category;
}

}  // namespace cairn::services
