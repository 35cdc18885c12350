// The planner's line as GPX: read back by our own reader, point for point.
#include "services/tracks/planned_route.h"

#include <catch2/catch.hpp>

#include "geo/readers.h"

namespace cairn::services {
namespace {

using records::Json;

TEST_CASE("a planned line reads back as one track of the same points", "[services][plan]") {
  const Json body = {
      {"name", ""},
      {"points", Json::array({Json::array({46.5, 8.5, 1200.5}), Json::array({46.51, 8.52, nullptr}),
                              Json::array({46.52, 8.53})})}};
  auto file = GpxOfPlannedRoute(body);
  REQUIRE(file.ok());
  CHECK(file->file_name == "Planned_route.gpx");  // SanitiseFileName
  auto track = geo::ReadTrackFile(file->content);
  REQUIRE(track.ok());
  CHECK(track->name == "Planned route");
  REQUIRE(track->parts.size() == 1);
  CHECK(track->parts[0].kind == geo::PartKind::kTrack);
  const geo::Segment& points = track->parts[0].segments.at(0);
  REQUIRE(points.size() == 3);
  CHECK(points[0].lat == 46.5);
  CHECK(points[0].ele == 1200.5);
  CHECK_FALSE(points[1].HasElevation());
  CHECK(points[2].lon == 8.53);
}

TEST_CASE("a planned line is refused with the field that is wrong", "[services][plan]") {
  const Json two = Json::array({Json::array({1, 2}), Json::array({1, 3})});
  CHECK(GpxOfPlannedRoute(Json::array()).error().kind == util::ErrorKind::kInvalidArgument);
  CHECK(GpxOfPlannedRoute({{"points", Json::array({Json::array({1, 2})})}})
            .error()
            .field_errors.count("points") == 1);
  CHECK(GpxOfPlannedRoute({{"points", two}, {"name", true}}).error().field_errors.count("name") ==
        1);
  CHECK(GpxOfPlannedRoute({{"points", Json::array({Json::array({1, 181}), Json::array({1, 2})})}})
            .error()
            .field_errors.count("points") == 1);
  CHECK(GpxOfPlannedRoute({{"points", two}}).ok());
}

}  // namespace
}  // namespace cairn::services
