// Meilisearch filters compiled to SQL: the SQL and parameters of each operator, what they match in
// a real SQLite table, the array form, errors with their columns, limits, and random input.
#include "services/search/search_filter.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <string>
#include <vector>

namespace cairn::services::search {
namespace {

using nlohmann::json;
using storage::SqlFragment;
using storage::SqlValue;

const std::vector<FilterAttribute>& Filterable() {
  static const std::vector<FilterAttribute> attributes = {
      {"distance", AttributeType::kNumber, "t.distance"},
      {"elevation_gain", AttributeType::kNumber, "t.elevation_gain"},
      {"difficulty", AttributeType::kNumber, "t.difficulty"},
      {"date", AttributeType::kNumber, "t.date"},
      {"name", AttributeType::kText, "t.name"},
      {"author", AttributeType::kText, "t.author"},
      {"category", AttributeType::kText, "t.category"},
      {"public", AttributeType::kBool, "t.public"},
      {"completed", AttributeType::kBool, "t.completed"},
      {"tags", AttributeType::kTextList, "t.tags"},
      {"shares", AttributeType::kTextList, "t.shares"},
  };
  return attributes;
}

// Flat-earth geo conditions over t.lat and t.lon: enough to see the arguments arrive in order.
GeoCompiler TestGeo() {
  GeoCompiler geo;
  geo.radius = [](double lat, double lng, double meters) {
    const double degrees = meters / 111320.0;
    return SqlFragment{"(t.lat - ?) * (t.lat - ?) + (t.lon - ?) * (t.lon - ?) <= ?",
                       {lat, lat, lng, lng, degrees * degrees}};
  };
  geo.box = [](double top, double right, double bottom, double left) {
    return SqlFragment{"t.lat BETWEEN ? AND ? AND t.lon BETWEEN ? AND ?",
                       {bottom, top, left, right}};
  };
  return geo;
}

util::Result<SqlFragment> Compile(const json& filter) {
  return CompileSearchFilter(filter, Filterable(), TestGeo());
}

// An in-memory table of five trails to run compiled filters against.
class Trails {
 public:
  Trails() {
    REQUIRE(sqlite3_open(":memory:", &db_) == SQLITE_OK);
    Exec(
        "CREATE TABLE t(id INTEGER PRIMARY KEY, distance REAL, elevation_gain REAL, difficulty "
        "INTEGER, date INTEGER, name TEXT, author TEXT, category TEXT, public INTEGER, completed "
        "INTEGER, tags TEXT, shares TEXT, lat REAL, lon REAL);"
        "INSERT INTO t VALUES (1, 5000, 300, 0, 1600000000, 'Zugspitze', 'abc123', 'Hiking', 1, "
        "1, '[\"a\",\"b\"]', '[\"me\"]', 47.4, 11.0);"
        "INSERT INTO t VALUES (2, 15000, 900, 2, 1500000000, 'zugspitze', 'me', 'Biking', 0, 0, "
        "'[\"c\"]', '[]', 47.0, 11.5);"
        "INSERT INTO t VALUES (3, 25000, NULL, 1, NULL, '', 'xyz', NULL, NULL, 1, NULL, NULL, "
        "48.5, 9.0);"
        "INSERT INTO t VALUES (4, NULL, 0, NULL, 1577836800, NULL, 'abc123', 'Hiking', 1, NULL, "
        "'[]', '[\"other\",\"me\"]', NULL, NULL);"
        "INSERT INTO t VALUES (5, 0, 50, 0, NULL, 'O''Brien \"x\"', 'me', 'Walking', 0, 0, "
        "'[\"a\"]', '[\"other\"]', 47.39, 11.02);");
  }
  ~Trails() { sqlite3_close(db_); }
  Trails(const Trails&) = delete;
  Trails& operator=(const Trails&) = delete;

  // The ids of the rows `where` matches, inside a statement shaped like the search endpoint's
  // (a visibility condition ANDed before it) and nested in `extra_parentheses` more levels.
  // Fails the test when SQLite cannot prepare or run it.
  std::vector<int64_t> Matching(const SqlFragment& where, int extra_parentheses = 0) {
    const std::string sql =
        "SELECT t.id FROM t WHERE (t.id IS NOT NULL OR t.id IN (SELECT 1)) AND " +
        std::string(extra_parentheses, '(') + where.sql + std::string(extra_parentheses, ')') +
        " ORDER BY t.id LIMIT 100";
    sqlite3_stmt* statement = nullptr;
    const int prepared = sqlite3_prepare_v2(db_, sql.c_str(), -1, &statement, nullptr);
    INFO(sql.substr(0, 2000));
    INFO(sqlite3_errmsg(db_));
    REQUIRE(prepared == SQLITE_OK);
    REQUIRE(sqlite3_bind_parameter_count(statement) == static_cast<int>(where.params.size()));
    for (size_t i = 0; i < where.params.size(); ++i) {
      const int index = static_cast<int>(i) + 1;
      const SqlValue& v = where.params[i];
      if (std::holds_alternative<int64_t>(v)) {
        sqlite3_bind_int64(statement, index, std::get<int64_t>(v));
      } else if (std::holds_alternative<double>(v)) {
        sqlite3_bind_double(statement, index, std::get<double>(v));
      } else if (std::holds_alternative<std::string>(v)) {
        const std::string& s = std::get<std::string>(v);
        sqlite3_bind_text(statement, index, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT);
      } else {
        sqlite3_bind_null(statement, index);
      }
    }
    std::vector<int64_t> ids;
    int step = 0;
    while ((step = sqlite3_step(statement)) == SQLITE_ROW) {
      ids.push_back(sqlite3_column_int64(statement, 0));
    }
    sqlite3_finalize(statement);
    REQUIRE(step == SQLITE_DONE);
    return ids;
  }

  std::vector<int64_t> Matching(const json& filter) {
    auto compiled = Compile(filter);
    INFO(filter.dump());
    INFO((compiled.ok() ? "" : compiled.error().message));
    REQUIRE(compiled.ok());
    return Matching(*compiled);
  }

 private:
  void Exec(const char* sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(db_, sql, nullptr, nullptr, &error);
    INFO((error ? error : ""));
    sqlite3_free(error);
    REQUIRE(rc == SQLITE_OK);
  }

  sqlite3* db_ = nullptr;
};

using Ids = std::vector<int64_t>;

bool HasCode(const util::Error& error) {
  for (const auto& [key, value] : error.facts) {
    if (key == "code" && value == kInvalidSearchFilterCode) return true;
  }
  return false;
}

TEST_CASE("every search filter operator compiles to its SQL with bound values", "[search]") {
  struct Case {
    const char* filter;
    std::string sql;
    std::vector<SqlValue> params;
  };
  const std::string each = "EXISTS (SELECT 1 FROM json_each(t.tags) je WHERE je.value";
  const std::vector<Case> cases = {
      {"distance = 5000", "(t.distance = ?)", {int64_t{5000}}},
      {"distance != 5.5", "(t.distance IS NOT ?)", {5.5}},
      {"distance > -1", "(t.distance > ?)", {int64_t{-1}}},
      {"distance >= 0", "(t.distance >= ?)", {int64_t{0}}},
      {"distance < 1e3", "(t.distance < ?)", {1000.0}},
      {"distance <= '20000'", "(t.distance <= ?)", {int64_t{20000}}},
      {"distance 100 TO 200.5", "(t.distance BETWEEN ? AND ?)", {int64_t{100}, 200.5}},
      {"difficulty IN [0,1,2]",
       "(t.difficulty IN (?, ?, ?))",
       {int64_t{0}, int64_t{1}, int64_t{2}}},
      {"difficulty IN [0, 1,]", "(t.difficulty IN (?, ?))", {int64_t{0}, int64_t{1}}},
      {"difficulty NOT IN [2]", "((t.difficulty IN (?)) IS NOT 1)", {int64_t{2}}},
      {"difficulty IN []", "0", {}},
      {"difficulty NOT IN []", "1", {}},
      {"name EXISTS", "(t.name IS NOT NULL)", {}},
      {"name NOT EXISTS", "(t.name IS NULL)", {}},
      {"name IS NULL", "(t.name IS NULL)", {}},
      {"name IS NOT NULL", "(t.name IS NOT NULL)", {}},
      {"name IS EMPTY", "(t.name = '')", {}},
      {"name IS NOT EMPTY", "((t.name = '') IS NOT 1)", {}},
      {"distance IS EMPTY", "0", {}},
      {"public IS NOT EMPTY", "1", {}},
      {"name = 'Zug spitze'", "(t.name = ?)", {std::string("Zug spitze")}},
      {"name = \"Zug spitze\"", "(t.name = ?)", {std::string("Zug spitze")}},
      {"name != abc-1.2_x", "(t.name IS NOT ?)", {std::string("abc-1.2_x")}},
      {"name > 5", "(t.name > ?)", {std::string("5")}},
      {"name a TO m", "(t.name BETWEEN ? AND ?)", {std::string("a"), std::string("m")}},
      {"author = abc123", "(t.author = ?)", {std::string("abc123")}},
      {"'name' = x", "(t.name = ?)", {std::string("x")}},
      {"name = 'it\\'s \\\"so\\\" \\\\ \\n'",
       "(t.name = ?)",
       {std::string("it's \\\"so\\\" \\\\ \\n")}},
      {"name = \"say \\\"hi\\\"\"", "(t.name = ?)", {std::string("say \"hi\"")}},
      {"name = 'and'", "(t.name = ?)", {std::string("and")}},
      {"name = true", "(t.name = ?)", {std::string("true")}},
      {"public = TRUE", "(t.public = ?)", {int64_t{1}}},
      {"public = false", "(t.public = ?)", {int64_t{0}}},
      {"public != 1", "(t.public IS NOT ?)", {int64_t{1}}},
      {"public IN [True, 0]", "(t.public IN (?, ?))", {int64_t{1}, int64_t{0}}},
      {"tags = a", "(" + each + " = ?))", {std::string("a")}},
      {"tags != a", "(NOT " + each + " = ?))", {std::string("a")}},
      {"tags > 5", "(" + each + " > ?))", {std::string("5")}},
      {"tags a TO c", "(" + each + " BETWEEN ? AND ?))", {std::string("a"), std::string("c")}},
      {"tags IN [a, 'b c']", "(" + each + " IN (?, ?)))", {std::string("a"), std::string("b c")}},
      {"tags NOT IN [a]", "(NOT " + each + " IN (?)))", {std::string("a")}},
      {"tags IS EMPTY", "(json_array_length(t.tags) = 0)", {}},
      {"tags IS NOT EMPTY", "((json_array_length(t.tags) = 0) IS NOT 1)", {}},
      {"tags EXISTS", "(t.tags IS NOT NULL)", {}},
      {"NOT distance > 5", "((t.distance > ?) IS NOT 1)", {int64_t{5}}},
      {"distance>5 AND distance<9",
       "((t.distance > ?) AND (t.distance < ?))",
       {int64_t{5}, int64_t{9}}},
      {"((((distance = 1))))", "(t.distance = ?)", {int64_t{1}}},
      {"_geoRadius(47.4, 11, 2000)",
       "((t.lat - ?) * (t.lat - ?) + (t.lon - ?) * (t.lon - ?) <= ?)",
       {47.4, 47.4, 11.0, 11.0, (2000 / 111320.0) * (2000 / 111320.0)}},
      {"_geoBoundingBox([47.6, 11.3], [47.3, 10.8])",
       "(t.lat BETWEEN ? AND ? AND t.lon BETWEEN ? AND ?)",
       {47.3, 47.6, 10.8, 11.3}},
  };
  for (const Case& c : cases) {
    INFO(c.filter);
    auto compiled = Compile(c.filter);
    INFO((compiled.ok() ? "" : compiled.error().message));
    REQUIRE(compiled.ok());
    CHECK(compiled->sql == c.sql);
    CHECK(compiled->params == c.params);
  }
}

TEST_CASE("search filter values never reach the SQL text", "[search]") {
  const std::string hostile = "x') OR 1=1; DROP TABLE t; --";
  for (const json& filter :
       {json("name = '" + std::string("x\\') OR 1=1; DROP TABLE t; --") + "'"),
        json("tags IN [\"" + hostile + "\"]"), json("author = \"" + hostile + "\"")}) {
    INFO(filter.dump());
    auto compiled = Compile(filter);
    REQUIRE(compiled.ok());
    CHECK(compiled->sql.find("DROP") == std::string::npos);
    CHECK(compiled->sql.find("1=1") == std::string::npos);
    REQUIRE(compiled->params.size() == 1);
    CHECK(std::get<std::string>(compiled->params[0]) == hostile);
  }
  // An attribute name only ever selects a declared expression.
  auto unknown = Compile("'t.distance) OR (1' = 1");
  REQUIRE_FALSE(unknown.ok());
  CHECK(unknown.error().message.find("is not filterable") != std::string::npos);
}

TEST_CASE("search filters match the rows Meilisearch would return", "[search]") {
  Trails trails;
  struct Case {
    const char* filter;
    Ids ids;
  };
  const std::vector<Case> cases = {
      {"distance > 10000", {2, 3}},
      {"distance >= 15000", {2, 3}},
      {"distance < 5000", {5}},
      {"distance <= 5000", {1, 5}},
      {"distance = '5000'", {1}},
      {"distance = 5e3", {1}},
      {"distance 5000 TO 15000", {1, 2}},
      {"distance != 5000", {2, 3, 4, 5}},  // NULL is "not 5000" too
      {"NOT distance > 10000", {1, 4, 5}},
      {"distance IS NULL", {4}},
      {"distance EXISTS", {1, 2, 3, 5}},
      {"distance IS EMPTY", {}},
      {"distance IS NOT EMPTY", {1, 2, 3, 4, 5}},
      {"date >= 1577836800", {1, 4}},
      {"difficulty IN [0, 2]", {1, 2, 5}},
      {"difficulty NOT IN [0, 2]", {3, 4}},
      {"difficulty IN []", {}},
      {"difficulty NOT IN []", {1, 2, 3, 4, 5}},
      // Text is compared exactly: case matters.
      {"name = zugspitze", {2}},
      {"name = Zugspitze", {1}},
      {"name != Zugspitze", {2, 3, 4, 5}},
      {"name > 'Z'", {1, 2}},
      {"name = 'O\\'Brien \"x\"'", {5}},
      {"name = \"O'Brien \\\"x\\\"\"", {5}},
      {"name IS EMPTY", {3}},
      {"name IS NOT EMPTY", {1, 2, 4, 5}},
      {"name IS NULL", {4}},
      {"name IS NOT NULL", {1, 2, 3, 5}},
      {"name NOT EXISTS", {4}},
      {"category IN ['Hiking','Biking']", {1, 2, 4}},
      {"category NOT IN ['Hiking','Biking']", {3, 5}},
      {"public = true", {1, 4}},
      {"public = TRUE", {1, 4}},
      {"public = FALSE", {2, 5}},
      {"public = 1", {1, 4}},
      {"public != true", {2, 3, 5}},
      {"tags = a", {1, 5}},
      {"tags != a", {2, 3, 4}},
      {"tags > b", {2}},
      {"tags IN [b, c]", {1, 2}},
      {"tags NOT IN [b, c]", {3, 4, 5}},
      {"tags IS EMPTY", {4}},
      {"tags IS NOT EMPTY", {1, 2, 3, 5}},
      {"tags EXISTS", {1, 2, 4, 5}},
      {"tags IS NULL", {3}},
      {"author = me OR shares = me", {1, 2, 4, 5}},
      {"NOT (distance > 10000 OR public = true)", {5}},
      {"NOT NOT public = true", {1, 4}},
      {"NOT tags = a", {2, 3, 4}},
      {"_geoRadius(47.4, 11.0, 2000)", {1}},
      {"_geoBoundingBox([47.6, 11.3], [47.3, 10.8])", {1, 5}},
      {"NOT _geoBoundingBox([47.6, 11.3], [47.3, 10.8])", {2, 3, 4}},
  };
  for (const Case& c : cases) {
    INFO(c.filter);
    CHECK(trails.Matching(json(c.filter)) == c.ids);
  }
}

TEST_CASE("AND binds tighter than OR in a search filter", "[search]") {
  Trails trails;
  // distance = 5000 OR (distance = 15000 AND public = true): trail 2 is not public.
  CHECK(trails.Matching(json("distance = 5000 OR distance = 15000 AND public = true")) == Ids{1});
  CHECK(trails.Matching(json("distance = 15000 AND public = false OR distance = 5000")) ==
        Ids{1, 2});
  CHECK(trails.Matching(json("(distance = 5000 OR distance = 15000) AND public = false")) ==
        Ids{2});
  auto compiled = Compile("a_b = 1 OR b = 2");
  REQUIRE_FALSE(compiled.ok());  // neither is filterable; the first named is reported
  CHECK(compiled.error().message.find("column 1:") != std::string::npos);
  // The chain that nests more goes first, where SQLite's parser needs the least stack for it.
  auto precedence = Compile("distance = 1 OR distance = 2 AND public = true");
  REQUIRE(precedence.ok());
  CHECK(precedence->sql == "(((t.distance = ?) AND (t.public = ?)) OR (t.distance = ?))");
  CHECK(precedence->params == std::vector<SqlValue>{int64_t{2}, int64_t{1}, int64_t{1}});
}

TEST_CASE("nested parentheses and NOTs in a search filter", "[search]") {
  Trails trails;
  CHECK(trails.Matching(json("((distance > 0 AND (public = true OR (tags = c))))")) == Ids{1, 2});
  CHECK(trails.Matching(json("NOT (NOT (distance > 10000) AND NOT (tags IS EMPTY))")) ==
        Ids{2, 3, 4});
  CHECK(trails.Matching(json("(author = me OR (author = xyz AND (completed = true)))")) ==
        Ids{2, 3, 5});
  // Parentheses that group the same operator leave one flat chain.
  auto flat = Compile("distance = 1 AND (distance = 2 AND (distance = 3))");
  REQUIRE(flat.ok());
  CHECK(flat->sql == "((t.distance = ?) AND (t.distance = ?) AND (t.distance = ?))");
}

TEST_CASE("an array search filter ANDs its items and ORs the strings of an inner array",
          "[search]") {
  Trails trails;
  CHECK(trails.Matching(json::array(
            {"distance > 1000", json::array({"public = true", "tags = c"})})) == Ids{1, 2});
  CHECK(trails.Matching(json::array(
            {json::array({"author = me", "author = xyz"}), "completed = false"})) == Ids{2, 5});
  // Blank strings and empty groups are ignored, as Meilisearch does.
  CHECK(trails.Matching(json::array({"", json::array(), json::array({" ", "tags = a"})})) ==
        Ids{1, 5});
  auto compiled = Compile(json::array({"distance = 1", json::array({"name = a", "name = b"})}));
  REQUIRE(compiled.ok());
  CHECK(compiled->sql == "(((t.name = ?) OR (t.name = ?)) AND (t.distance = ?))");
}

TEST_CASE("null, blank and empty search filters filter nothing", "[search]") {
  for (const json& filter : {json(nullptr), json(""), json("  \n\t"), json::array(),
                             json::array({json::array()}), json::array({"", " "})}) {
    INFO(filter.dump());
    auto compiled = Compile(filter);
    REQUIRE(compiled.ok());
    CHECK(compiled->sql == "1");
    CHECK(compiled->params.empty());
  }
}

TEST_CASE("the reference web client's search filter compiles and runs", "[search]") {
  Trails trails;
  const std::string list_filter =
      "distance >= 0 AND elevation_gain >= 0 AND distance <= 20000 AND difficulty IN [0,1,2] AND "
      "author = abc123 AND ( (public = TRUE OR author = me) OR shares = me ) AND date >= "
      "1577836800 AND category IN ['Hiking','Biking'] AND (tags = 'a' OR tags = 'b') AND "
      "completed = true AND _geoRadius(47.4, 11.0, 2000)";
  auto compiled = Compile(list_filter);
  REQUIRE(compiled.ok());
  CHECK(compiled->params.size() == 21);
  CHECK(trails.Matching(*compiled) == Ids{1});
  // The map view: a bounding box instead of the radius, without the author.
  const std::string map_filter =
      "distance >= 0 AND elevation_gain >= 0 AND ( (public = TRUE OR author = me) OR shares = me "
      ") AND _geoBoundingBox([47.6, 11.3], [47.3, 10.8])";
  CHECK(trails.Matching(json(map_filter)) == Ids{1, 5});
  // Its other shapes: private trails of mine, not shared with me.
  CHECK(trails.Matching(
            json("distance >= 0 AND (public = FALSE AND author = me AND NOT shares = me)")) ==
        Ids{2, 5});
}

TEST_CASE("malformed search filters are errors naming the column of the mistake", "[search]") {
  struct Case {
    std::string filter;
    size_t column;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"(distance > 5", 14, "missing the `)` that closes the `(` at column 1"},
      {"distance >=", 12, "expected a value after `>=`"},
      {"distance >= AND x", 13, "found the keyword `AND`"},
      {"difficulty IN [1,", 18, "missing the `]` that closes the `[` at column 15"},
      {"difficulty IN [1 2]", 18, "expected `,` or `]` in the list, found `2`"},
      {"difficulty IN 1", 15, "expected `[` after `IN`"},
      {"nope = 1", 1,
       "attribute `nope` is not filterable. Available filterable attributes are: `author`, "
       "`category`, `completed`, `date`, `difficulty`, `distance`, `elevation_gain`, `name`, "
       "`public`, `shares`, `tags`."},
      {"distance > 1 AND Distance > 2", 18, "attribute `Distance` is not filterable"},
      {"_geoRadius(100, 0, 5)", 12, "bad latitude `100`"},
      {"_geoRadius(45, -180.5, 5)", 16, "bad longitude `-180.5`"},
      {"_geoRadius(45, 0, 0)", 19, "bad radius `0`"},
      {"_geoRadius(45, 0, -3)", 19, "bad radius `-3`"},
      {"_geoRadius(45, 0)", 17, "expected `,` in `_geoRadius(latitude, longitude, meters)`"},
      {"_geoRadius(45, 0, x)", 19, "expected a number"},
      {"_geoRadius(45, 0, 1e999)", 19, "expected a number"},
      {"_geoBoundingBox([47.3, 11.3], [47.6, 10.8])", 18,
       "the top latitude `47.3` is below the bottom latitude `47.6`"},
      {"_geoBoundingBox([47.6, 11.3] [47.3, 10.8])", 30, "expected `,`"},
      {"_geoPoint(1, 2) = 3", 1, "`_geoPoint` is reserved"},
      {"distance > 5 abc", 14, "expected `AND`, `OR` or the end of the filter, found `abc`"},
      {"distance > 5 )", 14, "this `)` closes no `(`"},
      {"(distance > 5 abc)", 15, "expected `AND`, `OR` or `)`, found `abc`"},
      {"distance >= 5 AND", 18, "expected a condition"},
      {"distance >= 5 OR OR x", 18, "expected a condition, found `OR`"},
      {"AND distance > 1", 1, "expected a condition, found `AND`"},
      {"name = 'abc", 8, "no closing `'`"},
      {"name = \"abc\\\"", 8, "no closing `\"`"},
      {"distance = abc", 12, "`distance` is a number: expected a number, found `abc`"},
      {"distance 1 TO x", 15, "expected a number, found `x`"},
      {"public = yes", 10, "expected `true` or `false`, found `yes`"},
      {"public > 1", 1, "`>` cannot be used on `public`"},
      {"public 0 TO 1", 1, "`TO` cannot be used on `public`"},
      {"distance ! 5", 10, "`!` must be followed by `=`"},
      {"distance == 5", 11, "expected a value after `=`, found `=`"},
      {"distance @ 5", 10, "unexpected character `@`"},
      {"name IS SOMETHING", 9, "expected `NULL`, `EMPTY` or `NOT` after `IS`"},
      {"name IS NOT", 12, "expected `NULL` or `EMPTY` after `IS NOT`"},
      {"name NOT LIKE x", 10, "expected `IN` or `EXISTS` after `NOT`, found `LIKE`"},
      {"name CONTAINS x", 6, "`CONTAINS` is not a supported operator (`=`, `!=`"},
      {"name STARTS WITH x", 6, "`STARTS` is not a supported operator"},
      {"distance 5 TO", 14, "expected a value after `TO`"},
      {"distance 5 10", 12, "expected `TO` after `5`"},
      {"distance", 9, "expected an operator after `distance`"},
      {"NOT", 4, "expected a condition"},
      {"()", 2, "expected a condition, found `)`"},
      // Columns count characters, not bytes.
      {"name = 'éé' AND x", 18, "expected an operator after `x`"},
      {"name = 'é' AND é = 1", 16, "attribute `é` is not filterable"},
  };
  for (const Case& c : cases) {
    INFO(c.filter);
    auto compiled = Compile(c.filter);
    REQUIRE_FALSE(compiled.ok());
    const util::Error& error = compiled.error();
    INFO(error.message);
    CHECK(error.kind == util::ErrorKind::kInvalidArgument);
    CHECK(error.message.rfind("Invalid filter at column " + std::to_string(c.column) + ": ", 0) ==
          0);
    CHECK(error.message.find(c.says) != std::string::npos);
    CHECK(HasCode(error));
  }
}

TEST_CASE("search filter errors carry Meilisearch's code, type and link", "[search]") {
  auto compiled = Compile("distance >=");
  REQUIRE_FALSE(compiled.ok());
  CHECK(compiled.error().facts ==
        std::vector<std::pair<std::string, std::string>>{
            {"code", "invalid_search_filter"},
            {"type", "invalid_request"},
            {"link", "https://docs.meilisearch.com/errors#invalid_search_filter"}});
}

TEST_CASE("an error in an array search filter names the item", "[search]") {
  auto inner = Compile(json::array({"distance > 1", json::array({"name = a", "oops"})}));
  REQUIRE_FALSE(inner.ok());
  CHECK(inner.error().message ==
        "Invalid filter at column 5 of filter[1][1]: expected an operator after `oops` (`=`, "
        "`!=`, `>`, `>=`, `<`, `<=`, `TO`, `IN`, `NOT IN`, `EXISTS`, `NOT EXISTS`, `IS NULL`, "
        "`IS NOT NULL`, `IS EMPTY` or `IS NOT EMPTY`)");
  auto outer = Compile(json::array({"distance > 1", "nope = 2"}));
  REQUIRE_FALSE(outer.ok());
  CHECK(outer.error().message.rfind("Invalid filter at column 1 of filter[1]: attribute `nope`",
                                    0) == 0);
}

TEST_CASE("a search filter that is not a string, an array or null is an error", "[search]") {
  for (const json& filter :
       {json(5), json(true), json::object(), json::array({5}), json::array({json::array({5})}),
        json::array({json::array({json::array({"distance = 1"})})}), json::array({nullptr})}) {
    INFO(filter.dump());
    auto compiled = Compile(filter);
    REQUIRE_FALSE(compiled.ok());
    CHECK(compiled.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK(compiled.error().message.rfind("Invalid filter: ", 0) == 0);
    CHECK(HasCode(compiled.error()));
  }
}

TEST_CASE("geo search filters need the index's geo compiler", "[search]") {
  auto compiled = CompileSearchFilter("_geoRadius(1, 2, 3)", Filterable(), GeoCompiler{});
  REQUIRE_FALSE(compiled.ok());
  CHECK(compiled.error().message.find("at column 1: attribute `_geo` is not filterable") !=
        std::string::npos);
  auto none = CompileSearchFilter("distance = 1", {}, GeoCompiler{});
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().message.find("This index has no filterable attributes.") != std::string::npos);
}

// `depth` levels of parentheses alternating AND and OR around list conditions (the leaves that
// nest deepest in SQL), each level with one more condition beside it.
std::string AlternatingFilter(int depth) {
  std::string filter = "tags = a";
  for (int level = 0; level < depth; ++level) {
    filter = std::string("tags = b") + (level % 2 ? " OR (" : " AND (") + filter + ")";
  }
  return filter;
}

std::string Nots(int count) {
  std::string nots;
  for (int i = 0; i < count; ++i) nots += "NOT ";
  return nots;
}

// `copies` (a power of two) of `filter`, ANDed and ORed in a balanced tree: the operands that are
// equally deep, which SQLite's parser cannot nest cheaply.
std::string Doubled(int levels, const std::string& filter) {
  if (levels == 0) return filter;
  const std::string half = Doubled(levels - 1, filter);
  return "(" + half + (levels % 2 ? ") AND (" : ") OR (") + half + ")";
}

TEST_CASE("ten thousand nested parentheses are a search filter error, not a crash", "[search]") {
  const std::string too_long = std::string(10000, '(') + "distance = 1" + std::string(10000, ')');
  auto long_result = Compile(too_long);
  REQUIRE_FALSE(long_result.ok());
  CHECK(long_result.error().message.find("longer than 20000 characters") != std::string::npos);

  const std::string deep = std::string(9990, '(') + "distance = 1" + std::string(9990, ')');
  auto deep_result = Compile(deep);
  REQUIRE_FALSE(deep_result.ok());
  CHECK(deep_result.error().message ==
        "Invalid filter at column 65: the filter nests parentheses and `NOT`s more than 64 "
        "levels deep");

  auto not_result = Compile(Nots(4000) + "distance = 1");
  REQUIRE_FALSE(not_result.ok());
  CHECK(not_result.error().message.find("more than 64 levels deep") != std::string::npos);

  CHECK(Compile(std::string(64, '(') + "distance = 1" + std::string(64, ')')).ok());
  CHECK_FALSE(Compile(std::string(65, '(') + "distance = 1" + std::string(65, ')')).ok());
}

TEST_CASE("the deepest search filters allowed still parse in SQLite", "[search]") {
  Trails trails;
  // SQLite 3.40's parser has a fixed stack; these are the accepted shapes that use most of it.
  // Each must run with ten more levels of parentheses around it than the statement has.
  std::string mixed = "tags = a";
  for (int level = 0; level < 32; ++level) {
    mixed = "NOT (tags = b OR " + mixed + ")";
  }
  for (const std::string& filter :
       {AlternatingFilter(64), Nots(64) + "tags = a", mixed, Doubled(1, AlternatingFilter(62)),
        Doubled(2, Nots(61) + "tags = a"), Doubled(9, "tags = a")}) {
    INFO(filter.substr(0, 200));
    auto compiled = Compile(filter);
    INFO((compiled.ok() ? "" : compiled.error().message));
    REQUIRE(compiled.ok());
    trails.Matching(*compiled, 10);
  }
  CHECK_FALSE(Compile(AlternatingFilter(65)).ok());
  // Within 64 levels, but with equally deep operands SQLite's parser would overflow: refused.
  auto refused = Compile(Doubled(3, Nots(60) + "tags = a"));
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().message ==
        "Invalid filter: the filter nests too deeply for the database; use fewer levels of "
        "parentheses and `NOT`");
  CHECK(HasCode(refused.error()));
}

TEST_CASE("search filters keep to their length and condition limits", "[search]") {
  std::string thousand = "distance = 1";
  for (int i = 1; i < 1000; ++i) thousand += " OR distance = 1";
  REQUIRE(thousand.size() < kMaxSearchFilterLength);
  Trails trails;
  auto compiled = Compile(thousand);
  REQUIRE(compiled.ok());
  CHECK(compiled->params.size() == 1000);
  CHECK(trails.Matching(*compiled, 10).empty());
  auto too_many = Compile(thousand + " OR distance = 2");
  REQUIRE_FALSE(too_many.ok());
  CHECK(too_many.error().message.find("more than 1000 conditions") != std::string::npos);
  // The limits count across the strings of an array filter.
  json halves = json::array({json::array({thousand}), "distance = 2"});
  CHECK_FALSE(Compile(halves).ok());
  json long_items = json::array({std::string(10001, ' '), std::string(10000, ' ')});
  auto too_long = Compile(long_items);
  REQUIRE_FALSE(too_long.ok());
  CHECK(too_long.error().message.find("longer than 20000 characters") != std::string::npos);
  // A long list is one condition.
  std::string list = "difficulty IN [0";
  for (int i = 1; i < 5000; ++i) list += ",1";
  auto listed = Compile(list + "]");
  REQUIRE(listed.ok());
  CHECK(trails.Matching(*listed) == Ids{1, 3, 5});
}

// Random filter text from the language's own pieces, mostly nonsense, sometimes valid.
std::string TokenSoup(std::mt19937& random) {
  static const std::vector<std::string> pieces = {
      "distance",   "name",       "tags", "public", "nope", "_geo",        "=",
      "!=",         ">",          ">=",   "<",      "<=",   "TO",          "IN",
      "NOT",        "AND",        "OR",   "EXISTS", "IS",   "NULL",        "EMPTY",
      "(",          ")",          "[",    "]",      ",",    "_geoRadius(", "_geoBoundingBox(",
      "_geoPoint(", "1",          "-5.5", "1e999",  "0",    "90",          "181",
      "'a b'",      "\"c\\\"d\"", "'",    "\"",     "\\",   "true",        "FALSE",
      "é",          "!",          "\t",   "\n",     "x"};
  std::uniform_int_distribution<size_t> count(1, 40);
  std::uniform_int_distribution<size_t> pick(0, pieces.size() - 1);
  std::uniform_int_distribution<int> space(0, 3);
  std::string soup;
  for (size_t n = count(random); n > 0; --n) {
    soup += pieces[pick(random)];
    if (space(random)) soup += ' ';
  }
  return soup;
}

std::string RandomBytes(std::mt19937& random) {
  std::uniform_int_distribution<size_t> length(0, 120);
  std::uniform_int_distribution<int> byte(0, 255);
  std::string bytes(length(random), '\0');
  for (char& c : bytes) c = static_cast<char>(byte(random));
  return bytes;
}

// A random well-formed filter: AND, OR, NOT and parentheses over random conditions.
std::string RandomTree(std::mt19937& random, int depth) {
  static const std::vector<std::string> leaves = {
      "tags = a",      "tags NOT IN [a, b]", "distance > 1000", "name IS NOT EMPTY",
      "public = true", "distance 0 TO 9000", "name != x",       "_geoRadius(47.4, 11, 5000)",
      "tags IS EMPTY", "difficulty IN [0]"};
  std::uniform_int_distribution<int> choice(0, 9);
  const int c = choice(random);
  if (depth <= 0 || c < 3) return leaves[std::uniform_int_distribution<size_t>(0, 9)(random)];
  if (c < 5) return "NOT " + RandomTree(random, depth - 1);
  const int n = std::uniform_int_distribution<int>(2, 4)(random);
  std::string out = "(";
  for (int i = 0; i < n; ++i) {
    if (i) out += c < 8 ? " AND " : " OR ";
    out += RandomTree(random, i == 0 ? depth - 1 : depth / 4);
  }
  return out + ")";
}

TEST_CASE("random search filters return a result or an error and what compiles runs", "[search]") {
  Trails trails;
  std::mt19937 random(20240611);
  size_t compiled_count = 0;
  for (int i = 0; i < 6000; ++i) {
    json filter;
    switch (i % 4) {
      case 0:
        filter = RandomBytes(random);
        break;
      case 1:
        filter = TokenSoup(random);
        break;
      case 2:
        filter = json::array({TokenSoup(random), json::array({TokenSoup(random), "tags = a"})});
        break;
      default:
        filter = RandomTree(random, std::uniform_int_distribution<int>(1, 70)(random));
        break;
    }
    auto compiled = Compile(filter);
    if (!compiled.ok()) {
      INFO(filter.dump(-1, ' ', false, json::error_handler_t::replace));
      CHECK(compiled.error().kind == util::ErrorKind::kInvalidArgument);
      CHECK(HasCode(compiled.error()));
      continue;
    }
    ++compiled_count;
    trails.Matching(*compiled, 10);
  }
  CHECK(compiled_count > 500);
}

}  // namespace
}  // namespace cairn::services::search
