// Who may see and change what, in one place, as SQL conditions the engine and the services apply
// to every read (show, list, totals, expand, filters, id arrays, files) and every write.
#pragma once

#include <nlohmann/json.hpp>

#include "records/visibility.h"
#include "services/core/caller.h"

namespace cairn::services {

// The access model (docs/SECURITY.md says it in plain words):
// - trails: seen by their author, by everyone when `public`, by users they are shared with
//   (trail_share), by users a list of the trail's author containing them is shared with
//   (list_share), and by anyone presenting one of their link-share tokens; changed by the author
//   (everything) or an `edit` share (not `public`, never deleted, never its shares);
// - lists: seen by their author, by everyone when `public`, by users they are shared with;
//   changed by the author or an `edit` share (name, description, trails);
// - waypoints: follow their trail (link tokens included); changed by their author or the
//   trail's author; created on trails the caller may edit;
// - summit logs and comments: follow their trail (not through link tokens); created by signed-in
//   users who can see the trail; changed by their author; deleted by their author or the
//   trail's author;
// - trail and list shares: seen by the owner of the shared item and the user it is shared with;
//   created, changed and deleted by the owner only;
// - link shares: the trail's author only; API tokens and settings: their user only;
// - users and categories: seen by everyone (a user's email only by themselves, or when
//   emailVisibility is on).
// Immutable and thread-safe.
class AccessPolicy final : public records::Visibility {
 public:
  explicit AccessPolicy(Caller caller) : caller_(std::move(caller)) {}

  storage::SqlFragment ViewCondition(const records::CollectionSpec& collection,
                                     std::string_view alias) const override;
  void Redact(const records::CollectionSpec& collection, nlohmann::json& record) const override;

  // The caller may change any writable field of the row aliased `alias`.
  storage::SqlFragment UpdateCondition(const records::CollectionSpec& collection,
                                       std::string_view alias) const;
  // The caller holds an `edit` share on the row: may change the fields the family allows editors.
  storage::SqlFragment EditCondition(const records::CollectionSpec& collection,
                                     std::string_view alias) const;
  // The caller may delete the row aliased `alias`.
  storage::SqlFragment DeleteCondition(const records::CollectionSpec& collection,
                                       std::string_view alias) const;
  // A boolean SQL expression (no table) telling whether the caller may create a record of
  // `collection` holding the validated `values`, e.g. a waypoint only on a trail they may edit.
  storage::SqlFragment CreateCondition(const records::CollectionSpec& collection,
                                       const nlohmann::json& values) const;

  const Caller& caller() const { return caller_; }

 private:
  // The trail row aliased `alias` is visible; with `through_link` a presented link-share token
  // counts (it opens the trail and its waypoints, not its comments or summit logs).
  storage::SqlFragment TrailVisible(std::string_view alias, bool through_link) const;
  storage::SqlFragment TrailEditable(std::string_view alias) const;
  storage::SqlFragment ListVisible(std::string_view alias) const;
  // The caller authored the trail or list whose id is the SQL expression `item_id`.
  storage::SqlFragment OwnsItem(const char* table, const std::string& item_id) const;
  // Follows the trail in `alias`.trail; the record's own author always qualifies.
  storage::SqlFragment FollowsTrail(std::string_view alias, bool through_link) const;

  Caller caller_;
};

}  // namespace cairn::services
