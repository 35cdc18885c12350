// POST /api/v1/plan/gpx over HTTP: the planner's line comes back as a GPX file that uploads as a
// trail with the same line; bad bodies are clear 400s, anonymous callers a 401.
#include <catch2/catch.hpp>

#include "api/test_server.h"

namespace cairn::api_test {
namespace {

const Json kLine =
    Json::array({Json::array({47.0, 11.0, 500}), Json::array({47.001, 11.0, nullptr}),
                 Json::array({47.002, 11.001})});

TEST_CASE("a planned line becomes a GPX file that uploads as a trail", "[api][plan]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply gpx =
      server.Post("/api/v1/plan/gpx", {{"name", "Über den Pass"}, {"points", kLine}}, token);
  INFO(gpx.raw.substr(0, 400));
  REQUIRE(gpx.status == 200);
  CHECK(gpx.Header("Content-Type").rfind("application/gpx+xml", 0) == 0);
  CHECK(gpx.Header("Content-Disposition").find(".gpx\"") != std::string::npos);
  CHECK(gpx.raw.find("<name>Über den Pass</name>") != std::string::npos);
  CHECK(gpx.raw.find(R"(<trkpt lat="47" lon="11"><ele>500</ele></trkpt>)") != std::string::npos);
  CHECK(gpx.raw.find(R"(<trkpt lat="47.001" lon="11"/>)") != std::string::npos);

  Reply trail = server.Send("PUT", "/api/v1/trail/upload", token, gpx.raw, "application/gpx+xml");
  INFO(trail.raw.substr(0, 400));
  REQUIRE(trail.status == 200);
  CHECK(trail.body["name"] == "Über den Pass");
  CHECK(trail.body["distance"].get<double>() > 200);
}

TEST_CASE("a planned line that is not one is a 400 naming the field", "[api][plan]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  struct Row {
    const char* name;
    Json body;
    const char* field;
  };
  const Row rows[] = {
      {"one point", {{"points", Json::array({Json::array({47, 11})})}}, "points"},
      {"no points", {{"name", "x"}}, "points"},
      {"a point of text", {{"points", Json::array({"47,11", Json::array({47, 11})})}}, "points"},
      {"a latitude past the pole",
       {{"points", Json::array({Json::array({91, 11}), Json::array({47, 11})})}},
       "points"},
      {"four numbers",
       {{"points", Json::array({Json::array({47, 11, 1, 2}), Json::array({47, 11})})}},
       "points"},
      {"a name that is a number", {{"name", 5}, {"points", kLine}}, "name"},
      {"a name too long", {{"name", std::string(201, 'a')}, {"points", kLine}}, "name"},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    Reply r = server.Post("/api/v1/plan/gpx", row.body, token);
    CHECK(r.status == 400);
    CHECK(r.body["data"].contains(row.field));
  }
  CHECK(server.Send("POST", "/api/v1/plan/gpx", token, "not json").status == 400);
  CHECK(server.Post("/api/v1/plan/gpx", {{"points", kLine}}).status == 401);
}

}  // namespace
}  // namespace cairn::api_test
