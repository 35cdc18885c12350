// The search index on a real SQLite file, written through the record engine with the production
// family declarations: what matches (accents, prefixes, inner parts, typos), in which order, and
// that the triggers keep the index in step with every write that changes what it holds.
#include "services/search/search_index.h"

#include <catch2/catch.hpp>
#include <map>
#include <random>

#include "records/record_engine.h"
#include "services/families/families.h"
#include "test_support/temp_dir.h"
#include "util/case_fold.h"

namespace cairn::services::search {
namespace {

using records::Json;
using records::Unrestricted;

// Each reading a second later, so every record is newer than the one before it.
class TickingClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return now_ += 1000; }

 private:
  mutable int64_t now_ = 1719825005000;
};

const records::CollectionRegistry& Built(FamilyRegistry& families, const util::Clock& clock) {
  BuildFamilies(families, clock);
  return families.collections();
}

struct Fixture {
  test_support::TempDir dir;
  TickingClock clock;
  FamilyRegistry families;
  const records::CollectionRegistry& registry = Built(families, clock);
  records::RecordEngine engine{registry, clock};
  std::unique_ptr<storage::Database> db =
      std::move(storage::Database::Open({dir.path() + "/data.db", 2})).value();
  std::string alice = AddUser("alice");
  // Each search first moves the pending rows and new records into the FTS5 table, so it reads
  // that alone.
  bool flush_first = false;

  // Runs `fn` in one write transaction; fails the test when it fails.
  Json Write(const std::function<util::Result<Json>(storage::Connection&)>& fn) {
    auto written = db->Write<Json>(fn);
    INFO((written.ok() ? "" : written.error().message));
    REQUIRE(written.ok());
    return *written;
  }

  std::string AddUser(const std::string& username) {
    return Write([&](storage::Connection& c) {
      return engine.Insert(c, *registry.Find("users"),
                           {{"username", username}, {"email", username + "@example.org"}},
                           Unrestricted(),
                           {{"password_hash", std::string("x")}, {"token_key", std::string("k")}});
    })["id"];
  }

  std::string AddTag(const std::string& name) {
    return Write([&](storage::Connection& c) {
      return engine.Insert(c, *registry.Find("tags"), {{"name", name}}, Unrestricted(),
                           {{"name_folded", util::FoldCase(name)}});
    })["id"];
  }

  // A public trail of alice's with `values` added.
  std::string AddTrail(Json values) {
    if (!values.contains("author")) values["author"] = alice;
    if (!values.contains("public")) values["public"] = true;
    return Write([&](storage::Connection& c) {
      return engine.Insert(c, *registry.Find("trails"), values, Unrestricted());
    })["id"];
  }

  void Update(const std::string& collection, const std::string& id, const Json& changes,
              const std::vector<std::pair<std::string, storage::SqlValue>>& hidden = {}) {
    Write([&](storage::Connection& c) {
      return engine.Update(c, *registry.Find(collection), id, changes, Unrestricted(), hidden);
    });
  }

  util::Result<SearchMatches> Find(const SearchIndex& index, std::string_view q,
                                   storage::SqlFragment condition = {"1", {}},
                                   storage::SqlFragment order_by = {"", {}}, int64_t limit = 100,
                                   int64_t offset = 0) {
    if (flush_first) FlushPending();
    return db->Read<SearchMatches>([&](storage::Connection& c) {
      SearchRequest request;
      request.q = q;
      request.condition = condition;
      request.order_by = order_by;
      request.limit = limit;
      request.offset = offset;
      return FindSearchMatches(c, index, request);
    });
  }

  // The ids of the trails matching `q`, best first.
  std::vector<std::string> Trails(std::string_view q) {
    auto found = Find(TrailSearchIndex(), q);
    INFO(q);
    REQUIRE(found.ok());
    std::vector<std::string> ids;
    for (const SearchMatch& match : found->matches) ids.push_back(match.id);
    return ids;
  }

  std::map<std::string, int> Ranks(std::string_view q) {
    auto found = Find(TrailSearchIndex(), q);
    REQUIRE(found.ok());
    std::map<std::string, int> ranks;
    for (const SearchMatch& match : found->matches) ranks[match.id] = match.rank;
    return ranks;
  }

  // Moves the pending rows and the records created since into the FTS5 tables, as the 64th
  // does.
  void FlushPending() {
    Write([](storage::Connection& c) -> util::Result<Json> {
      CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO trails_search_flush VALUES (1)"));
      CAIRN_RETURN_IF_ERROR(c.Execute("INSERT INTO lists_search_flush VALUES (1)"));
      return Json();
    });
  }

  // The trails index (pending rows over the FTS5 table's, and the trails created since the last
  // move read from their rows) holds exactly what the tables say; nothing is in the FTS5 table
  // or pending above indexed_up_to; the FTS5 table passes its own integrity check.
  void CheckIndexMatchesTables() {
    auto checked = db->Write<int64_t>([](storage::Connection& c) {
      return c.Execute("INSERT INTO trails_search (trails_search) VALUES ('integrity-check')");
    });
    CHECK(checked.ok());
    auto stale = db->Read<storage::QueryResult>([](storage::Connection& c) {
      return c.Query(
          "WITH up AS (SELECT indexed_up_to AS up FROM search_index_state WHERE collection = "
          "'trails'), indexed AS (SELECT record AS rowid, gone, name, description, location, "
          "tags, author, category FROM trails_search_pending UNION ALL SELECT rowid, 0, name, "
          "description, location, tags, author, category FROM trails_search WHERE rowid NOT IN "
          "(SELECT record FROM trails_search_pending) UNION ALL SELECT trail, 0, name, "
          "description, location, tags, author, category FROM trails_search_source WHERE trail "
          "> (SELECT up FROM up)) "
          "SELECT s.trail FROM trails_search_source s LEFT JOIN indexed x ON x.rowid = s.trail "
          "WHERE x.rowid IS NULL OR x.gone OR x.name IS NOT s.name OR x.description IS NOT "
          "s.description OR x.location IS NOT s.location OR x.tags IS NOT s.tags OR x.author IS "
          "NOT s.author OR x.category IS NOT s.category UNION ALL SELECT rowid FROM indexed "
          "WHERE gone = 0 AND rowid NOT IN (SELECT rowid FROM trails) UNION ALL SELECT rowid "
          "FROM indexed GROUP BY rowid HAVING count(*) > 1 UNION ALL SELECT record FROM "
          "trails_search_pending WHERE record > (SELECT up FROM up) UNION ALL SELECT rowid FROM "
          "trails_search WHERE rowid > (SELECT up FROM up)");
    });
    REQUIRE(stale.ok());
    CHECK(stale->rows.empty());
  }
};

using Ids = std::vector<std::string>;

TEST_CASE("search matches without regard to case and accents", "[search]") {
  const bool flushed = GENERATE(false, true);  // read from its row, then moved into the FTS5 table
  Fixture f;
  f.flush_first = flushed;
  const std::string hollental = f.AddTrail({{"name", "Durch das Höllental"}});
  const std::string zurich = f.AddTrail({{"name", "Zürich Uetliberg"}});
  const std::string zurich_plain = f.AddTrail({{"name", "Zurich lakeside"}});
  const std::string strasse = f.AddTrail({{"name", "Alte Straße"}});
  CHECK(f.Trails("hollental") == Ids{hollental});
  CHECK(f.Trails("HÖLLENTAL") == Ids{hollental});
  CHECK(f.Trails("höllental") == Ids{hollental});
  CHECK(f.Trails("zurich") == Ids{zurich_plain, zurich});
  CHECK(f.Trails("Zürich") == Ids{zurich_plain, zurich});
  CHECK(f.Trails("ZÜRICH UETLIBERG") == Ids{zurich});
  CHECK(f.Trails("strasse") == Ids{strasse});
  CHECK(f.Trails("Straße") == Ids{strasse});
}

TEST_CASE("search finds words by their beginning while the last word is typed", "[search]") {
  const bool flushed = GENERATE(false, true);  // read from its row, then moved into the FTS5 table
  Fixture f;
  f.flush_first = flushed;
  const std::string zugspitze = f.AddTrail({{"name", "Zugspitze"}});
  const std::string gipfel =
      f.AddTrail({{"name", "Runde"}, {"description", "Zum Gipfelkreuz und zurück"}});
  CHECK(f.Trails("zug") == Ids{zugspitze});
  CHECK(f.Trails("Zugsp") == Ids{zugspitze});
  // Descriptions have no inner-part index, so only the prefix finds the word there...
  CHECK(f.Trails("gipfel") == Ids{gipfel});
  CHECK(f.Trails("zum gipf") == Ids{gipfel});
  // ...and a finished word (a space after it) must be the whole word.
  CHECK(f.Trails("gipfel ").empty());
  CHECK(f.Trails("gipf zum").empty());
  CHECK(f.Trails("zum gipfelkreuz ") == Ids{gipfel});
}

TEST_CASE("search finds inner parts of compound words in the short fields", "[search]") {
  const bool flushed = GENERATE(false, true);  // read from its row, then moved into the FTS5 table
  Fixture f;
  f.flush_first = flushed;
  const std::string zugspitze = f.AddTrail({{"name", "Zugspitze über das Reintal"}});
  const std::string location =
      f.AddTrail({{"name", "Rundweg"}, {"location", "Garmisch-Partenkirchen"}});
  const std::string description =
      f.AddTrail({{"name", "Klamm"}, {"description", "Blick zur Alpspitze"}});
  CHECK(f.Trails("spitze") == Ids{zugspitze});  // not the description's Alpspitze
  CHECK(f.Trails("spitze reintal") == Ids{zugspitze});
  CHECK(f.Trails("partenkirchen") == Ids{location});
  CHECK(f.Trails("kirch") == Ids{location});
  CHECK(f.Trails("alpspitze") == Ids{description});
  // Two characters are too few for an inner part: no inner match.
  CHECK(f.Trails("ug").empty());
}

TEST_CASE("search tolerates one typo in words of five letters or more", "[search]") {
  const bool flushed = GENERATE(false, true);  // read from its row, then moved into the FTS5 table
  Fixture f;
  f.flush_first = flushed;
  const std::string zugspitze = f.AddTrail({{"name", "Zugspitze"}});
  const std::string kopf = f.AddTrail({{"name", "Kopf Runde"}});
  const std::string watzmann =
      f.AddTrail({{"name", "Ostwand"}, {"description", "Am Watzmann vorbei"}});
  for (const char* typo : {"zugspitse", "zugpsitze", "zgspitze", "zugspitzee", "zuggspitze",
                           "zzugspitze", "zxugspitze", "ZUGSPITSE"}) {
    INFO(typo);
    CHECK(f.Trails(typo) == Ids{zugspitze});
  }
  // A typo on the first character counts as two, as in Meilisearch.
  for (const char* typo : {"xugspitze", "uzgspitze", "azugspitze"}) {
    INFO(typo);
    CHECK(f.Trails(typo).empty());
  }
  CHECK(f.Trails("watzman ") == Ids{watzmann});  // a typo found in a description
  CHECK(f.Trails("wazmann") == Ids{watzmann});
  // Two typos, or one in a word of four letters, find nothing.
  CHECK(f.Trails("zugspitss").empty());
  CHECK(f.Trails("kopp").empty());
  CHECK(f.Trails("kofp").empty());
  CHECK(f.Trails("kopf") == Ids{kopf});
}

TEST_CASE("a typo's variants are read again after a write", "[search]") {
  // Readers remember the words one typo away until the next write: a word new in the index is
  // then a variant at once.
  Fixture f;
  f.flush_first = true;
  f.AddTrail({{"name", "Alpspitze"}});
  for (int i = 0; i < 3; ++i) CHECK(f.Trails("zugspitse").empty());  // on every reader
  const std::string zugspitze = f.AddTrail({{"name", "Zugspitze"}});
  for (int i = 0; i < 3; ++i) CHECK(f.Trails("zugspitse") == Ids{zugspitze});
}

TEST_CASE("search ranks name matches above others, then newer trails first", "[search]") {
  const bool flushed = GENERATE(false, true);  // read from its row, then moved into the FTS5 table
  Fixture f;
  f.flush_first = flushed;
  const std::string in_description =
      f.AddTrail({{"name", "Sonnenaufgang"}, {"description", "Hinauf zum Watzmann"}});
  const std::string old_name = f.AddTrail({{"name", "Watzmann Hocheck"}});
  const std::string in_location = f.AddTrail({{"name", "Ostwand"}, {"location", "Watzmann"}});
  const std::string new_name = f.AddTrail({{"name", "Watzmann Überschreitung"}});
  const std::string typo_name = f.AddTrail({{"name", "Watzman Kinder"}});
  const std::string inner_name = f.AddTrail({{"name", "Kleinwatzmann"}});
  CHECK(f.Trails("watzmann") ==
        Ids{new_name, old_name, in_location, in_description, inner_name, typo_name});
  const auto ranks = f.Ranks("watzmann");
  CHECK(ranks.at(new_name) == 0);
  CHECK(ranks.at(old_name) == 0);
  CHECK(ranks.at(in_location) == 1);
  CHECK(ranks.at(in_description) == 2);
  CHECK(ranks.at(inner_name) == 3);  // inside a longer word, in the name
  CHECK(ranks.at(typo_name) == 6);   // a typo, in the name
  // Every word must match, each anywhere.
  CHECK(f.Trails("watzmann hocheck") == Ids{old_name});
  CHECK(f.Trails("watzmann sonnenaufgang") == Ids{in_description});
}

TEST_CASE("search matches tags, authors and categories by name", "[search]") {
  const bool flushed = GENERATE(false, true);  // read from its row, then moved into the FTS5 table
  Fixture f;
  f.flush_first = flushed;
  const std::string ferrata = f.AddTag("Via Ferrata");
  const std::string kids = f.AddTag("Mit Kindern");
  const std::string bob = f.AddUser("bergfex_bob");
  const std::string tagged = f.AddTrail({{"name", "Mittenwalder"}, {"tags", {ferrata, kids}}});
  const std::string by_bob = f.AddTrail({{"name", "Karwendel"}, {"author", bob}});
  const std::string skiing = f.AddTrail({{"name", "Skitour"}, {"category", "skiingcategory1"}});
  CHECK(f.Trails("ferrata") == Ids{tagged});
  CHECK(f.Trails("kindern mittenwalder") == Ids{tagged});
  CHECK(f.Trails("bergfex") == Ids{by_bob});
  CHECK(f.Trails("skiing") == Ids{skiing});
  CHECK(f.Trails("alice") == Ids{skiing, tagged});
}

TEST_CASE("the index follows renames, edits and deletes in the same transaction", "[search]") {
  Fixture f;
  const std::string tag = f.AddTag("Klettersteig");
  const std::string bob = f.AddUser("bob");
  const std::string trail = f.AddTrail({{"name", "Alpspitze"},
                                        {"description", "Über die Nordwand"},
                                        {"tags", {tag}},
                                        {"author", bob},
                                        {"category", "hikingcategory1"}});
  const std::string other = f.AddTrail({{"name", "Osterfelderkopf"}});
  // The change lands on a trail not yet moved (read from its row), or on one in the FTS5 table
  // (a pending row).
  if (GENERATE(false, true)) f.FlushPending();

  SECTION("a new name") {
    f.Update("trails", trail, {{"name", "Jubiläumsgrat"}});
    CHECK(f.Trails("alpspitze").empty());
    CHECK(f.Trails("jubilaumsgrat") == Ids{trail});
    CHECK(f.Trails("nordwand") == Ids{trail});
  }
  SECTION("a new description, location and tags") {
    f.Update("trails", trail,
             {{"description", "Südseite"}, {"location", "Garmisch"}, {"tags", Json::array()}});
    CHECK(f.Trails("nordwand").empty());
    CHECK(f.Trails("klettersteig").empty());
    CHECK(f.Trails("sudseite garmisch") == Ids{trail});
  }
  SECTION("a deleted trail") {
    f.Write([&](storage::Connection& c) -> util::Result<Json> {
      CAIRN_RETURN_IF_ERROR(
          f.engine.DeleteWhere(c, *f.registry.Find("trails"), {"id = ?", {trail}}));
      return Json();
    });
    CHECK(f.Trails("alpspitze").empty());
    CHECK(f.Trails("").size() == 1);
    CHECK(f.Trails("osterfelderkopf") == Ids{other});
  }
  SECTION("a renamed tag") {
    f.Update("tags", tag, {{"name", "Via Ferrata"}}, {{"name_folded", std::string("via ferrata")}});
    CHECK(f.Trails("klettersteig").empty());
    CHECK(f.Trails("ferrata") == Ids{trail});
  }
  SECTION("a deleted tag") {
    f.Write([&](storage::Connection& c) -> util::Result<Json> {
      CAIRN_RETURN_IF_ERROR(f.engine.DeleteWhere(c, *f.registry.Find("tags"), {"id = ?", {tag}}));
      return Json();
    });
    CHECK(f.Trails("klettersteig").empty());
  }
  SECTION("a renamed user") {
    f.Update("users", bob, {{"username", "gipfelstürmer"}});
    CHECK(f.Trails("bob").empty());
    CHECK(f.Trails("gipfelsturmer") == Ids{trail});
  }
  SECTION("a renamed category") {
    f.Update("categories", "hikingcategory1", {{"name", "Bergwandern"}});
    CHECK(f.Trails("hiking").empty());
    CHECK(f.Trails("bergwandern") == Ids{trail});
  }
  SECTION("a write that fails leaves the index as it was") {
    auto failed = f.db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
      CAIRN_RETURN_IF_ERROR(f.engine.Update(c, *f.registry.Find("trails"), trail,
                                            {{"name", "Jubiläumsgrat"}}, Unrestricted()));
      return util::Error::InvalidArgument("changed my mind");
    });
    REQUIRE_FALSE(failed.ok());
    CHECK(f.Trails("alpspitze") == Ids{trail});
    CHECK(f.Trails("jubilaumsgrat").empty());
  }
  // Whatever happened, the index holds exactly what the tables say: a pending row where there is
  // one, else the FTS5 table's; and again once the pending rows moved into the FTS5 table.
  f.CheckIndexMatchesTables();
  f.FlushPending();
  f.CheckIndexMatchesTables();
}

TEST_CASE("the 64th new trail or waiting row moves them into the FTS5 table", "[search]") {
  Fixture f;
  auto count = [&](const std::string& sql) {
    auto rows =
        f.db->Read<storage::QueryResult>([&](storage::Connection& c) { return c.Query(sql); });
    REQUIRE(rows.ok());
    return std::get<int64_t>(rows->rows.at(0).at(0));
  };
  const std::string indexed_up_to =
      "SELECT indexed_up_to FROM search_index_state WHERE collection = 'trails'";
  std::vector<std::string> ids;
  for (int i = 0; i < 150; ++i) {
    ids.push_back(f.AddTrail({{"name", "Gipfel " + std::to_string(i)}, {"location", "Karwendel"}}));
  }
  // A create writes no pending row: the 22 created since the last move are read from their rows.
  CHECK(count("SELECT count(*) FROM trails_search_pending") == 0);
  CHECK(count("SELECT count(*) FROM trails_search") == 128);
  CHECK(count(indexed_up_to) == count("SELECT rowid FROM trails WHERE id = '" + ids[127] + "'"));
  CHECK(f.Find(TrailSearchIndex(), "karwendel")->total == 150);
  CHECK(f.Trails("gipfel 7 ") == Ids{ids[7]});      // in the FTS5 table
  CHECK(f.Trails("gipfel 149 ") == Ids{ids[149]});  // read from its row
  // A trail in the FTS5 table, changed: only its new words find it until and after the next move.
  f.Update("trails", ids[3], {{"name", "Soiernspitze"}});
  CHECK(count("SELECT count(*) FROM trails_search_pending") == 1);
  CHECK(f.Trails("gipfel 3 ").empty());
  CHECK(f.Trails("soiern") == Ids{ids[3]});
  // One created since, changed: still read from its row, no pending row.
  f.Update("trails", ids[140], {{"name", "Schöttelkarspitze"}});
  CHECK(count("SELECT count(*) FROM trails_search_pending") == 1);
  CHECK(f.Trails("schottelkar") == Ids{ids[140]});
  const auto remove = [&](const std::string& id) {
    f.Write([&](storage::Connection& c) -> util::Result<Json> {
      CAIRN_RETURN_IF_ERROR(f.engine.DeleteWhere(c, *f.registry.Find("trails"), {"id = ?", {id}}));
      return Json();
    });
  };
  remove(ids[5]);    // in the FTS5 table: a `gone` row
  remove(ids[149]);  // the newest: nothing to write
  CHECK(count("SELECT count(*) FROM trails_search_pending") == 2);
  CHECK(f.Trails("gipfel 5 ").empty());
  CHECK(f.Trails("gipfel 149 ").empty());
  CHECK(f.Find(TrailSearchIndex(), "karwendel")->total == 148);
  f.CheckIndexMatchesTables();
  for (int i = 150; i < 200; ++i) f.AddTrail({{"name", "Gipfel " + std::to_string(i)}});
  CHECK(count("SELECT count(*) FROM trails_search_pending") == 0);  // moved with the 64th new
  CHECK(count(indexed_up_to) ==
        count("SELECT rowid FROM trails WHERE id = '" + ids[127] + "'") + 64);
  CHECK(f.Trails("soiern") == Ids{ids[3]});
  CHECK(f.Trails("schottelkar") == Ids{ids[140]});
  CHECK(f.Trails("gipfel 3 ").empty());
  CHECK(f.Trails("gipfel 5 ").empty());
  CHECK(f.Find(TrailSearchIndex(), "karwendel")->total == 148);
  f.CheckIndexMatchesTables();

  // The newest trails deleted after they moved: a new trail takes a rowid at or below
  // indexed_up_to, so it waits as a pending row, replacing the `gone` one of its rowid.
  f.FlushPending();
  CHECK(count(indexed_up_to) == count("SELECT max(rowid) FROM trails"));
  const int64_t largest = count("SELECT max(rowid) FROM trails");
  f.Write([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM trails WHERE rowid > ?", {largest - 3}));
    return Json();
  });
  CHECK(count("SELECT count(*) FROM trails_search_pending WHERE gone = 1") == 3);
  const std::string reused = f.AddTrail({{"name", "Lamsenspitze"}});
  CHECK(count("SELECT rowid FROM trails WHERE id = '" + reused + "'") == largest - 2);
  CHECK(count("SELECT count(*) FROM trails_search_pending WHERE gone = 0") == 1);
  CHECK(f.Trails("lamsen") == Ids{reused});
  f.CheckIndexMatchesTables();
  f.FlushPending();
  CHECK(f.Trails("lamsen") == Ids{reused});
  f.CheckIndexMatchesTables();
}

TEST_CASE("a search joins its matches to their records without reading every record", "[search]") {
  // Where ANALYZE finds the pending table empty (as it mostly is), SQLite counts on a million
  // pending rows unless told better, and then builds a Bloom filter over every trail to join the
  // matches to them: a scan of the whole table on every search.
  Fixture f;
  for (int i = 0; i < 300; ++i) f.AddTrail({{"name", "Gipfel " + std::to_string(i)}});
  f.FlushPending();
  f.Write([](storage::Connection& c) -> util::Result<Json> {
    CAIRN_RETURN_IF_ERROR(c.ExecuteScript("PRAGMA analysis_limit=400; ANALYZE;"));  // as the server
    return Json();
  });
  auto plan = f.db->Read<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
    CAIRN_ASSIGN_OR_RETURN(SearchMatchesSql matched,
                           SelectSearchMatches(c, TrailSearchIndex(), "gipfel"));
    CAIRN_ASSIGN_OR_RETURN(
        storage::QueryResult rows,
        c.Query("EXPLAIN QUERY PLAN SELECT t.id FROM trails t JOIN (" + matched.select.sql +
                    ") m ON m.record = t.rowid WHERE t.public = 1 ORDER BY m.rank",
                matched.select.params));
    std::string details;
    for (const auto& row : rows.rows) details += std::get<std::string>(row.at(3)) + "\n";
    return details;
  });
  REQUIRE(plan.ok());
  INFO(*plan);
  CHECK(plan->find("BLOOM FILTER") == std::string::npos);
  CHECK(plan->find("SEARCH t USING INTEGER PRIMARY KEY (rowid=?)") != std::string::npos);
  CHECK(plan->find("SCAN t\n") == std::string::npos);
}

TEST_CASE("a record matches and ranks alike pending and in the FTS5 table", "[search]") {
  Fixture f;
  std::mt19937 random(7);
  const std::vector<std::string> syllables = {"zug",  "spitz", "berg", "horn", "tal", "see",
                                              "höll", "grat",  "wald", "kopf", "alp", "eck"};
  const auto word = [&] {
    std::string w;
    for (int parts = 1 + static_cast<int>(random() % 3); parts > 0; --parts) {
      w += syllables[random() % syllables.size()];
    }
    return w;
  };
  const auto text = [&](int words) {
    std::string t;
    for (int i = 0; i < words; ++i) t += (i ? " " : "") + word();
    return t;
  };
  for (int i = 0; i < 100; ++i) {
    f.AddTrail({{"name", text(2)}, {"description", text(6)}, {"location", text(1)}});
  }
  std::vector<std::string> queries = {"zug",       "spitz",   "spitze",       "hollen", "zugspitz ",
                                      "hornsee",   "horbsee", "bergtal wald", "s",      "alpeck ",
                                      "grat horn", "kopfalp", "kopfapl"};
  for (int i = 0; i < 20; ++i) queries.push_back(word() + (i % 2 ? " " : ""));
  const auto found = [&] {
    std::map<std::string, std::map<std::string, int>> all;
    for (const std::string& q : queries) all[q] = f.Ranks(q);
    return all;
  };
  // 100 trails: 64 moved together, 36 still pending.
  const auto mixed = found();
  f.FlushPending();
  const auto moved = found();
  size_t matches = 0;
  for (const std::string& q : queries) {
    INFO(q);
    CHECK(mixed.at(q) == moved.at(q));
    matches += moved.at(q).size();
  }
  CHECK(matches > 300);  // the queries do find things
}

TEST_CASE("search takes the caller's condition, sort and page", "[search]") {
  Fixture f;
  const std::string a = f.AddTrail({{"name", "Herzogstand A"}, {"distance", 3000}});
  const std::string b = f.AddTrail({{"name", "Herzogstand B"}, {"distance", 1000}});
  const std::string hidden = f.AddTrail({{"name", "Herzogstand C"}, {"public", false}});
  const std::string c = f.AddTrail({{"name", "Herzogstand D"}, {"distance", 2000}});
  const std::string other = f.AddTrail({{"name", "Heimgarten"}, {"distance", 500}});
  auto found = f.Find(TrailSearchIndex(), "herzogstand", {"t.public = ?", {int64_t{1}}},
                      {"t.distance ASC", {}}, 2, 0);
  REQUIRE(found.ok());
  CHECK(found->total == 3);
  REQUIRE(found->matches.size() == 2);
  CHECK(found->matches[0].id == b);
  CHECK(found->matches[1].id == c);
  found = f.Find(TrailSearchIndex(), "herzogstand", {"t.public = ?", {int64_t{1}}},
                 {"t.distance ASC", {}}, 2, 2);
  REQUIRE(found.ok());
  REQUIRE(found->matches.size() == 1);
  CHECK(found->matches[0].id == a);
  CHECK(found->total == 3);
  // Past the end, and no page at all: the total still counts.
  for (const auto& [limit, offset] : {std::pair<int64_t, int64_t>{10, 5}, {0, 0}, {0, 7}}) {
    found = f.Find(TrailSearchIndex(), "herzogstand", {"t.public = ?", {int64_t{1}}}, {"", {}},
                   limit, offset);
    REQUIRE(found.ok());
    CHECK(found->matches.empty());
    CHECK(found->total == 3);
  }
  found = f.Find(TrailSearchIndex(), "nirgendwo", {"1", {}});
  REQUIRE(found.ok());
  CHECK(found->total == 0);
  // No words: everything the condition lets through, newest first.
  CHECK(f.Trails("") == Ids{other, c, hidden, b, a});
  CHECK(f.Trails("  ,;! ") == Ids{other, c, hidden, b, a});
  found = f.Find(TrailSearchIndex(), "", {"t.public = 0", {}});
  REQUIRE(found.ok());
  CHECK(found->total == 1);
  CHECK(found->matches.at(0).id == hidden);
}

TEST_CASE("search finds lists by name, description and author", "[search]") {
  Fixture f;
  const std::string bob = f.AddUser("Bob_Bergsteiger");
  auto list = [&](Json values) {
    return f.Write([&](storage::Connection& c) {
      return f.engine.Insert(c, *f.registry.Find("lists"), values, Unrestricted());
    })["id"];
  };
  const std::string klassiker = list({{"author", f.alice}, {"name", "Alpine Klassiker"}});
  const std::string by_bob =
      list({{"author", bob}, {"name", "Sommer 2024"}, {"description", "Touren rund um Zürich"}});
  auto ids = [&](std::string_view q) {
    auto found = f.Find(ListSearchIndex(), q);
    REQUIRE(found.ok());
    Ids out;
    for (const auto& match : found->matches) out.push_back(match.id);
    return out;
  };
  CHECK(ids("klassik") == Ids{klassiker});
  CHECK(ids("assiker") == Ids{klassiker});
  CHECK(ids("zurich") == Ids{by_bob});
  CHECK(ids("bergsteiger 2024") == Ids{by_bob});
  CHECK(ids("klasiker") == Ids{klassiker});
  f.Update("users", bob, {{"username", "bob"}});
  CHECK(ids("bergsteiger").empty());
  f.Update("lists", klassiker, {{"name", "Klettersteige"}});
  CHECK(ids("klassiker").empty());
  CHECK(ids("steige") == Ids{klassiker});
}

TEST_CASE("no query is read as FTS5 syntax and none fails", "[search]") {
  Fixture f;
  const std::string quoted = f.AddTrail({{"name", "Der \"Near\" Grat (AND) - OR * ^ Gipfel"}});
  f.AddTrail({{"name", "Zugspitze"}, {"description", "NEAR the top"}});
  // FTS5 syntax in a query is text: these are the words near, and, or, gipfel...
  CHECK(f.Trails("\"near\" grat") == Ids{quoted});
  CHECK(f.Trails("NEAR(grat gipfel)") == Ids{quoted});
  CHECK(f.Trails("grat AND") == Ids{quoted});
  CHECK(f.Trails("name:zugspitze").empty());  // a column filter would have found it
  CHECK(f.Trails("{zugspitze}").size() == 1);
  CHECK(f.Trails("-grat").size() == 1);
  CHECK(f.Trails("^gipfel").size() == 1);
  CHECK(f.Trails("grat*").size() == 1);

  const std::vector<std::string> pieces = {"\"",
                                           "*",
                                           "NEAR",
                                           "(",
                                           ")",
                                           "-",
                                           "^",
                                           "AND",
                                           "OR",
                                           "NOT",
                                           ":",
                                           "{",
                                           "}",
                                           "+",
                                           "'",
                                           "\\",
                                           "%",
                                           "_",
                                           std::string(1, '\0'),
                                           " ",
                                           "zug",
                                           "spi",
                                           "tze",
                                           "ö",
                                           "\xff",
                                           "\xc3",
                                           "😀",
                                           ",",
                                           "NEAR/2",
                                           "a",
                                           "rowid",
                                           "rank",
                                           "bm25(",
                                           ";",
                                           "--",
                                           "\xe2\x80\xa8"};
  std::mt19937 random(20240701);
  for (int i = 0; i < 400; ++i) {
    std::string q;
    const int parts = static_cast<int>(random() % 14);
    for (int p = 0; p < parts; ++p) {
      if (random() % 4 == 0) {
        q += static_cast<char>(random() % 256);
      } else {
        q += pieces[random() % pieces.size()];
      }
    }
    INFO(q);
    auto found = f.Find(TrailSearchIndex(), q);
    REQUIRE(found.ok());
    auto lists = f.Find(ListSearchIndex(), q);
    REQUIRE(lists.ok());
  }
  std::string long_query;
  for (int i = 0; i < 5000; ++i) long_query += "zugspitze\" OR ";
  CHECK(f.Find(TrailSearchIndex(), long_query).ok());
  CHECK(f.Find(TrailSearchIndex(), std::string(100000, 'z')).ok());
}

}  // namespace
}  // namespace cairn::services::search
