// POST /api/v1/valhalla/height against the real server with terrain tiles the test makes and
// imports with `cairn dem add` while the server runs; and the `cairn dem` CLI itself.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>

#include "api/valhalla/height_server.h"

namespace cairn::api_test {
namespace {

const std::vector<std::pair<double, double>> kLine = {
    {46.5, 8.5}, {46.5001, 8.5002}, {46.3, 8.9999}, {46.3, 9.0001}, {47.0, 9.0}};

TEST_CASE("heights of a shape come from the terrain model", "[api][terrain]") {
  HeightServer s;
  Reply r = s.Height({{"shape", Shape(kLine)}, {"height_precision", 2}}, s.token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  REQUIRE(r.body["height"].size() == kLine.size());
  for (size_t i = 0; i < kLine.size(); ++i) {
    CHECK(r.body["height"][i].get<double>() ==
          Approx(Plane(kLine[i].first, kLine[i].second)).margin(0.006));
  }
  CHECK(r.body["shape"] == Shape(kLine));  // echoed, as Valhalla does
  CHECK_FALSE(r.body.contains("warnings"));
  // Default precision: whole metres as integers.
  Reply whole = s.Height({{"shape", Shape({{46.5001, 8.5002}})}}, s.token);
  REQUIRE(whole.status == 200);
  CHECK(whole.body["height"][0].is_number_integer());
  CHECK(whole.body["height"][0] == std::lround(Plane(46.5001, 8.5002)));
}

TEST_CASE("an encoded polyline gets heights and cumulative distances", "[api][terrain]") {
  HeightServer s;
  const std::string polyline = EncodePolyline6(kLine);
  Reply r =
      s.Height({{"encoded_polyline", polyline}, {"range", true}, {"height_precision", 1}}, s.token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body["encoded_polyline"] == polyline);
  CHECK_FALSE(r.body.contains("height"));
  const Json& pairs = r.body["range_height"];
  REQUIRE(pairs.size() == kLine.size());
  CHECK(pairs[0][0] == 0);
  // 0.0001° north and 0.0002° east at 46.5°: about 11.1 m and 15.3 m, 18.9 m in all.
  CHECK(pairs[1][0].get<double>() == Approx(18.9).margin(0.2));
  for (size_t i = 1; i < pairs.size(); ++i) CHECK(pairs[i][0] >= pairs[i - 1][0]);
  CHECK(pairs[3][1].get<double>() == Approx(Plane(46.3, 9.0001)).margin(0.06));
}

TEST_CASE("points outside the terrain model get null and a warning", "[api][terrain]") {
  HeightServer s;
  Reply r = s.Height({{"shape", Shape({{46.5, 8.5}, {45.5, 8.5}, {46.5, 10.5}})}}, s.token);
  INFO(r.raw);
  REQUIRE(r.status == 200);
  CHECK(r.body["height"][0] == std::lround(Plane(46.5, 8.5)));
  CHECK(r.body["height"][1].is_null());
  CHECK(r.body["height"][2].is_null());
  REQUIRE(r.body["warnings"].size() == 1);
  CHECK(r.body["warnings"][0]["code"] == "outside_terrain_model");
  CHECK(r.body["warnings"][0]["text"].get<std::string>().find("2 of 3 points") == 0);
}

TEST_CASE("height requests are refused when malformed or too large", "[api][terrain]") {
  HeightServer s;
  std::string too_many = "??";
  for (int i = 0; i < 100'000; ++i) too_many += "??";
  struct Row {
    const char* name;
    std::string body;
    int status;
    const char* message;
  };
  const std::vector<Row> rows = {
      {"bad polyline", R"({"encoded_polyline":"not a polyline"})", 400, "encoded_polyline"},
      {"cut polyline", R"({"encoded_polyline":"_p~iF"})", 400, "encoded_polyline"},
      {"not JSON", "{shape: [", 400, "invalid_json"},
      {"no line", R"({"range":true})", 400, "shape or encoded_polyline"},
      {"empty shape", R"({"shape":[]})", 400, "no points"},
      {"point without lon", R"({"shape":[{"lat":46.5}]})", 400, "shape[0]"},
      {"bad precision", R"({"shape":[{"lat":46.5,"lon":8.5}],"height_precision":5})", 400,
       "height_precision"},
      {"too many points", Json{{"encoded_polyline", too_many}}.dump(), 413, "at most 100000"},
      {"too large a body", Json{{"encoded_polyline", std::string(9 << 20, '?')}}.dump(), 413,
       "larger than 8 MiB"},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    Reply r = s.server.Send("POST", "/api/v1/valhalla/height", s.token, row.body);
    CHECK(r.status == row.status);
    CHECK(r.body["message"].get<std::string>().find(row.message) != std::string::npos);
  }
}

TEST_CASE("anonymous callers may not look up heights", "[api][terrain]") {
  HeightServer s;
  Reply r = s.Height({{"shape", Shape({{46.5, 8.5}})}}, "");
  CHECK(r.status == 401);
  CHECK_FALSE(r.body.contains("height"));
  // Not even a malformed body is judged for them.
  CHECK(s.server.Send("POST", "/api/v1/valhalla/height", "", "{nope").status == 401);
}

TEST_CASE("a running server answers from tiles added with cairn dem add", "[api][terrain][cli]") {
  HeightServer s;
  const Json far = {{"shape", Shape({{10.5, -74.5}})}};
  CHECK(s.Height(far, s.token).body["height"][0].is_null());
  test_support::WriteBytes(s.scratch.path() + "/N10W075.hgt",
                           test_support::MakeHgt(1201, [](int, int) { return 321; }));
  int code = -1;
  const std::string out =
      CairnDem("add " + s.scratch.path() + "/N10W075.hgt --dir " + s.server.data_dir(), &code);
  INFO(out);
  REQUIRE(code == 0);
  CHECK(out.find("imported") != std::string::npos);
  Reply r = s.Height(far, s.token);
  CHECK(r.body["height"][0] == 321);
  CHECK_FALSE(r.body.contains("warnings"));
}

TEST_CASE("cairn dem add reports refusals and cairn dem list shows coverage",
          "[api][terrain][cli]") {
  HeightServer s;
  const std::string dir = " --dir " + s.server.data_dir();
  test_support::WriteBytes(s.scratch.path() + "/N47E008.hgt", "short");
  test_support::WriteBytes(s.scratch.path() + "/N47E009.hgt", PlaneTile(47, 9));
  int code = -1;
  std::string out = CairnDem(
      "add " + s.scratch.path() + "/N47E008.hgt " + s.scratch.path() + "/N47E009.hgt" + dir, &code);
  INFO(out);
  CHECK(code == 1);
  CHECK(out.find("refused   " + s.scratch.path() + "/N47E008.hgt: wrong size") !=
        std::string::npos);
  CHECK(out.find("imported  " + s.scratch.path() + "/N47E009.hgt -> N47E009-3as.dem") !=
        std::string::npos);
  CHECK(out.find("1 tile(s) imported, 1 refused") != std::string::npos);
  out = CairnDem("list" + dir, &code);
  INFO(out);
  CHECK(code == 0);
  for (const char* tile : {"N46E008-3as.dem", "N46E009-3as.dem", "N47E009-3as.dem"}) {
    CHECK(out.find(tile) != std::string::npos);
  }
  CHECK(out.find("46.0000,9.0000 .. 47.0000,10.0000") != std::string::npos);
  CHECK(out.find("3\" 1201x1201") != std::string::npos);
  CHECK(out.find("3 tile(s), 8.3 MiB") != std::string::npos);
  // Command-line mistakes are exit status 2.
  CairnDem("add" + dir, &code);
  CHECK(code == 2);
  CairnDem("remove x" + dir, &code);
  CHECK(code == 2);
  CairnDem("add " + s.scratch.path() + "/nothing-here.hgt --dir /nonexistent/cairn", &code);
  CHECK(code == 1);
}

}  // namespace
}  // namespace cairn::api_test
