// Rough figures for the search index at 10 000 trails: what its triggers cost each create, and how
// long queries take. Hidden (not run by ctest); run it on its own:
//   ./tests/cairn_unit_tests "[.search-bench]"
#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <optional>
#include <random>

#include "records/record_engine.h"
#include "services/families/families.h"
#include "services/search/search_index.h"
#include "test_support/temp_dir.h"
#include "util/case_fold.h"

namespace cairn::services::search {
namespace {

using Clock = std::chrono::steady_clock;
using records::Json;

constexpr int kTrails = 10000;

double MillisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// Processor time, which other work on a busy machine does not inflate as it does the wall clock.
double CpuMillisecondsSince(std::clock_t start) {
  return 1000.0 * static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
}

struct Timing {
  double wall_ms;
  double cpu_ms;
};

class TickingClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return now_ += 1000; }

 private:
  mutable int64_t now_ = 1719825005000;
};

// Pseudo-words from alpine syllables: a vocabulary of compound-looking names, and a Zipf-like
// choice of description words so a few are very common, as in real text.
struct Corpus {
  std::mt19937 random{42};
  std::vector<std::string> names;
  std::vector<std::string> words;

  Corpus() {
    const std::vector<std::string> syllables = {
        "zug",   "spitz",  "berg",   "horn",  "tal",  "see",   "alp",  "wald", "bach",
        "stein", "kopf",   "joch",   "eck",   "au",   "fels",  "grat", "weg",  "hütt",
        "ober",  "unter",  "kar",    "moos",  "ried", "brunn", "feld", "sonn", "schatt",
        "hoch",  "nieder", "mitter", "wies",  "leit", "kamm",  "rinn", "gern", "lind",
        "buch",  "tann",   "fichte", "ahorn", "gams", "adler"};
    auto word = [&](int parts) {
      std::string w;
      for (int i = 0; i < parts; ++i) w += syllables[random() % syllables.size()];
      return w;
    };
    for (int i = 0; i < 3000; ++i) {
      std::string name = word(2 + random() % 2);
      name[0] = static_cast<char>(name[0] - 'a' + 'A');
      names.push_back(name);
    }
    for (int i = 0; i < 20000; ++i) words.push_back(word(1 + random() % 3));
  }

  std::string Description() {
    std::string text;
    const int count = static_cast<int>(random() % 80);
    for (int i = 0; i < count; ++i) {
      // Zipf-like: the k-th word with probability ~ 1/k.
      const double u = std::uniform_real_distribution<double>(0, 1)(random);
      const size_t k = std::min<size_t>(
          words.size() - 1, static_cast<size_t>(std::exp(u * std::log(words.size()))) - 1);
      text += (i ? " " : "") + words[k];
    }
    return text;
  }
};

struct Bench {
  test_support::TempDir dir;
  TickingClock clock;
  FamilyRegistry families;
  std::optional<records::RecordEngine> engine;
  std::unique_ptr<storage::Database> db;
  std::vector<std::string> users;
  std::vector<std::string> tags;

  explicit Bench(bool with_triggers) {
    BuildFamilies(families, clock);
    engine.emplace(families.collections(), clock);
    db = std::move(storage::Database::Open({dir.path() + "/data.db", 2})).value();
    if (!with_triggers) {
      REQUIRE(db->Write<int>([](storage::Connection& c) -> util::Result<int> {
                  CAIRN_RETURN_IF_ERROR(c.ExecuteScript(
                      "DROP TRIGGER trails_search_insert; DROP TRIGGER trails_search_update;"
                      "DROP TRIGGER trails_search_delete;"));
                  return 0;
                }).ok());
    }
    auto made = db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
      for (int i = 0; i < 20; ++i) {
        CAIRN_ASSIGN_OR_RETURN(
            Json user,
            engine->Insert(c, *families.collections().Find("users"),
                           {{"username", "user" + std::to_string(i)},
                            {"email", "u" + std::to_string(i) + "@example.org"}},
                           records::Unrestricted(),
                           {{"password_hash", std::string("x")}, {"token_key", std::string("k")}}));
        users.push_back(user["id"]);
      }
      for (int i = 0; i < 50; ++i) {
        const std::string name = "Tag " + std::to_string(i);
        CAIRN_ASSIGN_OR_RETURN(Json tag, engine->Insert(c, *families.collections().Find("tags"),
                                                        {{"name", name}}, records::Unrestricted(),
                                                        {{"name_folded", util::FoldCase(name)}}));
        tags.push_back(tag["id"]);
      }
      return 0;
    });
    REQUIRE(made.ok());
  }

  // Creates kTrails trails, one transaction each (as the API does).
  Timing CreateTrails(Corpus& corpus) {
    const auto& trails = *families.collections().Find("trails");
    const std::vector<std::string> categories = {"hikingcategory1", "walkingcategory",
                                                 "climbingcategor", "skiingcategory1"};
    const auto start = Clock::now();
    const std::clock_t cpu_start = std::clock();
    for (int i = 0; i < kTrails; ++i) {
      Json values = {{"author", users[corpus.random() % users.size()]},
                     {"public", corpus.random() % 2 == 0},
                     {"name", corpus.names[corpus.random() % corpus.names.size()] + " " +
                                  corpus.names[corpus.random() % corpus.names.size()]},
                     {"description", corpus.Description()},
                     {"location", corpus.names[corpus.random() % 300]},
                     {"category", categories[corpus.random() % categories.size()]},
                     {"tags", Json::array()}};
      for (int t = static_cast<int>(corpus.random() % 4); t > 0; --t) {
        values["tags"].push_back(tags[corpus.random() % tags.size()]);
      }
      auto created = db->Write<Json>([&](storage::Connection& c) {
        return engine->Insert(c, trails, values, records::Unrestricted());
      });
      REQUIRE(created.ok());
    }
    return {MillisecondsSince(start), CpuMillisecondsSince(cpu_start)};
  }
};

TEST_CASE("search index figures at 10 000 trails", "[.search-bench]") {
  Timing without{};
  {
    Corpus corpus;
    Bench bench(false);
    without = bench.CreateTrails(corpus);
  }
  Corpus corpus;
  Bench bench(true);
  const Timing with = bench.CreateTrails(corpus);
  std::printf(
      "create %d trails, one transaction each, without the search triggers: %.0f ms "
      "(%.3f ms each; processor %.3f ms each)\n",
      kTrails, without.wall_ms, without.wall_ms / kTrails, without.cpu_ms / kTrails);
  std::printf(
      "create %d trails, one transaction each, with them: %.0f ms (%.3f ms each; "
      "processor %.3f ms each)\n",
      kTrails, with.wall_ms, with.wall_ms / kTrails, with.cpu_ms / kTrails);

  auto sizes = bench.db->Read<storage::QueryResult>([](storage::Connection& c) {
    return c.Query(
        "SELECT (SELECT count(*) FROM trails_search_terms), (SELECT sum(length(name) + "
        "length(description) + length(location)) FROM trails), "
        "(SELECT page_count * page_size FROM pragma_page_count, pragma_page_size)");
  });
  REQUIRE(sizes.ok());
  std::printf("distinct words %lld, text bytes %lld, file bytes %lld\n",
              static_cast<long long>(std::get<int64_t>(sizes->rows[0][0])),
              static_cast<long long>(std::get<int64_t>(sizes->rows[0][1])),
              static_cast<long long>(std::get<int64_t>(sizes->rows[0][2])));

  if (const char* keep = std::getenv("CAIRN_BENCH_KEEP")) {
    // Nothing writes now: the file and its WAL are a consistent copy.
    for (const std::string suffix : {"", "-wal"}) {
      std::filesystem::copy_file(bench.dir.path() + "/data.db" + suffix, keep + suffix,
                                 std::filesystem::copy_options::overwrite_existing);
    }
  }
  // Queries a person types: two words, a prefix, an inner part, typos, one letter.
  const std::string common = corpus.words[3];
  const std::string name_word = util::FoldCase(corpus.names[7]);
  std::string typo = name_word;
  typo[typo.size() / 2] = typo[typo.size() / 2] == 'x' ? 'y' : 'x';
  const std::vector<std::string> queries = {name_word + " " + common,
                                            common + " " + corpus.words[40],
                                            name_word.substr(0, 4),
                                            "spitz",
                                            typo,
                                            typo + " " + common,
                                            "s",
                                            ""};
  for (const std::string& q : queries) {
    std::vector<double> times;
    std::vector<double> cpu_times;
    int64_t total = 0;
    for (int run = 0; run < 30; ++run) {
      const auto start = Clock::now();
      const std::clock_t cpu_start = std::clock();
      auto found = bench.db->Read<SearchMatches>([&](storage::Connection& c) {
        SearchRequest request;
        request.q = q;
        request.condition = {"t.public = 1", {}};
        request.limit = 20;
        return FindSearchMatches(c, TrailSearchIndex(), request);
      });
      times.push_back(MillisecondsSince(start));
      cpu_times.push_back(CpuMillisecondsSince(cpu_start));
      REQUIRE(found.ok());
      total = found->total;
    }
    std::sort(times.begin(), times.end());
    std::sort(cpu_times.begin(), cpu_times.end());
    std::printf(
        "q=%-32s hits %5lld  wall median %6.2f ms, p90 %6.2f ms; processor median %6.2f ms\n",
        ("\"" + q + "\"").c_str(), static_cast<long long>(total), times[times.size() / 2],
        times[times.size() * 9 / 10], cpu_times[cpu_times.size() / 2]);
  }
}

}  // namespace
}  // namespace cairn::services::search
