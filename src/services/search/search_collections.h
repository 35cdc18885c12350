// What each search index offers (`trails` and `lists`, wanderer-behaviour.md §8.1): the
// attributes of its documents, which of them a filter or a sort may name and the SQL they read,
// and how a page of hits becomes documents. The search service (search_service.h) reads these;
// none of it depends on the request.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "services/core/caller.h"
#include "services/search/search_filter.h"
#include "services/search/search_index.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services::search {

struct SearchableCollection {
  std::string index_uid;   // "trails", as the client names the index
  std::string collection;  // the record family behind it ("trails")
  const SearchIndex* index = nullptr;
  // The attributes `attributesToHighlight: ["*"]` marks (the text the query is matched against).
  std::vector<std::string> searchable;
  // The attributes a filter may name, with the SQL (alias `t`) they read; the caller's id is
  // bound where one needs it (a trail's `completed`).
  std::function<std::vector<FilterAttribute>(const Caller&)> filterable;
  // The attributes a sort may name: {attribute, SQL on alias `t`}.
  std::vector<std::pair<std::string, std::string>> sortable;
  // What the caller's own settings leave out (the categories a user hides, for trails); unset:
  // nothing.
  std::function<util::Result<storage::SqlFragment>(storage::Connection&, const Caller&)>
      caller_condition;
  // `_geoRadius` and `_geoBoundingBox`; empty functions where `_geo` is not filterable.
  GeoCompiler geo;
  // The documents of the records `ids`, in that order (an id no longer there is left out). For
  // lists, `visible_trails` (a condition on trails aliased `t`) limits the counts and sums over
  // their trails to those the caller may see.
  std::function<util::Result<std::vector<nlohmann::json>>(
      storage::Connection&, const Caller&, const storage::SqlFragment& visible_trails,
      const std::vector<std::string>& ids)>
      documents;
};

const SearchableCollection& TrailSearchCollection();
const SearchableCollection& ListSearchCollection();

}  // namespace cairn::services::search
