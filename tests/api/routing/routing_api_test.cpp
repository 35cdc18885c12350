// POST /api/v1/valhalla/route against a fake Valhalla on 127.0.0.1 (a cpp-httplib server in this
// process): requests forwarded unchanged to the configured URL and nowhere else, Valhalla's
// refusals and failures, timeouts, an unreachable or missing server, who may ask, bad bodies and
// the rate limit.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "api/test_server.h"
#include "test_support/local_http_server.h"

namespace cairn::api_test {
namespace {

using namespace std::chrono_literals;
using test_support::LocalHttpServer;

constexpr char kRoute[] = "/api/v1/valhalla/route";

// Valhalla's answer to a two-point pedestrian route (abridged), echoing the request's id.
Json TripAnswer(const Json& id) {
  Json answer = Json::parse(R"({"trip":{"locations":[{"type":"break","lat":47.42,"lon":10.98},
    {"type":"break","lat":47.41,"lon":11.0}],"legs":[{"maneuvers":[],"summary":{"time":1250.1,
    "length":1.734},"shape":"m{mb{Ayjxi@nBqAlCwB"}],"summary":{"time":1250.1,"length":1.734},
    "status_message":"Found route between points","status":0,"units":"kilometers",
    "language":"en-US"}})");
  answer["id"] = id;
  return answer;
}

// A stand-in for Valhalla: /valhalla/route answers as the request's "id" says ("trip" by
// default, "no-edges", "crash", "not-json", "slow"); anything else is a 404.
class FakeValhalla {
 public:
  FakeValhalla() {
    server_.Post("/valhalla/route",
                 [this](const httplib::Request& request, httplib::Response& response) {
                   Answer(Json::parse(request.body, nullptr, false), response);
                 });
  }
  std::string base_url() { return server_.url() + "/valhalla"; }
  std::vector<test_support::RecordedRequest> requests() const { return server_.requests(); }

 private:
  void Answer(const Json& body, httplib::Response& response) {
    const std::string scenario = body.is_object() ? body.value("id", "trip") : "trip";
    if (scenario == "no-edges") {
      response.status = 400;
      response.set_content(R"({"error_code":171,"error":"No suitable edges near location",
                               "status_code":400,"status":"Bad Request"})",
                           "application/json");
    } else if (scenario == "crash") {
      response.status = 500;
      response.set_content(
          R"({"error_code":444,"error":"Failed to find a route between two locations",)"
          R"("status_code":500,"status":"Internal Server Error"})",
          "application/json");
    } else if (scenario == "not-json") {
      response.set_content("<html>proxy page</html>", "text/html");
    } else if (scenario == "slow") {
      server_.Wait(20s);
      response.set_content(TripAnswer(scenario).dump(), "application/json");
    } else {
      response.set_content(TripAnswer(body.value("id", Json())).dump(), "application/json");
    }
  }

  LocalHttpServer server_;
};

Json RouteRequest(const std::string& id = "trip") {
  return {{"locations", {{{"lat", 47.42}, {"lon", 10.98}}, {{"lat", 47.41}, {"lon", 11.0}}}},
          {"costing", "pedestrian"},
          {"costing_options", {{"pedestrian", {{"use_hills", 0.7}, {"walking_speed", 4.5}}}}},
          {"directions_type", "none"},
          {"id", id}};
}

TEST_CASE("valhalla route: forwarded unchanged to the configured URL, the answer as it is",
          "[api][routing]") {
  FakeValhalla valhalla;
  TestServer server("", {"--routing-url", valhalla.base_url()});
  auto [ada, token] = server.CreateUser("ada");
  Json request = RouteRequest();
  request["locations"][0]["type"] = "break";
  request["units"] = "kilometers";
  Reply r = server.Post(kRoute, request, token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body == TripAnswer("trip"));
  const auto forwarded = valhalla.requests();
  REQUIRE(forwarded.size() == 1);
  CHECK(forwarded[0].method == "POST");
  CHECK(forwarded[0].target == "/valhalla/route");
  CHECK(forwarded[0].Header("Content-Type") == "application/json");
  CHECK(Json::parse(forwarded[0].body) == request);
  // Neither the caller's token nor cookies go along.
  CHECK(forwarded[0].Header("Authorization").empty());
  CHECK(forwarded[0].Header("Cookie").empty());
}

TEST_CASE("valhalla route: nothing in the request chooses where it goes", "[api][routing]") {
  FakeValhalla valhalla;
  LocalHttpServer elsewhere;
  TestServer server("", {"--routing-url", valhalla.base_url()});
  auto [ada, token] = server.CreateUser("ada");
  Json request = RouteRequest();
  request["url"] = elsewhere.url() + "/route";
  request["host"] = "127.0.0.1:" + std::to_string(elsewhere.port());
  request["base_url"] = elsewhere.url();
  request["path"] = "/../status";
  request["locations"][1]["url"] = elsewhere.url();
  httplib::Headers headers = {
      {"Authorization", "Bearer " + token},
      {"Host", "127.0.0.1:" + std::to_string(elsewhere.port())},
      {"X-Forwarded-Host", "127.0.0.1:" + std::to_string(elsewhere.port())}};
  for (const std::string& path :
       {std::string(kRoute), std::string(kRoute) + "?url=" + Url(elsewhere.url()),
        std::string(kRoute) + "?routing_url=" + Url(elsewhere.url())}) {
    INFO(path);
    Reply r = server.SendWithHeaders("POST", path, headers, request.dump());
    INFO(r.raw);
    CHECK(r.status == 200);
  }
  for (const char* path : {"/api/v1/valhalla/route/../status", "/api/v1/valhalla/status",
                           "/api/v1/valhalla/route/x"}) {
    INFO(path);
    const int status = server.Post(path, request, token).status;
    CHECK((status == 404 || status == 405));
  }
  CHECK(elsewhere.requests().empty());
  const auto forwarded = valhalla.requests();
  CHECK(forwarded.size() == 3);
  for (const auto& one : forwarded) CHECK(one.target == "/valhalla/route");
}

TEST_CASE("valhalla route: Valhalla's refusals and failures in the spec's error form",
          "[api][routing]") {
  FakeValhalla valhalla;
  TestServer server("", {"--routing-url", valhalla.base_url()});
  auto [ada, token] = server.CreateUser("ada");

  Reply refused = server.Post(kRoute, RouteRequest("no-edges"), token);
  INFO(refused.raw);
  CHECK(refused.status == 400);
  CHECK(refused.body["message"] == "No suitable edges near location");
  CHECK(refused.body["detail"]["code"] == 400);
  CHECK(refused.body["detail"]["message"] == "No suitable edges near location");
  CHECK(refused.body["valhalla_error_code"] == "171");

  Reply crashed = server.Post(kRoute, RouteRequest("crash"), token);
  INFO(crashed.raw);
  CHECK(crashed.status == 502);
  CHECK(crashed.body["detail"]["code"] == 502);
  CHECK(crashed.body["message"].get<std::string>().find("Failed to find a route") !=
        std::string::npos);

  Reply garbled = server.Post(kRoute, RouteRequest("not-json"), token);
  INFO(garbled.raw);
  CHECK(garbled.status == 502);
  CHECK(garbled.body["message"] == "The routing server's answer is not JSON.");
  // The admin learns where and what from the log; clients never see the server's address.
  CHECK(server.ReadLog().find("routing: " + valhalla.base_url() + "/route answered HTTP 500") !=
        std::string::npos);
  CHECK(crashed.raw.find("127.0.0.1") == std::string::npos);
}

TEST_CASE("valhalla route: a slow server is a 504 within the configured timeout",
          "[api][routing]") {
  FakeValhalla valhalla;
  TestServer server("", {"--routing-url", valhalla.base_url(), "--routing-timeout-seconds", "1"});
  auto [ada, token] = server.CreateUser("ada");
  const auto started = std::chrono::steady_clock::now();
  Reply r = server.Post(kRoute, RouteRequest("slow"), token);
  const auto took = std::chrono::steady_clock::now() - started;
  INFO(r.raw);
  CHECK(r.status == 504);
  CHECK(r.body["message"] == "The routing server did not answer within 1 s.");
  CHECK(took < 5s);
  CHECK(server.ReadLog().find("no answer within 1 s") != std::string::npos);
}

TEST_CASE("valhalla route: an unreachable server is a 502", "[api][routing]") {
  const int port = test_support::UnusedLoopbackPort();
  TestServer server("", {"--routing-url", "http://127.0.0.1:" + std::to_string(port)});
  auto [ada, token] = server.CreateUser("ada");
  Reply r = server.Post(kRoute, RouteRequest(), token);
  INFO(r.raw);
  CHECK(r.status == 502);
  CHECK(r.body["message"] == "The routing server could not be reached or gave no usable answer.");
  CHECK(server.ReadLog().find("could not connect") != std::string::npos);
}

TEST_CASE("valhalla route: without a routing server, a 503 the web app recognises",
          "[api][routing]") {
  TestServer server;
  auto [ada, token] = server.CreateUser("ada");
  Reply r = server.Post(kRoute, RouteRequest(), token);
  INFO(r.raw);
  CHECK(r.status == 503);
  CHECK(
      r.body["message"].get<std::string>().starts_with("Routing is not configured on this server"));
  CHECK(r.body["reason"] == "routing_not_configured");
  CHECK(r.body["detail"]["code"] == 503);
  CHECK(server.Post(kRoute, RouteRequest()).status == 401);
  // The web app knows before asking.
  CHECK(server.Get("/").raw.find("\"routing\":false") != std::string::npos);
}

TEST_CASE("valhalla route: signed-in callers only", "[api][routing]") {
  FakeValhalla valhalla;
  TestServer server("", {"--routing-url", valhalla.base_url()});
  Reply anonymous = server.Post(kRoute, RouteRequest());
  CHECK(anonymous.status == 401);
  CHECK(anonymous.Header("WWW-Authenticate") == "Bearer");
  CHECK(server.Post(kRoute, RouteRequest(), "not-a-token").status == 401);
  // Not even whether a body is well formed is told to an anonymous caller.
  CHECK(server.Post(kRoute, Json::array()).status == 401);
  CHECK(valhalla.requests().empty());
  CHECK(server.Get("/").raw.find("\"routing\":true") != std::string::npos);
}

TEST_CASE("valhalla route: bad bodies are refused before anything is forwarded", "[api][routing]") {
  FakeValhalla valhalla;
  TestServer server("", {"--routing-url", valhalla.base_url()});
  auto [ada, token] = server.CreateUser("ada");
  struct Row {
    const char* name;
    std::string body;
    int status;
    const char* field;  // "" when the answer names none
  };
  Json one_point = RouteRequest();
  one_point["locations"].erase(1);
  Json text_lat = RouteRequest();
  text_lat["locations"][0]["lat"] = "47.42";
  Json far_lon = RouteRequest();
  far_lon["locations"][1]["lon"] = 200;
  Json truck = RouteRequest();
  truck["costing"] = "truck";
  Json gpx = RouteRequest();
  gpx["format"] = "gpx";
  Json huge = RouteRequest();
  huge["costing_options"]["pedestrian"]["padding"] = std::string(100'000, 'x');
  Json no_costing = RouteRequest();
  no_costing.erase("costing");
  const Row rows[] = {
      {"not JSON", "{locations:", 400, ""},
      {"an array", "[1,2]", 400, ""},
      {"empty", "", 400, ""},
      {"no locations", R"({"costing":"auto"})", 400, "locations"},
      {"one location", one_point.dump(), 400, "locations"},
      {"lat as text", text_lat.dump(), 400, "locations"},
      {"lon out of range", far_lon.dump(), 400, "locations"},
      {"no costing", no_costing.dump(), 400, "costing"},
      {"costing truck", truck.dump(), 400, "costing"},
      {"format gpx", gpx.dump(), 400, "format"},
      {"too large", huge.dump(), 413, ""},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    Reply r = server.Send("POST", kRoute, token, row.body);
    INFO(r.raw);
    CHECK(r.status == row.status);
    CHECK(r.body.is_object());
    CHECK(r.body.contains("message"));
    if (row.field[0] != '\0') CHECK(r.body["data"].contains(row.field));
  }
  CHECK(valhalla.requests().empty());
}

TEST_CASE("valhalla route: each user has a rate limit, answered with 429 and Retry-After",
          "[api][routing]") {
  FakeValhalla valhalla;
  TestServer server("", {"--routing-url", valhalla.base_url()});
  auto [ada, ada_token] = server.CreateUser("ada");
  auto [bob, bob_token] = server.CreateUser("bob");
  int accepted = 0;
  Reply limited;
  for (int i = 0; i < 60 && limited.status == 0; ++i) {
    Reply r = server.Post(kRoute, RouteRequest(), ada_token);
    if (r.status == 200) {
      ++accepted;
    } else {
      limited = r;
    }
  }
  INFO(limited.raw);
  CHECK(accepted >= 30);  // the burst, plus what refilled meanwhile
  CHECK(accepted < 60);
  REQUIRE(limited.status == 429);
  CHECK(limited.body["message"].get<std::string>().starts_with("Too many route requests"));
  CHECK(std::stoi(limited.Header("Retry-After")) >= 1);
  CHECK(valhalla.requests().size() == static_cast<size_t>(accepted));
  // Someone else is not held up.
  CHECK(server.Post(kRoute, RouteRequest(), bob_token).status == 200);
}

TEST_CASE("valhalla route: a routing URL that is not http or https stops the start",
          "[api][routing]") {
  test_support::TempDir dir;
  for (const char* url : {"ftp://valhalla.lan", "valhalla.lan:8002", "http://"}) {
    INFO(url);
    int code = 0;
    const std::string out = RunCommand(
        std::string(CAIRN_BINARY) +
            " serve --http 127.0.0.1:" + std::to_string(test_support::UnusedLoopbackPort()) +
            " --dir " + dir.path() + " --routing-url '" + url + "' 2>&1",
        &code);
    CHECK(code == 1);
    CHECK(out.find("--routing-url") != std::string::npos);
  }
}

}  // namespace
}  // namespace cairn::api_test
