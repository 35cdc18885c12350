#include "services/search/search_request.h"

#include <algorithm>
#include <tuple>

namespace cairn::services::search {
namespace {

using nlohmann::json;

util::Result<int64_t> NonNegativeInteger(const json& value, const std::string& name,
                                         const std::string& code) {
  if (!value.is_number_integer() || value.get<int64_t>() < 0) {
    return InvalidSearchRequest("`" + name + "` must be a non-negative integer.", code);
  }
  return value.get<int64_t>();
}

util::Result<std::vector<std::string>> Strings(const json& value, const std::string& name,
                                               const std::string& code) {
  std::vector<std::string> out;
  if (value.is_null()) return out;
  if (!value.is_array()) {
    return InvalidSearchRequest("`" + name + "` must be an array of strings.", code);
  }
  for (const json& item : value) {
    if (!item.is_string()) {
      return InvalidSearchRequest("`" + name + "` must be an array of strings.", code);
    }
    out.push_back(item.get<std::string>());
  }
  return out;
}

util::Result<SearchSortKey> SortKey(const std::string& text) {
  const size_t colon = text.rfind(':');
  const std::string direction = colon == std::string::npos ? "" : text.substr(colon + 1);
  if (colon == 0 || (direction != "asc" && direction != "desc")) {
    return InvalidSearchRequest(
        "Invalid sort `" + text + "`: write each sort as `attribute:asc` or `attribute:desc`.",
        "invalid_search_sort");
  }
  return SearchSortKey{text.substr(0, colon), direction == "desc"};
}

}  // namespace

util::Error InvalidSearchRequest(std::string message, const std::string& code) {
  util::Error error = util::Error::InvalidArgument(std::move(message));
  error.facts = {{"code", code},
                 {"type", "invalid_request"},
                 {"link", "https://docs.meilisearch.com/errors#" + code}};
  return error;
}

util::Result<SearchQuery> ParseSearchQuery(const json& body) {
  if (!body.is_object()) {
    return InvalidSearchRequest("A search request is a JSON object.", "bad_request");
  }
  json request = body;
  if (auto options = body.find("options"); options != body.end() && options->is_object()) {
    for (const auto& [key, value] : options->items()) {
      if (!request.contains(key)) request[key] = value;
    }
  }
  SearchQuery query;
  if (auto q = request.find("q"); q != request.end() && !q->is_null()) {
    if (!q->is_string()) return InvalidSearchRequest("`q` must be a string.", "invalid_search_q");
    query.q = q->get<std::string>();
  }
  if (auto filter = request.find("filter"); filter != request.end()) query.filter = *filter;
  if (auto sort = request.find("sort"); sort != request.end() && !sort->is_null()) {
    // One sort as a plain string is read as a list of one.
    const json keys = sort->is_string() ? json::array({*sort}) : *sort;
    CAIRN_ASSIGN_OR_RETURN(std::vector<std::string> texts,
                           Strings(keys, "sort", "invalid_search_sort"));
    for (const std::string& text : texts) {
      CAIRN_ASSIGN_OR_RETURN(SearchSortKey key, SortKey(text));
      query.sort.push_back(std::move(key));
    }
  }
  for (const auto& [name, code, target] :
       {std::tuple{"limit", "invalid_search_limit", &query.limit},
        std::tuple{"offset", "invalid_search_offset", &query.offset}}) {
    if (auto value = request.find(name); value != request.end() && !value->is_null()) {
      CAIRN_ASSIGN_OR_RETURN(*target, NonNegativeInteger(*value, name, code));
    }
  }
  if (auto page = request.find("page"); page != request.end() && !page->is_null()) {
    CAIRN_ASSIGN_OR_RETURN(query.page, NonNegativeInteger(*page, "page", "invalid_search_page"));
  }
  if (auto hits = request.find("hitsPerPage"); hits != request.end() && !hits->is_null()) {
    CAIRN_ASSIGN_OR_RETURN(query.hits_per_page, NonNegativeInteger(*hits, "hitsPerPage",
                                                                   "invalid_search_hits_per_page"));
  }
  query.limit = std::min(query.limit, kMaxSearchLimit);
  if (query.hits_per_page) query.hits_per_page = std::min(*query.hits_per_page, kMaxSearchLimit);
  if (auto value = request.find("attributesToRetrieve"); value != request.end()) {
    CAIRN_ASSIGN_OR_RETURN(
        query.attributes_to_retrieve,
        Strings(*value, "attributesToRetrieve", "invalid_search_attributes_to_retrieve"));
    if (std::find(query.attributes_to_retrieve.begin(), query.attributes_to_retrieve.end(), "*") !=
        query.attributes_to_retrieve.end()) {
      query.attributes_to_retrieve.clear();
    }
  }
  if (auto value = request.find("attributesToHighlight"); value != request.end()) {
    CAIRN_ASSIGN_OR_RETURN(
        query.attributes_to_highlight,
        Strings(*value, "attributesToHighlight", "invalid_search_attributes_to_highlight"));
  }
  for (const auto& [name, code, target] :
       {std::tuple{"highlightPreTag", "invalid_search_highlight_pre_tag", &query.highlight_pre_tag},
        std::tuple{"highlightPostTag", "invalid_search_highlight_post_tag",
                   &query.highlight_post_tag}}) {
    if (auto value = request.find(name); value != request.end() && !value->is_null()) {
      if (!value->is_string()) {
        return InvalidSearchRequest("`" + std::string(name) + "` must be a string.", code);
      }
      *target = value->get<std::string>();
    }
  }
  return query;
}

}  // namespace cairn::services::search
