// Create, show, list, update and delete for every record family: the family's declared rules
// decide who may do what (through the access policy); a family declares only what is special
// about it (services/families/).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "records/field_selection.h"
#include "records/record_engine.h"
#include "records/validation.h"
#include "services/core/access_policy.h"
#include "services/core/caller.h"
#include "services/core/family_registry.h"
#include "services/core/file_edits.h"
#include "storage/blob_store.h"
#include "storage/database.h"

namespace cairn::services {

// The record model's types as the API layer sees them.
using records::FieldSelection;
using records::Json;
using records::ListPage;

// Which rows a list may hold: those the family's list rule shows (a client's list), or every row
// the caller could open by id (looking up one account by its exact name).
enum class Rows { kListed, kViewable };

// The list parameters as received, before parsing against a collection.
struct ListParams {
  int page = 1;
  int per_page = records::kDefaultPerPage;
  std::string sort;
  std::string filter;
  std::string expand;
  bool skip_total = false;
  // Every query parameter of the request, for the family's own list parameters
  // (FamilyDefinition::list_parameters); the others are not read from here.
  std::vector<std::pair<std::string, std::string>> query;
  // Set by services, never from a request: an ORDER BY expression on alias "t" placed before
  // `sort`, and which rows qualify.
  std::string order_by;
  Rows rows = Rows::kListed;
  // The fields the caller reads (records::ListQuery::fields); nothing for all.
  std::optional<std::vector<std::string>> fields;
};

// A list's page size when the request names none, and the largest it answers with.
inline constexpr int kDefaultPerPage = records::kDefaultPerPage;
inline constexpr int kMaxPerPage = records::kMaxPerPage;

// What joins a create or update besides the body: files already stored (fsynced) under the
// record's id, values the server computed, columns outside the record model, and work that must
// happen in the same transaction.
struct WriteOptions {
  std::string record_id;  // create: the id the files were stored under (empty: a fresh id)
  FileEdits edits;        // by file field
  // Values the server computed from an uploaded file (a track's distance, bounds, ...). They
  // bypass body validation; a field the body sets itself wins.
  Json derived = Json::object();
  // An upload of files only (`/{family}/{id}/file`): no body is read, none of its fields is
  // required.
  bool without_body = false;
  // Undeclared columns written with the row (a password hash); names come from code only.
  std::vector<std::pair<std::string, storage::SqlValue>> hidden_columns;
  // Runs in the write's transaction before the record is checked and written (a duplicate
  // check) and after it was written (an import's waypoints, a rotated token key).
  std::function<util::Status(storage::Connection&)> before;
  std::function<util::Status(storage::Connection&, const Json& record)> after;
};

struct WriteResult {
  Json record;
  // Names the record no longer holds: the caller removes their blobs once the write committed.
  std::vector<std::string> dropped;
};

// Thread-safe: reads run on the reader pool, writes on the single writer.
class RecordService {
 public:
  // `blobs` holds the records' uploaded files; deleted records' files are removed after commit.
  RecordService(storage::Database& database, const FamilyRegistry& families,
                const records::RecordEngine& engine, storage::BlobStore& blobs);

  const FamilyRegistry& families() const { return families_; }
  // The policy every read and write of `caller` goes through.
  AccessPolicy PolicyFor(const Caller& caller) const { return AccessPolicy(families_, caller); }

  // The record if the caller may see it; NotFound otherwise (also for undeclared families).
  util::Result<Json> Show(const Caller& caller, const std::string& collection, std::string_view id,
                          std::string_view expand);

  // One page of what the family's list rule shows the caller, with `extra` (a condition on alias
  // "t") as a further filter. InvalidArgument for bad filter/sort.
  util::Result<ListPage> List(const Caller& caller, const std::string& collection,
                              const ListParams& params,
                              const storage::SqlFragment& extra = {"1", {}});

  // Creates a record. Unauthorized when anonymous (unless the family lets anonymous callers
  // create, as sign-up does); InvalidArgument with field errors for invalid bodies, values that
  // must be unique and relations the caller cannot see; Forbidden when the create rule refuses
  // (someone else's `author`, a share of an item the caller does not own, ...).
  util::Result<Json> Create(const Caller& caller, const std::string& collection, const Json& body,
                            std::string_view expand);

  // Validates a body for a create or for an update of record `id` as far as that is possible
  // without writing (field rules, the family's checks, uniqueness) and reports every failing
  // field at once, so a form can show all its errors beside its own (sign-up with its password
  // fields). The write checks again.
  util::Status CheckValues(const std::string& collection, const Json& body, records::WriteMode mode,
                           const std::string& id = "");

  // Updates a record: NotFound when invisible, Forbidden when visible but not the caller's to
  // change (or a field an edit share may not touch), InvalidArgument for invalid bodies or
  // changes to immutable fields. Ids in multi-valued relations the caller cannot see are kept.
  util::Result<Json> Update(const Caller& caller, const std::string& collection,
                            std::string_view id, const Json& body, std::string_view expand);

  // Create and Update with `options` (files, server values, hidden columns, transaction hooks):
  // the same checks (an edit share may change file fields only when they are among its editor
  // fields), plus the file edits (see ApplyFileEdit).
  util::Result<WriteResult> CreateWith(const Caller& caller, const std::string& collection,
                                       const Json& body, std::string_view expand,
                                       const WriteOptions& options);
  util::Result<WriteResult> UpdateWith(const Caller& caller, const std::string& collection,
                                       std::string_view id, const Json& body,
                                       std::string_view expand, const WriteOptions& options);

  // Create inside a transaction the caller already holds (a track import's waypoints, written
  // with their trail). The same checks as Create; no expand.
  util::Result<Json> CreateIn(storage::Connection& connection, const Caller& caller,
                              const std::string& collection, const Json& body);

  // Update inside a transaction the caller already holds (a preference upserted with its
  // siblings). The same checks as Update; no expand.
  util::Result<Json> UpdateIn(storage::Connection& connection, const Caller& caller,
                              const std::string& collection, std::string_view id, const Json& body);

  // Whether the caller may update record `id` at all (before files are stored for it):
  // Unauthorized, NotFound or Forbidden as Update would answer.
  util::Status CheckMayUpdate(const Caller& caller, const std::string& collection,
                              std::string_view id);

  // The declaration of a family's collection; NotFound for unknown families.
  util::Result<const records::CollectionSpec*> SpecOf(const std::string& collection) const;

  // Deletes a record the caller may delete, with everything that depends on it.
  util::Status Delete(const Caller& caller, const std::string& collection, std::string_view id);

  // --- The admin CLI (`cairn user ...`, `cairn category ...`): no caller and no access rule
  // (read-only families too), the same validation, uniqueness, hooks and cascades
  // (record_service_admin.cpp). ---
  util::Result<WriteResult> AdminCreate(const std::string& collection, const Json& body,
                                        const WriteOptions& options);
  util::Result<Json> AdminUpdate(const std::string& collection, std::string_view id,
                                 const Json& changes, const WriteOptions& options);
  util::Status AdminDelete(const std::string& collection, std::string_view id);

 private:
  // What the caller may do to an existing record.
  enum class WriteRight { kNone, kEdit, kFull };

  util::Result<const Family*> FindFamily(const std::string& collection) const;
  records::ExpandTree MergedExpand(const Family& family, std::string_view expand,
                                   const records::ExpandTree& defaults) const;
  // The body's values after the field rules and the family's own checks, every failing field
  // reported at once.
  util::Result<Json> ValidateValues(const Family& family, const Json& body,
                                    records::WriteMode mode) const;
  util::Result<WriteResult> CreateOn(storage::Connection& connection, const Caller* caller,
                                     const Family& family, const Json& values,
                                     const records::ExpandTree& tree, const WriteOptions& options);
  util::Result<Json> PrepareCreate(const Caller& caller, const Family& family, const Json& body,
                                   const WriteOptions& options) const;
  util::Result<WriteResult> UpdateOn(storage::Connection& connection, const Caller* caller,
                                     const Family& family, std::string_view id, const Json& body,
                                     const records::ExpandTree& tree, const WriteOptions& options);
  util::Result<WriteRight> RightOn(storage::Connection& connection, const Family& family,
                                   const AccessPolicy& policy, std::string_view id) const;
  util::Result<bool> Holds(storage::Connection& connection, const storage::SqlFragment& condition,
                           const Family& family, std::string_view id) const;
  // Adds to `failure` a field error for each uniqueness the values a write sets would break
  // (other than by record `except_id`); fields it does not set keep their `stored` values.
  util::Status CheckUnique(storage::Connection& connection, const Family& family,
                           const Json& values, const Json& stored, std::string_view except_id,
                           util::Error& failure) const;
  // Settles the file fields of `values` from `edits` and `current`, collecting dropped names.
  util::Status ApplyFileEdits(const Family& family, const Json& current, const FileEdits& edits,
                              records::WriteMode mode, Json& values,
                              std::vector<std::string>& dropped) const;
  // Adds back to `changes` the ids of multi-valued relations that the stored record holds but the
  // caller cannot see, so an update never drops what it could not show.
  util::Status KeepHiddenIds(storage::Connection& connection, const Family& family,
                             std::string_view id, const Json& visible, Json& changes) const;

  storage::Database& database_;
  const FamilyRegistry& families_;
  const records::RecordEngine& engine_;
  storage::BlobStore& blobs_;
};

}  // namespace cairn::services
