// A profile's feed: the author's trails, lists and summit logs the caller may see, newest first,
// read from the items' own tables along their author indexes (not from feed_entries, which hold
// only what each reader follows).
#include <array>

#include "services/families/names.h"
#include "services/people/profile_service.h"

namespace cairn::services::people {
namespace {

using nlohmann::json;

struct FeedSource {
  const char* type;
  const char* collection;
  const char* expand;
};

constexpr std::array<FeedSource, 3> kFeedSources = {{
    {"trail", kTrails, "author,category"},
    {"list", kLists, "author"},
    {"summit_log", kSummitLogs, "author,trail"},
}};

std::string TextOf(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

}  // namespace

util::Result<json> ProfileService::ListFeed(const Caller& caller, std::string_view handle, int page,
                                            int per_page) {
  // One UNION ALL of the three tables, each restricted to the author and to the caller's view.
  struct Page {
    int64_t total = 0;
    std::vector<std::array<std::string, 3>> entries;  // type, id, created
    std::string author;
  };
  CAIRN_ASSIGN_OR_RETURN(
      Page found, database_.Read<Page>([&](storage::Connection& c) -> util::Result<Page> {
        CAIRN_ASSIGN_OR_RETURN(ProfileOwner owner, FindProfileOwner(c, caller, handle));
        CAIRN_RETURN_IF_ERROR(CheckFullView(owner));
        const AccessPolicy policy = records_.PolicyFor(caller);
        std::string sql;
        storage::SqlParams params;
        for (const FeedSource& source : kFeedSources) {
          CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec,
                                 records_.SpecOf(source.collection));
          const storage::SqlFragment view = policy.ListCondition(*spec, "t");
          if (!sql.empty()) sql += " UNION ALL ";
          sql += "SELECT '" + std::string(source.type) + "' AS type, t.id AS id, t.created AS " +
                 "created FROM " + source.collection + " t WHERE t.author = ? AND (" + view.sql +
                 ")";
          params.push_back(owner.id);
          params.insert(params.end(), view.params.begin(), view.params.end());
        }
        Page result;
        result.author = owner.id;
        CAIRN_ASSIGN_OR_RETURN(storage::QueryResult counted,
                               c.Query("SELECT count(*) FROM (" + sql + ")", params));
        result.total = static_cast<int64_t>(storage::AsNumber(counted.rows.at(0).at(0)));
        params.push_back(int64_t{per_page});
        params.push_back(int64_t{per_page} * (page - 1));
        CAIRN_ASSIGN_OR_RETURN(storage::QueryResult rows,
                               c.Query("SELECT type, id, created FROM (" + sql +
                                           ") ORDER BY created DESC, id DESC LIMIT ? OFFSET ?",
                                       params));
        for (const auto& row : rows.rows) {
          result.entries.push_back({TextOf(row[0]), TextOf(row[1]), TextOf(row[2])});
        }
        return result;
      }));
  json items = json::array();
  for (const auto& [type, id, created] : found.entries) {
    const FeedSource* source = nullptr;
    for (const FeedSource& s : kFeedSources) {
      if (type == s.type) source = &s;
    }
    // Each item as its own route shows it; one deleted or hidden since the page was read is left
    // out rather than shown stale.
    util::Result<json> item = records_.Show(caller, source->collection, id, source->expand);
    if (!item.ok()) {
      if (item.error().kind == util::ErrorKind::kNotFound) continue;
      return std::move(item).error();
    }
    items.push_back({{"id", id},
                     {"type", type},
                     {"item", id},
                     {"author", found.author},
                     {"created", created},
                     {"expand", {{"item", std::move(*item)}}}});
  }
  return ListResult(std::move(items), page, per_page, found.total);
}

}  // namespace cairn::services::people
