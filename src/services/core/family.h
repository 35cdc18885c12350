// What a record family is, declared once (src/services/families/<name>.cpp): its collection, who
// may do what, what a delete does to its dependents, its files, its default expands and its
// routes. The record service, the access policy, the cascade, the upload checks and the routers
// read these declarations; none of them names a family.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "geo/track.h"
#include "records/collection.h"
#include "records/record_codec.h"
#include "records/record_engine.h"
#include "records/validation.h"
#include "services/core/caller.h"
#include "storage/database.h"
#include "storage/sql_value.h"
#include "util/result.h"

namespace cairn::services {

class FamilyRegistry;

// What an access rule sees: the caller, the families (a rule may follow a relation into another
// family's rules), and either a row (`alias` of the family's table in the statement) or, for
// creates, the validated values of the record about to exist.
struct RuleInput {
  const Caller& caller;
  const FamilyRegistry& families;
  const records::CollectionSpec& collection;  // the family the rule belongs to
  std::string_view alias;                     // rules on rows
  const records::Json* values = nullptr;      // rules on creates
  // When set, a rule that is an AnyOf at the top also lists its alternatives here (their OR is the
  // condition), so a count can take each along its own index.
  std::vector<storage::SqlFragment>* alternatives = nullptr;
  // The condition will find rows (a count of one alternative) rather than test rows found
  // otherwise: a share is then `id IN (the caller's shares)`, which SQLite can start from, where
  // a test is one index lookup a row (gathering every share first costs more than the few rows a
  // page walks).
  bool to_find = false;
};

// An access rule: an SQL condition with bound parameters. Composed from the pieces in
// services/core/policy_pieces.h.
using Rule = std::function<storage::SqlFragment(const RuleInput&)>;

// Who may do what to a family's records, PocketBase's five rules plus `edit`.
struct AccessRules {
  Rule list;    // the rows a list or search shows; unset: `view`
  Rule view;    // show, expand, relation checks and filters through relations
  Rule create;  // on the values of a new record
  Rule update;  // any writable field
  Rule edit;    // only `editor_fields` (an edit share); unset: nobody
  Rule remove;  // delete; unset: `update`
  // The messages of the 403s when a rule refuses.
  std::string create_denied = "You are not allowed to create this record.";
  std::string update_denied = "You are not allowed to change this record.";
  std::string delete_denied = "You are not allowed to delete this record.";
  // Takes out of a rendered record what this caller may not read (another user's email).
  std::function<void(const Caller&, records::Json& record)> redact;
  // The fields `redact` reads, read even when a caller's `fields` leaves them out.
  std::vector<std::string> redact_reads;
};

// What an uploaded file must be, by content.
enum class UploadKind { kImage, kTrack };
// Which configured size limit applies (--max-photo-mb, --max-avatar-mb, --max-track-mb).
enum class SizeLimit { kPhoto, kAvatar, kTrack };

// A file field that takes uploads. File fields without one are set by the server only.
struct FileRule {
  std::string field;
  UploadKind kind = UploadKind::kImage;
  SizeLimit limit = SizeLimit::kPhoto;
  // kTrack: the record fields a new track determines (a trail's statistics and map line), and
  // with nullptr those a removed track clears; unset: none.
  std::function<records::Json(const geo::Track* track)> sets_fields;
  // kImage: a JSON field of the record that keeps where each uploaded photo was taken, as the
  // camera's GPS wrote it ({file name: {lat, lon}}). The upload hands the positions it found to
  // the family as `<positions_field>+` among the derived values; the family merges them (see
  // families/photo_positions.h). Empty: positions are only reported in the upload's answer.
  std::string positions_field;
};

// Field values that no two records may share; a violation is a 400 `validation_not_unique` on
// the last field, with `message`.
struct Uniqueness {
  std::vector<std::string> fields;
  bool ignore_case = false;  // ASCII letters only (SQLite's NOCASE): usernames, emails
  // Unique after util::FoldCase (Latin, Greek and Cyrillic capitals too), through a column the
  // record service keeps equal to the folded value of the one field (schema.sql gives it a
  // unique index; it is not a record field).
  std::string folded_column;
  std::string message = "The value is already in use.";
};

// How GET on a family's path answers.
enum class ListShape {
  kPage,   // {page, perPage, totalItems, totalPages, items} (GET /trail)
  kArray,  // a bare array, the total in X-Total-Count (the other families)
};

// Which of the five generic operations a family's path answers.
enum Operation : unsigned {
  kList = 1,
  kShow = 2,
  kCreate = 4,
  kUpdate = 8,
  kDelete = 16,
  kReadOnly = kList | kShow,
  kAllOperations = kList | kShow | kCreate | kUpdate | kDelete,
};

struct FamilyRoutes {
  std::string path;  // "/api/v1/trail"; empty: the family has no routes of its own
  ListShape list_shape = ListShape::kArray;
  unsigned operations = kAllOperations;
  bool file_uploads = false;  // POST {path}/{id}/file
  bool forms = false;         // PUT {path}/form and POST {path}/form/{id}
  // Route groups the API binds for this family beside the generic ones ("tracks": upload,
  // download and profile of trails; "discovery": filter ranges, bounding box and recommendations
  // of trails; "bulk": changes to many trails at once; "accounts": sign-up, login and the user
  // routes).
  std::vector<std::string> extra;
};

// A query parameter a family's list understands beside PocketBase's (a trail list's `bbox`):
// its value becomes a condition on the listed rows (alias "t", in both of its forms), or an
// error (a 400). It is made on the connection the list then reads with (in its snapshot), for
// conditions that read the data to be written (the search index's words one typo away).
struct ListParameter {
  std::string name;
  std::function<util::Result<records::ListCondition>(std::string_view value, const Caller&,
                                                     storage::Connection&)>
      condition;
};

// A record about to be inserted, as a family's `prepare_insert` may complete it.
struct NewRecord {
  records::Json& values;  // validated fields; server-set fields may be added
  // Undeclared columns written alongside (an API key's hash); names come from code only.
  std::vector<std::pair<std::string, storage::SqlValue>> hidden_columns;
  // Members added to the create response only (an API key shown once).
  records::Json response_extras = records::Json::object();
};

// A relation whose target must belong to what the record names in another field: a trail's
// `subcategory` must be one whose `category` is the trail's own `category`. A write that sets
// `field` to a target that disagrees is a 400 on `field` with `message`; a write that changes only
// `equals_field` drops a stored `field` that no longer agrees (set to "").
struct RelationAgreement {
  std::string field;         // a single relation of this family: "subcategory"
  std::string target_field;  // the field of the related record: "category"
  std::string equals_field;  // the field of this record it must equal: "category"
  std::string message;
};

struct FamilyDefinition {
  // Fields, relations (each relation declares what deleting its target does: OnDelete), required
  // fields and limits. schema.sql holds the same columns.
  records::CollectionSpec collection;
  AccessRules access;

  // The field naming the record's owner: create requires it to be the caller (through
  // `access.create`), updates never change it. With `owner_defaults_to_caller` a create may omit
  // it.
  std::string owner_field = "author";
  bool owner_defaults_to_caller = false;
  bool sign_in_to_create = true;  // false: anonymous creates are judged by `access.create`
  bool read_only = false;         // list and show only (categories)
  std::vector<std::string> immutable_fields;  // besides owner_field
  // The fields an `edit` share may change; others are the owner's (a trail's `public`).
  std::vector<std::string> editor_fields;
  std::vector<RelationAgreement> agreements;
  std::vector<Uniqueness> uniqueness;
  // Family-specific checks of validated values (Form A errors), after the generic ones.
  std::function<util::Status(const records::Json& values, records::WriteMode mode)> validate;
  // Runs inside the create transaction just before the insert.
  std::function<util::Status(storage::Connection&, const Caller&, NewRecord&)> prepare_insert;
  // Runs on an update's values once its file fields are settled (`current` is the stored record,
  // unredacted), e.g. to keep a trail's `thumbnail` on the same photo when earlier photos are
  // removed.
  std::function<void(const records::Json& current, records::Json& values)> adjust_update;
  // How a write's values computed from a file (`derived`: a track's statistics) join its
  // validated body (`written`); `current` is the stored record, an empty object on create.
  // Unset, the body wins (MergeDerived). A trail keeps statistics typed by hand across new tracks.
  std::function<records::Json(const records::Json& current, const records::Json& derived,
                              const records::Json& written)>
      merge_derived;

  std::vector<FileRule> files;
  // Rows of tables outside the record model that go when a record goes: {table, column naming
  // the record} (a user's password resets).
  std::vector<std::pair<std::string, std::string>> owned_rows;

  // Query parameters of the family's list beyond PocketBase's; absent ones add no condition.
  std::vector<ListParameter> list_parameters;
  // Expands applied on each operation in addition to the client's `expand`.
  std::string show_expand, list_expand, create_expand, update_expand;

  FamilyRoutes routes;
};

// The values a write stores: the family's merge_derived of `derived` and `written`, else
// `derived` with every field of `written` over it.
inline records::Json MergeDerived(const FamilyDefinition& definition, const records::Json& current,
                                  const records::Json& derived, const records::Json& written) {
  if (definition.merge_derived) return definition.merge_derived(current, derived, written);
  records::Json values = derived;
  values.update(written);
  return values;
}

}  // namespace cairn::services
