// The --elevation-url client against a stand-in Valhalla on 127.0.0.1: only the missing points
// are asked for, in batches, at precision 6; what comes back is checked; failures and limits
// leave the points missing with a reason.
#include "services/elevation/remote_elevation.h"

#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>
#include <thread>

#include "geo/polyline.h"
#include "test_support/local_http_server.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;
using test_support::LocalHttpServer;

class ManualClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return now; }
  int64_t now = 1'000'000;
};

// The stand-in's surface: a height any point can be checked against.
double Surface(const geo::LatLon& p) { return std::round((100 + 10 * p.lat + p.lon) * 10) / 10; }

// A Valhalla /height that answers Surface() for each point of the encoded polyline; `tweak` may
// change the answer before it is sent.
class FakeElevation {
 public:
  explicit FakeElevation(std::function<void(Json&)> tweak = {}) : tweak_(std::move(tweak)) {
    server_.Post(
        "/valhalla/height", [this](const httplib::Request& request, httplib::Response& response) {
          const Json body = Json::parse(request.body);
          auto points = geo::DecodePolyline(body.at("encoded_polyline").get<std::string>(), 6);
          Json answer = {{"encoded_polyline", body["encoded_polyline"]}, {"height", Json::array()}};
          for (const auto& p : *points) answer["height"].push_back(Surface(p));
          if (tweak_) tweak_(answer);
          response.set_content(answer.dump(), "application/json");
        });
  }
  net::HttpClient Client(std::chrono::milliseconds timeout = std::chrono::seconds(5)) {
    return *net::HttpClient::Create({.name = "elevation server",
                                     .base_url = server_.url() + "/valhalla",
                                     .total_timeout = timeout});
  }
  LocalHttpServer server_;

 private:
  std::function<void(Json&)> tweak_;
};

std::vector<geo::LatLon> Line(size_t n) {
  std::vector<geo::LatLon> points;
  for (size_t i = 0; i < n; ++i) points.push_back({46.0 + i * 1e-4, 8.0 + i * 2e-4});
  return points;
}

const Caller kAda{.user_id = "ada"};

TEST_CASE("remote elevation: only missing points are asked for, at precision 6",
          "[services][terrain][remote]") {
  FakeElevation fake;
  ManualClock clock;
  ValhallaRemoteElevation remote(fake.Client(), clock);
  const auto points = Line(5);
  std::vector<double> heights = {1.0, NAN, 3.0, NAN, NAN};
  REQUIRE(remote.FillMissing(kAda, points, heights).ok());
  CHECK(heights[0] == 1.0);
  CHECK(heights[2] == 3.0);
  for (size_t i : {1, 3, 4}) CHECK(heights[i] == Approx(Surface(points[i])).margin(0.05));
  const auto asked = fake.server_.requests();
  REQUIRE(asked.size() == 1);
  CHECK(asked[0].target == "/valhalla/height");
  const Json body = Json::parse(asked[0].body);
  CHECK(body["height_precision"] == 1);
  const auto sent = geo::DecodePolyline(body["encoded_polyline"].get<std::string>(), 6);
  REQUIRE(sent->size() == 3);
  CHECK((*sent)[1].lat == Approx(points[3].lat).margin(1e-6));
  CHECK((*sent)[1].lon == Approx(points[3].lon).margin(1e-6));

  // Nothing missing: nothing asked.
  REQUIRE(remote.FillMissing(kAda, points, heights).ok());
  CHECK(fake.server_.requests().size() == 1);
}

TEST_CASE("remote elevation: a long line goes in batches", "[services][terrain][remote]") {
  FakeElevation fake;
  ManualClock clock;
  ValhallaRemoteElevation remote(fake.Client(), clock, {.points_per_request = 5'000});
  const auto points = Line(12'001);
  std::vector<double> heights(points.size(), NAN);
  REQUIRE(remote.FillMissing(kAda, points, heights).ok());
  CHECK(fake.server_.requests().size() == 3);
  for (size_t i : {0, 4'999, 5'000, 12'000}) {
    CHECK(heights[i] == Approx(Surface(points[i])).margin(0.05));
  }
}

TEST_CASE("remote elevation: null and Valhalla's no-data value stay missing",
          "[services][terrain][remote]") {
  FakeElevation fake([](Json& answer) {
    answer["height"][0] = nullptr;
    answer["height"][1] = -32768;
  });
  ManualClock clock;
  ValhallaRemoteElevation remote(fake.Client(), clock);
  std::vector<double> heights(3, NAN);
  REQUIRE(remote.FillMissing(kAda, Line(3), heights).ok());
  CHECK(std::isnan(heights[0]));
  CHECK(std::isnan(heights[1]));
  CHECK_FALSE(std::isnan(heights[2]));
}

TEST_CASE("remote elevation: broken answers are refused whole", "[services][terrain][remote]") {
  struct Row {
    const char* name;
    std::function<void(Json&)> tweak;
    const char* message;
  };
  const std::vector<Row> rows = {
      {"one height short", [](Json& a) { a["height"].erase(a["height"].size() - 1); },
       "not a list of heights"},
      {"no height member", [](Json& a) { a.erase("height"); }, "not a list of heights"},
      {"not an array", [](Json& a) { a["height"] = "12"; }, "not a list of heights"},
      {"off the planet", [](Json& a) { a["height"][1] = 1e7; }, "implausible"},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    FakeElevation fake(row.tweak);
    ManualClock clock;
    ValhallaRemoteElevation remote(fake.Client(), clock);
    std::vector<double> heights(3, NAN);
    auto filled = remote.FillMissing(kAda, Line(3), heights);
    REQUIRE_FALSE(filled.ok());
    CHECK(filled.error().kind == util::ErrorKind::kUpstreamFailed);
    CHECK(filled.error().message.find(row.message) != std::string::npos);
    for (double h : heights) CHECK(std::isnan(h));
  }
}

TEST_CASE("remote elevation: HTTP errors, a dead server and a slow one",
          "[services][terrain][remote]") {
  ManualClock clock;
  std::vector<double> heights(2, NAN);
  SECTION("HTTP 500") {
    LocalHttpServer server;
    server.Post("/height", [](const httplib::Request&, httplib::Response& response) {
      response.status = 500;
      response.set_content(R"({"error":"boom"})", "application/json");
    });
    ValhallaRemoteElevation remote(
        *net::HttpClient::Create({.name = "elevation server", .base_url = server.url()}), clock);
    auto filled = remote.FillMissing(kAda, Line(2), heights);
    REQUIRE_FALSE(filled.ok());
    CHECK(filled.error().message == "it failed (HTTP 500)");
  }
  SECTION("nothing listening") {
    const std::string url =
        "http://127.0.0.1:" + std::to_string(test_support::UnusedLoopbackPort());
    ValhallaRemoteElevation remote(
        *net::HttpClient::Create({.name = "elevation server", .base_url = url}), clock);
    auto filled = remote.FillMissing(kAda, Line(2), heights);
    REQUIRE_FALSE(filled.ok());
    CHECK(filled.error().message == "it could not be reached");
    CHECK(filled.error().message.find("127.0.0.1") == std::string::npos);
  }
  SECTION("too slow") {
    LocalHttpServer server;
    server.Post("/height", [&server](const httplib::Request&, httplib::Response& response) {
      server.Wait(std::chrono::seconds(10));
      response.set_content(R"({"height":[1,2]})", "application/json");
    });
    ValhallaRemoteElevation remote(
        *net::HttpClient::Create({.name = "elevation server",
                                  .base_url = server.url(),
                                  .total_timeout = std::chrono::milliseconds(300)}),
        clock);
    auto filled = remote.FillMissing(kAda, Line(2), heights);
    REQUIRE_FALSE(filled.ok());
    CHECK(filled.error().kind == util::ErrorKind::kUpstreamTimeout);
  }
  for (double h : heights) CHECK(std::isnan(h));
}

TEST_CASE("remote elevation: each person within a rate, all within a number at once",
          "[services][terrain][remote]") {
  ManualClock clock;
  SECTION("per person") {
    FakeElevation fake;
    ValhallaRemoteElevation remote(fake.Client(), clock, {.burst = 2, .per_minute = 6});
    std::vector<double> heights(1, NAN);
    for (int i = 0; i < 2; ++i) {
      heights[0] = NAN;
      CHECK(remote.FillMissing(kAda, Line(1), heights).ok());
    }
    heights[0] = NAN;
    auto refused = remote.FillMissing(kAda, Line(1), heights);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().kind == util::ErrorKind::kTooManyRequests);
    CHECK(refused.error().message.find("try again in 10 s") != std::string::npos);
    CHECK(std::isnan(heights[0]));
    // Someone else still may; and the first again after the refill.
    CHECK(remote.FillMissing(Caller{.user_id = "bob"}, Line(1), heights).ok());
    clock.now += 10'000;
    heights[0] = NAN;
    CHECK(remote.FillMissing(kAda, Line(1), heights).ok());
    CHECK(fake.server_.requests().size() == 4);
  }
  SECTION("at once") {
    LocalHttpServer server;
    std::atomic<int> arrived{0};
    server.Post("/height", [&](const httplib::Request&, httplib::Response& response) {
      arrived.fetch_add(1);
      server.Wait(std::chrono::seconds(2));
      response.set_content(R"({"height":[5]})", "application/json");
    });
    ValhallaRemoteElevation remote(
        *net::HttpClient::Create({.name = "elevation server", .base_url = server.url()}), clock,
        {.max_in_flight = 1});
    std::thread first([&] {
      std::vector<double> heights(1, NAN);
      CHECK(remote.FillMissing(kAda, Line(1), heights).ok());
      CHECK(heights[0] == 5);
    });
    while (arrived.load() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(5));
    std::vector<double> heights(1, NAN);
    auto busy = remote.FillMissing(Caller{.user_id = "bob"}, Line(1), heights);
    first.join();
    REQUIRE_FALSE(busy.ok());
    CHECK(busy.error().message.find("busy") != std::string::npos);
    CHECK(server.requests().size() == 1);
  }
}

}  // namespace
}  // namespace cairn::services
