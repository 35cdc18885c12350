// Bulk trail actions as a loop of single writes, one transaction per trail, so a refused trail
// leaves the others untouched and no trail is ever half changed.
#include "services/trails/trail_bulk.h"

#include <algorithm>
#include <unordered_set>

#include "services/families/names.h"

namespace cairn::services {
namespace {

// The request's ids without repeats, in their first order.
std::vector<std::string> UniqueIds(const std::vector<std::string>& ids) {
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (const std::string& id : ids) {
    if (seen.insert(id).second) out.push_back(id);
  }
  return out;
}

util::Status CheckRequest(const BulkTrailRequest& request) {
  if (request.ids.empty()) {
    return util::Error::InvalidField("Nothing to change.", "ids", "validation_required",
                                     "Name at least one trail.");
  }
  if (request.ids.size() > kMaxBulkTrails) {
    return util::Error::InvalidField(
        "Too many trails.", "ids", "validation_too_many_values",
        "Name at most " + std::to_string(kMaxBulkTrails) + " trails per request.");
  }
  const bool changes =
      !request.update.empty() || !request.add_tags.empty() || !request.remove_tags.empty();
  const int actions = int{changes} + int{request.remove} + int{!request.add_to_list.empty()};
  if (actions != 1) {
    return util::Error::InvalidArgument(
        "Name one action: update and/or tags, delete, or add_to_list.");
  }
  return util::OkStatus();
}

// `current` (a JSON array of tag ids) with `add` appended and `remove` taken out.
Json EditedTags(const Json& current, const std::vector<std::string>& add,
                const std::vector<std::string>& remove) {
  std::vector<std::string> tags;
  if (current.is_array()) {
    for (const Json& tag : current) {
      if (tag.is_string()) tags.push_back(tag.get<std::string>());
    }
  }
  for (const std::string& tag : add) {
    if (std::find(tags.begin(), tags.end(), tag) == tags.end()) tags.push_back(tag);
  }
  std::erase_if(tags, [&](const std::string& tag) {
    return std::find(remove.begin(), remove.end(), tag) != remove.end();
  });
  return tags;
}

}  // namespace

util::Result<BulkTrailOutcome> TrailBulk::Apply(const Caller& caller,
                                                const BulkTrailRequest& request) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change trails.");
  CAIRN_RETURN_IF_ERROR(CheckRequest(request));
  const std::vector<std::string> ids = UniqueIds(request.ids);
  if (!request.add_to_list.empty()) return AddToList(caller, ids, request.add_to_list);
  // Values no trail could take (an unknown difficulty) fail the request, not every trail.
  if (!request.update.empty()) {
    Json probe = request.update;
    probe["name"] = "-";  // required on every update; each trail keeps its own
    CAIRN_RETURN_IF_ERROR(records_.CheckValues(kTrails, probe, records::WriteMode::kUpdate));
  }
  BulkTrailOutcome outcome;
  for (const std::string& id : ids) {
    util::Status status =
        request.remove ? records_.Delete(caller, kTrails, id) : ChangeTrail(caller, id, request);
    if (status.ok()) {
      outcome.done.push_back(id);
    } else if (status.error().kind == util::ErrorKind::kInsufficientStorage ||
               status.error().kind == util::ErrorKind::kInternal) {
      // The server cannot write at all: the rest would fail alike; what is done stays done.
      return std::move(status).error();
    } else {
      outcome.refused.push_back({id, std::move(status).error()});
    }
  }
  return outcome;
}

util::Status TrailBulk::ChangeTrail(const Caller& caller, const std::string& id,
                                    const BulkTrailRequest& request) {
  const bool tags = !request.add_tags.empty() || !request.remove_tags.empty();
  auto written = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    // Read in the write's transaction, so a concurrent edit is never lost. A trail the caller
    // may not change is refused by the update below, whatever was read here.
    CAIRN_ASSIGN_OR_RETURN(storage::QueryResult stored,
                           c.Query("SELECT name, tags FROM trails WHERE id = ?", {id}));
    Json body = request.update;
    if (!stored.rows.empty()) {
      // Every update names the trail (the spec's rule); it keeps its own.
      if (const auto* name = std::get_if<std::string>(&stored.rows[0][0])) body["name"] = *name;
      if (const auto* current = std::get_if<std::string>(&stored.rows[0][1]); current && tags) {
        body["tags"] = EditedTags(Json::parse(*current, nullptr, false), request.add_tags,
                                  request.remove_tags);
      }
    }
    CAIRN_RETURN_IF_ERROR(records_.UpdateIn(c, caller, kTrails, id, body));
    return true;
  });
  if (!written.ok()) return std::move(written).error();
  return util::OkStatus();
}

util::Result<BulkTrailOutcome> TrailBulk::AddToList(const Caller& caller,
                                                    const std::vector<std::string>& ids,
                                                    const std::string& list_id) {
  CAIRN_ASSIGN_OR_RETURN(Json list, records_.Show(caller, kLists, list_id, ""));
  Json trails = list.value("trails", Json::array());
  BulkTrailOutcome outcome;
  for (const std::string& id : ids) {
    auto trail = records_.Show(caller, kTrails, id, "");
    if (!trail.ok()) {
      if (trail.error().kind == util::ErrorKind::kInternal) return std::move(trail).error();
      outcome.refused.push_back({id, std::move(trail).error()});
      continue;
    }
    if (std::find(trails.begin(), trails.end(), Json(id)) == trails.end()) trails.push_back(id);
    outcome.done.push_back(id);
  }
  if (!outcome.done.empty()) {
    // The list's own rule decides: its author or an edit share may add trails.
    CAIRN_RETURN_IF_ERROR(records_.Update(
        caller, kLists, list_id, {{"name", list.value("name", "")}, {"trails", trails}}, ""));
  }
  return outcome;
}

}  // namespace cairn::services
