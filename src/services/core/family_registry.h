// Every family Cairn serves, looked up by collection name or id; the collections they declare
// form the record engine's registry.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "records/collection.h"
#include "records/expand.h"
#include "services/core/family.h"

namespace cairn::services {

// A declared family with what the registry derived from it.
struct Family {
  FamilyDefinition definition;
  const records::CollectionSpec* spec = nullptr;  // in the registry's collections
  records::ExpandTree show_expand, list_expand, create_expand, update_expand;

  const std::string& name() const { return spec->name; }
  const AccessRules& access() const { return definition.access; }
};

// Built once at start-up (Add, then Seal), then read by every thread. Not copyable: the record
// engine and the services hold references into it.
class FamilyRegistry {
 public:
  FamilyRegistry() = default;
  FamilyRegistry(const FamilyRegistry&) = delete;
  FamilyRegistry& operator=(const FamilyRegistry&) = delete;

  // Declares a family (start-up only).
  void Add(FamilyDefinition definition);

  // Checks the declarations against each other and parses the default expands. Throws
  // std::logic_error for a mistake in a declaration (a relation to no collection, a bad default
  // expand, a rule-less family): those are bugs in code, so they stop start-up.
  void Seal();

  // The family of a collection name or id, or nullptr (undeclared collections are invisible).
  const Family* Find(std::string_view name_or_id) const;
  const std::vector<std::unique_ptr<Family>>& All() const { return families_; }

  // The collections of every family, for the record engine.
  const records::CollectionRegistry& collections() const { return collections_; }

 private:
  records::CollectionRegistry collections_;
  std::vector<std::unique_ptr<Family>> families_;
  bool sealed_ = false;
};

}  // namespace cairn::services
