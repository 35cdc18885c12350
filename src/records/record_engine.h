// The generic record engine: find, list, insert, update and delete records of any declared
// collection, with visibility applied as SQL. Families add only what is special about them.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "records/expand.h"
#include "records/record_codec.h"
#include "records/visibility.h"
#include "storage/database.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::records {

inline constexpr int kDefaultPerPage = 30;
inline constexpr int kMaxPerPage = 500;

struct ListQuery {
  int page = 1;
  int per_page = kDefaultPerPage;
  std::string sort;
  std::string filter;
  ExpandTree expand;
  bool skip_total = false;
  // From code only, never from a request: an ORDER BY expression on alias "t" before `sort`.
  std::string order_by;
  // The fields the caller will read (`fields`), or nothing for all: the others come back empty
  // (SelectList). The id and the relations `expand` follows are always read.
  std::optional<std::vector<std::string>> fields;
};

// A condition on listed rows (alias "t") in two forms that hold for the same rows: `find`, by
// which SQLite can find them (an index, a `rowid IN (...)`), and `check`, cheap to test one row
// at a time while a page walks the order's index (a map area: the row's own track bounds before
// its line, where `find` gathers every trail of the area first).
struct ListCondition {
  storage::SqlFragment find{"1", {}};
  storage::SqlFragment check{"1", {}};
  // Optional: a SELECT whose column `id` holds the rowid of every row the condition may hold for,
  // each once (some may not; any order): their number bounds the matches from above, so a list
  // can tell a small area (gather its few matches) from a large one (count them, then walk the
  // order's index with `check`) without gathering the large one.
  storage::SqlFragment candidates{"", {}};
  // With `candidates`: the condition on a row that is one of them (`find` without finding
  // them), so a small area's candidates are joined to their rows as they come, not written into
  // a temporary index for `find`'s `IN` first.
  storage::SqlFragment on_candidate{"1", {}};

  // One form for all.
  static ListCondition Same(storage::SqlFragment condition) {
    return {condition, condition, {"", {}}, condition};
  }
  // The forms of this AND `other`.
  ListCondition And(const ListCondition& other) const;
};

struct ListPage {
  std::vector<Json> items;
  int page = 1;
  int per_page = kDefaultPerPage;
  int64_t total_items = 0;  // -1 when skipped
  int64_t total_pages = 0;
};

// Stateless apart from its references; every call takes the connection to run on, so reads can
// share one snapshot and writes one transaction. Thread-safe.
// The rows of `table` (aliased "t") passing `rest` and any of `alternatives` (a list rule's OR:
// public, own, shared). With several, each alternative is counted alone, without the rows of those
// before it, and the counts are summed: each count then walks its own index (for "public" and
// "own but not public" an index-only count), where SQLite answers the OR by gathering every
// visible rowid from each index into a row set first, several times slower for a user who sees
// most rows. Remembered until the next write (Connection::QueryUntilChange).
util::Result<int64_t> CountVisibleRows(storage::Connection& connection, const std::string& table,
                                       const std::vector<storage::SqlFragment>& alternatives,
                                       const std::string& rest,
                                       const storage::SqlParams& rest_params);

class RecordEngine {
 public:
  RecordEngine(const CollectionRegistry& registry, const util::Clock& clock)
      : registry_(registry), clock_(clock) {}

  const CollectionRegistry& registry() const { return registry_; }

  // The current time as a record timestamp.
  std::string Now() const;

  // The record with `id` if it exists and is visible; otherwise NotFound (never Forbidden, so
  // a hidden record is indistinguishable from a missing one).
  util::Result<Json> FindById(storage::Connection& connection, const CollectionSpec& collection,
                              std::string_view id, const Visibility& visibility) const;

  // Like FindById with Unrestricted(): for ownership checks and cascades inside services, never
  // for what a caller is shown.
  util::Result<Json> FindByIdUnchecked(storage::Connection& connection,
                                       const CollectionSpec& collection, std::string_view id) const;

  // One page of the visible records matching `query` and `extra`. Errors: InvalidArgument for a
  // bad filter, sort or expand.
  util::Result<ListPage> List(storage::Connection& connection, const CollectionSpec& collection,
                              const ListQuery& query, const Visibility& visibility,
                              const ListCondition& extra = {}) const;

  // Expands relations of already-loaded records.
  util::Status Expand(storage::Connection& connection, const CollectionSpec& collection,
                      std::vector<Json*> records, const ExpandTree& tree,
                      const Visibility& visibility) const;

  // Checks that every relation id in `values` names a record the caller may see; otherwise a
  // Form A error with validation_missing_rel_records on each failing field.
  util::Status CheckRelations(storage::Connection& connection, const CollectionSpec& collection,
                              const Json& values, const Visibility& visibility,
                              const char* failure_message) const;

  // Inserts a record built from validated `values` (missing fields get their zero value) with a
  // fresh id and timestamps, and returns it as `visibility`'s caller sees it (NotFound if they
  // may not see it at all).
  // `hidden_columns` are undeclared columns (e.g. a password hash) written alongside; their names
  // come from code, never from clients.
  util::Result<Json> Insert(
      storage::Connection& connection, const CollectionSpec& collection, const Json& values,
      const Visibility& visibility,
      const std::vector<std::pair<std::string, storage::SqlValue>>& hidden_columns = {}) const;

  // Like Insert with an id chosen beforehand (NewRecordId()), for records whose files must be
  // stored under their id before the row is committed.
  util::Result<Json> InsertWithId(
      storage::Connection& connection, const CollectionSpec& collection, const std::string& id,
      const Json& values, const Visibility& visibility,
      const std::vector<std::pair<std::string, storage::SqlValue>>& hidden_columns = {}) const;

  // Applies validated `changes` to record `id`, bumps `updated` and returns the record as
  // `visibility`'s caller sees it.
  util::Result<Json> Update(
      storage::Connection& connection, const CollectionSpec& collection, std::string_view id,
      const Json& changes, const Visibility& visibility,
      const std::vector<std::pair<std::string, storage::SqlValue>>& hidden_columns = {}) const;

  // Deletes rows of `collection` matching `where` (a condition on alias-less columns).
  util::Result<int64_t> DeleteWhere(storage::Connection& connection,
                                    const CollectionSpec& collection,
                                    const storage::SqlFragment& where) const;

 private:
  const CollectionRegistry& registry_;
  const util::Clock& clock_;
};

}  // namespace cairn::records
