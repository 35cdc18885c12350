// Profile statistics against totals computed here, independently, from the seed: an archive of
// 1 000 trails and summit logs, then the upkeep of every kind of write, places and records from
// real tracks, and what a stranger may count.
#include <catch2/catch.hpp>
#include <cmath>
#include <map>
#include <set>

#include "api/people/people_test_support.h"
#include "api/test_gpx.h"
#include "api/test_server.h"

namespace cairn::api_test {
namespace {

// What one trail or summit log of the seed is.
struct SeedTrail {
  std::string id;
  std::string author;
  std::string date;  // YYYY-MM-DD or ""
  bool open = false;
  std::string category;
  double distance = 0, gain = 0, loss = 0, duration = 0, moving = 0;
};
struct SeedLog {
  std::string trail;  // index into the trails by id
  std::string date;
  double distance = 0, gain = 0, loss = 0, duration = 0;
};

// One completed outing, as the rules say (docs/STATISTICS.md), computed without the server.
struct Outing {
  bool open = false;
  std::string category;
  std::string day;
  double distance = 0, gain = 0, loss = 0, duration = 0, moving = 0;
};

struct Sums {
  int64_t count = 0;
  double distance = 0, gain = 0, loss = 0, duration = 0, moving = 0;
  void Add(const Outing& o) {
    ++count;
    distance += o.distance;
    gain += o.gain;
    loss += o.loss;
    duration += o.duration;
    moving += o.moving;
  }
};

class Random {
 public:
  explicit Random(uint64_t seed) : state_(seed) {}
  uint64_t Next(uint64_t below) {
    state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
    return (state_ >> 33) % below;
  }

 private:
  uint64_t state_;
};

std::string DayOf(Random& random) {
  char day[11];
  std::snprintf(day, sizeof day, "%04d-%02d-%02d", 2019 + static_cast<int>(random.Next(6)),
                1 + static_cast<int>(random.Next(12)), 1 + static_cast<int>(random.Next(28)));
  return day;
}

// The outings of `user` by the rules: own dated trails, and summit logs (one per trail and day,
// the longest, whose figures count when it has any, else its trail's), a log on one's own trail
// on its date being that trail's outing.
std::vector<Outing> ExpectedOutings(const std::string& user, const std::vector<SeedTrail>& trails,
                                    const std::vector<std::pair<std::string, SeedLog>>& logs) {
  std::map<std::string, const SeedTrail*> by_id;
  for (const SeedTrail& t : trails) by_id[t.id] = &t;
  std::map<std::pair<std::string, std::string>, Outing> outings;
  std::map<std::pair<std::string, std::string>, double> log_length;
  for (const SeedTrail& t : trails) {
    if (t.author != user || t.date.empty()) continue;
    outings[{t.id, t.date}] = {t.open, t.category, t.date,     t.distance,
                               t.gain, t.loss,     t.duration, t.moving};
  }
  for (const auto& [author, log] : logs) {
    if (author != user) continue;
    const SeedTrail& t = *by_id.at(log.trail);
    const std::pair key{log.trail, log.date};
    if (t.author == user && t.date == log.date) continue;  // the trail's own outing
    auto known = log_length.find(key);
    if (known != log_length.end() && known->second >= log.distance) continue;
    log_length[key] = log.distance;
    const bool figures = log.distance > 0 || log.duration > 0 || log.gain > 0;
    outings[key] = figures ? Outing{t.open,   t.category, log.date,     log.distance,
                                    log.gain, log.loss,   log.duration, 0}
                           : Outing{t.open, t.category, log.date,   t.distance,
                                    t.gain, t.loss,     t.duration, t.moving};
  }
  std::vector<Outing> out;
  for (auto& [key, outing] : outings) out.push_back(outing);
  return out;
}

void CheckSums(const Json& got, const Sums& want) {
  CHECK(got["count"] == want.count);
  CHECK(got["distance"].get<double>() == Approx(want.distance));
  CHECK(got["elevation_gain"].get<double>() == Approx(want.gain));
  CHECK(got["duration"].get<double>() == Approx(want.duration));
  CHECK(got["moving_duration"].get<double>() == Approx(want.moving));
}

void CheckStatistics(const Json& stats, const std::vector<Outing>& outings, bool everything) {
  Sums totals;
  std::map<std::string, Sums> years, months, categories;
  std::map<std::string, std::pair<int64_t, double>> days;
  double longest = 0, climbing = 0;
  for (const Outing& o : outings) {
    if (!everything && !o.open) continue;
    totals.Add(o);
    years[o.day.substr(0, 4)].Add(o);
    months[o.day.substr(0, 7)].Add(o);
    categories[o.category].Add(o);
    days[o.day].first++;
    days[o.day].second += o.distance;
    longest = std::max(longest, o.distance);
    climbing = std::max(climbing, o.gain);
  }
  REQUIRE(totals.count > 100);
  CheckSums(stats["totals"], totals);
  CHECK(stats["totals"]["elevation_loss"].get<double>() == Approx(totals.loss));
  CHECK(stats["totals"]["active_days"] == days.size());
  REQUIRE(stats["years"].size() == years.size());
  for (const Json& year : stats["years"]) {
    CheckSums(year, years.at(std::to_string(year["year"].get<int>())));
  }
  REQUIRE(stats["months"].size() == months.size());
  for (const Json& month : stats["months"]) CheckSums(month, months.at(month["month"]));
  REQUIRE(stats["categories"].size() == categories.size());
  for (const Json& category : stats["categories"]) {
    CheckSums(category, categories.at(category["category"]));
  }
  REQUIRE(stats["calendar"].size() == days.size());
  for (const Json& day : stats["calendar"]) {
    CHECK(day["count"] == days.at(day["date"]).first);
    CHECK(day["distance"].get<double>() == Approx(days.at(day["date"]).second));
  }
  CHECK(stats["records"]["longest"]["value"].get<double>() == longest);
  CHECK(stats["records"]["most_climbing"]["value"].get<double>() == climbing);
}

TEST_CASE(
    "statistics over a seeded archive of 1000 trails and summit logs match the totals "
    "computed from the seed",
    "[api][people][statistics]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  Random random(19);
  const std::vector<std::string> categories = {"hikingcategory1", "bikingcategory1",
                                               "skiingcategory1", ""};
  std::vector<SeedTrail> trails;
  auto add_trail = [&](const std::string& user, const std::string& token, bool open) {
    SeedTrail t;
    t.author = user;
    t.date = random.Next(10) == 0 ? "" : DayOf(random);
    t.open = open;
    t.category = categories[random.Next(categories.size())];
    t.distance = static_cast<double>(1000 + random.Next(40000));
    t.gain = static_cast<double>(random.Next(2000));
    t.loss = static_cast<double>(random.Next(2000));
    t.duration = static_cast<double>(600 + random.Next(30000));
    t.moving = static_cast<double>(random.Next(static_cast<uint64_t>(t.duration)));
    Json body = {{"name", "Seed " + std::to_string(trails.size())},
                 {"public", t.open},
                 {"category", t.category},
                 {"distance", t.distance},
                 {"elevation_gain", t.gain},
                 {"elevation_loss", t.loss},
                 {"duration", t.duration},
                 {"moving_duration", t.moving},
                 {"date", t.date}};
    t.id = server.CreateTrail(token, user, body);
    trails.push_back(t);
  };
  for (int i = 0; i < 40; ++i) add_trail(bob, bob_token, true);
  for (int i = 0; i < 660; ++i) add_trail(alice, alice_token, random.Next(5) < 3);

  std::vector<std::pair<std::string, SeedLog>> logs;
  for (int i = 0; i < 300; ++i) {
    SeedLog log;
    const SeedTrail& t = i % 3 == 2 ? trails[random.Next(40)] : trails[40 + random.Next(660)];
    log.trail = t.id;
    // A third on the trail's own date (the same outing), some twice on one day.
    log.date = i % 3 == 0 && !t.date.empty() ? t.date : DayOf(random);
    if (i % 10 == 1 && !logs.empty() && logs.back().second.trail == log.trail) {
      log.date = logs.back().second.date;
    }
    if (random.Next(2) == 0) {
      log.distance = static_cast<double>(500 + random.Next(20000));
      log.gain = static_cast<double>(random.Next(1500));
      log.loss = static_cast<double>(random.Next(1500));
      log.duration = static_cast<double>(random.Next(20000));
    }
    Reply r = server.Put("/api/v1/summit-log",
                         {{"author", alice},
                          {"trail", log.trail},
                          {"date", log.date},
                          {"distance", log.distance},
                          {"elevation_gain", log.gain},
                          {"elevation_loss", log.loss},
                          {"duration", log.duration}},
                         alice_token);
    REQUIRE(r.status == 200);
    logs.emplace_back(alice, log);
  }
  const std::vector<Outing> outings = ExpectedOutings(alice, trails, logs);

  SECTION("alice sees all of hers") {
    Reply r = server.Get("/api/v1/profile/@alice/stats", alice_token);
    REQUIRE(r.status == 200);
    CheckStatistics(r.body, outings, true);
  }
  SECTION("a stranger counts those on public trails") {
    Reply r = server.Get("/api/v1/profile/@alice/stats", bob_token);
    REQUIRE(r.status == 200);
    CheckStatistics(r.body, outings, false);
    CheckStatistics(server.Get("/api/v1/profile/@alice/stats").body, outings, false);
  }
  SECTION("a year and a category narrow everything but the years") {
    std::vector<Outing> narrowed;
    for (const Outing& o : outings) {
      if (o.day.substr(0, 4) == "2022" && o.category == "bikingcategory1") narrowed.push_back(o);
    }
    Json stats =
        server.Get("/api/v1/profile/@alice/stats?year=2022&category=bikingcategory1", alice_token)
            .body;
    Sums want;
    for (const Outing& o : narrowed) want.Add(o);
    CheckSums(stats["totals"], want);
    REQUIRE(stats["categories"].size() == 1);
    CHECK(stats["categories"][0]["name"] == "Biking");
    std::set<std::string> years;
    for (const Outing& o : outings) {
      if (o.category == "bikingcategory1") years.insert(o.day.substr(0, 4));
    }
    CHECK(stats["years"].size() == years.size());
    for (const Json& month : stats["months"]) {
      CHECK(month["month"].get<std::string>().substr(0, 4) == "2022");
    }
  }
}

TEST_CASE("statistics follow every write: dates, figures, visibility, logs and deletes",
          "[api][people][statistics]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto stats = [&](const std::string& token) {
    Reply r = server.Get("/api/v1/profile/@alice/stats", token);
    REQUIRE(r.status == 200);
    return r.body;
  };
  // No date: not completed.
  const std::string trail = server.CreateTrail(
      alice_token, alice,
      {{"name", "Peak"}, {"distance", 10000}, {"elevation_gain", 800}, {"public", false}});
  CHECK(stats(alice_token)["totals"]["count"] == 0);
  REQUIRE(
      server.Post("/api/v1/trail/" + trail, {{"name", "Peak"}, {"date", "2024-07-01"}}, alice_token)
          .status == 200);
  CHECK(stats(alice_token)["totals"]["count"] == 1);
  CHECK(stats(bob_token)["totals"]["count"] == 0);  // private
  // A summit log on the trail's date is the same outing; on another day a second one.
  Reply same =
      server.Put("/api/v1/summit-log",
                 {{"author", alice}, {"trail", trail}, {"date", "2024-07-01"}}, alice_token);
  REQUIRE(same.status == 200);
  CHECK(stats(alice_token)["totals"]["count"] == 1);
  Reply again =
      server.Put("/api/v1/summit-log",
                 {{"author", alice}, {"trail", trail}, {"date", "2024-08-01"}, {"distance", 12000}},
                 alice_token);
  REQUIRE(again.status == 200);
  Json mine = stats(alice_token);
  CHECK(mine["totals"]["count"] == 2);
  CHECK(mine["totals"]["distance"] == 22000);
  CHECK(mine["totals"]["active_days"] == 2);
  CHECK(mine["records"]["longest"] ==
        Json{{"trail", trail}, {"name", "Peak"}, {"date", "2024-08-01"}, {"value", 12000}});
  CHECK(mine["records"]["most_climbing"]["value"] == 800);
  CHECK(mine["records"]["highest"].is_null());  // no track, no highest point

  // Made public: strangers count both; the figures follow the trail's.
  REQUIRE(server
              .Post("/api/v1/trail/" + trail,
                    {{"name", "Peak"}, {"public", true}, {"distance", 11000}}, alice_token)
              .status == 200);
  Json seen = stats(bob_token);
  CHECK(seen["totals"]["count"] == 2);
  CHECK(seen["totals"]["distance"] == 23000);
  // A log moved to another day, then deleted.
  REQUIRE(server
              .Post("/api/v1/summit-log/" + again.body["id"].get<std::string>(),
                    {{"date", "2023-01-05"}}, alice_token)
              .status == 200);
  CHECK(stats(alice_token)["years"].size() == 2);
  REQUIRE(server.Delete("/api/v1/summit-log/" + again.body["id"].get<std::string>(), alice_token)
              .status == 200);
  CHECK(stats(alice_token)["totals"]["count"] == 1);
  // Bob's log on alice's public trail is his outing, with her trail's figures; it goes when
  // she makes the trail private, for strangers, and when she deletes it, for him too.
  REQUIRE(server
              .Put("/api/v1/summit-log",
                   {{"author", bob}, {"trail", trail}, {"date", "2024-09-09"}}, bob_token)
              .status == 200);
  Json bobs = server.Get("/api/v1/profile/@bob/stats").body;
  CHECK(bobs["totals"]["count"] == 1);
  CHECK(bobs["totals"]["distance"] == 11000);
  CHECK(bobs["categories"][0]["category"] == "");
  REQUIRE(server.Post("/api/v1/trail/" + trail, {{"name", "Peak"}, {"public", false}}, alice_token)
              .status == 200);
  CHECK(server.Get("/api/v1/profile/@bob/stats").body["totals"]["count"] == 0);
  CHECK(server.Get("/api/v1/profile/@bob/stats", bob_token).body["totals"]["count"] == 1);
  REQUIRE(server.Delete("/api/v1/trail/" + trail, alice_token).status == 200);
  CHECK(server.Get("/api/v1/profile/@bob/stats", bob_token).body["totals"]["count"] == 0);
  CHECK(stats(alice_token)["totals"]["count"] == 0);
  // A summit log on no trail is an outing of its own, which only its author counts.
  REQUIRE(server
              .Put("/api/v1/summit-log",
                   {{"author", alice}, {"date", "2024-02-02"}, {"distance", 5000}}, alice_token)
              .status == 200);
  CHECK(stats(alice_token)["totals"]["distance"] == 5000);
  CHECK(stats(alice_token)["records"]["longest"]["trail"].is_null());
  CHECK(stats(bob_token)["totals"]["count"] == 0);
}

TEST_CASE("places and the highest point come from the trails' tracks",
          "[api][people][statistics]") {
  TestServer server;
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  // About 3.3 km north from (47.001, 11.001): cells 47.00 .. 47.03 at 11.00, 2 900 m high.
  std::string gpx =
      "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>"
      "<trkpt lat=\"47.001\" lon=\"11.001\"><ele>2100</ele><time>2024-05-04T08:00:00Z</time>"
      "</trkpt><trkpt lat=\"47.031\" lon=\"11.001\"><ele>2900</ele>"
      "<time>2024-05-04T10:00:00Z</time></trkpt></trkseg></trk></gpx>";
  Reply upload =
      server.Send("PUT", "/api/v1/trail/upload", alice_token, gpx, "application/gpx+xml");
  REQUIRE(upload.status == 200);
  const std::string id = upload.body["id"];
  CHECK(upload.body["max_elevation"] == 2900);
  Json mine = server.Get("/api/v1/profile/@alice/stats", alice_token).body;
  CHECK(mine["totals"]["count"] == 1);
  CHECK(mine["places"]["cell_deg"] == 0.01);
  CHECK(mine["places"]["cells"] ==
        Json::parse("[[47.0,11.0],[47.01,11.0],[47.02,11.0],[47.03,11.0]]"));
  CHECK(mine["records"]["highest"]["value"] == 2900);
  CHECK(mine["records"]["highest"]["trail"] == id);
  CHECK(mine["records"]["highest"]["date"] == "2024-05-04");
  // An upload is private unless the settings say otherwise: strangers see no places.
  CHECK(server.Get("/api/v1/profile/@alice/stats", bob_token).body["places"]["cells"].empty());
  REQUIRE(server
              .Post("/api/v1/trail/" + id, {{"name", upload.body["name"]}, {"public", true}},
                    alice_token)
              .status == 200);
  CHECK(server.Get("/api/v1/profile/@alice/stats", bob_token).body["places"]["cells"].size() == 4);
  CHECK(server.Get("/api/v1/profile/@alice/stats?year=2023", alice_token)
            .body["places"]["cells"]
            .empty());
  CHECK(server.Get("/api/v1/profile/@alice/stats?year=2024", alice_token)
            .body["places"]["cells"]
            .size() == 4);
  // A trail without a track counts its start's cell.
  server.CreateTrail(
      alice_token, alice,
      {{"name", "Start only"}, {"date", "2024-01-01"}, {"lat", -33.5}, {"lon", 151.25}});
  CHECK(server.Get("/api/v1/profile/@alice/stats", alice_token).body["places"]["cells"].size() ==
        5);
  // Deleted: its cells go.
  REQUIRE(server.Delete("/api/v1/trail/" + id, alice_token).status == 200);
  CHECK(server.Get("/api/v1/profile/@alice/stats", alice_token).body["places"]["cells"] ==
        Json::parse("[[-33.5,151.25]]"));
}

TEST_CASE("statistics refuse bad parameters and unknown people", "[api][people][statistics]") {
  TestServer server;
  server.CreateUser("alice");
  CHECK(server.Get("/api/v1/profile/@alice/stats?year=abc").status == 400);
  CHECK(server.Get("/api/v1/profile/@alice/stats?year=99999").status == 400);
  CHECK(server.Get("/api/v1/profile/@nobody/stats").status == 404);
  Json empty = server.Get("/api/v1/profile/@alice/stats?category=nope").body;
  CHECK(empty["totals"]["count"] == 0);
  CHECK(empty["records"]["longest"].is_null());
  CHECK(empty["places"]["cells"].empty());
}

}  // namespace
}  // namespace cairn::api_test
