// Notifications as their recipient reads them: their own, newest first, without what they may no
// longer see.
#include "services/feed/notification_service.h"

#include <map>
#include <set>

#include "services/families/names.h"

namespace cairn::services {
namespace {

// The trail or list a notification is about, by its type's metadata keys (wanderer's): shares
// name theirs `id`, the others `trail_id`. Follows name nothing to hide.
std::pair<const char*, std::string> SubjectOf(const Json& notification) {
  const Json& metadata = notification.value("metadata", Json::object());
  if (!metadata.is_object()) return {nullptr, ""};
  const std::string type = notification.value("type", "");
  auto text = [&](const char* key) {
    auto it = metadata.find(key);
    return it != metadata.end() && it->is_string() ? it->get<std::string>() : std::string();
  };
  if (type == "trail_share") return {kTrails, text("id")};
  if (type == "list_share") return {kLists, text("id")};
  if (metadata.contains("trail_id")) return {kTrails, text("trail_id")};
  return {nullptr, ""};
}

}  // namespace

util::Result<ListPage> NotificationService::List(const Caller& caller, ListParams params) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized();
  if (params.sort.empty()) params.order_by = "t.created DESC";
  CAIRN_ASSIGN_OR_RETURN(ListPage page, records_.List(caller, kNotifications, params));
  std::vector<Json*> items;
  for (Json& item : page.items) items.push_back(&item);
  CAIRN_RETURN_IF_ERROR(database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(Redact(c, caller, items));
    return true;
  }));
  return page;
}

util::Result<Json> NotificationService::MarkSeen(const Caller& caller, std::string_view id,
                                                 const Json& body, std::string_view expand) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized();
  for (const auto& [key, value] : body.items()) {
    if (key != "seen") {
      return util::Error::InvalidField(records::FailureMessage(records::WriteMode::kUpdate), key,
                                       "validation_invalid_value",
                                       "Only {\"seen\": true} can be set.");
    }
  }
  CAIRN_ASSIGN_OR_RETURN(Json record, records_.Update(caller, kNotifications, id, body, expand));
  CAIRN_RETURN_IF_ERROR(database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(Redact(c, caller, {&record}));
    return true;
  }));
  return record;
}

util::Status NotificationService::Redact(storage::Connection& connection, const Caller& recipient,
                                         const std::vector<Json*>& notifications) const {
  // A link token in the request opens a trail for that request only, not the notification.
  Caller reader = recipient;
  reader.share_token.clear();
  const AccessPolicy policy = records_.PolicyFor(reader);
  std::map<std::string, std::vector<std::string>> ids;  // by collection
  for (const Json* notification : notifications) {
    auto [collection, id] = SubjectOf(*notification);
    if (collection) ids[collection].push_back(id);
  }
  std::set<std::pair<std::string, std::string>> visible;
  for (const auto& [collection, wanted] : ids) {
    CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(collection));
    storage::SqlFragment in = storage::IdIn("x.id", wanted);
    storage::SqlFragment view = policy.ViewCondition(*spec, "x");
    storage::SqlParams params = in.params;
    params.insert(params.end(), view.params.begin(), view.params.end());
    CAIRN_ASSIGN_OR_RETURN(
        storage::QueryResult rows,
        connection.Query(
            "SELECT x.id FROM " + spec->name + " x WHERE " + in.sql + " AND " + view.sql, params));
    for (const auto& row : rows.rows) {
      if (const auto* id = std::get_if<std::string>(&row[0])) visible.emplace(collection, *id);
    }
  }
  for (Json* notification : notifications) {
    auto [collection, id] = SubjectOf(*notification);
    if (collection && !visible.count({collection, id})) {
      (*notification)["metadata"] = Json::object();
    }
  }
  return util::OkStatus();
}

}  // namespace cairn::services
