// Profiles: a person's card with their counts, their trails and lists searched as the discovery
// search answers, who follows them and whom they follow, and their items newest first. Every
// answer covers what the caller may see; a private account shows only its name and avatar to
// anyone who is not themself or an accepted follower (profile_owner.h), and its items, follows
// and feed are Forbidden to them.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "services/core/record_service.h"
#include "services/people/follow_graph.h"
#include "services/people/profile_owner.h"
#include "services/search/search_service.h"
#include "storage/database.h"

namespace cairn::services::people {

// Pages of follows and of a profile's items: 20 by default, at most 100 (as lists elsewhere).
inline constexpr int kDefaultProfilePerPage = 20;
inline constexpr int kMaxProfilePerPage = 100;

// Thread-safe; the references must outlive it.
class ProfileService {
 public:
  ProfileService(storage::Database& database, RecordService& records,
                 search::SearchService& search);

  // `{profile, actor}` (the same object twice, as the reference system answers): id, username,
  // preferredUsername, acct ("@username"), createdAt, bio, icon (the avatar's URL), avatar,
  // private, followers and following (accepted follows), trails and lists (those the caller may
  // see), follow (the caller's follow of them, {id, status} or null); for a private account the
  // caller may not see, only id, username, icon, avatar, private and follow. NotFound for an
  // unknown handle.
  util::Result<nlohmann::json> ShowProfile(const Caller& caller, std::string_view handle);

  // The search of `POST /search/trails` (or lists) with the profile's author ANDed to whatever
  // filter `body` has (at the top level or in `options`): the same answer, of that author only.
  util::Result<nlohmann::json> SearchTrails(const Caller& caller, std::string_view handle,
                                            const nlohmann::json& body);
  util::Result<nlohmann::json> SearchLists(const Caller& caller, std::string_view handle,
                                           const nlohmann::json& body);

  // A page of `{page, perPage, totalItems, totalPages, items}` of profile summaries `{id,
  // username, avatar, icon, bio, private}` (a private account the caller may not see: without
  // bio) of the accepted follows in `direction`, newest first.
  util::Result<nlohmann::json> ListFollows(const Caller& caller, std::string_view handle,
                                           FollowDirection direction, int page, int per_page);

  // A page of the author's trails, lists and summit logs the caller may see, newest first, as
  // `GET /feed` shapes them: `{id, type, item, author, created, expand: {item}}`, the item with
  // `expand.author` (and `expand.category` for trails). Read from the items themselves, not
  // from anyone's feed.
  util::Result<nlohmann::json> ListFeed(const Caller& caller, std::string_view handle, int page,
                                        int per_page);

 private:
  util::Result<nlohmann::json> SearchOf(const Caller& caller, std::string_view handle,
                                        std::string_view index, const nlohmann::json& body);

  storage::Database& database_;
  RecordService& records_;
  search::SearchService& search_;
};

// `{page, perPage, totalItems, totalPages, items}`.
nlohmann::json ListResult(nlohmann::json items, int page, int per_page, int64_t total);

}  // namespace cairn::services::people
