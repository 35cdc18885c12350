// The full-text index of trails and lists inside SQLite (schema.sql's search section: an FTS5
// table, the records not yet moved into it beside it, triggers that keep both in the writing
// transaction) and its query core: which records match a query and how well, as SQL a caller
// combines with visibility, filters, sort and paging, or run here with them. The functions keep
// no state; each call uses its connection alone, as Database::Read hands it out.
//
// Matching (util/search_words.h), for every word of the query (all words must match, each
// somewhere): the word itself, any word it begins when it is the last one being typed ("zug"
// finds Zugspitze), any word one typo away when it has five characters or more ("zugspitse"),
// and any word holding it when it has three or more ("spitze" finds Zugspitze; in the short
// fields only: names, places, tags, authors, categories, not descriptions). Case and accents
// never matter ("hollental" finds Höllental). The query is never read as FTS5 syntax: every
// word goes to SQLite as a quoted phrase.
//
// Rank, lower is better, as Meilisearch's first rules put it: first how exactly every word
// matched (0: as words or the typed prefix; 1: some only inside a longer word; 2: some only with
// a typo), then the best field any word matched in (trails: 0 name; 1 location, tags, category
// or author; 2 description). rank = exactness * 3 + field, computed in one pass over the FTS5
// matches (cairn_search_rank) and alike for records not yet moved (cairn_search_fields_rank).
// Records of equal rank come in the caller's sort and then newest first (created, then rowid,
// descending); without words, records of equal sort values come in rowid order in the last key's
// direction.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "storage/database.h"
#include "util/result.h"
#include "util/search_words.h"

namespace cairn::services::search {

// One field of the index: a column of the FTS5 table, of the pending rows and of the source view.
struct SearchField {
  std::string_view column;
  int tier = 0;              // its rank tier, 0 best
  bool inner_parts = false;  // its words' inner parts are indexed too (in a parts column)
};

// A column of inner parts (util::SearchWordParts) of the fields of one tier.
struct SearchPartsColumn {
  std::string_view column;
  int tier = 0;
};

// One collection's part of the index, as schema.sql declares it. Names are trusted SQL.
struct SearchIndex {
  std::string_view table;        // the records, e.g. "trails"
  std::string_view words_table;  // FTS5 ('ascii' tokenizer over SearchIndexWords), rowid = record
  std::string_view terms_table;  // fts5vocab (row) over words_table: its distinct words
  // Rows of records changed or deleted since they moved into words_table, which override it.
  std::string_view pending_table;
  // A view of every record's words as the index holds them (first column `record_column`); the
  // records created since the last move (rowid above search_index_state's) are read from it.
  std::string_view source_view;
  std::string_view record_column;
  // The FTS5 table's columns in order: the fields, then the parts columns.
  std::vector<SearchField> fields;
  std::vector<SearchPartsColumn> parts;
};

const SearchIndex& TrailSearchIndex();
const SearchIndex& ListSearchIndex();

// The worst rank a match can have (exactness 2, last field tier).
inline constexpr int kWorstSearchRank = 3 * util::kSearchFieldTiers - 1;
// Records move into the FTS5 table this many at a time (schema.sql's search section says 64 too).
inline constexpr int kSearchMoveBatch = 64;
// At most this many words one typo away are looked up for each query word.
inline constexpr size_t kMaxTypoVariants = 30;

// The records matching a query, as SQL to nest.
struct SearchMatchesSql {
  // A SELECT yielding one row per matching record: `record` (its rowid in `table`) and
  // `rank` (an integer 0..kWorstSearchRank), from the FTS5 table and the records beside it alike.
  // Every value is a `?` parameter. Empty when `everything`.
  storage::SqlFragment select;
  // The query has no words (empty, blanks, only punctuation): every record matches, rank 0.
  bool everything = false;
};

// SQL for the records of `index` that match `q` (any bytes; see the top of this file), with
// their rank. Reads the index's vocabulary on `connection` to find words one typo away, so the
// SQL is for this snapshot of the data: run it on the same connection in the same transaction.
// Errors: what the connection returns (Internal, or InvalidArgument when the read's time budget
// runs out).
util::Result<SearchMatchesSql> SelectSearchMatches(storage::Connection& connection,
                                                   const SearchIndex& index, std::string_view q);

// The records of `index`, aliased `alias` in the caller's query, that match `q` whatever their
// rank, as a condition: "1" when `q` has no words. A list's `q` parameter (its own order, no rank).
// Errors: as SelectSearchMatches.
util::Result<storage::SqlFragment> MatchingRecords(storage::Connection& connection,
                                                   const SearchIndex& index, std::string_view alias,
                                                   std::string_view q);

// A page of matches to find.
struct SearchRequest {
  std::string_view q;
  // Which records may be shown and pass the filters: a condition on alias `t` (the table),
  // e.g. the access policy's list condition AND a compiled filter. Trusted SQL, `?` values.
  storage::SqlFragment condition{"1", {}};
  // Sort keys on alias `t` applied after the rank, e.g. "t.distance ASC"; empty for none.
  storage::SqlFragment order_by{"", {}};
  int64_t limit = 20;  // clamped to >= 0
  int64_t offset = 0;  // clamped to >= 0
  bool count_total = true;
};

struct SearchMatch {
  std::string id;
  int rank = 0;
};

struct SearchMatches {
  // Best first: rank, order_by, created DESC, rowid DESC (without words: order_by, then rowid).
  std::vector<SearchMatch> matches;
  int64_t total = -1;  // every match passing `condition`; -1 unless count_total
};

// One page of the records of `index` matching `request.q` and `request.condition`. Run it inside
// one Database::Read so the page and its total agree. Errors: as SelectSearchMatches, and
// whatever `condition` or `order_by` make SQLite fail with.
util::Result<SearchMatches> FindSearchMatches(storage::Connection& connection,
                                              const SearchIndex& index,
                                              const SearchRequest& request);

}  // namespace cairn::services::search
