// The remap reads trail_imports for the types, and writes through TrailBulk.
#include "services/imports/category_remap.h"

#include <algorithm>

#include "geo/sport.h"
#include "services/tracks/trail_naming.h"

namespace cairn::services::imports {
namespace {

using records::Json;

// The condition on trail_imports rows of the caller's job (every job when `job_id` is empty).
storage::SqlFragment ImportsOf(const Caller& caller, const std::string& job_id) {
  if (job_id.empty()) return {"i.user = ?", {caller.user_id}};
  return {"i.user = ? AND i.job = ?", {caller.user_id, job_id}};
}

util::Status CheckJob(storage::Connection& c, const Caller& caller, const std::string& job_id) {
  if (job_id.empty()) return util::OkStatus();
  CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT 1 FROM import_jobs WHERE id = ? AND user = ?",
                                            {job_id, caller.user_id}));
  if (rows.rows.empty()) return util::Error::NotFound("No such import.");
  return util::OkStatus();
}

util::Result<std::string> CategoryName(storage::Connection& c, const std::string& id) {
  if (id.empty()) return std::string();
  CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT name FROM categories WHERE id = ?", {id}));
  return rows.rows.empty() ? std::string() : storage::AsText(rows.rows[0][0]);
}

}  // namespace

util::Result<Json> CategoryRemap::Preview(const Caller& caller, const std::string& job_id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to remap categories.");
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_RETURN_IF_ERROR(CheckJob(c, caller, job_id));
    const storage::SqlFragment where = ImportsOf(caller, job_id);
    // Per type, the category most of its trails have (ties: the smallest id, for stable answers).
    CAIRN_ASSIGN_OR_RETURN(
        auto rows,
        c.Query("WITH counted AS (SELECT i.activity_type AS type, t.category AS category, "
                "count(*) AS n FROM trail_imports i JOIN trails t ON t.id = i.trail AND t.author "
                "= i.user WHERE " +
                    where.sql +
                    " GROUP BY i.activity_type, t.category) SELECT type, sum(n) AS total, (SELECT "
                    "c2.category FROM counted c2 WHERE c2.type = counted.type ORDER BY c2.n DESC, "
                    "c2.category LIMIT 1) FROM counted GROUP BY type ORDER BY total DESC, type",
                where.params));
    Json items = Json::array();
    for (const auto& row : rows.rows) {
      const std::string type = storage::AsText(row[0]);
      const std::string current = storage::AsText(row[2]);
      CAIRN_ASSIGN_OR_RETURN(std::string suggested, CategoryForSport(c, geo::SportFromText(type)));
      CAIRN_ASSIGN_OR_RETURN(std::string current_name, CategoryName(c, current));
      CAIRN_ASSIGN_OR_RETURN(std::string suggested_name, CategoryName(c, suggested));
      items.push_back({{"type", type},
                       {"count", static_cast<int64_t>(storage::AsNumber(row[1]))},
                       {"category", current},
                       {"categoryName", current_name},
                       {"suggested", suggested},
                       {"suggestedName", suggested_name}});
    }
    return Json{{"items", std::move(items)}};
  });
}

util::Result<Json> CategoryRemap::Apply(const Caller& caller, const std::string& job_id,
                                        const std::map<std::string, std::string>& mapping) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to remap categories.");
  if (mapping.empty()) {
    return util::Error::InvalidField("Nothing to remap.", "mapping", "validation_required",
                                     "Map at least one activity type to a category.");
  }
  using Plan = std::vector<std::pair<std::string, std::vector<std::string>>>;  // category, trails
  CAIRN_ASSIGN_OR_RETURN(
      Plan plan, database_.Read<Plan>([&](storage::Connection& c) -> util::Result<Plan> {
        CAIRN_RETURN_IF_ERROR(CheckJob(c, caller, job_id));
        Plan out;
        const storage::SqlFragment where = ImportsOf(caller, job_id);
        for (const auto& [type, category] : mapping) {
          if (!category.empty()) {
            CAIRN_ASSIGN_OR_RETURN(std::string name, CategoryName(c, category));
            if (name.empty()) {
              return util::Error::InvalidField("Unknown category.", "mapping",
                                               "validation_invalid_value",
                                               "No category has the id \"" + category + "\".");
            }
          }
          storage::SqlParams params = where.params;
          params.emplace_back(type);
          CAIRN_ASSIGN_OR_RETURN(auto rows,
                                 c.Query("SELECT i.trail FROM trail_imports i WHERE " + where.sql +
                                             " AND i.activity_type = ? ORDER BY i.trail",
                                         params));
          std::vector<std::string> trails;
          for (const auto& row : rows.rows) trails.push_back(storage::AsText(row[0]));
          out.emplace_back(category, std::move(trails));
        }
        return out;
      }));
  int64_t changed = 0;
  Json refused = Json::array();
  for (const auto& [category, trails] : plan) {
    for (size_t start = 0; start < trails.size(); start += kMaxBulkTrails) {
      BulkTrailRequest request;
      request.ids.assign(trails.begin() + static_cast<std::ptrdiff_t>(start),
                         trails.begin() + static_cast<std::ptrdiff_t>(
                                              std::min(trails.size(), start + kMaxBulkTrails)));
      // A new category leaves a subcategory of the old one behind (RelationAgreement).
      request.update = Json::object({{"category", category}});
      CAIRN_ASSIGN_OR_RETURN(BulkTrailOutcome outcome, bulk_.Apply(caller, request));
      changed += static_cast<int64_t>(outcome.done.size());
      for (const BulkRefusal& refusal : outcome.refused) {
        refused.push_back({{"id", refusal.id}, {"reason", refusal.error.message}});
      }
    }
  }
  return Json{{"acknowledged", true}, {"changed", changed}, {"refused", std::move(refused)}};
}

}  // namespace cairn::services::imports
