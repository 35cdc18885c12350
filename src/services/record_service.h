// Create, show, list, update and delete for every record family, with each family's ownership
// rules and default expands declared as data.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "records/record_engine.h"
#include "services/access_policy.h"
#include "services/caller.h"
#include "storage/database.h"

namespace cairn::services {

// How ownership of a family's records is decided.
enum class Ownership {
  kAuthorField,  // the record's `author` is its owner
  kSharedItem,   // a share: the author of the shared trail or list is its owner
  kReadOnly,     // nobody writes through the API (categories)
};

struct FamilyRules {
  std::string collection;
  Ownership ownership = Ownership::kAuthorField;
  std::string shared_item_field;           // kSharedItem: "trail" or "list"
  bool author_defaults_to_caller = false;  // summit logs: `author` may be omitted
  std::vector<std::string> immutable_fields;
  // Relations whose target must be authored by the caller (a waypoint's trail).
  std::vector<std::string> owned_relations;
  // Expands applied on each operation in addition to the client's `expand`.
  std::string show_expand, list_expand, create_expand, update_expand;
};

// The list parameters as received, before parsing against a collection.
struct ListParams {
  int page = 1;
  int per_page = records::kDefaultPerPage;
  std::string sort;
  std::string filter;
  std::string expand;
  bool skip_total = false;
};

// Thread-safe: reads run on the reader pool, writes on the single writer.
class RecordService {
 public:
  RecordService(storage::Database& database, const records::RecordEngine& engine);

  // Registers a family; call at startup only.
  void AddFamily(FamilyRules rules);

  // The record if the caller may see it; NotFound otherwise.
  util::Result<records::Json> Show(const Caller& caller, const std::string& collection,
                                   std::string_view id, std::string_view expand);

  // One page of what the caller may see. InvalidArgument for bad filter/sort/expand.
  util::Result<records::ListPage> List(const Caller& caller, const std::string& collection,
                                       const ListParams& params);

  // Creates a record owned by the caller. Unauthorized when anonymous; Forbidden when `author`
  // is someone else or the caller does not own what the record attaches to; InvalidArgument with
  // field errors for invalid bodies.
  util::Result<records::Json> Create(const Caller& caller, const std::string& collection,
                                     const records::Json& body, std::string_view expand);

  // Updates a record the caller owns: NotFound when invisible, Forbidden when visible but not
  // owned, InvalidArgument for invalid bodies or attempts to change immutable fields.
  util::Result<records::Json> Update(const Caller& caller, const std::string& collection,
                                     std::string_view id, const records::Json& body,
                                     std::string_view expand);

  // Deletes a record the caller owns with everything that depends on it.
  util::Status Delete(const Caller& caller, const std::string& collection, std::string_view id);

 private:
  struct Family {
    FamilyRules rules;
    const records::CollectionSpec* spec = nullptr;
    records::ExpandTree show_expand, list_expand, create_expand, update_expand;
  };

  util::Result<const Family*> FindFamily(const std::string& collection) const;
  util::Result<records::ExpandTree> MergedExpand(const Family& family, std::string_view expand,
                                                 const records::ExpandTree& defaults) const;
  // The owner id of an existing or about-to-exist record, per the family's Ownership.
  util::Result<std::string> OwnerOf(storage::Connection& connection, const Family& family,
                                    const records::Json& record) const;
  util::Status CheckOwnedRelations(storage::Connection& connection, const Family& family,
                                   const Caller& caller, const records::Json& values) const;
  util::Status CheckUniqueShare(storage::Connection& connection, const Family& family,
                                const records::Json& values) const;

  storage::Database& database_;
  const records::RecordEngine& engine_;
  std::map<std::string, Family> families_;
};

// Registers the families of the foundation: trails, lists, waypoints, comments, summit logs,
// list and trail shares, and read-only categories.
void RegisterStandardFamilies(RecordService& service);

}  // namespace cairn::services
