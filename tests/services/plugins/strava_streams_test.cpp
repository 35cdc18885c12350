#include "services/plugins/strava_streams.h"

#include <catch2/catch.hpp>

#include "geo/readers.h"

namespace cairn::services::plugins {
namespace {

using records::Json;

const Json kActivity = {{"name", "Ridge & <valley>"},
                        {"sport_type", "TrailRun"},
                        {"start_date", "2026-05-01T07:00:00Z"}};

// The GPX read back as any upload is.
geo::Track ReadBack(const std::string& gpx) {
  auto track = geo::ReadTrackFile(gpx);
  REQUIRE(track.ok());
  REQUIRE(track->parts.size() == 1);
  REQUIRE(track->parts[0].segments.size() == 1);
  return std::move(track).value();
}

TEST_CASE("Strava streams become a GPX track with times and heights", "[plugins][strava]") {
  const Json streams = {{"latlng", {{"data", {{46.5, 8.1}, {46.501, 8.1005}}}}},
                        {"time", {{"data", {0, 65}}}},
                        {"altitude", {{"data", {1200.04, 1210.5}}}}};
  auto gpx = StravaStreamsToGpx(kActivity, streams);
  REQUIRE(gpx.ok());
  CHECK(gpx->find("Ridge &amp; &lt;valley&gt;") != std::string::npos);
  const geo::Track track = ReadBack(*gpx);
  CHECK(track.name == "Ridge & <valley>");
  const geo::Segment& points = track.parts[0].segments[0];
  REQUIRE(points.size() == 2);
  CHECK(points[0].lat == Approx(46.5));
  CHECK(points[1].lon == Approx(8.1005));
  CHECK(points[0].ele == Approx(1200.04));
  CHECK(points[0].time_ms == 1777618800000);  // 2026-05-01T07:00:00Z
  CHECK(points[1].time_ms == 1777618800000 + 65000);
}

TEST_CASE("Strava streams given as a list read the same as keyed ones", "[plugins][strava]") {
  const Json streams = Json::array(
      {{{"type", "latlng"}, {"data", {{1.0, 2.0}}}}, {{"type", "time"}, {"data", {0}}}});
  auto gpx = StravaStreamsToGpx(kActivity, streams);
  REQUIRE(gpx.ok());
  const geo::Track track = ReadBack(*gpx);
  const geo::TrackPoint& point = track.parts[0].segments[0].at(0);
  CHECK(point.lat == Approx(1.0));
  CHECK(point.lon == Approx(2.0));
  CHECK(!point.HasElevation());
  CHECK(point.HasTime());
}

TEST_CASE("Strava streams without positions or with impossible ones are refused",
          "[plugins][strava]") {
  auto indoors = StravaStreamsToGpx(kActivity, {{"time", {{"data", {0, 1}}}}});
  REQUIRE(!indoors.ok());
  CHECK(indoors.error().kind == util::ErrorKind::kNotFound);
  auto past_pole = StravaStreamsToGpx(kActivity, {{"latlng", {{"data", {{91.0, 2.0}}}}}});
  REQUIRE(!past_pole.ok());
  CHECK(past_pole.error().kind == util::ErrorKind::kInvalidArgument);
  auto not_pairs = StravaStreamsToGpx(kActivity, {{"latlng", {{"data", {1.0, 2.0}}}}});
  CHECK(!not_pairs.ok());
  // A time stream of another length is left out rather than put on the wrong points.
  auto short_time = StravaStreamsToGpx(
      kActivity, {{"latlng", {{"data", {{1.0, 2.0}, {1.0, 2.1}}}}}, {"time", {{"data", {0}}}}});
  REQUIRE(short_time.ok());
  const geo::Track track = ReadBack(*short_time);
  CHECK(!track.parts[0].segments[0].at(0).HasTime());
}

}  // namespace
}  // namespace cairn::services::plugins
