// A stand-in for Strava on 127.0.0.1, following the shapes its documentation publishes (OAuth at
// /oauth/authorize, /oauth/token and /oauth/deauthorize; API v3 at /api/v3): it checks what a
// careful client must send (the client secret, the redirect address, the PKCE verifier, a live
// access token) and lets a test expire tokens, refuse refreshes and hit the rate limit. The real
// Strava cannot be reached from the test machines.
#pragma once

#include <sodium.h>

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "test_support/local_http_server.h"

namespace cairn::test_support {

struct StandInActivity {
  int64_t id = 0;
  std::string name;
  std::string description;
  std::string sport_type = "Hike";
  std::string start_date;        // "2026-05-01T07:00:00Z"
  std::string start_date_local;  // "2026-05-01T09:00:00Z" (Strava writes local time with a Z)
  bool manual = false;
  // [lat, lng, altitude] per second from the start; empty with `manual`.
  std::vector<std::array<double, 3>> points;
  std::vector<std::string> photos;  // JPEG bytes, served from /photos/{id}-{n}.jpg
};

class StravaStandIn {
 public:
  static constexpr const char* kClientId = "4242";
  static constexpr const char* kClientSecret = "stand-in-client-secret";

  StravaStandIn() {
    server_.Get("/oauth/authorize", [this](const auto& q, auto& a) { Authorize(q, a); });
    server_.Post("/oauth/token", [this](const auto& q, auto& a) { Token(q, a); });
    server_.Post("/oauth/deauthorize", [this](const auto& q, auto& a) { Deauthorize(q, a); });
    server_.Get("/api/v3/athlete", [this](const auto& q, auto& a) {
      if (Allowed(q, a))
        Reply(a, 200, {{"id", 1234}, {"firstname", "Ada"}, {"lastname", "Lovelace"}});
    });
    server_.Get("/api/v3/athlete/activities", [this](const auto& q, auto& a) { List(q, a); });
    server_.Get(R"(/api/v3/activities/(\d+))", [this](const auto& q, auto& a) { Detail(q, a); });
    server_.Get(R"(/api/v3/activities/(\d+)/streams)",
                [this](const auto& q, auto& a) { Streams(q, a); });
    server_.Get(R"(/api/v3/activities/(\d+)/photos)",
                [this](const auto& q, auto& a) { Photos(q, a); });
    server_.Get(R"(/photos/(\d+)-(\d+)\.jpg)", [this](const auto& q, auto& a) { Photo(q, a); });
  }

  std::string url() const { return server_.url(); }
  std::vector<RecordedRequest> requests() const { return server_.requests(); }

  void Add(StandInActivity activity) {
    std::lock_guard lock(mutex_);
    activities_.push_back(std::move(activity));
  }
  // Access tokens handed out from now on live this long.
  void SetTokenLifetime(int64_t seconds) { token_lifetime_ = seconds; }
  // Every access token handed out so far stops working (Strava revoked them early).
  void ExpireAccessTokens() {
    std::lock_guard lock(mutex_);
    access_.clear();
  }
  // Refresh tokens handed out so far stop working (the person removed the app on Strava).
  void ForgetRefreshTokens() {
    std::lock_guard lock(mutex_);
    refresh_.clear();
  }
  // After `calls` more API requests, every one answers 429 until this is called with -1.
  void LimitApiCalls(int calls) { api_calls_left_ = calls; }
  // The person says no on the consent page.
  void Decline(bool decline) { decline_ = decline; }

  size_t Count(const std::string& method, const std::string& path_start) const {
    size_t n = 0;
    for (const auto& r : server_.requests()) {
      if (r.method == method && r.path.rfind(path_start, 0) == 0) ++n;
    }
    return n;
  }
  size_t RefreshGrants() const { return refresh_grants_; }
  size_t Deauthorized() const { return deauthorized_; }

 private:
  using Json = nlohmann::json;

  static void Reply(httplib::Response& a, int status, const Json& body) {
    a.status = status;
    a.set_content(body.dump(), "application/json");
  }
  static void Fault(httplib::Response& a, int status, const std::string& message,
                    const std::string& resource, const std::string& field) {
    Reply(a, status,
          {{"message", message},
           {"errors", {{{"resource", resource}, {"field", field}, {"code", "invalid"}}}}});
  }
  static std::string Challenge(const std::string& verifier) {
    unsigned char digest[crypto_hash_sha256_BYTES];
    crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(verifier.data()),
                       verifier.size());
    char text[64];
    sodium_bin2base64(text, sizeof text, digest, sizeof digest,
                      sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    return text;
  }
  static std::string Random() {
    unsigned char bytes[16];
    randombytes_buf(bytes, sizeof bytes);
    char text[64];
    sodium_bin2hex(text, sizeof text, bytes, sizeof bytes);
    return text;
  }
  static int64_t Now() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
  }

  void Authorize(const httplib::Request& q, httplib::Response& a) {
    if (q.get_param_value("client_id") != kClientId ||
        q.get_param_value("response_type") != "code" ||
        q.get_param_value("code_challenge_method") != "S256" ||
        q.get_param_value("code_challenge").empty()) {
      return Fault(a, 400, "Bad Request", "Application", "client_id");
    }
    const std::string back = q.get_param_value("redirect_uri");
    const std::string state = q.get_param_value("state");
    if (decline_) {
      a.set_redirect(back + "?state=" + state + "&error=access_denied");
      return;
    }
    const std::string code = Random();
    {
      std::lock_guard lock(mutex_);
      codes_[code] = {q.get_param_value("code_challenge"), back};
    }
    a.set_redirect(back + "?state=" + state + "&code=" + code + "&scope=read,activity:read_all");
  }

  Json Grant() {
    const std::string access = "at-" + Random();
    const std::string refresh = "rt-" + Random();
    const int64_t expires_at = Now() + token_lifetime_;
    access_[access] = expires_at;
    refresh_.insert(refresh);
    return {{"token_type", "Bearer"},
            {"access_token", access},
            {"refresh_token", refresh},
            {"expires_at", expires_at},
            {"expires_in", token_lifetime_.load()}};
  }

  void Token(const httplib::Request& q, httplib::Response& a) {
    std::lock_guard lock(mutex_);
    if (q.get_param_value("client_id") != kClientId ||
        q.get_param_value("client_secret") != kClientSecret) {
      return Fault(a, 401, "Authorization Error", "Application", "client_secret");
    }
    const std::string grant = q.get_param_value("grant_type");
    if (grant == "authorization_code") {
      auto it = codes_.find(q.get_param_value("code"));
      if (it == codes_.end() || it->second.second != q.get_param_value("redirect_uri") ||
          Challenge(q.get_param_value("code_verifier")) != it->second.first) {
        return Fault(a, 400, "Bad Request", "AuthorizationCode", "code");
      }
      codes_.erase(it);
      Json body = Grant();
      body["athlete"] = {{"id", 1234}, {"firstname", "Ada"}, {"lastname", "Lovelace"}};
      return Reply(a, 200, body);
    }
    if (grant == "refresh_token") {
      ++refresh_grants_;
      if (refresh_.erase(q.get_param_value("refresh_token")) == 0) {
        return Fault(a, 400, "Bad Request", "RefreshToken", "refresh_token");
      }
      return Reply(a, 200, Grant());
    }
    Fault(a, 400, "Bad Request", "GrantType", "grant_type");
  }

  void Deauthorize(const httplib::Request& q, httplib::Response& a) {
    std::lock_guard lock(mutex_);
    const std::string token = q.get_param_value("access_token");
    if (access_.erase(token) == 0)
      return Fault(a, 401, "Authorization Error", "Athlete", "access_token");
    refresh_.clear();
    ++deauthorized_;
    Reply(a, 200, {{"access_token", token}});
  }

  // Whether the request may go on: a live access token and room under the rate limit.
  bool Allowed(const httplib::Request& q, httplib::Response& a) {
    std::lock_guard lock(mutex_);
    if (api_calls_left_ == 0) {
      Fault(a, 429, "Rate Limit Exceeded", "Application", "rate limit");
      return false;
    }
    if (api_calls_left_ > 0) --api_calls_left_;
    const std::string header = q.get_header_value("Authorization");
    auto it = header.rfind("Bearer ", 0) == 0 ? access_.find(header.substr(7)) : access_.end();
    if (it == access_.end() || it->second <= Now()) {
      Fault(a, 401, "Authorization Error", "Athlete", "access_token");
      return false;
    }
    return true;
  }

  const StandInActivity* Find(const std::string& id) {
    for (const auto& activity : activities_) {
      if (std::to_string(activity.id) == id) return &activity;
    }
    return nullptr;
  }

  static int64_t Epoch(const std::string& iso) {
    std::tm tm{};
    strptime(iso.c_str(), "%Y-%m-%dT%H:%M:%SZ", &tm);
    return timegm(&tm);
  }

  void List(const httplib::Request& q, httplib::Response& a) {
    if (!Allowed(q, a)) return;
    const int64_t after = q.has_param("after") ? std::stoll(q.get_param_value("after")) : 0;
    const size_t page = q.has_param("page") ? std::stoul(q.get_param_value("page")) : 1;
    const size_t per_page =
        q.has_param("per_page") ? std::stoul(q.get_param_value("per_page")) : 30;
    std::lock_guard lock(mutex_);
    std::vector<const StandInActivity*> listed;
    for (const auto& activity : activities_) {
      if (Epoch(activity.start_date) > after) listed.push_back(&activity);
    }
    std::sort(listed.begin(), listed.end(),
              [](auto* x, auto* y) { return Epoch(x->start_date) < Epoch(y->start_date); });
    Json out = Json::array();
    for (size_t i = (page - 1) * per_page; i < listed.size() && i < page * per_page; ++i) {
      const StandInActivity& s = *listed[i];
      out.push_back({{"id", s.id},
                     {"name", s.name},
                     {"type", s.sport_type},
                     {"sport_type", s.sport_type},
                     {"start_date", s.start_date},
                     {"start_date_local", s.start_date_local},
                     {"manual", s.manual},
                     {"total_photo_count", s.photos.size()}});
    }
    Reply(a, 200, out);
  }

  void Detail(const httplib::Request& q, httplib::Response& a) {
    if (!Allowed(q, a)) return;
    std::lock_guard lock(mutex_);
    const StandInActivity* s = Find(q.matches[1]);
    if (s == nullptr) return Fault(a, 404, "Record Not Found", "Activity", "id");
    Reply(a, 200,
          {{"id", s->id},
           {"name", s->name},
           {"description", s->description.empty() ? Json() : Json(s->description)},
           {"type", s->sport_type},
           {"sport_type", s->sport_type},
           {"start_date", s->start_date},
           {"start_date_local", s->start_date_local},
           {"manual", s->manual},
           {"photos", {{"primary", nullptr}, {"count", s->photos.size()}}}});
  }

  void Streams(const httplib::Request& q, httplib::Response& a) {
    if (!Allowed(q, a)) return;
    std::lock_guard lock(mutex_);
    const StandInActivity* s = Find(q.matches[1]);
    if (s == nullptr) return Fault(a, 404, "Record Not Found", "Activity", "id");
    Json latlng = Json::array(), altitude = Json::array(), time = Json::array();
    for (size_t i = 0; i < s->points.size(); ++i) {
      latlng.push_back({s->points[i][0], s->points[i][1]});
      altitude.push_back(s->points[i][2]);
      time.push_back(i * 10);
    }
    Json body = Json::object();
    if (!s->points.empty()) {
      body["latlng"] = {{"data", latlng}, {"series_type", "distance"}, {"resolution", "high"}};
      body["altitude"] = {{"data", altitude}, {"series_type", "distance"}};
      body["time"] = {{"data", time}, {"series_type", "distance"}};
    }
    body["distance"] = {{"data", Json::array()}, {"series_type", "distance"}};
    Reply(a, 200, body);
  }

  void Photos(const httplib::Request& q, httplib::Response& a) {
    if (!Allowed(q, a)) return;
    std::lock_guard lock(mutex_);
    const StandInActivity* s = Find(q.matches[1]);
    if (s == nullptr) return Fault(a, 404, "Record Not Found", "Activity", "id");
    Json out = Json::array();
    for (size_t i = 0; i < s->photos.size(); ++i) {
      const std::string address =
          url() + "/photos/" + std::to_string(s->id) + "-" + std::to_string(i) + ".jpg";
      out.push_back({{"unique_id", Random()},
                     {"urls", {{"100", address + "?small"}, {"2048", address}}},
                     {"source", 1}});
    }
    Reply(a, 200, out);
  }

  void Photo(const httplib::Request& q, httplib::Response& a) {
    std::lock_guard lock(mutex_);
    const StandInActivity* s = Find(q.matches[1]);
    const size_t n = std::stoul(q.matches[2]);
    if (s == nullptr || n >= s->photos.size()) {
      a.status = 404;
      return;
    }
    a.set_content(s->photos[n], "image/jpeg");
  }

  std::mutex mutex_;
  std::vector<StandInActivity> activities_;
  std::map<std::string, std::pair<std::string, std::string>> codes_;  // code -> challenge, uri
  std::map<std::string, int64_t> access_;                             // token -> expires_at
  std::set<std::string> refresh_;
  std::atomic<int64_t> token_lifetime_{6 * 3600};
  std::atomic<int> api_calls_left_{-1};
  std::atomic<bool> decline_{false};
  std::atomic<size_t> refresh_grants_{0};
  std::atomic<size_t> deauthorized_{0};
  // Last: it stops (and its handlers end) before the state they read goes.
  LocalHttpServer server_;
};

}  // namespace cairn::test_support
