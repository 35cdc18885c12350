// Who may see and change what, as SQL conditions the engine and the services apply to every read
// (list, show, totals, expand, filters through relations, relation checks, files) and every
// write. The rules are each family's own declarations (services/core/family.h); this class only
// looks them up, so a collection without a family is invisible and unchangeable.
#pragma once

#include <nlohmann/json.hpp>

#include "records/visibility.h"
#include "services/core/caller.h"
#include "services/core/family_registry.h"

namespace cairn::services {

// Immutable and thread-safe. `families` must outlive it.
class AccessPolicy final : public records::Visibility {
 public:
  AccessPolicy(const FamilyRegistry& families, Caller caller)
      : families_(families), caller_(std::move(caller)) {}

  // The family's view rule (show, expand, relation paths in filters).
  storage::SqlFragment ViewCondition(const records::CollectionSpec& collection,
                                     std::string_view alias) const override;
  // The family's list rule, or its view rule when it has none.
  storage::SqlFragment ListCondition(const records::CollectionSpec& collection,
                                     std::string_view alias) const override;
  // The list rule's alternatives when it is an AnyOf (public, own, shared...).
  std::vector<storage::SqlFragment> ListConditionAlternatives(
      const records::CollectionSpec& collection, std::string_view alias) const override;
  void Redact(const records::CollectionSpec& collection, nlohmann::json& record) const override;
  std::vector<std::string> FieldsRedactReads(
      const records::CollectionSpec& collection) const override;

  // The caller may change any writable field of the row aliased `alias`.
  storage::SqlFragment UpdateCondition(const records::CollectionSpec& collection,
                                       std::string_view alias) const;
  // The caller may change the fields the family allows editors (an `edit` share).
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
  const FamilyRegistry& families() const { return families_; }

 private:
  // `alternatives` set: the rule's alternatives as conditions to find rows by (RuleInput).
  storage::SqlFragment OnRow(const records::CollectionSpec& collection, std::string_view alias,
                             Rule AccessRules::*rule,
                             std::vector<storage::SqlFragment>* alternatives = nullptr) const;

  const FamilyRegistry& families_;
  Caller caller_;
};

}  // namespace cairn::services
