#include "services/search/search_service.h"

#include <algorithm>
#include <chrono>
#include <cstdint>

#include "services/families/names.h"
#include "services/search/search_text.h"

namespace cairn::services::search {
namespace {

using nlohmann::json;

util::Result<const SearchableCollection*> CollectionOf(std::string_view index_uid) {
  for (const SearchableCollection* collection :
       {&TrailSearchCollection(), &ListSearchCollection()}) {
    if (collection->index_uid == index_uid) return collection;
  }
  util::Error error = util::Error::NotFound("Index `" + std::string(index_uid) +
                                            "` not found. The indexes are `trails` and `lists`.");
  error.facts = {{"code", "index_not_found"},
                 {"type", "invalid_request"},
                 {"link", "https://docs.meilisearch.com/errors#index_not_found"}};
  return error;
}

util::Result<storage::SqlFragment> OrderBy(const SearchableCollection& collection,
                                           const std::vector<SearchSortKey>& keys) {
  storage::SqlFragment order{"", {}};
  for (const SearchSortKey& key : keys) {
    auto found = std::find_if(collection.sortable.begin(), collection.sortable.end(),
                              [&](const auto& entry) { return entry.first == key.attribute; });
    if (found == collection.sortable.end()) {
      std::string available;
      for (const auto& [name, sql] : collection.sortable) {
        available += (available.empty() ? "`" : ", `") + name + "`";
      }
      return InvalidSearchRequest(
          "Attribute `" + key.attribute +
              "` is not sortable. Available sortable attributes are: " + available + ".",
          "invalid_search_sort");
    }
    if (!order.sql.empty()) order.sql += ", ";
    order.sql += found->second + (key.descending ? " DESC" : " ASC");
  }
  return order;
}

storage::SqlFragment And(storage::SqlFragment a, const storage::SqlFragment& b) {
  a.sql = "(" + a.sql + ") AND (" + b.sql + ")";
  a.params.insert(a.params.end(), b.params.begin(), b.params.end());
  return a;
}

bool Listed(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// The hit as the client asked for it: the attributes it retrieves, and `_formatted` with the
// matches marked in those it highlights.
json Hit(json document, const SearchableCollection& collection, const SearchQuery& query,
         const std::vector<SearchWord>& words) {
  if (!query.attributes_to_retrieve.empty()) {
    json kept = json::object();
    for (const auto& [name, value] : document.items()) {
      if (Listed(query.attributes_to_retrieve, name)) kept[name] = value;
    }
    document = std::move(kept);
  }
  if (query.attributes_to_highlight.empty()) return document;
  const bool everything = Listed(query.attributes_to_highlight, "*");
  json formatted = document;
  for (auto& [name, value] : formatted.items()) {
    const bool highlighted = everything ? Listed(collection.searchable, name)
                                        : Listed(query.attributes_to_highlight, name);
    if (!highlighted) continue;
    auto mark = [&](json& text) {
      if (text.is_string()) {
        text = HighlightSearchMatches(text.get_ref<const std::string&>(), words,
                                      query.highlight_pre_tag, query.highlight_post_tag);
      }
    };
    if (value.is_array()) {
      for (json& item : value) mark(item);
    } else {
      mark(value);
    }
  }
  document["_formatted"] = std::move(formatted);
  return document;
}

}  // namespace

SearchService::SearchService(storage::Database& database, RecordService& records)
    : database_(database), records_(records) {}

util::Result<json> SearchService::Search(const Caller& caller, std::string_view index_uid,
                                         const json& body) {
  CAIRN_ASSIGN_OR_RETURN(const SearchableCollection* collection, CollectionOf(index_uid));
  CAIRN_ASSIGN_OR_RETURN(SearchQuery query, ParseSearchQuery(body));
  return database_.Read<json>(
      [&](storage::Connection& connection) { return Run(connection, caller, *collection, query); });
}

util::Result<json> SearchService::MultiSearch(const Caller& caller, const json& body) {
  const json* queries = body.is_object() && body.contains("queries") ? &body["queries"] : nullptr;
  if (!queries || !queries->is_array()) {
    return InvalidSearchRequest("A multi-search is `{\"queries\": [...]}`.",
                                "invalid_multi_search_queries");
  }
  if (queries->size() > kMaxMultiSearchQueries) {
    return InvalidSearchRequest(
        "At most " + std::to_string(kMaxMultiSearchQueries) + " queries in one multi-search.",
        "invalid_multi_search_queries");
  }
  // Every query is read and checked before any runs.
  std::vector<std::pair<const SearchableCollection*, SearchQuery>> parsed;
  for (size_t i = 0; i < queries->size(); ++i) {
    const json& item = (*queries)[i];
    auto named = [&](util::Error error) {
      error.message = "Inside `.queries[" + std::to_string(i) + "]`: " + error.message;
      return error;
    };
    const json* uid = item.is_object() && item.contains("indexUid") ? &item["indexUid"] : nullptr;
    if (!uid || !uid->is_string()) {
      return named(
          InvalidSearchRequest("Each query names its index in `indexUid`.", "missing_index_uid"));
    }
    auto collection = CollectionOf(uid->get<std::string>());
    if (!collection.ok()) return named(std::move(collection).error());
    auto query = ParseSearchQuery(item);
    if (!query.ok()) return named(std::move(query).error());
    parsed.emplace_back(*collection, std::move(query).value());
  }
  return database_.Read<json>([&](storage::Connection& connection) -> util::Result<json> {
    json results = json::array();
    for (size_t i = 0; i < parsed.size(); ++i) {
      auto answer = Run(connection, caller, *parsed[i].first, parsed[i].second);
      if (!answer.ok()) {
        util::Error error = std::move(answer).error();
        error.message = "Inside `.queries[" + std::to_string(i) + "]`: " + error.message;
        return error;
      }
      json result = json{{"indexUid", parsed[i].first->index_uid}};
      result.update(*answer);
      results.push_back(std::move(result));
    }
    return json{{"results", std::move(results)}};
  });
}

util::Result<json> SearchService::Run(storage::Connection& connection, const Caller& caller,
                                      const SearchableCollection& collection,
                                      const SearchQuery& query) {
  const auto started = std::chrono::steady_clock::now();
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec,
                         records_.SpecOf(collection.collection));
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  const AccessPolicy policy = records_.PolicyFor(caller);
  CAIRN_ASSIGN_OR_RETURN(
      storage::SqlFragment filter,
      CompileSearchFilter(query.filter, collection.filterable(caller), collection.geo));
  CAIRN_ASSIGN_OR_RETURN(storage::SqlFragment order_by, OrderBy(collection, query.sort));

  // Visibility first: whatever the filter says, only rows the caller may list take part.
  SearchRequest request;
  request.q = query.q;
  request.condition = And(policy.ListCondition(*spec, "t"), filter);
  if (collection.caller_condition) {
    CAIRN_ASSIGN_OR_RETURN(storage::SqlFragment own,
                           collection.caller_condition(connection, caller));
    request.condition = And(std::move(request.condition), own);
  }
  request.order_by = std::move(order_by);
  int64_t page = 0, hits_per_page = 0;
  if (query.PageMode()) {
    page = query.page.value_or(1);
    hits_per_page = query.hits_per_page.value_or(kDefaultSearchLimit);
    // Page 0 holds nothing, as in Meilisearch.
    request.limit = page == 0 ? 0 : hits_per_page;
    // A page past any possible hit saturates rather than overflowing.
    request.offset = page == 0 ? 0
                     : hits_per_page > 0 && page - 1 > INT64_MAX / hits_per_page
                         ? INT64_MAX
                         : (page - 1) * hits_per_page;
  } else {
    request.limit = query.limit;
    request.offset = query.offset;
  }
  CAIRN_ASSIGN_OR_RETURN(SearchMatches matches,
                         FindSearchMatches(connection, *collection.index, request));

  std::vector<std::string> ids;
  ids.reserve(matches.matches.size());
  for (const SearchMatch& match : matches.matches) ids.push_back(match.id);
  CAIRN_ASSIGN_OR_RETURN(
      std::vector<json> documents,
      collection.documents(connection, caller, policy.ListCondition(*trails, "t"), ids));
  const std::vector<SearchWord> words = SplitSearchQuery(query.q);
  json hits = json::array();
  for (json& document : documents)
    hits.push_back(Hit(std::move(document), collection, query, words));

  const int64_t total = std::max<int64_t>(matches.total, 0);
  json answer = {{"hits", std::move(hits)}, {"query", query.q}};
  answer["processingTimeMs"] = std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::steady_clock::now() - started)
                                   .count();
  if (query.PageMode()) {
    answer["hitsPerPage"] = hits_per_page;
    answer["page"] = page;
    answer["totalPages"] = hits_per_page == 0 ? 0 : (total + hits_per_page - 1) / hits_per_page;
    answer["totalHits"] = total;
  } else {
    answer["limit"] = query.limit;
    answer["offset"] = query.offset;
    answer["estimatedTotalHits"] = total;
  }
  return answer;
}

}  // namespace cairn::services::search
