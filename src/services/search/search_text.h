// The words of a search query, how a word of text matches one, and the text with its matches
// marked (Meilisearch's `_formatted`). The index (search_index.h) matches by the same rules.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::services::search {

// Meilisearch reads only the first ten words of a query; so do we.
inline constexpr size_t kMaxSearchWords = 10;
// Longer words are cut to this many characters (nobody types more; it bounds the work per word).
inline constexpr size_t kMaxSearchWordCharacters = 64;
// Words of this many characters or more also find words one typo away (Meilisearch's default
// `minWordSizeForTypos.oneTypo`).
inline constexpr size_t kMinTypoCharacters = 5;
// Words of this many characters or more also find words they are an inner part of ("spitze" in
// Zugspitze): the trigram index can look up nothing shorter.
inline constexpr size_t kMinInfixCharacters = 3;

// One word of a query.
struct SearchWord {
  std::string text;       // folded (util::FoldForSearch): letters and digits only, never empty
  size_t characters = 0;  // the length of `text` in characters
  // The query's last word while it is being typed (no space after it): it also matches the
  // words it begins.
  bool prefix = false;
};

// The words of `q`: folded, split at anything but letters and digits (spaces, punctuation,
// symbols, emoji, invalid UTF-8), the first kMaxSearchWords only, each cut to
// kMaxSearchWordCharacters. No words (an empty or blank `q`) means "match everything". Any bytes
// are accepted. Pure.
std::vector<SearchWord> SplitSearchQuery(std::string_view q);

// Whether the folded words `a` and `b` are at most one typo apart: one character inserted,
// deleted, replaced, or two neighbours swapped (optimal string alignment distance <= 1,
// counted in characters). Equal words are. Pure.
bool WithinOneTypo(std::string_view a, std::string_view b);

// `text` with the parts that match `words` between `pre_tag` and `post_tag` (Meilisearch's
// `_formatted`, whose default tags are <em> and </em>): a whole word for an equal or one-typo
// match, the beginning for a prefix, the inner part for an infix. Neighbouring or overlapping
// parts share one pair of tags. Like Meilisearch, the text is not escaped: a client showing it as
// HTML must escape the pieces between the tags itself (or ask for tags that cannot occur in text).
// Invalid UTF-8 passes through. Pure.
std::string HighlightSearchMatches(std::string_view text, const std::vector<SearchWord>& words,
                                   std::string_view pre_tag = "<em>",
                                   std::string_view post_tag = "</em>");

}  // namespace cairn::services::search
