// The feed, read from the items' own tables: nothing is written ahead per reader, so a new trail
// costs its author nothing however many people follow them, and what the reader may see is
// judged by the families' list rules in the same statement.
#include "services/feed/feed_service.h"

#include <map>

#include "records/record_engine.h"
#include "services/families/names.h"

namespace cairn::services {
namespace {

// The kinds of item in the feed: the entry's `type`, the family (whose table has an index on
// `created`, named <table>_created, and one on `author`), and what an item is expanded with.
struct FeedKind {
  const char* type;
  const char* collection;
  const char* expand;
};
constexpr FeedKind kKinds[] = {
    {"trail", kTrails, "author,category"},
    {"list", kLists, "author"},
    {"summit_log", kSummitLogs, "author,trail"},
};

// The reader and everyone whose follow of theirs is accepted: two parameters, the reader's id.
constexpr char kAuthors[] =
    "SELECT ? UNION SELECT followee FROM follows WHERE follower = ? AND status = 'accepted'";

std::string Text(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

int64_t Count(const storage::QueryResult& result) {
  return static_cast<int64_t>(storage::AsNumber(result.rows.at(0).at(0)));
}

void Append(storage::SqlParams& to, const storage::SqlParams& from) {
  to.insert(to.end(), from.begin(), from.end());
}

// What one kind holds for the reader, and how its newest rows are best found.
struct KindPlan {
  const FeedKind* kind;
  const records::CollectionSpec* spec;
  int64_t visible = 0;  // rows the reader may see
  bool walk = false;    // down the table's `created` index, else along the authors' rows
};

// How the newest `wanted` rows of a kind are found. Walking the `created` index stops after about
// wanted × rows / candidates rows when the authors' rows are spread evenly over time (a reader
// who follows many active people); reading each author's rows and sorting them costs
// `candidates` (a reader who follows a few, or people who post little): the smaller wins.
bool WalkCreated(int64_t wanted, int64_t rows, int64_t candidates) {
  if (candidates == 0) return false;
  return wanted * rows / candidates < candidates;
}

}  // namespace

util::Result<ListPage> FeedService::Feed(const Caller& caller, int page, int per_page) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized();
  Caller reader = caller;  // a link token opens one trail for one request, not a feed
  reader.share_token.clear();
  const AccessPolicy policy = records_.PolicyFor(reader);
  const storage::SqlParams authors_params = {reader.user_id, reader.user_id};
  const int64_t offset = static_cast<int64_t>(page - 1) * per_page;

  struct Entry {
    std::string type, item, author, created;
  };
  struct Found {
    int64_t total = 0;
    std::vector<Entry> entries;
  };
  CAIRN_ASSIGN_OR_RETURN(
      Found found, database_.Read<Found>([&](storage::Connection& c) -> util::Result<Found> {
        Found out;
        std::vector<KindPlan> plans;
        for (const FeedKind& kind : kKinds) {
          CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* spec,
                                 records_.SpecOf(kind.collection));
          KindPlan plan{&kind, spec};
          const std::string table = spec->name;
          // Remembered until the next write, as a list's totals are: pages and reloads of the
          // feed ask for the same counts.
          CAIRN_ASSIGN_OR_RETURN(storage::QueryResult candidates,
                                 c.QueryUntilChange("SELECT count(*) FROM " + table +
                                                        " t WHERE t.author IN (" + kAuthors + ")",
                                                    authors_params));
          const int64_t candidate_count = Count(candidates);
          if (candidate_count == 0) continue;
          // The visible ones, one count per alternative of the list rule (public, own, shared),
          // so "public" and "own" are index-only counts.
          CAIRN_ASSIGN_OR_RETURN(
              plan.visible, records::CountVisibleRows(
                                c, table, policy.ListConditionAlternatives(*spec, "t"),
                                std::string("t.author IN (") + kAuthors + ")", authors_params));
          out.total += plan.visible;
          if (plan.visible == 0) continue;
          CAIRN_ASSIGN_OR_RETURN(storage::QueryResult rows,
                                 c.QueryUntilChange("SELECT count(*) FROM " + table));
          plan.walk = WalkCreated(offset + per_page, Count(rows), candidate_count);
          plans.push_back(plan);
        }
        if (plans.empty() || offset >= out.total) return out;

        // One page of the kinds merged newest first: each arm delivers its rows in that order
        // (the walk down `created`, or the authors' rows sorted), and SQLite merges them and
        // stops at the page's end.
        std::string sql;
        storage::SqlParams params;
        for (const KindPlan& plan : plans) {
          const std::string table = plan.spec->name;
          const storage::SqlFragment view = policy.ListCondition(*plan.spec, "t");
          if (!sql.empty()) sql += " UNION ALL ";
          // `+t.author` keeps SQLite from using the author index where the walk is meant.
          sql += std::string("SELECT '") + plan.kind->type +
                 "' AS type, t.id AS id, t.author AS author, t.created AS created FROM " + table +
                 " t" +
                 (plan.walk ? " INDEXED BY " + table + "_created WHERE +t.author IN ("
                            : " WHERE t.author IN (") +
                 kAuthors + ") AND (" + view.sql + ")";
          Append(params, authors_params);
          Append(params, view.params);
        }
        params.emplace_back(std::in_place_type<int64_t>, per_page);
        params.emplace_back(std::in_place_type<int64_t>, offset);
        CAIRN_ASSIGN_OR_RETURN(storage::QueryResult rows,
                               c.Query("SELECT type, id, author, created FROM (" + sql +
                                           ") ORDER BY created DESC, id DESC LIMIT ? OFFSET ?",
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
