// Connecting Strava and syncing it, against a stand-in that follows Strava's published API on
// loopback: the OAuth flow with PKCE and a state (a mismatch refused), tokens sealed and refreshed
// before they expire, activities imported with their words, types, dates and photos, a second sync
// importing nothing, the rate limit and a refused sign-in reported in the instance's status.
#include <catch2/catch.hpp>

#include "api/plugins/import_client.h"
#include "api/test_files.h"
#include "test_support/old_data_dir.h"
#include "test_support/strava_stand_in.h"

namespace cairn::api_test {
namespace {

using test_support::StandInActivity;
using test_support::StravaStandIn;

// A walk of `n` points heading north-east from (lat, lon), 10 s apart.
std::vector<std::array<double, 3>> Walk(double lat, double lon, int n = 60) {
  std::vector<std::array<double, 3>> points;
  for (int i = 0; i < n; ++i) points.push_back({lat + i * 0.0002, lon + i * 0.0001, 400.0 + i});
  return points;
}

StandInActivity Hike(int64_t id, const std::string& name, const std::string& day, double lat) {
  return {.id = id,
          .name = name,
          .description = "About " + name,
          .sport_type = "Hike",
          .start_date = day + "T06:00:00Z",
          .start_date_local = day + "T08:00:00Z",
          .points = Walk(lat, 8.0)};
}

// Query parameter `name` of `url`, undecoded.
std::string Param(const std::string& url, const std::string& name) {
  for (size_t from = url.find('?'); from != std::string::npos; from = url.find('&', from + 1)) {
    if (url.compare(from + 1, name.size() + 1, name + "=") == 0) {
      const size_t start = from + 1 + name.size() + 1;
      const size_t end = url.find('&', start);
      return url.substr(start, end == std::string::npos ? std::string::npos : end - start);
    }
  }
  return "";
}

struct StravaWorld {
  StravaStandIn strava;
  TestServer server;
  std::string alice, token, bob, bob_token, instance;

  explicit StravaWorld(std::vector<std::string> extra = {"--sync-interval-seconds", "0"})
      : server("", Args(strava.url(), std::move(extra))) {
    std::tie(alice, token) = server.CreateUser("alice");
    std::tie(bob, bob_token) = server.CreateUser("bob");
    Reply created = server.Put("/api/v1/plugin-instance",
                               {{"plugin_id", "strava"},
                                {"enabled", true},
                                {"config", {{"clientId", StravaStandIn::kClientId}}},
                                {"auth", {{"clientSecret", StravaStandIn::kClientSecret}}}},
                               token);
    REQUIRE(created.status == 200);
    CHECK(created.body["status"] == "needs_auth");
    instance = created.body["id"];
  }

  static std::vector<std::string> Args(const std::string& url, std::vector<std::string> extra) {
    std::vector<std::string> args = {"--plugin-allow-private", "--strava-url", url};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
  }

  // oauth/start, then the browser at Strava: where Strava sends it back.
  std::string Authorize() {
    Reply started =
        server.Post("/api/v1/plugin-system/oauth/start", {{"instance", instance}, {"x", 1}}, token);
    INFO(started.raw);
    REQUIRE(started.status == 200);
    const std::string url = started.body["url"];
    REQUIRE(url.rfind(strava.url() + "/oauth/authorize?", 0) == 0);
    httplib::Client browser(strava.url());
    auto page = browser.Get(url.substr(strava.url().size()));
    REQUIRE(page);
    REQUIRE(page->status == 302);
    return page->get_header_value("Location");
  }

  Reply Callback(const std::string& back) {
    Json body = {{"state", Param(back, "state")}, {"x", 1}};
    for (const char* key : {"code", "scope", "error"}) {
      if (!Param(back, key).empty()) body[key] = Param(back, key);
    }
    return server.Post("/api/v1/plugin-system/oauth/callback", body, token);
  }

  void Connect() {
    Reply connected = Callback(Authorize());
    INFO(connected.raw);
    REQUIRE(connected.status == 200);
    REQUIRE(connected.body["status"] == "configured");
  }

  Json Sync() {
    Reply queued =
        server.Post("/api/v1/plugin-system/sync", {{"instance", instance}, {"x", 1}}, token);
    INFO(queued.raw);
    REQUIRE(queued.status == 200);
    CHECK(queued.body["format"] == "strava-api");
    return WaitForImport(server, token, queued.body["id"]);
  }

  Json Instance() {
    Reply shown = server.Get("/api/v1/plugin-instance/" + instance, token);
    REQUIRE(shown.status == 200);
    return shown.body;
  }

  Json TrailsNamed(const std::string& name) {
    Reply list =
        server.Get("/api/v1/trail?perPage=100&filter=" + Url("name='" + name + "'"), token);
    REQUIRE(list.status == 200);
    return list.body["items"];
  }
};

TEST_CASE("Strava connects through OAuth with PKCE and its tokens are kept sealed",
          "[plugins][strava][oauth]") {
  StravaWorld w;
  const std::string back = w.Authorize();
  CHECK(back.rfind(w.server.origin() + "/settings/connected?", 0) == 0);
  const auto authorize = w.strava.requests();
  REQUIRE(!authorize.empty());
  CHECK(Param(authorize.back().target, "code_challenge_method") == "S256");
  CHECK(Param(authorize.back().target, "scope") == "read%2Cactivity%3Aread_all");

  Reply connected = w.Callback(back);
  INFO(connected.raw);
  REQUIRE(connected.status == 200);
  CHECK(connected.body["status"] == "configured");
  CHECK(connected.body["message"] == "Connected to Strava as Ada Lovelace.");
  CHECK(connected.body["config"]["account"] == "Ada Lovelace");
  CHECK(connected.body["auth"]["access_token"] == "");
  CHECK(connected.body["auth"]["refresh_token"] == "");
  CHECK(connected.raw.find("at-") == std::string::npos);
  const std::string stored = test_support::QueryOnFile(
      w.server.data_dir() + "/data.db",
      "SELECT auth FROM plugin_instances WHERE id = '" + w.instance + "'");
  CHECK(stored.find("at-") == std::string::npos);
  CHECK(stored.find("rt-") == std::string::npos);
  CHECK(stored.find("sealed:1:") != std::string::npos);

  // A state works once.
  Reply again = w.Callback(back);
  CHECK(again.status == 400);

  Reply checked = w.server.Post("/api/v1/plugin-system/auth/validate",
                                {{"instance", w.instance}, {"x", 1}}, w.token);
  REQUIRE(checked.status == 200);
  CHECK(checked.body["valid"] == true);
  CHECK(checked.body["account"] == "Ada Lovelace");
}

TEST_CASE("An OAuth answer whose state this server did not give is refused",
          "[plugins][strava][oauth]") {
  StravaWorld w;
  const std::string back = w.Authorize();
  std::string forged = back;
  const std::string state = Param(back, "state");
  forged.replace(forged.find(state), state.size(), "not-the-state-we-sent");
  Reply refused = w.Callback(forged);
  CHECK(refused.status == 400);
  CHECK(refused.body["message"].get<std::string>().find("state mismatch") != std::string::npos);
  CHECK(w.strava.Count("POST", "/oauth/token") == 0);

  // Bob cannot finish Alice's sign-in, even with her state and code.
  Json stolen = {{"state", Param(back, "state")}, {"code", Param(back, "code")}};
  CHECK(w.server.Post("/api/v1/plugin-system/oauth/callback", stolen, w.bob_token).status == 400);
  CHECK(w.Instance()["status"] == "needs_auth");

  // Nor start one on her connection.
  CHECK(w.server
            .Post("/api/v1/plugin-system/oauth/start", {{"instance", w.instance}, {"x", 1}},
                  w.bob_token)
            .status == 404);

  // Declining on Strava connects nothing.
  w.strava.Decline(true);
  Reply declined = w.Callback(w.Authorize());
  CHECK(declined.status == 400);
  CHECK(declined.body["message"].get<std::string>().find("declined") != std::string::npos);
  CHECK(w.Instance()["status"] == "needs_auth");
}

TEST_CASE("A Strava sync imports new activities with their words, types, dates and photos",
          "[plugins][strava][sync]") {
  StravaWorld w;
  StandInActivity summit = Hike(9001, "Summit push", "2026-05-01", 46.50);
  summit.photos = {testing::MakeJpeg(64, 48, testing::LeftRedRightBlue)};
  w.strava.Add(summit);
  w.strava.Add(Hike(9002, "Lake loop", "2026-05-03", 46.60));
  StandInActivity gym = Hike(9003, "Treadmill", "2026-05-04", 0);
  gym.manual = true;
  gym.points.clear();
  w.strava.Add(gym);
  StandInActivity broken = Hike(9004, "Broken", "2026-05-05", 46.70);
  broken.points[3][0] = 123.0;  // a latitude past the pole
  w.strava.Add(broken);
  w.Connect();

  Json job = w.Sync();
  INFO(job.dump());
  CHECK(job["status"] == "done");
  CHECK(job["imported"] == 2);
  CHECK(job["skipped"] == 1);
  CHECK(job["failed"] == 1);
  bool broken_listed = false;
  for (const Json& problem : job["problems"]) {
    if (problem["item"].get<std::string>().find("Broken") != std::string::npos) {
      broken_listed = problem["result"] == "failed" && problem["reason"].get<std::string>().find(
                                                           "out of range") != std::string::npos;
    }
  }
  CHECK(broken_listed);

  Json trails = w.TrailsNamed("Summit push");
  REQUIRE(trails.size() == 1);
  CHECK(trails[0]["description"] == "About Summit push");
  CHECK(trails[0]["date"].get<std::string>().rfind("2026-05-01", 0) == 0);
  CHECK(trails[0]["category"] == "hikingcategory1");
  CHECK(trails[0]["photos"].size() == 1);
  CHECK(trails[0]["distance"].get<double>() > 500);
  CHECK(w.TrailsNamed("Lake loop").size() == 1);
  CHECK(w.TrailsNamed("Treadmill").empty());

  Json shown = w.Instance();
  CHECK(shown["status"] == "configured");
  CHECK(!shown["last_sync"].get<std::string>().empty());

  // The next sync lists from a week before the newest activity, fetches nothing it has and
  // imports only what is new.
  const size_t details_before = w.strava.Count("GET", "/api/v3/activities/9001");
  w.strava.Add(Hike(9005, "Evening stroll", "2026-05-06", 46.80));
  Json second = w.Sync();
  CHECK(second["status"] == "done");
  CHECK(second["imported"] == 1);
  CHECK(w.strava.Count("GET", "/api/v3/activities/9001") == details_before);
  std::string last_list;
  for (const auto& r : w.strava.requests()) {
    if (r.path == "/api/v3/athlete/activities") last_list = r.target;
  }
  // 2026-05-05T06:00:00Z minus 7 days.
  CHECK(Param(last_list, "after") == std::to_string(1777960800 - 7 * 24 * 3600));
  Json third = w.Sync();
  CHECK(third["imported"] == 0);
  CHECK(w.TrailsNamed("Evening stroll").size() == 1);

  // Bob cannot sync Alice's connection.
  CHECK(
      w.server.Post("/api/v1/plugin-system/sync", {{"instance", w.instance}, {"x", 1}}, w.bob_token)
          .status == 404);
}

TEST_CASE("Strava tokens are refreshed before they expire and a refused refresh asks for a sign-in",
          "[plugins][strava][oauth]") {
  StravaWorld w;
  w.strava.SetTokenLifetime(120);  // inside the five-minute margin: refreshed before use
  w.strava.Add(Hike(7001, "Short hop", "2026-04-01", 45.0));
  w.Connect();
  const std::string before = test_support::QueryOnFile(
      w.server.data_dir() + "/data.db",
      "SELECT auth FROM plugin_instances WHERE id = '" + w.instance + "'");
  Json job = w.Sync();
  CHECK(job["status"] == "done");
  CHECK(job["imported"] == 1);
  CHECK(w.strava.RefreshGrants() >= 1);
  const std::string after = test_support::QueryOnFile(
      w.server.data_dir() + "/data.db",
      "SELECT auth FROM plugin_instances WHERE id = '" + w.instance + "'");
  CHECK(after != before);

  // Strava drops every token (the person removed the app there): the sync stops and says so.
  w.strava.SetTokenLifetime(6 * 3600);
  w.strava.ExpireAccessTokens();
  w.strava.ForgetRefreshTokens();
  w.strava.Add(Hike(7002, "Never fetched", "2026-04-02", 45.1));
  Json refused = w.Sync();
  CHECK(refused["status"] == "failed");
  Json shown = w.Instance();
  CHECK(shown["status"] == "needs_reauth");
  CHECK(shown["message"].get<std::string>().find("sign in again") != std::string::npos);
  CHECK(w.TrailsNamed("Never fetched").empty());
}

TEST_CASE("Strava's rate limit pauses a sync, and the next one goes on from there",
          "[plugins][strava][sync]") {
  StravaWorld w;
  for (int i = 0; i < 4; ++i) {
    w.strava.Add(Hike(8000 + i, "Day " + std::to_string(i), "2026-03-0" + std::to_string(i + 1),
                      44.0 + i * 0.1));
  }
  w.Connect();
  w.strava.LimitApiCalls(5);  // the list, then two activities (detail, streams), then 429
  Json paused = w.Sync();
  CHECK(paused["status"] == "failed");
  CHECK(paused["imported"] == 2);
  CHECK(paused["message"].get<std::string>().find("rate limit") != std::string::npos);
  CHECK(w.Instance()["status"] == "rate_limited");

  w.strava.LimitApiCalls(-1);
  Json resumed = w.Sync();
  CHECK(resumed["status"] == "done");
  CHECK(resumed["imported"] == 2);
  CHECK(w.Instance()["status"] == "configured");
}

TEST_CASE("Signing out of Strava tells Strava and forgets the tokens", "[plugins][strava][oauth]") {
  StravaWorld w;
  w.Connect();
  Reply revoked = w.server.Post("/api/v1/plugin-system/oauth/revoke",
                                {{"instance", w.instance}, {"x", 1}}, w.token);
  INFO(revoked.raw);
  REQUIRE(revoked.status == 200);
  CHECK(revoked.body["message"] == "Signed out of Strava.");
  CHECK(w.strava.Deauthorized() == 1);
  Json shown = w.Instance();
  CHECK(shown["status"] == "needs_auth");
  CHECK(!shown["auth"].contains("access_token"));
  CHECK(!shown["auth"].contains("refresh_token"));
  CHECK(shown["auth"].contains("clientSecret"));
  Reply sync =
      w.server.Post("/api/v1/plugin-system/sync", {{"instance", w.instance}, {"x", 1}}, w.token);
  CHECK(sync.status == 400);
}

TEST_CASE("Connected Strava accounts are synced without a click", "[plugins][strava][sync]") {
  StravaWorld w({"--sync-interval-seconds", "2"});
  w.strava.Add(Hike(6001, "Found by itself", "2026-02-01", 43.0));
  w.Connect();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (w.TrailsNamed("Found by itself").empty() && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  CHECK(w.TrailsNamed("Found by itself").size() == 1);
}

}  // namespace
}  // namespace cairn::api_test
