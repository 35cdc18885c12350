#include "storage/sql_functions.h"

#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

#include <algorithm>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "geo/grid_cells.h"
#include "geo/line_area.h"
#include "storage/fts5_api.h"
#include "util/search_words.h"

namespace cairn::storage {
namespace {

std::string_view TextOf(sqlite3_value* value) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(value));
  if (!text) return {};
  return {text, static_cast<size_t>(sqlite3_value_bytes(value))};
}

bool AnyNull(int count, sqlite3_value** arguments) {
  for (int i = 0; i < count; ++i) {
    if (sqlite3_value_type(arguments[i]) == SQLITE_NULL) return true;
  }
  return false;
}

// Nothing may unwind into SQLite's C frames: every function catches what it can throw.
template <class Body>
void Guarded(sqlite3_context* context, Body body) {
  try {
    body();
  } catch (const std::bad_alloc&) {
    sqlite3_result_error_nomem(context);
  }
}

void SearchWordsFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    const std::string words = util::SearchIndexWords(TextOf(arguments[0]));
    sqlite3_result_text64(context, words.data(), words.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  });
}

void SearchPartsFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    const std::string parts = util::SearchWordParts(TextOf(arguments[0]));
    sqlite3_result_text64(context, parts.data(), parts.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  });
}

// A field tier given as a digit ('0' best); anything else is the worst tier.
int TierOf(char digit) {
  return digit >= '0' && digit < '0' + util::kSearchFieldTiers ? digit - '0'
                                                               : util::kSearchFieldTiers - 1;
}

// cairn_search_fields_rank(query, tiers, parts, field...): the rank of one record's fields
// (SearchIndexWords' output) for `query`, as util::RankSearchFields gives it, or NULL when the
// record does not match. `tiers` has a digit per field, `parts` a '1' for each field whose inner
// parts are indexed. The query's words are read once per statement where SQLite keeps them with
// the constant argument.
void SearchFieldsRankFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (count < 3 || AnyNull(3, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    using Words = std::vector<util::SearchWord>;
    const auto* words = static_cast<const Words*>(sqlite3_get_auxdata(context, 0));
    Words split;
    if (!words) {
      split = util::SplitSearchQuery(TextOf(arguments[0]));
      // SQLite may free the copy at once; `split` serves this row either way.
      sqlite3_set_auxdata(context, 0, new Words(split),
                          [](void* kept) { delete static_cast<Words*>(kept); });
      words = &split;
    }
    const std::string_view tiers = TextOf(arguments[1]);
    const std::string_view parts = TextOf(arguments[2]);
    std::vector<std::string_view> fields;
    std::vector<int> field_tiers;
    std::vector<bool> inner_parts;
    for (int i = 3; i < count; ++i) {
      const size_t f = static_cast<size_t>(i - 3);
      fields.push_back(TextOf(arguments[i]));
      field_tiers.push_back(TierOf(f < tiers.size() ? tiers[f] : '9'));
      inner_parts.push_back(f < parts.size() && parts[f] == '1');
    }
    const std::optional<int> rank =
        util::RankSearchFields(*words, fields, field_tiers, inner_parts);
    if (rank) {
      sqlite3_result_int(context, *rank);
    } else {
      sqlite3_result_null(context);
    }
  });
}

// The phrases of an FTS5 query by the query word each stands for and how it matches, and the
// rank tier of each column; as cairn_search_rank's arguments spell them.
struct PhraseSpec {
  size_t words = 0;
  std::vector<std::pair<size_t, util::SearchMatchKind>> phrases;  // word, kind
  std::vector<int> column_tiers;
};

// `phrases`: per phrase a word digit and a kind letter (w word, i inner part, t typo); `tiers`:
// a digit per column.
PhraseSpec ParsePhraseSpec(std::string_view phrases, std::string_view tiers) {
  PhraseSpec spec;
  for (size_t i = 0; i + 1 < phrases.size(); i += 2) {
    const size_t word = static_cast<size_t>(std::max(0, phrases[i] - '0'));
    const util::SearchMatchKind kind = phrases[i + 1] == 'w'   ? util::SearchMatchKind::kWord
                                       : phrases[i + 1] == 'i' ? util::SearchMatchKind::kInner
                                                               : util::SearchMatchKind::kTypo;
    spec.phrases.emplace_back(word, kind);
    spec.words = std::max(spec.words, word + 1);
  }
  for (char digit : tiers) spec.column_tiers.push_back(TierOf(digit));
  return spec;
}

// cairn_search_rank(fts_table, phrases, tiers), an FTS5 auxiliary function: the rank
// (util::SearchRanker) of the current row from the columns each phrase of the query matched in,
// or NULL when some word matched nowhere. One pass over the matches; the spec is read once per
// query.
void SearchRankFunction(const fts5::ExtensionApi* api, fts5::Context* fts, sqlite3_context* context,
                        int count, sqlite3_value** arguments) {
  if (count < 2) return sqlite3_result_error(context, "cairn_search_rank: phrases, tiers", -1);
  Guarded(context, [&] {
    auto* spec = static_cast<PhraseSpec*>(api->get_auxdata(fts, 0));
    if (!spec) {
      auto parsed =
          std::make_unique<PhraseSpec>(ParsePhraseSpec(TextOf(arguments[0]), TextOf(arguments[1])));
      const int set = api->set_auxdata(fts, parsed.get(),
                                       [](void* kept) { delete static_cast<PhraseSpec*>(kept); });
      // On failure FTS5 has already freed it.
      spec = parsed.release();
      if (set != SQLITE_OK) return sqlite3_result_error_code(context, set);
    }
    util::SearchRanker ranker(spec->words);
    const int phrases = std::min<int>(api->phrase_count(fts), spec->phrases.size());
    for (int p = 0; p < phrases; ++p) {
      fts5::PhraseIter iter;
      int column = -1;
      if (api->phrase_first_column(fts, p, &iter, &column) != SQLITE_OK) continue;
      for (; column >= 0; api->phrase_next_column(fts, &iter, &column)) {
        const auto [word, kind] = spec->phrases[static_cast<size_t>(p)];
        const int tier = static_cast<size_t>(column) < spec->column_tiers.size()
                             ? spec->column_tiers[static_cast<size_t>(column)]
                             : util::kSearchFieldTiers - 1;
        ranker.Add(word, kind, tier);
      }
    }
    const std::optional<int> rank = ranker.Rank();
    if (rank) {
      sqlite3_result_int(context, *rank);
    } else {
      sqlite3_result_null(context);
    }
  });
}

// Registers cairn_search_rank with the connection's FTS5 module.
void RegisterSearchRank(sqlite3* db) {
  sqlite3_stmt* statement = nullptr;
  int result = sqlite3_prepare_v2(db, "SELECT fts5(?1)", -1, &statement, nullptr);
  fts5::Api* api = nullptr;
  if (result == SQLITE_OK) {
    sqlite3_bind_pointer(statement, 1, static_cast<void*>(&api), "fts5_api_ptr", nullptr);
    sqlite3_step(statement);
    result = sqlite3_finalize(statement);
  }
  if (result != SQLITE_OK) throw SQLite::Exception(db, result);
  if (!api || api->version < 2) throw SQLite::Exception("SQLite has no FTS5 module");
  result = api->create_function(api, "cairn_search_rank", nullptr, &SearchRankFunction, nullptr);
  if (result != SQLITE_OK) throw SQLite::Exception(db, result);
}

// cairn_line_crosses_box(polyline, south, west, north, east[, some_points]): with a line of some
// of the map line's own points (the trail's `sketch`, geo/simplify.h), one of them in the box
// decides at once. Lines are read only as far as the first point that answers. The breaks
// between the line's parts are not read (geo/line_area.h): a gap crossing the box counts.
void LineCrossesBoxFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(5, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    const geo::BoundingBox box{.south = sqlite3_value_double(arguments[1]),
                               .west = sqlite3_value_double(arguments[2]),
                               .north = sqlite3_value_double(arguments[3]),
                               .east = sqlite3_value_double(arguments[4])};
    if (count == 6 && sqlite3_value_type(arguments[5]) != SQLITE_NULL &&
        geo::EncodedPointInBox(TextOf(arguments[5]), box)) {
      return sqlite3_result_int(context, 1);
    }
    sqlite3_result_int(context, geo::EncodedLineCrossesBox(TextOf(arguments[0]), box) ? 1 : 0);
  });
}

// cairn_line_within(polyline, lat, lon, meters)
void LineWithinFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    const geo::LatLon point{sqlite3_value_double(arguments[1]), sqlite3_value_double(arguments[2])};
    const double meters = sqlite3_value_double(arguments[3]);
    sqlite3_result_int(context,
                       geo::EncodedLineWithin(TextOf(arguments[0]), point, meters) ? 1 : 0);
  });
}

void DistanceFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  sqlite3_result_double(
      context,
      geo::DistanceMeters(sqlite3_value_double(arguments[0]), sqlite3_value_double(arguments[1]),
                          sqlite3_value_double(arguments[2]), sqlite3_value_double(arguments[3])));
}

// cairn_line_cells(polyline, lat, lon): the cells of the line as a JSON array of integers, or of
// the start (lat, lon) when there is no line and the start is set (not 0, 0).
void LineCellsFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    std::vector<int64_t> cells = geo::GridCellsOfEncodedLine(TextOf(arguments[0]));
    const geo::LatLon start{sqlite3_value_double(arguments[1]), sqlite3_value_double(arguments[2])};
    if (cells.empty() && (start.lat != 0 || start.lon != 0))
      cells.push_back(geo::GridCellOf(start));
    std::string json = "[";
    for (size_t i = 0; i < cells.size(); ++i) {
      if (i > 0) json += ',';
      json += std::to_string(cells[i]);
    }
    json += ']';
    sqlite3_result_text64(context, json.data(), json.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  });
}

void Register(sqlite3* db, const char* name, int arguments,
              void (*function)(sqlite3_context*, int, sqlite3_value**)) {
  const int result = sqlite3_create_function_v2(
      db, name, arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr, function,
      nullptr, nullptr, nullptr);
  if (result != SQLITE_OK) throw SQLite::Exception(db, result);
}

}  // namespace

void RegisterSqlFunctions(sqlite3* db) {
  Register(db, "cairn_search_words", 1, &SearchWordsFunction);
  Register(db, "cairn_search_parts", 1, &SearchPartsFunction);
  Register(db, "cairn_search_fields_rank", -1, &SearchFieldsRankFunction);
  RegisterSearchRank(db);
  Register(db, "cairn_line_crosses_box", 5, &LineCrossesBoxFunction);
  Register(db, "cairn_line_crosses_box", 6, &LineCrossesBoxFunction);
  Register(db, "cairn_line_within", 4, &LineWithinFunction);
  Register(db, "cairn_distance", 4, &DistanceFunction);
  Register(db, "cairn_line_cells", 3, &LineCellsFunction);
}

}  // namespace cairn::storage
