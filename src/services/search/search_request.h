// A search request as Meilisearch's search API takes it (`POST /indexes/{index}/search`, and each
// query of `/multi-search`), read from JSON and checked. The reference client's own shape,
// `{q, options: {...}}`, is read too: the members of `options` join the top level.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "util/result.h"

namespace cairn::services::search {

// Meilisearch's defaults and bounds: 20 hits a page, and never more than 1000 in one answer.
inline constexpr int64_t kDefaultSearchLimit = 20;
inline constexpr int64_t kMaxSearchLimit = 1000;
// At most this many queries in one multi-search.
inline constexpr size_t kMaxMultiSearchQueries = 20;

struct SearchSortKey {
  std::string attribute;
  bool descending = false;
};

struct SearchQuery {
  std::string q;
  nlohmann::json filter;  // null, a string or an array (search_filter.h)
  std::vector<SearchSortKey> sort;
  // Page mode (`page` or `hitsPerPage` given): exact totals, pages from 1.
  std::optional<int64_t> page;
  std::optional<int64_t> hits_per_page;
  int64_t limit = kDefaultSearchLimit;  // offset mode, clamped to 0..kMaxSearchLimit
  int64_t offset = 0;
  // Empty: every attribute ("*").
  std::vector<std::string> attributes_to_retrieve;
  std::vector<std::string> attributes_to_highlight;  // "*": every searchable attribute
  std::string highlight_pre_tag = "<em>";
  std::string highlight_post_tag = "</em>";

  bool PageMode() const { return page.has_value() || hits_per_page.has_value(); }
};

// Reads one query. Members other than those above (Meilisearch's facets, matching strategy, ...)
// are ignored. InvalidArgument, with facts code `invalid_search_<member>` (Meilisearch's error
// codes), for a member of the wrong type or out of range: `q` not a string, `limit`, `offset`,
// `page` or `hitsPerPage` not a non-negative integer, a `sort` item not "attribute:asc|desc",
// attribute lists not arrays of strings, tags not strings. Pure.
util::Result<SearchQuery> ParseSearchQuery(const nlohmann::json& body);

// The error for a request that Meilisearch would refuse with `code` ("invalid_search_sort").
util::Error InvalidSearchRequest(std::string message, const std::string& code);

}  // namespace cairn::services::search
