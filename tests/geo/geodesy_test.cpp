// Distances on the WGS84 ellipsoid, checked against GeographicLib.
#include "geo/geodesy.h"

#include <catch2/catch.hpp>
#include <cmath>

namespace cairn::geo {
namespace {

// The relative errors measured by bench/geodesy_accuracy.sh (10,000 random pairs per band,
// against GeodSolve), rounded up: the local projection (steps under about 19 km), Vincenty
// (longer legs), and the meridian-sphere estimate for nearly antipodal pairs.
constexpr double kLocalRelativeError = 1e-6;
constexpr double kVincentyRelativeError = 1e-9;
constexpr double kAntipodalRelativeError = 2e-3;

TEST_CASE("distances match GeographicLib's geodesic within the measured error", "[geo][geodesy]") {
  struct Case {
    const char* what;
    double lat1, lon1, lat2, lon2;
    double geodsolve_m;  // echo "lat1 lon1 lat2 lon2" | GeodSolve -i -p 9
    double relative_error;
  };
  const Case cases[] = {
      {"a 1 Hz walking step", 47.0, 11.0, 47.00001, 11.00001, 1.346976979, kLocalRelativeError},
      {"11 m north", 47.0, 11.0, 47.0001, 11.0, 11.117084248, kLocalRelativeError},
      {"100 m north", 46.5, 7.9, 46.5009, 7.9, 100.044983286, kLocalRelativeError},
      {"1 km east", 46.5, 7.9, 46.5, 7.913, 997.913710177, kLocalRelativeError},
      {"10 km south", -33.9, 18.4, -33.99, 18.41, 10025.636797051, kLocalRelativeError},
      {"100 km", -33.9, 18.4, -33.0, 18.0, 106523.886721854, kVincentyRelativeError},
      {"London to Paris", 51.5, -0.12, 48.85, 2.35, 343492.815400476, kVincentyRelativeError},
      {"New York to Los Angeles", 40.7, -74.0, 34.05, -118.25, 3945651.629558118,
       kVincentyRelativeError},
      {"a step over the equator", 0.0005, 10.0, -0.0005, 10.0003, 115.507372432,
       kLocalRelativeError},
      {"a step over the antimeridian", -16.5, 179.9995, -16.5004, -179.9998, 86.860433957,
       kLocalRelativeError},
      {"a step over the north pole", 89.9999, 0, 89.9999, 180, 22.338795913,
       kVincentyRelativeError},
      {"a step on Svalbard", 78.22, 15.65, 78.2203, 15.6512, 43.247874391, kLocalRelativeError},
      {"across the south pole", -89.99, 45, -89.99, -135, 2233.879590954, kVincentyRelativeError},
      {"pole to pole", 90, 0, -90, 0, 20003931.458625447, kVincentyRelativeError},
      {"Null Island to 10 N (a bad.tcx jump)", 0, 0, 10, 0, 1105854.833234372,
       kVincentyRelativeError},
      {"antipodes on the equator", 0, 0, 0, 180, 20003931.458625447, kAntipodalRelativeError},
      {"nearly antipodal", 0, 0, 0.5, 179.5, 19936288.578965314, kAntipodalRelativeError},
      {"nearly antipodal, the worst measured", 41.0211438672, 82.6981668255, -41.0124615274,
       -96.8064827927, 19981313.456654087, kAntipodalRelativeError},
  };
  for (const Case& c : cases) {
    INFO(c.what);
    const double ours = DistanceMeters(c.lat1, c.lon1, c.lat2, c.lon2);
    CHECK(std::fabs(ours - c.geodsolve_m) <= c.relative_error * c.geodsolve_m);
    // Symmetric: the same path either way.
    CHECK(DistanceMeters(c.lat2, c.lon2, c.lat1, c.lon1) == Approx(ours).epsilon(1e-12));
  }
}

TEST_CASE("the same point is zero metres from itself", "[geo][geodesy]") {
  CHECK(DistanceMeters(12.5, 100.25, 12.5, 100.25) == 0);
  CHECK(DistanceMeters(90, 0, 90, 0) == 0);
  CHECK(DistanceMeters(0, 180, 0, -180) == 0);  // one meridian, two names
}

TEST_CASE("track steps take the local projection and long legs Vincenty", "[geo][geodesy]") {
  using geodesy_internal::UsesLocalProjection;
  CHECK(UsesLocalProjection(47.0, 11.0, 47.00001, 11.00001));
  CHECK(UsesLocalProjection(-16.5, 179.9995, -16.5004, -179.9998));  // short over 180°
  CHECK_FALSE(UsesLocalProjection(-33.9, 18.4, -33.0, 18.0));        // 100 km
  CHECK_FALSE(UsesLocalProjection(89.9999, 0, 89.9999, 180));        // over the pole
  // Where both apply they agree to the local projection's error.
  const double local = geodesy_internal::LocalProjectionMeters(-33.9, 18.4, -33.99, 18.41);
  const double vincenty = geodesy_internal::VincentyMeters(-33.9, 18.4, -33.99, 18.41);
  CHECK(std::fabs(local - vincenty) <= kLocalRelativeError * vincenty);
  // Vincenty gives up on antipodes rather than looping.
  CHECK(std::isnan(geodesy_internal::VincentyMeters(0, 0, 0, 180)));
}

TEST_CASE("a degree is as long as the ellipsoid's radii of curvature say", "[geo][geodesy]") {
  struct Case {
    double lat;
    double lat_degree_m, lon_degree_m;  // M * pi / 180 and N * cos(lat) * pi / 180
  };
  const Case cases[] = {
      {0, 110574.27582, 111319.49079},
      {45, 111131.77741, 78846.83509},
      {60, 111412.28746, 55800.00157},
      {-60, 111412.28746, 55800.00157},
  };
  for (const Case& c : cases) {
    INFO(c.lat);
    const MetersPerDegree scale = MetersPerDegreeAt(c.lat);
    CHECK(scale.lat == Approx(c.lat_degree_m).epsilon(1e-9));
    CHECK(scale.lon == Approx(c.lon_degree_m).epsilon(1e-9));
  }
  CHECK(MetersPerDegreeAt(90).lon == Approx(0).margin(1e-6));
}

}  // namespace
}  // namespace cairn::geo
