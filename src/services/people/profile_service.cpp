// The profile card, its searches and its follows. The feed of a profile is profile_feed.cpp.
#include "services/people/profile_service.h"

#include <algorithm>

#include "services/families/names.h"
#include "services/search/search_documents.h"

namespace cairn::services::people {
namespace {

using nlohmann::json;

std::string TextOf(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

json FollowJson(const std::optional<FollowState>& follow) {
  if (!follow) return nullptr;
  return {{"id", follow->id}, {"status", follow->status}};
}

// What anyone may see of anyone: the name and the picture.
json NameAndAvatar(const std::string& id, const std::string& username, const std::string& avatar,
                   bool private_account) {
  return {{"id", id},
          {"username", username},
          {"icon", search::AvatarUrl(id, avatar)},
          {"avatar", avatar},
          {"private", private_account}};
}

// The visible rows of `collection` (alias t) by `author`.
util::Result<int64_t> CountVisible(storage::Connection& connection, RecordService& records,
                                   const Caller& caller, const char* collection,
                                   const std::string& author) {
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records.SpecOf(collection));
  const storage::SqlFragment view = records.PolicyFor(caller).ListCondition(*spec, "t");
  storage::SqlParams params = {author};
  params.insert(params.end(), view.params.begin(), view.params.end());
  CAIRN_ASSIGN_OR_RETURN(storage::QueryResult counted,
                         connection.Query("SELECT count(*) FROM " + std::string(collection) +
                                              " t WHERE t.author = ? AND (" + view.sql + ")",
                                          params));
  return static_cast<int64_t>(storage::AsNumber(counted.rows.at(0).at(0)));
}

}  // namespace

json ListResult(json items, int page, int per_page, int64_t total) {
  return {{"page", page},
          {"perPage", per_page},
          {"totalItems", total},
          {"totalPages", per_page > 0 ? (total + per_page - 1) / per_page : 0},
          {"items", std::move(items)}};
}

ProfileService::ProfileService(storage::Database& database, RecordService& records,
                               search::SearchService& search)
    : database_(database), records_(records), search_(search) {}

util::Result<json> ProfileService::ShowProfile(const Caller& caller, std::string_view handle) {
  return database_.Read<json>([&](storage::Connection& c) -> util::Result<json> {
    CAIRN_ASSIGN_OR_RETURN(ProfileOwner owner, FindProfileOwner(c, caller, handle));
    json profile = NameAndAvatar(owner.id, owner.username, owner.avatar, owner.private_account);
    profile["follow"] = FollowJson(owner.follow);
    if (!owner.remote_actor.empty()) {
      // A person of another server: what this server knows of them, and where they are.
      profile["remote"] = true;
      profile["uri"] = owner.remote_actor;
      profile["url"] = owner.remote_url;
    }
    if (owner.view == ProfileView::kFull) {
      profile["preferredUsername"] = owner.username;
      profile["acct"] = "@" + owner.username;
      profile["createdAt"] = owner.created;
      profile["bio"] = owner.bio;
      CAIRN_ASSIGN_OR_RETURN(profile["followers"],
                             CountFollows(c, owner.id, FollowDirection::kFollowers));
      CAIRN_ASSIGN_OR_RETURN(profile["following"],
                             CountFollows(c, owner.id, FollowDirection::kFollowing));
      CAIRN_ASSIGN_OR_RETURN(profile["trails"],
                             CountVisible(c, records_, caller, kTrails, owner.id));
      CAIRN_ASSIGN_OR_RETURN(profile["lists"], CountVisible(c, records_, caller, kLists, owner.id));
    }
    return json{{"profile", profile}, {"actor", profile}};
  });
}

util::Result<json> ProfileService::SearchTrails(const Caller& caller, std::string_view handle,
                                                const json& body) {
  return SearchOf(caller, handle, "trails", body);
}

util::Result<json> ProfileService::SearchLists(const Caller& caller, std::string_view handle,
                                               const json& body) {
  return SearchOf(caller, handle, "lists", body);
}

util::Result<json> ProfileService::SearchOf(const Caller& caller, std::string_view handle,
                                            std::string_view index, const json& body) {
  CAIRN_ASSIGN_OR_RETURN(ProfileOwner owner,
                         database_.Read<ProfileOwner>([&](storage::Connection& c) {
                           return FindProfileOwner(c, caller, handle);
                         }));
  CAIRN_RETURN_IF_ERROR(CheckFullView(owner));
  if (!body.is_object() && !body.is_null()) {
    return search::InvalidSearchRequest("The search request must be a JSON object.", "bad_request");
  }
  // The author condition comes first and is ANDed with the request's own filter, wherever the
  // request put it; ids are letters and digits, so quoting them is safe.
  json request = body.is_object() ? body : json::object();
  json filter = json::array({"author = \"" + owner.id + "\""});
  auto take = [&](json& holder) {
    if (!holder.is_object() || !holder.contains("filter")) return;
    json& given = holder["filter"];
    if (given.is_array()) {
      for (json& item : given) filter.push_back(std::move(item));
    } else if (!given.is_null()) {
      filter.push_back(std::move(given));
    }
    holder.erase("filter");
  };
  take(request);
  if (request.contains("options")) take(request["options"]);
  request["filter"] = std::move(filter);
  return search_.Search(caller, index, request);
}

util::Result<json> ProfileService::ListFollows(const Caller& caller, std::string_view handle,
                                               FollowDirection direction, int page, int per_page) {
  return database_.Read<json>([&](storage::Connection& c) -> util::Result<json> {
    CAIRN_ASSIGN_OR_RETURN(ProfileOwner owner, FindProfileOwner(c, caller, handle));
    CAIRN_RETURN_IF_ERROR(CheckFullView(owner));
    CAIRN_ASSIGN_OR_RETURN(int64_t total, CountFollows(c, owner.id, direction));
    // `other` is the person at the far end; `mine` the caller's own follow of them, which opens
    // a private account's bio.
    const bool followers = direction == FollowDirection::kFollowers;
    const std::string other = followers ? "f.follower" : "f.followee";
    const std::string here = followers ? "f.followee" : "f.follower";
    CAIRN_ASSIGN_OR_RETURN(
        storage::QueryResult found,
        c.Query("SELECT u.id, u.username, u.avatar, u.bio, u.private, mine.status FROM follows f "
                "JOIN users u ON u.id = " +
                    other +
                    " LEFT JOIN follows mine ON mine.follower = ? AND mine.followee = u.id "
                    "WHERE " +
                    here +
                    " = ? AND f.status = 'accepted' ORDER BY f.created DESC, f.id DESC "
                    "LIMIT ? OFFSET ?",
                {caller.user_id, owner.id, int64_t{per_page}, int64_t{per_page} * (page - 1)}));
    json items = json::array();
    for (const auto& row : found.rows) {
      const std::string id = TextOf(row[0]);
      const bool private_account = storage::AsNumber(row[4]) != 0;
      json summary = NameAndAvatar(id, TextOf(row[1]), TextOf(row[2]), private_account);
      const bool open = !private_account || id == caller.user_id || TextOf(row[5]) == "accepted";
      if (open) summary["bio"] = TextOf(row[3]);
      items.push_back(std::move(summary));
    }
    return ListResult(std::move(items), page, per_page, total);
  });
}

}  // namespace cairn::services::people
