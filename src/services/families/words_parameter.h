// A list's `q` parameter: the records whose words match, by the search index's rules (accents,
// typed beginnings, inner parts, typos; services/search/search_index.h), in the list's own order.
// The trails page's text filter, where a `~` filter would read every visible row.
#pragma once

#include "services/core/family.h"
#include "services/search/search_index.h"

namespace cairn::services {

// `q` over `index` (its records are the family's rows).
ListParameter WordsParameter(const search::SearchIndex& index);

}  // namespace cairn::services
