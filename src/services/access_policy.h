// Who may see and change what, in one place. Visibility is SQL the engine applies everywhere;
// write checks are functions the record service calls before changing anything.
#pragma once

#include "records/visibility.h"
#include "services/caller.h"

namespace cairn::services {

// Visibility for one caller:
// - users and categories: everyone (users render their public profile; email only to the owner
//   or when emailVisibility is on);
// - trails and lists: the author, everyone when `public`, and users it is shared with;
// - waypoints and summit logs: their author, and whoever can see the trail they belong to;
// - comments: their author, and whoever can see the trail;
// - list and trail shares: the owner of the shared item and the user it is shared with.
class AccessPolicy final : public records::Visibility {
 public:
  explicit AccessPolicy(Caller caller) : caller_(std::move(caller)) {}

  storage::SqlFragment ViewCondition(const records::CollectionSpec& collection,
                                     std::string_view alias) const override;
  void Redact(const records::CollectionSpec& collection, nlohmann::json& record) const override;

  const Caller& caller() const { return caller_; }

 private:
  // Visibility of the trail (or list) row aliased `alias`.
  storage::SqlFragment TrailVisible(std::string_view alias) const;
  storage::SqlFragment ListVisible(std::string_view alias) const;

  Caller caller_;
};

}  // namespace cairn::services
