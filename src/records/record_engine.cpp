// Generic CRUD over declared collections. All SQL is built from declarations; values are bound.
#include "records/record_engine.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "records/filter.h"
#include "util/ids.h"
#include "util/timestamp.h"

namespace cairn::records {
namespace {

storage::SqlParams Concat(storage::SqlParams a, const storage::SqlParams& b) {  // a, then b
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

}  // namespace

ListCondition ListCondition::And(const ListCondition& other) const {
  const auto both = [](const storage::SqlFragment& a, const storage::SqlFragment& b) {
    return storage::SqlFragment{"(" + a.sql + ") AND (" + b.sql + ")", Concat(a.params, b.params)};
  };
  // Rows holding both are candidates of either: one side's candidates are enough, the other
  // side then found among them.
  if (candidates.sql.empty()) {
    return {both(find, other.find), both(check, other.check), other.candidates,
            both(find, other.on_candidate)};
  }
  return {both(find, other.find), both(check, other.check), candidates,
          both(on_candidate, other.find)};
}

std::string RecordEngine::Now() const { return util::FormatTimestamp(clock_.NowMillis()); }

util::Result<Json> RecordEngine::FindById(storage::Connection& connection,
                                          const CollectionSpec& collection, std::string_view id,
                                          const Visibility& visibility) const {
  storage::SqlFragment select = SelectList(collection, "t", registry_, visibility);
  storage::SqlFragment view = visibility.ViewCondition(collection, "t");
  const std::string sql = "SELECT " + select.sql + " FROM " + QuoteIdentifier(collection.name) +
                          " t WHERE t.id = ? AND (" + view.sql + ")";
  storage::SqlParams params = Concat(std::move(select.params), {std::string(id)});
  CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(sql, Concat(std::move(params), view.params)));
  if (rows.rows.empty()) return util::Error::NotFound();
  Json record = RowToRecord(collection, rows.rows[0]);
  visibility.Redact(collection, record);
  return record;
}

util::Result<Json> RecordEngine::FindByIdUnchecked(storage::Connection& connection,
                                                   const CollectionSpec& collection,
                                                   std::string_view id) const {
  return FindById(connection, collection, id, Unrestricted());
}

namespace {

// How many matching rows make walking a table in sort order for the first `wanted` rows
// cheaper than looking the matching rows up and sorting them: the walk reads about
// wanted * rows / matching rows, the sort touches every match (and costs more per row), so the
// walk wins once matching reaches sqrt(wanted * rows / kSortCostPerRow). The largest rowid bounds
// the row count without counting (rowids only grow).
util::Result<int64_t> WalkThreshold(storage::Connection& connection, const std::string& table,
                                    int64_t wanted) {
  CAIRN_ASSIGN_OR_RETURN(auto largest, connection.Query("SELECT max(rowid) FROM " + table));
  const auto* rows = std::get_if<int64_t>(&largest.rows[0][0]);
  if (rows == nullptr) return int64_t{1};
  constexpr double kSortCostPerRow = 8;
  return static_cast<int64_t>(std::ceil(
      std::sqrt(static_cast<double>(wanted) * static_cast<double>(*rows) / kSortCostPerRow)));
}

// The rowids of the rows `gather` (a SELECT of rowids) yields, when fewer than `threshold`;
// nothing when more do (then walking the order's index wins). A gather that cannot yield
// `threshold` rows (`bounded`) runs without a LIMIT: SQLite sorts a LIMITed ORDER BY in a
// temporary index, several times dearer per row than its sorter.
util::Result<std::optional<std::vector<int64_t>>> FewMatches(storage::Connection& connection,
                                                             const storage::SqlFragment& gather,
                                                             int64_t threshold, bool bounded) {
  storage::SqlParams capped = gather.params;
  if (!bounded) capped.emplace_back(threshold);
  CAIRN_ASSIGN_OR_RETURN(auto rows,
                         connection.Query(gather.sql + (bounded ? "" : " LIMIT ?"), capped));
  using Rowids = std::optional<std::vector<int64_t>>;
  if (static_cast<int64_t>(rows.rows.size()) >= threshold) return Rowids();
  std::vector<int64_t> rowids;
  rowids.reserve(rows.rows.size());
  for (const auto& row : rows.rows) rowids.push_back(std::get<int64_t>(row[0]));
  return Rowids(std::move(rowids));
}

}  // namespace

util::Result<int64_t> CountVisibleRows(storage::Connection& connection, const std::string& table,
                                       const std::vector<storage::SqlFragment>& alternatives,
                                       const std::string& rest,
                                       const storage::SqlParams& rest_params) {
  std::string sql = "SELECT ";
  storage::SqlParams params;
  for (size_t i = 0; i < alternatives.size(); ++i) {
    sql += std::string(i ? " + " : "") + "(SELECT count(*) FROM " + table + " t WHERE (" +
           alternatives[i].sql + ")";
    params = Concat(std::move(params), alternatives[i].params);
    for (size_t before = 0; before < i; ++before) {
      sql += " AND NOT coalesce((" + alternatives[before].sql + "), 0)";
      params = Concat(std::move(params), alternatives[before].params);
    }
    sql += " AND " + rest + ")";
    params = Concat(std::move(params), rest_params);
  }
  // Remembered until the next write: a list's pages and repeated visits ask for the same total.
  CAIRN_ASSIGN_OR_RETURN(auto count, connection.QueryUntilChange(sql, params));
  return std::get<int64_t>(count.rows[0][0]);
}

util::Result<ListPage> RecordEngine::List(storage::Connection& connection,
                                          const CollectionSpec& collection, const ListQuery& query,
                                          const Visibility& visibility,
                                          const ListCondition& extra) const {
  CAIRN_ASSIGN_OR_RETURN(auto filter,
                         CompileFilter(query.filter, collection, registry_, "t", visibility));
  CAIRN_ASSIGN_OR_RETURN(auto sort,
                         CompileSort(query.sort, collection, registry_, "t", visibility));
  storage::SqlFragment view = visibility.ListCondition(collection, "t");
  const std::string table = QuoteIdentifier(collection.name);
  const std::string where =
      "(" + view.sql + ") AND (" + filter.sql + ") AND (" + extra.find.sql + ")";
  storage::SqlParams where_params = Concat(Concat(view.params, filter.params), extra.find.params);

  ListPage page;
  page.page = std::max(1, query.page);
  page.per_page = std::clamp(query.per_page, 1, kMaxPerPage);
  const int64_t offset = static_cast<int64_t>(page.page - 1) * page.per_page;
  std::string order = query.order_by;
  if (!sort.sql.empty()) order += (order.empty() ? "" : ", ") + sort.sql;
  // The tie-break runs in the direction of the last key, so that an index on that key (which
  // ends in the rowid) delivers the page in order.
  const bool descending = order.ends_with(" DESC");
  order += std::string(order.empty() ? "" : ", ") + (descending ? "t.rowid DESC" : "t.rowid");

  // Where most rows match, reading the order's index until the page is full is cheapest; the
  // planner's sampled statistics cannot see that (every `public` value looks like 400 rows), so
  // the conditions are hidden from it with unary `+` and it walks the index, testing each row
  // (a map area in its `check` form). Where few match, they are looked up by their own indexes
  // and sorted. A plain list decides by its total (remembered until the next write); one with
  // conditions of its own (a map area) gathers the rowids of the few once, for its total and
  // its page alike, so an area's lines are read once. An area whose candidates (an upper bound)
  // reach the threshold is counted first instead, as a plain list is.
  CAIRN_ASSIGN_OR_RETURN(const int64_t threshold,
                         WalkThreshold(connection, table, offset + page.per_page));
  // Rows an area's R*Tree finds are counted in one pass whoever sees them: counted per
  // alternative, each would gather the area again.
  const auto count_all = [&]() {
    return CountVisibleRows(connection, table,
                            extra.find.sql == "1"
                                ? visibility.ListConditionAlternatives(collection, "t")
                                : std::vector<storage::SqlFragment>{view},
                            "(" + filter.sql + ") AND (" + extra.find.sql + ")",
                            Concat(filter.params, extra.find.params));
  };
  int64_t matching = -1;
  std::optional<std::vector<int64_t>> few;
  bool dense = false;
  // Gathering a large area's matches would write every rowid of it into a temporary index.
  bool counted = !query.skip_total && extra.find.sql == "1";
  bool all_few = false;  // fewer candidates than the threshold: every match is gathered
  if (!counted && !query.skip_total && !extra.candidates.sql.empty()) {
    storage::SqlParams capped = extra.candidates.params;
    capped.emplace_back(threshold);
    CAIRN_ASSIGN_OR_RETURN(
        auto candidates,
        connection.Query(
            "SELECT count(*) FROM (SELECT 1 FROM (" + extra.candidates.sql + ") LIMIT ?)", capped));
    counted = std::get<int64_t>(candidates.rows.at(0).at(0)) >= threshold;
    all_few = !counted;
  }
  if (counted) {
    CAIRN_ASSIGN_OR_RETURN(matching, count_all());
    dense = matching > 0 && matching >= threshold;
  }
  if (!dense && (!counted || extra.find.sql != "1")) {
    // When every match comes back, it comes in the page's order and the page is a slice of it:
    // the rows are read for the condition anyway, their keys with them.
    storage::SqlFragment gather{"SELECT t.rowid FROM " + table + " t WHERE " + where, where_params};
    if (all_few) {
      // Each candidate joined to its row as it comes (no temporary index for `find`'s IN), and
      // every match comes back in the page's order.
      gather.sql = "SELECT t.rowid FROM (" + extra.candidates.sql + ") c CROSS JOIN " + table +
                   " t ON t.rowid = c.id WHERE (" + view.sql + ") AND (" + filter.sql + ") AND (" +
                   extra.on_candidate.sql + ") ORDER BY " + order;
      gather.params =
          Concat(Concat(Concat(Concat(extra.candidates.params, view.params), filter.params),
                        extra.on_candidate.params),
                 sort.params);
    }
    CAIRN_ASSIGN_OR_RETURN(few, FewMatches(connection, gather, threshold, all_few));
    dense = !few;
    if (!query.skip_total && few) matching = static_cast<int64_t>(few->size());
    if (!query.skip_total && !few && matching < 0) {
      CAIRN_ASSIGN_OR_RETURN(matching, count_all());
    }
    if (all_few && few) {
      const auto from = few->begin() + std::min<int64_t>(offset, few->size());
      few = std::vector<int64_t>(from, from + std::min<int64_t>(page.per_page, few->end() - from));
    }
  }
  const bool sliced = all_few && few;  // `few` is the page's rowids, in the page's order
  page.total_items = query.skip_total ? -1 : matching;
  page.total_pages = query.skip_total ? -1 : (matching + page.per_page - 1) / page.per_page;

  std::optional<std::vector<std::string>> wanted = query.fields;
  if (wanted) {
    wanted->push_back("id");
    for (std::string& name : visibility.FieldsRedactReads(collection)) {
      wanted->push_back(std::move(name));
    }
    for (const auto& [relation, below] : query.expand.children) wanted->push_back(relation);
  }
  storage::SqlFragment select =
      SelectList(collection, "t", registry_, visibility, wanted ? &*wanted : nullptr);
  std::string sql;
  storage::SqlParams params;
  if (sliced) {
    // The page's rowids are in order already: their records, each with its rowid last (past
    // the fields, so not read as one) to be put back in that order without SQLite sorting
    // whole records.
    sql = "SELECT " + select.sql + ", t.rowid FROM json_each(?) j CROSS JOIN " + table +
          " t ON t.rowid = j.value";
    params = Concat(std::move(select.params), {Json(*few).dump()});
  } else {
    std::string page_where = where;
    storage::SqlParams page_params = where_params;
    if (dense) {
      page_where = "+(" + view.sql + ") AND +(" + filter.sql + ") AND +(" + extra.check.sql + ")";
      page_params = Concat(Concat(view.params, filter.params), extra.check.params);
    } else if (few) {
      page_where = "t.rowid IN (SELECT value FROM json_each(?))";
      page_params = {Json(*few).dump()};
    }
    // The page of the rows matching, in order: its own statement, or the rowids a statement
    // around it builds the records of.
    const std::string page_clause =
        " t WHERE " + page_where + " ORDER BY " + order + " LIMIT ? OFFSET ?";
    page_params = Concat(std::move(page_params), sort.params);
    page_params.emplace_back(static_cast<int64_t>(page.per_page));
    page_params.emplace_back(offset);
    if (order.find("RANDOM()") == std::string::npos) {
      // The page's rowids first, then its columns: the sort handles keys, not whole records
      // with their derived lists.
      sql = "SELECT " + select.sql + " FROM " + table +
            " t WHERE t.rowid IN (SELECT t.rowid FROM " + table + page_clause + ") ORDER BY " +
            order;
      params = Concat(Concat(std::move(select.params), page_params), sort.params);
    } else {
      sql = "SELECT " + select.sql + " FROM " + table + page_clause;
      params = Concat(std::move(select.params), page_params);
    }
  }
  CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(sql, params));
  if (sliced) {
    // Back in the page's order, which the rowids came in.
    std::unordered_map<int64_t, size_t> position;
    for (size_t i = 0; i < few->size(); ++i) position.emplace((*few)[i], i);
    const size_t last = rows.columns.size() - 1;
    std::vector<std::vector<storage::SqlValue>> ordered(few->size());
    for (auto& row : rows.rows) {
      ordered.at(position.at(std::get<int64_t>(row[last]))) = std::move(row);
    }
    // One snapshot holds them all; an empty slot would be a row gone, never a record.
    std::erase_if(ordered, [](const auto& row) { return row.empty(); });
    rows.rows = std::move(ordered);
  }
  const std::optional<std::vector<bool>> read =
      wanted ? std::optional(FieldsRead(collection, *wanted)) : std::nullopt;
  page.items.reserve(rows.rows.size());
  for (const auto& row : rows.rows) {
    page.items.push_back(RowToRecord(collection, row, read ? &*read : nullptr));
    visibility.Redact(collection, page.items.back());
  }
  std::vector<Json*> pointers;
  for (auto& item : page.items) pointers.push_back(&item);
  CAIRN_RETURN_IF_ERROR(Expand(connection, collection, pointers, query.expand, visibility));
  return page;
}

util::Status RecordEngine::Expand(storage::Connection& connection, const CollectionSpec& collection,
                                  std::vector<Json*> records, const ExpandTree& tree,
                                  const Visibility& visibility) const {
  return ApplyExpand(connection, registry_, collection, records, tree, visibility);
}

util::Status RecordEngine::CheckRelations(storage::Connection& connection,
                                          const CollectionSpec& collection, const Json& values,
                                          const Visibility& visibility,
                                          const char* failure_message) const {
  util::Error failure = util::Error::InvalidArgument(failure_message);
  for (const auto& field : collection.fields) {
    if (field.type != FieldType::kRelation || field.IsDerived()) continue;
    auto it = values.find(field.name);
    if (it == values.end()) continue;
    std::vector<std::string> ids;
    if (it->is_string() && !it->get<std::string>().empty()) ids.push_back(it->get<std::string>());
    if (it->is_array()) {
      for (const auto& id : *it) ids.push_back(id.get<std::string>());
    }
    if (ids.empty()) continue;
    const CollectionSpec* target = registry_.Find(field.relation_target);
    if (!target) return util::Error::Internal("relation target missing: " + field.relation_target);
    storage::SqlFragment view = visibility.ViewCondition(*target, "t");
    storage::SqlFragment in = storage::IdIn("t.id", ids);
    const std::string sql = "SELECT count(*) FROM " + QuoteIdentifier(target->name) + " t WHERE " +
                            in.sql + " AND (" + view.sql + ")";
    CAIRN_ASSIGN_OR_RETURN(auto count, connection.Query(sql, Concat(in.params, view.params)));
    if (std::get<int64_t>(count.rows[0][0]) != static_cast<int64_t>(ids.size())) {
      failure.field_errors[field.name] = {"validation_missing_rel_records",
                                          "Failed to find all relation records with the provided "
                                          "ids."};
    }
  }
  if (!failure.field_errors.empty()) return failure;
  return util::OkStatus();
}

util::Result<Json> RecordEngine::Insert(
    storage::Connection& connection, const CollectionSpec& collection, const Json& values,
    const Visibility& visibility,
    const std::vector<std::pair<std::string, storage::SqlValue>>& hidden_columns) const {
  return InsertWithId(connection, collection, util::NewRecordId(), values, visibility,
                      hidden_columns);
}

util::Result<Json> RecordEngine::InsertWithId(
    storage::Connection& connection, const CollectionSpec& collection, const std::string& id,
    const Json& values, const Visibility& visibility,
    const std::vector<std::pair<std::string, storage::SqlValue>>& hidden_columns) const {
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  std::string columns = "id, created, updated";
  std::string placeholders = "?, ?, ?";
  storage::SqlParams params{id, now, now};
  for (const auto& field : collection.fields) {
    if (field.system || field.IsDerived()) continue;
    auto it = values.find(field.name);
    columns += ", " + QuoteIdentifier(field.name);
    placeholders += ", ?";
    params.push_back(ToColumnValue(field, it == values.end() ? ZeroValue(field) : *it));
  }
  for (const auto& [name, value] : hidden_columns) {
    columns += ", " + QuoteIdentifier(name);
    placeholders += ", ?";
    params.push_back(value);
  }
  CAIRN_RETURN_IF_ERROR(connection.Execute("INSERT INTO " + QuoteIdentifier(collection.name) +
                                               " (" + columns + ") VALUES (" + placeholders + ")",
                                           params));
  return FindById(connection, collection, id, visibility);
}

util::Result<Json> RecordEngine::Update(
    storage::Connection& connection, const CollectionSpec& collection, std::string_view id,
    const Json& changes, const Visibility& visibility,
    const std::vector<std::pair<std::string, storage::SqlValue>>& hidden_columns) const {
  std::string assignments = "updated = ?";
  storage::SqlParams params{util::FormatTimestamp(clock_.NowMillis())};
  for (const auto& field : collection.fields) {
    if (field.system || field.IsDerived()) continue;
    auto it = changes.find(field.name);
    if (it == changes.end()) continue;
    assignments += ", " + QuoteIdentifier(field.name) + " = ?";
    params.push_back(ToColumnValue(field, *it));
  }
  for (const auto& [name, value] : hidden_columns) {
    assignments += ", " + QuoteIdentifier(name) + " = ?";
    params.push_back(value);
  }
  params.emplace_back(std::string(id));
  CAIRN_ASSIGN_OR_RETURN(auto changed,
                         connection.Execute("UPDATE " + QuoteIdentifier(collection.name) + " SET " +
                                                assignments + " WHERE id = ?",
                                            params));
  if (changed == 0) return util::Error::NotFound();
  return FindById(connection, collection, id, visibility);
}

util::Result<int64_t> RecordEngine::DeleteWhere(storage::Connection& connection,
                                                const CollectionSpec& collection,
                                                const storage::SqlFragment& where) const {
  return connection.Execute(
      "DELETE FROM " + QuoteIdentifier(collection.name) + " WHERE " + where.sql, where.params);
}

}  // namespace cairn::records
