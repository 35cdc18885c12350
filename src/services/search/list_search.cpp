// The `lists` search index: documents shaped as the reference system's (wanderer-behaviour.md
// §8.1) without `shares`; the trail count and the sums cover only the trails the caller may see,
// so a list never tells how many hidden trails it holds.
#include <string>
#include <unordered_map>

#include "services/families/names.h"
#include "services/search/search_collections.h"
#include "services/search/search_documents.h"
#include "storage/sql_value.h"

namespace cairn::services::search {
namespace {

using nlohmann::json;

constexpr const char* kAuthorNameSql = "(SELECT u.username FROM users u WHERE u.id = t.author)";

std::vector<FilterAttribute> ListFilterable(const Caller&) {
  using enum AttributeType;
  return {
      {"author", kText, "t.author", {}},
      {"author_name", kText, kAuthorNameSql, {}},
      {"created", kNumber, "unixepoch(t.created)", {}},
      {"id", kText, "t.id", {}},
      {"public", kBool, "t.public", {}},
  };
}

util::Result<std::vector<json>> ListDocuments(storage::Connection& connection, const Caller&,
                                              const storage::SqlFragment& visible_trails,
                                              const std::vector<std::string>& ids) {
  storage::SqlParams params = visible_trails.params;
  params.emplace_back(json(ids).dump());
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      connection.Query(
          "SELECT l.id, l.author, u.username, u.avatar, l.avatar, l.name, l.description, "
          "l.public, l.created, (SELECT json_array(count(*), total(t.distance), "
          "total(t.elevation_gain), total(t.elevation_loss), total(t.duration)) FROM (SELECT "
          "DISTINCT value FROM json_each(CASE WHEN json_valid(l.trails) THEN l.trails ELSE '[]' "
          "END)) j JOIN trails t ON t.id = j.value WHERE " +
              visible_trails.sql +
              ") FROM lists l LEFT JOIN users u ON u.id = l.author WHERE l.id IN (SELECT value "
              "FROM json_each(?))",
          params));
  std::unordered_map<std::string, json> by_id;
  for (const auto& row : rows.rows) {
    const std::string id = TextOf(row[0]);
    const std::string author = TextOf(row[1]);
    json sums = json::parse(TextOf(row[9]), nullptr, /*allow_exceptions=*/false);
    if (!sums.is_array() || sums.size() != 5) sums = json::array({0, 0, 0, 0, 0});
    json document = {
        {"id", id},
        {"author", author},
        {"author_name", TextOf(row[2])},
        {"author_avatar", AvatarUrl(author, TextOf(row[3]))},
        {"avatar", TextOf(row[4])},
        {"name", TextOf(row[5])},
        {"description", TextOf(row[6])},
        {"public", storage::AsNumber(row[7]) != 0},
        {"created", UnixSeconds(TextOf(row[8]))},
        {"trails", sums[0]},
        {"distance", sums[1]},
        {"elevation_gain", sums[2]},
        {"elevation_loss", sums[3]},
        {"duration", sums[4]},
        {"domain", ""},
        {"iri", ""},
    };
    by_id.emplace(id, std::move(document));
  }
  return InRequestedOrder(ids, std::move(by_id));
}

}  // namespace

const SearchableCollection& ListSearchCollection() {
  static const SearchableCollection kIndex = {
      .index_uid = "lists",
      .collection = std::string(services::kLists),
      .index = &ListSearchIndex(),
      .searchable = {"author_name", "name", "description"},
      .filterable = ListFilterable,
      .sortable = {{"created", "t.created"}, {"name", "t.name"}},
      .geo = {},
      .documents = ListDocuments,
  };
  return kIndex;
}

}  // namespace cairn::services::search
