// Statistics typed by hand over a track's: which writes make, keep and end an override.
#include "services/tracks/trail_overrides.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

using records::Json;

// A stored trail whose track computed 10 km, 2 h, 500 m up and down on 2024-06-01, with
// `overrides` over it and the values in effect in `values`.
Json StoredTrail(Json overrides = Json::array(), Json values = Json::object()) {
  Json trail = {{"id", "trail0000000001"},
                {"distance", 10000},
                {"duration", 7200},
                {"elevation_gain", 500},
                {"elevation_loss", 500},
                {"date", "2024-06-01"},
                {"computed_distance", 10000},
                {"computed_duration", 7200},
                {"computed_elevation_gain", 500},
                {"computed_elevation_loss", 500},
                {"computed_date", "2024-06-01"},
                {"overrides", std::move(overrides)}};
  trail.update(values);
  return trail;
}

// What a new track of 12 km, 3 h, 600 m up and down on 2024-07-01 derives.
Json NewTrack(Json date = "2024-07-01") {
  Json derived = {{"distance", 12000},
                  {"duration", 10800},
                  {"elevation_gain", 600},
                  {"elevation_loss", 600},
                  {"computed_distance", 12000},
                  {"computed_duration", 10800},
                  {"computed_elevation_gain", 600},
                  {"computed_elevation_loss", 600},
                  {"computed_date", date},
                  {"polyline", "abc"}};
  if (date != "") derived["date"] = date;
  return derived;
}

TEST_CASE("a figure typed over the track's is an override, and typing the computed one ends it",
          "[services][tracks]") {
  struct Case {
    const char* name;
    Json current, written, overrides, distance;
  };
  const Case cases[] = {
      {"a new distance", StoredTrail(), {{"distance", 9500}}, {"distance"}, 9500},
      {"the computed distance again",
       StoredTrail({"distance"}, {{"distance", 9500}}),
       {{"distance", 10000}},
       Json::array(),
       10000},
      {"within 0.05 m of the computed is the computed",
       StoredTrail({"distance"}, {{"distance", 9500}}),
       {{"distance", 10000.04}},
       Json::array(),
       10000.04},
      {"the stored value sent again is no edit",
       StoredTrail({"distance"}, {{"distance", 9500}}),
       {{"distance", 9500}},
       {"distance"},
       9500},
      {"an override left out of a written list goes back to the computed value",
       StoredTrail({"distance", "duration"}, {{"distance", 9500}, {"duration", 8000}}),
       {{"overrides", {"duration"}}},
       {"duration"},
       10000},
  };
  for (const Case& c : cases) {
    SECTION(c.name) {
      const Json merged = MergeTrailStatistics(c.current, Json::object(), c.written);
      CHECK(merged["overrides"] == c.overrides);
      const Json distance =
          merged.contains("distance") ? merged["distance"] : c.current["distance"];
      CHECK(distance.get<double>() == Approx(c.distance.get<double>()));
    }
  }
}

TEST_CASE("a new track moves the figures without an override and keeps the overridden ones",
          "[services][tracks]") {
  const Json current =
      StoredTrail({"distance", "date"}, {{"distance", 9500}, {"date", "2024-05-31"}});
  const Json merged = MergeTrailStatistics(current, NewTrack(), Json::object());
  CHECK_FALSE(merged.contains("distance"));  // 9500 stays
  CHECK_FALSE(merged.contains("date"));
  CHECK(merged["computed_distance"] == 12000);
  CHECK(merged["duration"] == 10800);
  CHECK(merged["elevation_gain"] == 600);
  CHECK(merged["overrides"] == Json({"distance", "date"}));

  SECTION("a form sent whole with the new file: unchanged figures follow the track") {
    const Json form = {{"distance", 9500}, {"duration", 7200}, {"elevation_gain", 550}};
    const Json with_form = MergeTrailStatistics(current, NewTrack(), form);
    CHECK_FALSE(with_form.contains("distance"));  // sent as stored: 9500 stays, an override
    CHECK(with_form["duration"] == 10800);        // sent as stored: the track's now
    CHECK(with_form["elevation_gain"] == 550);    // typed: an override
    CHECK(with_form["overrides"] == Json({"distance", "elevation_gain", "date"}));
  }
  SECTION("a track without a time keeps the date known so far, as the person's") {
    const Json no_time = MergeTrailStatistics(StoredTrail(), NewTrack(""), Json::object());
    CHECK_FALSE(no_time.contains("date"));
    CHECK(no_time["overrides"] == Json({"date"}));
  }
}

TEST_CASE("without a track the figures are plain values", "[services][tracks]") {
  const Json none = {{"computed_distance", nullptr},
                     {"computed_duration", nullptr},
                     {"computed_elevation_gain", nullptr},
                     {"computed_elevation_loss", nullptr},
                     {"computed_date", ""}};
  SECTION("typed on a trail without a track") {
    Json current = StoredTrail();
    current.update(none);
    current["overrides"] = Json::array();
    const Json merged = MergeTrailStatistics(current, Json::object(),
                                             {{"distance", 4000}, {"overrides", {"distance"}}});
    CHECK(merged["distance"] == 4000);
    CHECK(merged["overrides"] == Json::array());
  }
  SECTION("the track removed: the figures in effect stay, the overrides go") {
    const Json merged =
        MergeTrailStatistics(StoredTrail({"distance"}, {{"distance", 9500}}), none, Json::object());
    CHECK_FALSE(merged.contains("distance"));
    CHECK(merged["overrides"] == Json::array());
    CHECK(merged["computed_distance"].is_null());
  }
  SECTION("created without a track") {
    const Json merged = MergeTrailStatistics(Json::object(), Json::object(), {{"distance", 4000}});
    CHECK(merged["distance"] == 4000);
    CHECK_FALSE(merged.contains("overrides"));
  }
}

TEST_CASE("a trail created with a track and typed figures overrides only those that differ",
          "[services][tracks]") {
  const Json merged =
      MergeTrailStatistics(Json::object(), NewTrack(), {{"distance", 11000}, {"duration", 10800}});
  CHECK(merged["distance"] == 11000);
  CHECK(merged["duration"] == 10800);
  CHECK(merged["overrides"] == Json({"distance"}));
}

}  // namespace
}  // namespace cairn::services
