// The checks a route request passes before it is forwarded: a table of bodies and verdicts.
#include "services/routing/route_request.h"

#include <catch2/catch.hpp>
#include <string>

namespace cairn::services::routing {
namespace {

using Json = nlohmann::json;

Json TwoPoints() {
  return Json::parse(R"({"locations":[{"lat":47.42,"lon":10.98},{"lat":47.41,"lon":11.0}],
                         "costing":"pedestrian"})");
}

TEST_CASE("Route requests Valhalla can answer pass", "[routing]") {
  const char* good[] = {
      R"({"locations":[{"lat":0,"lon":0},{"lat":1,"lon":1}],"costing":"auto"})",
      R"({"locations":[{"lat":-90,"lon":-180},{"lat":90,"lon":180}],"costing":"bicycle"})",
      R"({"locations":[{"lat":47.1,"lon":11.2,"type":"break"},{"lat":47.2,"lon":11.3}],
          "costing":"pedestrian","costing_options":{"pedestrian":{"use_hills":0.5}},
          "directions_type":"none","units":"kilometers","id":"leg-1","format":"json"})",
  };
  for (const char* body : good) {
    INFO(body);
    const util::Status checked = CheckRouteRequest(Json::parse(body));
    CHECK(checked.ok());
  }
}

TEST_CASE("Route requests that cannot be right are refused with the field named", "[routing]") {
  struct Row {
    const char* name;
    Json body;
    const char* field;  // "" for no field
  };
  auto with = [](const char* key, Json value) {
    Json body = TwoPoints();
    body[key] = std::move(value);
    return body;
  };
  auto without = [](const char* key) {
    Json body = TwoPoints();
    body.erase(key);
    return body;
  };
  Json one_point = TwoPoints();
  one_point["locations"].erase(1);
  Json many = TwoPoints();
  for (size_t i = 2; i <= kMaxRouteLocations; ++i)
    many["locations"].push_back({{"lat", 1}, {"lon", 1}});
  const Row rows[] = {
      {"not an object", Json::array(), ""},
      {"no locations", without("locations"), "locations"},
      {"locations not an array", with("locations", "47,11;47,12"), "locations"},
      {"one location", one_point, "locations"},
      {"too many locations", many, "locations"},
      {"a location that is a list", with("locations", Json::parse("[[47,11],[47,12]]")),
       "locations"},
      {"lat as text",
       with("locations", Json::parse(R"([{"lat":"47","lon":11},{"lat":47,"lon":11}])")),
       "locations"},
      {"lat missing", with("locations", Json::parse(R"([{"lon":11},{"lat":47,"lon":11}])")),
       "locations"},
      {"lat over 90",
       with("locations", Json::parse(R"([{"lat":90.5,"lon":11},{"lat":47,"lon":11}])")),
       "locations"},
      {"lon under -180",
       with("locations", Json::parse(R"([{"lat":1,"lon":11},{"lat":47,"lon":-181}])")),
       "locations"},
      {"lat true", with("locations", Json::parse(R"([{"lat":true,"lon":11},{"lat":47,"lon":11}])")),
       "locations"},
      {"no costing", without("costing"), "costing"},
      {"costing truck", with("costing", "truck"), "costing"},
      {"costing multimodal", with("costing", "multimodal"), "costing"},
      {"costing not text", with("costing", 1), "costing"},
      {"costing_options a list", with("costing_options", Json::array()), "costing_options"},
      {"directions_type other", with("directions_type", "html"), "directions_type"},
      {"format gpx", with("format", "gpx"), "format"},
      {"format pbf", with("format", "pbf"), "format"},
  };
  for (const Row& row : rows) {
    INFO(row.name);
    const util::Status checked = CheckRouteRequest(row.body);
    REQUIRE_FALSE(checked.ok());
    CHECK(checked.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_FALSE(checked.error().message.empty());
    if (row.field[0] != '\0') CHECK(checked.error().field_errors.count(row.field) == 1);
  }
}

TEST_CASE("A route request past its size is too large", "[routing]") {
  Json body = TwoPoints();
  body["costing_options"] = {
      {"pedestrian", {{"padding", std::string(kMaxRouteRequestBytes, 'x')}}}};
  const util::Status checked = CheckRouteRequest(body);
  REQUIRE_FALSE(checked.ok());
  CHECK(checked.error().kind == util::ErrorKind::kTooLarge);
}

}  // namespace
}  // namespace cairn::services::routing
