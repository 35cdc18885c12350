// The words of search: how a query and an indexed text split into words, the inner parts of words
// the index keeps, how one query word matches one word of text, and the rank those matches give a
// record. The search index (services/search/search_index.h) and its SQL functions
// (storage/sql_functions.h) follow these rules alike, so a record still waiting to enter the
// full-text index is found and ranked exactly as one inside it.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/search_fold.h"

namespace cairn::util {

// Meilisearch reads only the first ten words of a query; so do we.
inline constexpr size_t kMaxSearchWords = 10;
// Longer words are cut to this many characters (nobody types more; it bounds the work per word).
inline constexpr size_t kMaxSearchWordCharacters = 64;
// Words of this many characters or more also find words one typo away (Meilisearch's default
// `minWordSizeForTypos.oneTypo`).
inline constexpr size_t kMinTypoCharacters = 5;
// Words of this many characters or more also find the words they are a part of ("spitze" in
// Zugspitze), in the fields whose inner parts are indexed.
inline constexpr size_t kMinInfixCharacters = 3;

// One word of a query.
struct SearchWord {
  std::string text;       // folded (FoldForSearch): word characters only, never empty
  size_t characters = 0;  // the length of `text` in characters
  // The query's last word while it is being typed (no space after it): it also matches the
  // words it begins.
  bool prefix = false;
};

// The words of `q`: folded, split at anything but word characters (IsSearchWordCharacter: spaces,
// punctuation, symbols, emoji), the first kMaxSearchWords only, each cut to
// kMaxSearchWordCharacters. No words (an empty or blank `q`) means "match everything". Any bytes
// are accepted. Pure.
std::vector<SearchWord> SplitSearchQuery(std::string_view q);

// `text` as the index holds it: folded, its words (as SplitSearchQuery reads them, uncut)
// separated by single spaces and nothing else, so the plainest tokenizer reads the same words.
// Pure.
std::string SearchIndexWords(std::string_view text);

// The inner parts of the words of `words` (SearchIndexWords' output): each ending of
// kMinInfixCharacters or more that starts after a word's first character, behind
// kSearchPartMarker (util/search_fold.h), space-separated. A query word is inside a word exactly
// when it begins the word or one of its parts; the index has the words themselves already, so
// their beginnings need no parts. "zugspitze" gives the marked "ugspitze gspitze spitze pitze
// itze tze". Pure.
std::string SearchWordParts(std::string_view words);

// Whether the folded words `a` and `b` are at most one typo apart: one character inserted,
// deleted, replaced, or two neighbours swapped (optimal string alignment distance <= 1,
// counted in characters). Equal words are. Pure.
bool WithinOneTypo(std::string_view a, std::string_view b);

// Whether `token` is one typo away from the query word `word` as search counts typos: within one
// typo, the first character kept. A typo on the first character counts as two, as Meilisearch
// counts it, so "zugspitse" finds Zugspitze and "xugspitze" does not. Pure.
bool IsOneTypoAway(std::string_view word, std::string_view token);

// How well a query word matched, best first.
enum class SearchMatchKind {
  kWord = 0,   // the word itself, or (typed last) a word it begins
  kInner = 1,  // only inside a longer word
  kTypo = 2,   // only one typo away (IsOneTypoAway)
};

// How `word` matches the folded word of text `token`, in a field whose inner parts are indexed
// (`inner_parts`) or not; nothing when it does not.
std::optional<SearchMatchKind> MatchSearchWord(const SearchWord& word, std::string_view token,
                                               bool inner_parts);

// The rank tiers of fields: 0 the best (a name); a record's field is the best one any word matched.
inline constexpr int kSearchFieldTiers = 3;

// A record's rank from its matches, lower is better: first how exactly every word matched (the
// worst of the words' best SearchMatchKind), then the best field tier any word matched in.
// rank = exactness * kSearchFieldTiers + field, 0 .. kSearchFieldTiers * 3 - 1.
class SearchRanker {
 public:
  explicit SearchRanker(size_t words);

  // Word `word` matched as `kind` in a field of `tier` (0 .. kSearchFieldTiers - 1).
  void Add(size_t word, SearchMatchKind kind, int tier);

  // The rank, or nothing when some word did not match.
  std::optional<int> Rank() const;

 private:
  std::vector<int> best_kind_;  // per word; -1 until it matched
  int best_tier_ = kSearchFieldTiers;
};

// The rank of a record's folded fields (SearchIndexWords' output) for `words`, as the full-text
// index would give it: field i ranks in `tiers[i]` and has its inner parts indexed when
// `inner_parts[i]`. Nothing when some word matches no field. Pure.
std::optional<int> RankSearchFields(const std::vector<SearchWord>& words,
                                    const std::vector<std::string_view>& fields,
                                    const std::vector<int>& tiers,
                                    const std::vector<bool>& inner_parts);

}  // namespace cairn::util
