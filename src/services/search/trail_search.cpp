// The `trails` search index: documents shaped as the reference system's (wanderer-behaviour.md
// §8.1) without its `shares` and `likes` arrays, which would tell every reader of a public trail
// who else may see or liked it.
#include <algorithm>
#include <string>
#include <unordered_map>

#include "services/categories/category_preferences.h"
#include "services/discovery/trail_area.h"
#include "services/families/names.h"
#include "services/search/search_collections.h"
#include "services/search/search_documents.h"
#include "storage/sql_value.h"
#include "util/timestamp.h"

namespace cairn::services::search {
namespace {

using nlohmann::json;

// Difficulty as the reference index stores it: 0 easy, 1 moderate, 2 difficult.
constexpr const char* kDifficultySql =
    "(CASE t.difficulty WHEN 'easy' THEN 0 WHEN 'moderate' THEN 1 WHEN 'hard' THEN 2 END)";
// Record timestamps as Unix seconds (NULL for a trail without a date).
constexpr const char* kDateSql = "unixepoch(NULLIF(t.date, ''))";
constexpr const char* kCreatedSql = "unixepoch(t.created)";
constexpr const char* kCategorySql = "(SELECT c.name FROM categories c WHERE c.id = t.category)";
constexpr const char* kTagNamesSql =
    "(SELECT json_group_array(g.name) FROM json_each(CASE WHEN json_valid(t.tags) THEN t.tags "
    "ELSE '[]' END) j JOIN tags g ON g.id = j.value)";
constexpr const char* kAuthorNameSql = "(SELECT u.username FROM users u WHERE u.id = t.author)";
// The caller has logged the trail (bound: the caller's id; "" for nobody).
// How many people like the trail (trail_likes' triggers keep the column).
constexpr const char* kLikeCountSql = "t.like_count";
constexpr const char* kCompletedSql =
    "EXISTS (SELECT 1 FROM summit_logs s WHERE s.trail = t.id AND s.author = ?)";

std::vector<FilterAttribute> TrailFilterable(const Caller& caller) {
  using enum AttributeType;
  return {
      {"author", kText, "t.author", {}},
      {"author_name", kText, kAuthorNameSql, {}},
      {"category", kText, kCategorySql, {}},
      {"completed", kBool, kCompletedSql, {caller.user_id}},
      {"created", kNumber, kCreatedSql, {}},
      {"date", kNumber, kDateSql, {}},
      {"difficulty", kNumber, kDifficultySql, {}},
      {"distance", kNumber, "t.distance", {}},
      {"duration", kNumber, "t.duration", {}},
      {"elevation_gain", kNumber, "t.elevation_gain", {}},
      {"elevation_loss", kNumber, "t.elevation_loss", {}},
      {"id", kText, "t.id", {}},
      {"like_count", kNumber, kLikeCountSql, {}},
      {"public", kBool, "t.public", {}},
      {"tags", kTextList, kTagNamesSql, {}},
  };
}

double Number(const storage::SqlValue& value) { return storage::AsNumber(value); }

json DifficultyNumber(const std::string& difficulty) {
  if (difficulty == "easy") return 0;
  if (difficulty == "moderate") return 1;
  if (difficulty == "hard") return 2;
  return nullptr;
}

json JsonArrayOr(const std::string& text, json fallback) {
  json parsed = json::parse(text, nullptr, /*allow_exceptions=*/false);
  return parsed.is_array() ? parsed : fallback;
}

util::Result<std::vector<json>> TrailDocuments(storage::Connection& connection,
                                               const Caller& caller, const storage::SqlFragment&,
                                               const std::vector<std::string>& ids) {
  CAIRN_ASSIGN_OR_RETURN(
      storage::QueryResult rows,
      connection.Query(
          std::string("SELECT t.id, t.author, u.username, u.avatar, t.name, t.description, "
                      "t.location, t.distance, t.elevation_gain, t.elevation_loss, t.duration, "
                      "t.difficulty, c.name, t.date, t.created, t.public, t.photos, t.thumbnail, "
                      "t.gpx, ") +
              kTagNamesSql + ", t.polyline, t.lat, t.lon, " + kCompletedSql + ", t.like_count" +
              " FROM trails t LEFT JOIN users u ON u.id = t.author LEFT JOIN categories c ON "
              "c.id = t.category WHERE t.id IN (SELECT value FROM json_each(?))",
          {caller.user_id, json(ids).dump()}));
  std::unordered_map<std::string, json> by_id;
  for (const auto& row : rows.rows) {
    const std::string id = TextOf(row[0]);
    const std::string author = TextOf(row[1]);
    const json photos = JsonArrayOr(TextOf(row[16]), json::array());
    const auto thumbnail = static_cast<size_t>(std::max(0.0, Number(row[17])));
    json document = {
        {"id", id},
        {"author", author},
        {"author_name", TextOf(row[2])},
        {"author_avatar", AvatarUrl(author, TextOf(row[3]))},
        {"name", TextOf(row[4])},
        {"description", TextOf(row[5])},
        {"location", TextOf(row[6])},
        {"distance", Number(row[7])},
        {"elevation_gain", Number(row[8])},
        {"elevation_loss", Number(row[9])},
        {"duration", Number(row[10])},
        {"difficulty", DifficultyNumber(TextOf(row[11]))},
        {"category", TextOf(row[12])},
        {"completed", Number(row[23]) != 0},
        {"date", UnixSeconds(TextOf(row[13]))},
        {"created", UnixSeconds(TextOf(row[14]))},
        {"public", Number(row[15]) != 0},
        {"thumbnail", thumbnail < photos.size() && photos[thumbnail].is_string()
                          ? photos[thumbnail].get<std::string>()
                          : ""},
        {"gpx", TextOf(row[18])},
        {"tags", JsonArrayOr(TextOf(row[19]), json::array())},
        {"polyline", TextOf(row[20])},
        {"domain", ""},
        {"iri", ""},
        {"_geo", {{"lat", Number(row[21])}, {"lng", Number(row[22])}}},
        {"like_count", static_cast<int64_t>(Number(row[24]))},
    };
    by_id.emplace(id, std::move(document));
  }
  return InRequestedOrder(ids, std::move(by_id));
}

// The categories the caller hides in their preferences never show in a trail search.
util::Result<storage::SqlFragment> OutsideHiddenCategories(storage::Connection& connection,
                                                           const Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(std::vector<std::string> hidden,
                         HiddenCategoryIds(connection, caller.user_id));
  if (hidden.empty()) return storage::SqlFragment{"1", {}};
  storage::SqlFragment in = storage::IdIn("t.category", hidden);
  in.sql = "NOT (" + in.sql + ")";
  return in;
}

}  // namespace

const SearchableCollection& TrailSearchCollection() {
  static const SearchableCollection kIndex = {
      .index_uid = "trails",
      .collection = std::string(services::kTrails),
      .index = &TrailSearchIndex(),
      .searchable = {"author_name", "name", "description", "location", "tags", "category"},
      .filterable = TrailFilterable,
      .sortable = {{"created", "t.created"},
                   {"date", "t.date"},
                   {"difficulty", kDifficultySql},
                   {"distance", "t.distance"},
                   {"elevation_gain", "t.elevation_gain"},
                   {"elevation_loss", "t.elevation_loss"},
                   {"name", "t.name"},
                   {"duration", "t.duration"},
                   {"author", "t.author"},
                   {"like_count", kLikeCountSql}},
      .caller_condition = OutsideHiddenCategories,
      .geo = {.radius =
                  [](double lat, double lng, double meters) {
                    return TrailsNearPoint("t", {lat, lng}, meters).find;
                  },
              .box =
                  [](double top_lat, double right_lng, double bottom_lat, double left_lng) {
                    return TrailsCrossingBox("t", {.south = bottom_lat,
                                                   .west = left_lng,
                                                   .north = top_lat,
                                                   .east = right_lng})
                        .find;
                  }},
      .documents = TrailDocuments,
  };
  return kIndex;
}

}  // namespace cairn::services::search
