// Search over trails and lists with the request and response shapes of the reference system's
// search server (Meilisearch; wanderer-behaviour.md §3.15 and §8): `POST /search/{index}` and
// `POST /search/multi`. What a caller may see is decided here from the caller alone, with the
// same list rules as `GET /trail` and `GET /list`: hits, totals and highlights never reveal a
// record the caller may not see, whatever the request's filter says.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "services/core/record_service.h"
#include "services/search/search_collections.h"
#include "services/search/search_request.h"
#include "storage/database.h"

namespace cairn::services::search {

class SearchService {
 public:
  SearchService(storage::Database& database, RecordService& records);

  // One query of index `index_uid` ("trails" or "lists"): Meilisearch's answer, `{hits, query,
  // processingTimeMs, limit, offset, estimatedTotalHits}`, or with `page`/`hitsPerPage`
  // `{hits, query, processingTimeMs, page, hitsPerPage, totalPages, totalHits}`. Totals are
  // exact. NotFound (code `index_not_found`) for another index; InvalidArgument for a bad
  // request (search_request.h), filter (search_filter.h) or sort.
  util::Result<nlohmann::json> Search(const Caller& caller, std::string_view index_uid,
                                      const nlohmann::json& body);

  // `{queries: [{indexUid, ...query}]}` answered as `{results: [{indexUid, ...answer}]}`, every
  // query over the same snapshot. The first failing query fails the whole request, its message
  // naming it ("queries[1]: ..."), as Meilisearch does.
  util::Result<nlohmann::json> MultiSearch(const Caller& caller, const nlohmann::json& body);

 private:
  util::Result<nlohmann::json> Run(storage::Connection& connection, const Caller& caller,
                                   const SearchableCollection& collection,
                                   const SearchQuery& query);

  storage::Database& database_;
  RecordService& records_;
};

}  // namespace cairn::services::search
