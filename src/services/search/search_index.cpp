// Query words -> one FTS5 query over the words table (words and their typos in the field columns,
// inner parts as the beginnings of parts in the parts columns), ranked in the same pass by which
// phrases matched in which columns, beside the records not yet moved into it, ranked by the same
// rules. Every FTS5 query is a `?` parameter built here from quoted phrases, so no byte of the
// user's query reaches FTS5's query syntax.
#include "services/search/search_index.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "services/search/search_text.h"
#include "util/search_fold.h"

namespace cairn::services::search {
namespace {

using storage::SqlFragment;
using storage::SqlParams;

const std::string& MaxCharacter() {
  static const std::string kMax = [] {
    std::string s;
    util::AppendUtf8(0x10FFFF, s);
    return s;
  }();
  return kMax;
}

// `text` as an FTS5 string: in double quotes, inner quotes doubled. Whatever it holds, FTS5
// reads it as one phrase of the words its tokenizer finds in it.
std::string Phrase(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::string Join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

std::string ColumnFilter(const std::vector<std::string_view>& columns) {
  std::string out = "{";
  for (size_t i = 0; i < columns.size(); ++i) {
    if (i > 0) out += ' ';
    out += columns[i];
  }
  return out + "}";
}

// The characters a typo may bring into `word`: ASCII letters, digits when the word has one, the
// word's own, and the Greek or Cyrillic alphabet when the word has letters of it.
std::u32string TypoAlphabet(const std::u32string& word) {
  std::u32string alphabet = U"abcdefghijklmnopqrstuvwxyz";
  alphabet += word;
  const auto has = [&](char32_t first, char32_t last) {
    return std::any_of(word.begin(), word.end(),
                       [&](char32_t c) { return c >= first && c <= last; });
  };
  if (has(U'0', U'9')) alphabet += U"0123456789";
  if (has(0x370, 0x3FF)) {
    for (char32_t c = 0x3B1; c <= 0x3C9; ++c) alphabet += c;
  }
  if (has(0x400, 0x4FF)) {
    for (char32_t c = 0x430; c <= 0x44F; ++c) alphabet += c;
  }
  std::sort(alphabet.begin(), alphabet.end());
  alphabet.erase(std::unique(alphabet.begin(), alphabet.end()), alphabet.end());
  return alphabet;
}

// The words of the index one typo away from `word` (not `word` itself, and never with another
// first character: util::IsOneTypoAway), at most kMaxTypoVariants. A full scan of the vocabulary
// costs tens of milliseconds at 10 000 trails (fts5vocab reads every posting), so it is read in
// two narrow ways that together cover every typo: the words that begin with the same two
// characters (typos from the third character on), and the spellings with a typo in the second,
// looked up one by one.
util::Result<std::vector<std::string>> TypoVariants(storage::Connection& connection,
                                                    const SearchIndex& index,
                                                    const SearchWord& word) {
  const std::u32string w = util::DecodeUtf8(word.text);
  const std::string prefix = util::EncodeUtf8(w.substr(0, 2));
  std::set<std::string> spellings;
  const auto add = [&](std::u32string spelling) { spellings.insert(util::EncodeUtf8(spelling)); };
  for (char32_t x : TypoAlphabet(w)) {
    std::u32string replaced = w;
    replaced[1] = x;
    add(replaced);
    add(w.substr(0, 1) + x + w.substr(1));
  }
  add(w.substr(0, 1) + w.substr(2));
  std::u32string swapped = w;
  std::swap(swapped[1], swapped[2]);
  add(swapped);
  // fts5vocab reads a word's every posting to count them, so the word itself, often a common
  // one, is left out of both reads: the range is read in two parts around it.
  spellings.erase(word.text);
  const SqlFragment listed =
      storage::IdIn("term", std::vector<std::string>(spellings.begin(), spellings.end()));
  const std::string terms(index.terms_table);
  const std::string in_range =
      "SELECT term FROM " + terms + " WHERE term > ? AND term < ? AND length(term) BETWEEN ? AND ?";
  const auto shortest = static_cast<int64_t>(w.size() - 1);
  const auto longest = static_cast<int64_t>(w.size() + 1);
  SqlParams params = {prefix,   word.text, shortest, longest, word.text, prefix + MaxCharacter(),
                      shortest, longest};
  params.insert(params.end(), listed.params.begin(), listed.params.end());
  // Remembered until the next write: someone typing a search asks for the same words' variants
  // at every keystroke.
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      connection.QueryUntilChange(in_range + " UNION ALL " + in_range + " UNION SELECT term FROM " +
                                      terms + " WHERE " + listed.sql,
                                  params));
  std::vector<std::string> variants;
  for (const auto& row : rows.rows) {
    const auto* term = std::get_if<std::string>(&row[0]);
    if (!term || *term == word.text || !util::IsOneTypoAway(word.text, *term)) continue;
    variants.push_back(*term);
    if (variants.size() == kMaxTypoVariants) break;
  }
  return variants;
}

// Whether so many of `table`'s rows pass `condition` (`passing` of them, or -1 when not counted)
// that reading rows in the page's order off the sort's index until the page is full beats
// finding them by the condition's own index and sorting them all. This is RecordEngine::List's
// measure (records/record_engine.cpp), for a query without words, which is a plain list: SQLite's
// sampled statistics cannot tell that most rows are public.
util::Result<bool> MostRowsPass(storage::Connection& connection, const std::string& table,
                                const SqlFragment& condition, int64_t wanted, int64_t passing) {
  CAIRN_ASSIGN_OR_RETURN(storage::QueryResult largest,
                         connection.Query("SELECT max(rowid) FROM " + table));
  const auto* rows = std::get_if<int64_t>(&largest.rows.at(0).at(0));
  if (rows == nullptr) return false;
  constexpr double kSortCostPerRow = 8;
  const auto threshold =
      static_cast<int64_t>(std::ceil(std::sqrt(static_cast<double>(std::max<int64_t>(wanted, 1)) *
                                               static_cast<double>(*rows) / kSortCostPerRow)));
  if (passing < 0) {
    SqlParams capped = condition.params;
    capped.emplace_back(threshold);
    CAIRN_ASSIGN_OR_RETURN(storage::QueryResult count,
                           connection.Query("SELECT count(*) FROM (SELECT 1 FROM " + table +
                                                " t WHERE (" + condition.sql + ") LIMIT ?)",
                                            capped));
    passing = std::get<int64_t>(count.rows.at(0).at(0));
  }
  return passing > 0 && passing >= threshold;
}

}  // namespace

const SearchIndex& TrailSearchIndex() {
  static const SearchIndex kIndex{"trails",
                                  "trails_search",
                                  "trails_search_terms",
                                  "trails_search_pending",
                                  "trails_search_source",
                                  "trail",
                                  {{"name", 0, true},
                                   {"description", 2, false},
                                   {"location", 1, true},
                                   {"tags", 1, true},
                                   {"author", 1, false},
                                   {"category", 1, false}},
                                  {{"name_parts", 0}, {"other_parts", 1}}};
  return kIndex;
}

const SearchIndex& ListSearchIndex() {
  static const SearchIndex kIndex{
      "lists",
      "lists_search",
      "lists_search_terms",
      "lists_search_pending",
      "lists_search_source",
      "list",
      {{"name", 0, true}, {"description", 2, false}, {"author", 1, false}},
      {{"name_parts", 0}}};
  return kIndex;
}

util::Result<SearchMatchesSql> SelectSearchMatches(storage::Connection& connection,
                                                   const SearchIndex& index, std::string_view q) {
  const std::vector<SearchWord> words = SplitSearchQuery(q);
  if (words.empty()) return SearchMatchesSql{{"", {}}, true};

  std::vector<std::string_view> field_columns, inner_columns, parts_columns;
  std::string tiers, parts_tiers, inner_parts;
  for (const SearchField& field : index.fields) {
    field_columns.push_back(field.column);
    if (field.inner_parts) inner_columns.push_back(field.column);
    tiers += static_cast<char>('0' + field.tier);
    inner_parts += field.inner_parts ? '1' : '0';
  }
  for (const SearchPartsColumn& column : index.parts) {
    parts_columns.push_back(column.column);
    parts_tiers += static_cast<char>('0' + column.tier);
  }
  std::string marker;
  util::AppendUtf8(util::kSearchPartMarker, marker);

  // Per word: its phrases in the field columns (the word, its typos) OR inside a word of the
  // fields with parts; all words ANDed. `phrases` names each phrase's word and kind, in the order
  // FTS5 numbers them (as they appear).
  std::vector<std::string> groups;
  std::string phrases;
  for (size_t w = 0; w < words.size(); ++w) {
    const SearchWord& word = words[w];
    const char digit = static_cast<char>('0' + w);
    std::string in_fields = Phrase(word.text) + (word.prefix ? " *" : "");
    phrases += {digit, 'w'};
    if (word.characters >= util::kMinTypoCharacters) {
      CAIRN_ASSIGN_OR_RETURN(std::vector<std::string> variants,
                             TypoVariants(connection, index, word));
      for (const std::string& variant : variants) {
        in_fields += " OR " + Phrase(variant);
        phrases += {digit, 't'};
      }
    }
    std::string group = ColumnFilter(field_columns) + " : (" + in_fields + ")";
    if (word.characters >= util::kMinInfixCharacters && !parts_columns.empty()) {
      // Inside a word: at its beginning (the word columns of fields with parts) or later (a part).
      group += " OR " + ColumnFilter(inner_columns) + " : " + Phrase(word.text) + " * OR " +
               ColumnFilter(parts_columns) + " : " + Phrase(marker + word.text) + " *";
      phrases += {digit, 'i', digit, 'i'};
    }
    groups.push_back("(" + group + ")");
  }

  const std::string fts(index.words_table);
  const std::string pending(index.pending_table);
  std::string fields;
  for (std::string_view column : field_columns) fields += ", " + std::string(column);
  SqlFragment select;
  // Rows waiting in `pending` override theirs in the FTS5 table (changed or gone since); records
  // created since the last move are read from their own rows. There are at most 63 of each (the
  // 64th moves them all). The LIMITs tell the planner so: it else counts on a million rows where
  // ANALYZE found the pending table empty, and builds a Bloom filter over every record to join
  // the matches to them, a scan of the whole table on every search.
  const std::string record(index.record_column);
  const std::string batch = std::to_string(kSearchMoveBatch);
  select.sql = "SELECT rowid AS record, coalesce(cairn_search_rank(" + fts + ", ?, ?), " +
               std::to_string(kWorstSearchRank) + ") AS rank FROM " + fts + " WHERE " + fts +
               " MATCH ? AND rowid NOT IN (SELECT record FROM " + pending +
               ") UNION ALL SELECT record, rank FROM (SELECT record, "
               "cairn_search_fields_rank(?, ?, ?" +
               fields + ") AS rank FROM (SELECT * FROM (SELECT record" + fields + " FROM " +
               pending + " WHERE gone = 0 LIMIT " + batch + ") UNION ALL SELECT * FROM (SELECT " +
               record + fields + " FROM " + std::string(index.source_view) + " WHERE " + record +
               " > (SELECT indexed_up_to FROM search_index_state WHERE collection = ?) LIMIT " +
               batch + "))) WHERE rank IS NOT NULL";
  select.params = {phrases, tiers + parts_tiers, Join(groups, " AND "),   std::string(q),
                   tiers,   inner_parts,         std::string(index.table)};
  return SearchMatchesSql{std::move(select), false};
}

util::Result<storage::SqlFragment> MatchingRecords(storage::Connection& connection,
                                                   const SearchIndex& index, std::string_view alias,
                                                   std::string_view q) {
  CAIRN_ASSIGN_OR_RETURN(SearchMatchesSql matched, SelectSearchMatches(connection, index, q));
  if (matched.everything) return SqlFragment{"1", {}};
  return SqlFragment{
      std::string(alias) + ".rowid IN (SELECT record FROM (" + matched.select.sql + "))",
      std::move(matched.select.params)};
}

util::Result<SearchMatches> FindSearchMatches(storage::Connection& connection,
                                              const SearchIndex& index,
                                              const SearchRequest& request) {
  CAIRN_ASSIGN_OR_RETURN(SearchMatchesSql matched,
                         SelectSearchMatches(connection, index, request.q));
  const std::string table(index.table);
  const int64_t limit = std::max<int64_t>(request.limit, 0);
  const int64_t offset = std::max<int64_t>(request.offset, 0);
  SearchMatches result;
  std::string from = "FROM " + table + " t";
  SqlParams params;
  std::string where = "(" + request.condition.sql + ")";
  if (matched.everything) {
    if (request.count_total) {
      // Remembered until the next write, as a list's total (records/record_engine.cpp).
      CAIRN_ASSIGN_OR_RETURN(
          storage::QueryResult count,
          connection.QueryUntilChange("SELECT count(*) " + from + " WHERE " + where,
                                      request.condition.params));
      result.total = std::get<int64_t>(count.rows.at(0).at(0));
    }
    CAIRN_ASSIGN_OR_RETURN(bool dense, MostRowsPass(connection, table, request.condition,
                                                    limit + offset, result.total));
    if (dense) where = "+" + where;
  } else {
    from += " JOIN (" + matched.select.sql + ") m ON m.record = t.rowid";
    params = std::move(matched.select.params);
  }
  from += " WHERE " + where;
  params.insert(params.end(), request.condition.params.begin(), request.condition.params.end());

  std::string order = matched.everything ? "" : "m.rank, ";
  if (!request.order_by.sql.empty()) order += request.order_by.sql + ", ";
  if (matched.everything && !request.order_by.sql.empty()) {
    // No words: the tie-break runs in the direction of the last key, as a list's does
    // (records/record_engine.cpp), so that key's index (which ends in the rowid) delivers the
    // page in order instead of every visible row being sorted.
    order += request.order_by.sql.ends_with(" DESC") ? "t.rowid DESC" : "t.rowid";
  } else {
    order += "t.created DESC, t.rowid DESC";
  }
  SqlParams page_params = params;
  page_params.insert(page_params.end(), request.order_by.params.begin(),
                     request.order_by.params.end());
  page_params.emplace_back(limit);
  page_params.emplace_back(offset);
  // Every match is ranked and sorted for the page anyway, so counting them on the way costs
  // nothing more.
  const bool count_in_page = request.count_total && !matched.everything;
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      connection.Query("SELECT t.id, " + std::string(matched.everything ? "0" : "m.rank") +
                           (count_in_page ? ", count(*) OVER () " : " ") + from + " ORDER BY " +
                           order + " LIMIT ? OFFSET ?",
                       page_params));
  result.matches.reserve(rows.rows.size());
  for (const auto& row : rows.rows) {
    const auto* id = std::get_if<std::string>(&row[0]);
    const auto* row_rank = std::get_if<int64_t>(&row[1]);
    result.matches.push_back(
        {id ? *id : std::string(), row_rank ? static_cast<int>(*row_rank) : 0});
  }
  if (count_in_page && !rows.rows.empty()) {
    result.total = std::get<int64_t>(rows.rows[0][2]);
  } else if (count_in_page && offset == 0 && limit > 0) {
    result.total = 0;  // not one match
  } else if (count_in_page) {
    CAIRN_ASSIGN_OR_RETURN(storage::QueryResult count,
                           connection.Query("SELECT count(*) " + from, params));
    result.total = std::get<int64_t>(count.rows.at(0).at(0));
  }
  return result;
}

}  // namespace cairn::services::search
