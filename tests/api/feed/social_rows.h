// Follows and likes written straight into a running server's data.db, as the social part's
// routes (PUT /follow, PUT /trail-like) would write them, for the feed and notification tests
// until those routes exist. schema.sql's triggers run as they do for any writer.
#pragma once

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <random>
#include <string>
#include <vector>

namespace cairn::api_test {

// A record timestamp of now ("YYYY-MM-DD HH:MM:SS.mmmZ").
inline std::string NowTimestamp() {
  const auto now = std::chrono::system_clock::now();
  const int64_t ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(now.time_since_epoch()).count();
  const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[96];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d %02d:%02d:%02d.%03dZ", utc.tm_year + 1900,
                utc.tm_mon + 1, utc.tm_mday, utc.tm_hour, utc.tm_min, utc.tm_sec,
                static_cast<int>(ms % 1000));
  return text;
}

inline std::string NewRowId() {
  static std::mt19937_64 random(std::random_device{}());
  static const char kAlphabet[] = "abcdefghijklmnopqrstuvwxyz0123456789";
  std::string id;
  for (int i = 0; i < 15; ++i) id += kAlphabet[random() % 36];
  return id;
}

// Runs one statement with text parameters on `data_dir`/data.db.
inline void ExecOnDataDir(const std::string& data_dir, const std::string& sql,
                          const std::vector<std::string>& params) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open((data_dir + "/data.db").c_str(), &db) == SQLITE_OK);
  sqlite3_busy_timeout(db, 10000);
  sqlite3_stmt* statement = nullptr;
  INFO(sql << ": " << sqlite3_errmsg(db));
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
  for (size_t i = 0; i < params.size(); ++i) {
    sqlite3_bind_text(statement, static_cast<int>(i + 1), params[i].c_str(), -1, SQLITE_TRANSIENT);
  }
  const int step = sqlite3_step(statement);
  INFO(sqlite3_errmsg(db));
  CHECK(step == SQLITE_DONE);
  sqlite3_finalize(statement);
  sqlite3_close(db);
}

// `follower` follows `followee` ("accepted" or "pending"); returns the follow's id.
inline std::string WriteFollow(const std::string& data_dir, const std::string& follower,
                               const std::string& followee,
                               const std::string& status = "accepted") {
  const std::string id = NewRowId(), now = NowTimestamp();
  ExecOnDataDir(data_dir,
                "INSERT INTO follows (id, created, updated, follower, followee, status) VALUES "
                "(?, ?, ?, ?, ?, ?)",
                {id, now, now, follower, followee, status});
  return id;
}

inline void AcceptFollow(const std::string& data_dir, const std::string& follow_id) {
  ExecOnDataDir(data_dir, "UPDATE follows SET status = 'accepted', updated = ? WHERE id = ?",
                {NowTimestamp(), follow_id});
}

inline void DeleteFollow(const std::string& data_dir, const std::string& follow_id) {
  ExecOnDataDir(data_dir, "DELETE FROM follows WHERE id = ?", {follow_id});
}

// `user` likes `trail`; returns the like's id.
inline std::string WriteLike(const std::string& data_dir, const std::string& user,
                             const std::string& trail) {
  const std::string id = NewRowId(), now = NowTimestamp();
  ExecOnDataDir(data_dir,
                "INSERT INTO trail_likes (id, created, updated, trail, user) VALUES "
                "(?, ?, ?, ?, ?)",
                {id, now, now, trail, user});
  return id;
}

}  // namespace cairn::api_test
