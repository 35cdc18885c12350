// Create, show, list, update and delete for every record family: the access policy decides who
// may do what; a family declares only what is special about it.
#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "records/record_engine.h"
#include "records/validation.h"
#include "services/core/access_policy.h"
#include "services/core/caller.h"
#include "services/core/file_edits.h"
#include "storage/blob_store.h"
#include "storage/database.h"

namespace cairn::services {

// A record about to be inserted, as a family's `prepare_insert` may complete it.
struct NewRecord {
  records::Json& values;  // validated fields; server-set fields may be added
  // Undeclared columns written alongside (an API key's hash); names come from code only.
  std::vector<std::pair<std::string, storage::SqlValue>> hidden_columns;
  // Members added to the create response only (an API key shown once).
  records::Json response_extras = records::Json::object();
};

struct FamilyRules {
  std::string collection;
  bool read_only = false;  // categories: list and show only
  // The field naming the record's owner; create requires it to be the caller, updates never
  // change it. When `owner_defaults_to_caller`, a create may omit it.
  std::string owner_field = "author";
  bool owner_defaults_to_caller = false;
  std::vector<std::string> immutable_fields;  // besides owner_field
  // The fields an `edit` share may change; others are the owner's (e.g. a trail's `public`).
  std::vector<std::string> editor_fields;
  // Fields whose values together must be unique (a share's item and user; settings' user).
  std::vector<std::string> unique_fields;
  std::string unique_message;
  // The message of the 403 when the policy refuses a create.
  std::string create_denied = "You are not allowed to create this record.";
  // Family-specific checks of validated values (Form A errors), after the generic ones.
  std::function<util::Status(const records::Json& values, records::WriteMode mode)> validate;
  // Runs inside the create transaction just before the insert.
  std::function<util::Status(storage::Connection&, const Caller&, NewRecord&)> prepare_insert;
  // Runs on an update's values once its file fields are settled (`current` is the stored record),
  // e.g. to keep a trail's `thumbnail` on the same photo when earlier photos are removed.
  std::function<void(const records::Json& current, records::Json& values)> adjust_update;
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

// Files that join a create or update: they are already stored (fsynced) under the record's id;
// the write points the record at them in the same transaction as its other fields.
struct FileWrite {
  std::string record_id;  // create: the id the files were stored under (empty: a fresh id)
  FileEdits edits;        // by file field
  // Values the server computed from an uploaded file (a track's distance, bounds, ...). They
  // bypass body validation; a field the body sets itself wins.
  records::Json derived = records::Json::object();
  // An upload of files only (`/{family}/{id}/file`): no body is read, none of its fields is
  // required.
  bool without_body = false;
};

struct FileWriteResult {
  records::Json record;
  // Names the record no longer holds: the caller removes their blobs once the write committed.
  std::vector<std::string> dropped;
};

// Thread-safe: reads run on the reader pool, writes on the single writer.
class RecordService {
 public:
  // `blobs` holds the records' uploaded files; deleted records' files are removed after commit.
  RecordService(storage::Database& database, const records::RecordEngine& engine,
                storage::BlobStore& blobs);

  // Registers a family; call at startup only.
  void AddFamily(FamilyRules rules);

  // The record if the caller may see it; NotFound otherwise.
  util::Result<records::Json> Show(const Caller& caller, const std::string& collection,
                                   std::string_view id, std::string_view expand);

  // One page of what the caller may see. InvalidArgument for bad filter/sort.
  util::Result<records::ListPage> List(const Caller& caller, const std::string& collection,
                                       const ListParams& params);

  // Creates a record. Unauthorized when anonymous; InvalidArgument with field errors for invalid
  // bodies and relations the caller cannot see; Forbidden when the policy refuses (someone
  // else's `author`, a share of an item the caller does not own, ...).
  util::Result<records::Json> Create(const Caller& caller, const std::string& collection,
                                     const records::Json& body, std::string_view expand);

  // Updates a record: NotFound when invisible, Forbidden when visible but not the caller's to
  // change (or a field an edit share may not touch), InvalidArgument for invalid bodies or
  // changes to immutable fields. Ids in multi-valued relations the caller cannot see are kept.
  util::Result<records::Json> Update(const Caller& caller, const std::string& collection,
                                     std::string_view id, const records::Json& body,
                                     std::string_view expand);

  // Create and Update with files: the same checks (an edit share may change file fields only
  // when they are among its editor fields), plus the file edits of `files` (see ApplyFileEdit).
  util::Result<FileWriteResult> CreateWithFiles(const Caller& caller, const std::string& collection,
                                                const records::Json& body, std::string_view expand,
                                                const FileWrite& files);
  util::Result<FileWriteResult> UpdateWithFiles(const Caller& caller, const std::string& collection,
                                                std::string_view id, const records::Json& body,
                                                std::string_view expand, const FileWrite& files);

  // Whether the caller may update record `id` at all (before files are stored for it):
  // Unauthorized, NotFound or Forbidden as Update would answer.
  util::Status CheckMayUpdate(const Caller& caller, const std::string& collection,
                              std::string_view id);

  // The declaration of a family's collection; NotFound for unknown families.
  util::Result<const records::CollectionSpec*> SpecOf(const std::string& collection) const;

  // Deletes a record the caller may delete, with everything that depends on it.
  util::Status Delete(const Caller& caller, const std::string& collection, std::string_view id);

 private:
  struct Family {
    FamilyRules rules;
    const records::CollectionSpec* spec = nullptr;
    records::ExpandTree show_expand, list_expand, create_expand, update_expand;
  };
  // What the caller may do to an existing record.
  enum class WriteRight { kNone, kEdit, kFull };

  util::Result<const Family*> FindFamily(const std::string& collection) const;
  records::ExpandTree MergedExpand(const Family& family, std::string_view expand,
                                   const records::ExpandTree& defaults) const;
  util::Result<WriteRight> RightOn(storage::Connection& connection, const Family& family,
                                   const AccessPolicy& policy, std::string_view id) const;
  util::Result<bool> Holds(storage::Connection& connection, const storage::SqlFragment& condition,
                           const Family& family, std::string_view id) const;
  util::Status CheckUnique(storage::Connection& connection, const Family& family,
                           const records::Json& values, std::string_view except_id) const;
  // Adds back to `changes` the ids of multi-valued relations that the stored record holds but the
  // caller cannot see, so an update never drops what it could not show.
  // Settles the file fields of `values` from `edits` and `current`, collecting dropped names.
  util::Status ApplyFileEdits(const Family& family, const records::Json& current,
                              const FileEdits& edits, records::WriteMode mode,
                              records::Json& values, std::vector<std::string>& dropped) const;
  util::Status KeepHiddenIds(storage::Connection& connection, const Family& family,
                             std::string_view id, const records::Json& visible,
                             records::Json& changes) const;

  storage::Database& database_;
  const records::RecordEngine& engine_;
  storage::BlobStore& blobs_;
  std::map<std::string, Family> families_;
};

}  // namespace cairn::services
