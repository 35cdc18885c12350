// The feed: one indexed walk of the reader's entries, each tested against its item's view rule
// in the same statement, so pages and totals count only what the reader may see.
#include "services/feed/feed_service.h"

#include <map>

#include "services/families/names.h"

namespace cairn::services {
namespace {

// The kinds of item in the feed: the entry's `type`, the family, the alias of its row in the
// visibility test, and what an item is expanded with.
struct FeedKind {
  const char* type;
  const char* collection;
  const char* alias;
  const char* expand;
};
constexpr FeedKind kKinds[] = {
    {"trail", kTrails, "ft", "author,category"},
    {"list", kLists, "fl", "author"},
    {"summit_log", kSummitLogs, "fs", "author"},
};

std::string Text(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

}  // namespace

util::Result<ListPage> FeedService::Feed(const Caller& caller, int page, int per_page) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized();
  Caller reader = caller;  // a link token opens one trail for one request, not a feed
  reader.share_token.clear();
  const AccessPolicy policy = records_.PolicyFor(reader);
  // f.viewer = ? AND CASE f.type WHEN 'trail' THEN EXISTS (its row, visible) ... END
  storage::SqlFragment where{"f.viewer = ? AND CASE f.type", {reader.user_id}};
  for (const FeedKind& kind : kKinds) {
    CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec, records_.SpecOf(kind.collection));
    const storage::SqlFragment view = policy.ViewCondition(*spec, kind.alias);
    const std::string a = kind.alias;
    where.sql += std::string(" WHEN '") + kind.type + "' THEN EXISTS (SELECT 1 FROM " + spec->name +
                 " " + a + " WHERE " + a + ".id = f.item AND " + view.sql + ")";
    where.params.insert(where.params.end(), view.params.begin(), view.params.end());
  }
  where.sql += " ELSE 0 END";

  struct Entry {
    std::string type, item, author, created;
  };
  struct Found {
    int64_t total = 0;
    std::vector<Entry> entries;
  };
  const int64_t offset = static_cast<int64_t>(page - 1) * per_page;
  CAIRN_ASSIGN_OR_RETURN(
      Found found, database_.Read<Found>([&](storage::Connection& c) -> util::Result<Found> {
        Found out;
        CAIRN_ASSIGN_OR_RETURN(
            storage::QueryResult count,
            c.Query("SELECT count(*) FROM feed_entries f WHERE " + where.sql, where.params));
        out.total = std::get<int64_t>(count.rows.at(0).at(0));
        storage::SqlParams params;
        params.reserve(where.params.size() + 2);
        params.insert(params.end(), where.params.begin(), where.params.end());
        params.emplace_back(std::in_place_type<int64_t>, per_page);
        params.emplace_back(std::in_place_type<int64_t>, offset);
        CAIRN_ASSIGN_OR_RETURN(
            storage::QueryResult rows,
            c.Query("SELECT f.type, f.item, f.author, f.created FROM feed_entries f WHERE " +
                        where.sql + " ORDER BY f.created DESC, f.item DESC LIMIT ? OFFSET ?",
                    params));
        for (const auto& row : rows.rows) {
          out.entries.push_back({Text(row[0]), Text(row[1]), Text(row[2]), Text(row[3])});
        }
        return out;
      }));

  // The items themselves, with their expands, one list per kind through the record service.
  std::map<std::string, Json> records;  // by id
  for (const FeedKind& kind : kKinds) {
    std::vector<std::string> ids;
    for (const Entry& entry : found.entries) {
      if (entry.type == kind.type) ids.push_back(entry.item);
    }
    if (ids.empty()) continue;
    ListParams params;
    params.per_page = static_cast<int>(ids.size());
    params.expand = kind.expand;
    params.rows = Rows::kViewable;
    params.skip_total = true;
    CAIRN_ASSIGN_OR_RETURN(
        ListPage items, records_.List(reader, kind.collection, params, storage::IdIn("t.id", ids)));
    for (Json& item : items.items) {
      const std::string id = item.value("id", "");
      records[id] = std::move(item);
    }
  }

  ListPage out;
  out.page = page;
  out.per_page = per_page;
  out.total_items = found.total;
  out.total_pages = (found.total + per_page - 1) / per_page;
  for (Entry& entry : found.entries) {
    auto it = records.find(entry.item);
    if (it == records.end()) continue;  // deleted or hidden between the two reads
    out.items.push_back({{"id", entry.item},
                         {"type", entry.type},
                         {"item", entry.item},
                         {"author", entry.author},
                         {"created", entry.created},
                         {"expand", {{"item", std::move(it->second)}}}});
  }
  return out;
}

}  // namespace cairn::services
