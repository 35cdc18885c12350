// Activity types written as text, in Track::sport's words.
#include "geo/sport.h"

#include <catch2/catch.hpp>

namespace cairn::geo {
namespace {

TEST_CASE("sports written as text become Track::sport words", "[geo][sport]") {
  CHECK(SportFromText("Biking") == "cycling");   // TCX
  CHECK(SportFromText("Running") == "running");  // TCX
  CHECK(SportFromText("Other") == "");           // TCX
  CHECK(SportFromText("cycling") == "cycling");  // Garmin Connect and Strava GPX
  CHECK(SportFromText("hiking") == "hiking");
  CHECK(SportFromText("MountainBikeRide") == "mountain biking");  // Strava's types
  CHECK(SportFromText("Ride") == "cycling");
  CHECK(SportFromText("EBikeRide") == "e-biking");
  CHECK(SportFromText("NordicSki") == "cross country skiing");
  CHECK(SportFromText("trail_running") == "trail running");
  CHECK(SportFromText(" Walk ") == "walking");
  CHECK(SportFromText("1") == "");  // Strava's old numeric codes say nothing we can read
  CHECK(SportFromText("") == "");
  CHECK(SportFromText("jkljkl") == "");      // gpxpy's korita-zbevnica.gpx: free text
  CHECK(SportFromText("TrackType1") == "");
  CHECK(SportFromText("Paragliding") == "paragliding");
}

}  // namespace
}  // namespace cairn::geo
