// Valhalla's /height shapes: what a body may hold, and how answers are written.
#include "services/elevation/valhalla_height.h"

#include <catch2/catch.hpp>
#include <cmath>

namespace cairn::services {
namespace {

using Json = nlohmann::json;

TEST_CASE("height requests are read from shape or a precision 6 polyline", "[elevation]") {
  auto shape = ParseHeightRequest(
      Json::parse(R"({"id":"a","shape":[{"lat":46.5,"lon":8.25},{"lat":-1,"lon":-77}],
                      "range":true,"height_precision":2})"));
  REQUIRE(shape.ok());
  REQUIRE(shape->points.size() == 2);
  CHECK(shape->points[1].lat == -1);
  CHECK(shape->range);
  CHECK(shape->precision == 2);
  CHECK(shape->echo["id"] == "a");
  CHECK(shape->echo["shape"].size() == 2);
  // Google's example line "_p~iF~ps|U_ulLnnqC_mqNvxq`@" at precision 5 is, read at 6, a tenth.
  auto line = ParseHeightRequest(Json{{"encoded_polyline", "_p~iF~ps|U_ulLnnqC_mqNvxq`@"}});
  REQUIRE(line.ok());
  REQUIRE(line->points.size() == 3);
  CHECK(line->points[0].lat == Approx(3.85));
  CHECK(line->points[0].lon == Approx(-12.02));
  CHECK_FALSE(line->range);
  CHECK(line->echo.contains("encoded_polyline"));
}

TEST_CASE("malformed height requests are refused with the member named", "[elevation]") {
  struct Row {
    const char* body;
    const char* message;
  };
  const Row rows[] = {
      {R"({})", "needs shape or encoded_polyline"},
      {R"({"shape":[]})", "no points"},
      {R"({"shape":{"lat":1,"lon":2}})", "shape must be an array"},
      {R"({"shape":[{"lat":1}]})", "shape[0] needs numeric lat and lon"},
      {R"({"shape":[{"lat":1,"lon":2},{"lat":"1","lon":2}]})", "shape[1] needs numeric"},
      {R"({"shape":[{"lat":91,"lon":2}]})", "outside latitudes"},
      {R"({"encoded_polyline":"ab cd"})", "encoded_polyline is malformed"},
      {R"({"encoded_polyline":"_p~iF"})", "encoded_polyline is malformed"},
      {R"({"encoded_polyline":42})", "must be a string"},
      {R"({"shape":[{"lat":1,"lon":2}],"range":"yes"})", "range must be true or false"},
      {R"({"shape":[{"lat":1,"lon":2}],"height_precision":3})", "height_precision must be"},
      {R"({"shape":[{"lat":1,"lon":2}],"height_precision":1.5})", "height_precision must be"},
      {R"({"shape":[{"lat":1,"lon":2}],"resample_distance":10})", "not supported"},
  };
  for (const Row& row : rows) {
    INFO(row.body);
    auto parsed = ParseHeightRequest(Json::parse(row.body));
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK(parsed.error().message.find(row.message) != std::string::npos);
  }
}

TEST_CASE("more points than the limit are too large", "[elevation]") {
  // One point, then zero steps: two bytes a point.
  std::string polyline = "??";
  for (size_t i = 0; i < kMaxHeightPoints; ++i) polyline += "??";
  auto parsed = ParseHeightRequest(Json{{"encoded_polyline", polyline}});
  REQUIRE_FALSE(parsed.ok());
  CHECK(parsed.error().kind == util::ErrorKind::kTooLarge);
  polyline.resize(polyline.size() - 2);
  CHECK(ParseHeightRequest(Json{{"encoded_polyline", polyline}}).ok());
}

TEST_CASE("answers round to the precision and write unknown heights as null", "[elevation]") {
  HeightRequest request;
  request.echo = {{"shape", Json::array()}};
  const std::vector<double> heights = {1234.567, std::nan(""), -3.449};
  const std::vector<double> distances = {0, 10.26, 20.5};
  const std::vector<HeightWarning> warnings = {{"outside_terrain_model", "1 of 3"}};
  Json plain = Json::parse(RenderHeightAnswer(request, heights, distances, {}));
  CHECK(plain.dump() == R"({"height":[1235,null,-3],"shape":[]})");
  CHECK(plain["height"][0].is_number_integer());
  // Without an echo the answer is still one object; whole values keep a decimal at precision 2.
  HeightRequest bare;
  bare.precision = 2;
  CHECK(RenderHeightAnswer(bare, {12.0, 7.125}, {}, {}) == R"({"height":[12.0,7.13]})");
  request.precision = 1;
  request.range = true;
  const std::string text = RenderHeightAnswer(request, heights, distances, warnings);
  CHECK(text.find(R"("range_height":[[0.0,1234.6],[10.3,null],[20.5,-3.4]])") != std::string::npos);
  Json ranged = Json::parse(text);
  CHECK(ranged["range_height"].dump() == "[[0.0,1234.6],[10.3,null],[20.5,-3.4]]");
  CHECK(ranged["warnings"][0]["code"] == "outside_terrain_model");
  CHECK_FALSE(ranged.contains("height"));
}

}  // namespace
}  // namespace cairn::services
