// The text of a hit with the parts matching the query marked (Meilisearch's `_formatted`), by the
// rules the index matches with (util/search_words.h).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "util/search_words.h"

namespace cairn::services::search {

// The words of a query and how they match: util/search_words.h.
using util::kMaxSearchWordCharacters;
using util::kMaxSearchWords;
using util::kMinInfixCharacters;
using util::kMinTypoCharacters;
using util::SearchWord;
using util::SplitSearchQuery;

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
