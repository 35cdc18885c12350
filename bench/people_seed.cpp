// Seeds a stopped Cairn data dir for bench/people.sh: USERS users (u00000, u00001, ...; they
// cannot sign in), TRAILS trails spread evenly over them (dated over six years, 70 % public, a
// category each, a 40-point preview line near their owner's home), a summit log for every tenth
// trail by another user, and FOLLOWS accepted follows per user (the bench user follows as many).
// Rows are inserted with SQL on the server's own connection (storage::Database, so Cairn's SQL
// functions exist), which fires schema.sql's triggers as the server's writes do: statistics,
// notifications and the search index are written as they would be, but no field rule is checked.
//
// usage: cairn_people_seed --dir DATA_DIR --bench USER_ID [--users 1000] [--trails 100000]
//            [--follows 200] [--seed 1]
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "geo/polyline.h"
#include "storage/database.h"

namespace cairn::bench {
namespace {

std::string Id(char prefix, long n) {
  char id[32];
  std::snprintf(id, sizeof id, "%c%014ld", prefix, n % 100000000000000L);
  return id;
}

int Fail(const util::Error& error) {
  std::fprintf(stderr, "people_seed: %s\n", error.message.c_str());
  return 1;
}

int Run(int argc, char** argv) {
  std::string dir, bench;
  long users = 1000, trails = 100000, follows = 200, seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    const char* value = argv[i + 1];
    if (flag == "--dir") dir = value;
    if (flag == "--bench") bench = value;
    if (flag == "--users") users = std::atol(value);
    if (flag == "--trails") trails = std::atol(value);
    if (flag == "--follows") follows = std::atol(value);
    if (flag == "--seed") seed = std::atol(value);
  }
  if (dir.empty() || bench.empty() || users < 2 || follows >= users) {
    std::fprintf(stderr, "usage: cairn_people_seed --dir DATA_DIR --bench USER_ID ...\n");
    return 2;
  }
  auto database = storage::Database::Open({.path = dir + "/data.db", .reader_count = 1});
  if (!database.ok()) return Fail(database.error());
  std::mt19937_64 random(seed);
  auto uniform = [&](double low, double high) {
    return std::uniform_real_distribution<double>(low, high)(random);
  };
  const char* categories[] = {"hikingcategory1", "bikingcategory1", "skiingcategory1",
                              "walkingcategory"};
  const std::string now = "2025-06-01 00:00:00.000Z";
  auto write = [&](const std::function<util::Result<bool>(storage::Connection&)>& fn) {
    return (*database)->Write<bool>(fn);
  };

  std::vector<std::string> ids = {bench};
  auto made = write([&](storage::Connection& c) -> util::Result<bool> {
    for (long u = 1; u < users; ++u) {
      ids.push_back(Id('u', u));
      char name[32];
      std::snprintf(name, sizeof name, "u%05ld", u);
      CAIRN_RETURN_IF_ERROR(c.Execute(
          "INSERT INTO users (id, created, updated, username, email, password_hash, token_key) "
          "VALUES (?, ?, ?, ?, ?, '-', '-')",
          {ids.back(), now, now, std::string(name), std::string(name) + "@example.com"}));
    }
    return true;
  });
  if (!made.ok()) return Fail(made.error());

  // Follows first, so each trail's notifications are written by its insert, as on a live server.
  made = write([&](storage::Connection& c) -> util::Result<bool> {
    for (long u = 0; u < users; ++u) {
      for (long k = 1; k <= follows; ++k) {
        const long other = (u + k * 7) % users == u ? (u + 1) % users : (u + k * 7) % users;
        CAIRN_RETURN_IF_ERROR(c.Execute(
            "INSERT OR IGNORE INTO follows (id, created, updated, follower, followee, status) "
            "VALUES (?, ?, ?, ?, ?, 'accepted')",
            {Id('f', u * follows + k), now, now, ids[u], ids[other]}));
      }
    }
    return true;
  });
  if (!made.ok()) return Fail(made.error());

  const long batch = 2000;
  for (long first = 0; first < trails; first += batch) {
    made = write([&](storage::Connection& c) -> util::Result<bool> {
      for (long n = first; n < std::min(trails, first + batch); ++n) {
        const long owner = n % users;
        const double home_lat = 45 + (owner % 40) * 0.1, home_lon = 6 + (owner / 40) * 0.2;
        std::vector<geo::LatLon> line;
        geo::LatLon at{home_lat + uniform(-0.3, 0.3), home_lon + uniform(-0.3, 0.3)};
        for (int p = 0; p < 40; ++p) {
          line.push_back(at);
          at.lat += uniform(-0.003, 0.003);
          at.lon += uniform(-0.003, 0.003);
        }
        char date[32];
        std::snprintf(date, sizeof date, "%04d-%02d-%02d 00:00:00.000Z",
                      2019 + static_cast<int>(random() % 6), 1 + static_cast<int>(random() % 12),
                      1 + static_cast<int>(random() % 28));
        char created[64];
        std::snprintf(created, sizeof created, "2025-%02ld-%02ld %02ld:%02ld:%02ld.000Z",
                      1 + n * 12 / trails, 1 + n % 28, n % 24, n % 60, (n / 60) % 60);
        const double distance = uniform(1000, 40000);
        CAIRN_RETURN_IF_ERROR(c.Execute(
            "INSERT INTO trails (id, created, updated, author, category, name, public, date, "
            "distance, duration, elevation_gain, elevation_loss, moving_duration, lat, lon, "
            "preview, max_elevation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            {Id('t', n), std::string(created), std::string(created), ids[owner],
             std::string(categories[n % 4]), "Trail " + std::to_string(n),
             int64_t{random() % 10 < 7 ? 1 : 0}, std::string(date), distance, distance / 1.1,
             uniform(0, 1500), uniform(0, 1500), distance / 1.3, line[0].lat, line[0].lon,
             geo::EncodePolyline(line), uniform(300, 3500)}));
        if (n % 10 == 0) {
          CAIRN_RETURN_IF_ERROR(
              c.Execute("INSERT INTO summit_logs (id, created, updated, author, trail, date) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        {Id('s', n), std::string(created), std::string(created),
                         ids[(owner + 1) % users], Id('t', n), std::string(date)}));
        }
      }
      return true;
    });
    if (!made.ok()) return Fail(made.error());
    std::fprintf(stderr, "\rpeople_seed: %ld trails", std::min(trails, first + batch));
  }
  std::fprintf(stderr, "\n");
  return 0;
}

}  // namespace
}  // namespace cairn::bench

int main(int argc, char** argv) { return cairn::bench::Run(argc, argv); }
