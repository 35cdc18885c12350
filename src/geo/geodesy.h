// Distances on the WGS84 ellipsoid, and the small coordinate types the geometry code shares.
#pragma once

namespace cairn::geo {

// A position in degrees (WGS84): lat north in [-90, 90], lon east in [-180, 180].
struct LatLon {
  double lat = 0;
  double lon = 0;

  friend bool operator==(const LatLon&, const LatLon&) = default;
};

// The smallest box holding a set of positions, in degrees. When the box crosses the
// antimeridian (a track over the Pacific at 180°), `west` is greater than `east`, as in
// RFC 7946 §5.2: the box runs east from `west` to 180° and on from -180° to `east`.
struct BoundingBox {
  double south = 0;
  double west = 0;
  double north = 0;
  double east = 0;

  bool CrossesAntimeridian() const { return west > east; }
  friend bool operator==(const BoundingBox&, const BoundingBox&) = default;
};

// `to - from` in degrees folded into [-180, 180], so a step over the antimeridian is short.
// Longitudes in [-180, 180] need one fold at most; a branch is cheaper than remainder().
inline double LongitudeDifferenceDegrees(double from, double to) {
  const double d = to - from;
  return d > 180 ? d - 360 : d < -180 ? d + 360 : d;
}

// WGS84, the ellipsoid of GPS coordinates.
inline constexpr double kWgs84SemiMajorAxisMeters = 6378137.0;
inline constexpr double kWgs84Flattening = 1 / 298.257223563;

// The length in metres of the shortest path on the WGS84 ellipsoid between two positions given
// in degrees (longitudes may differ by more than 180°: the path crosses the antimeridian if that
// is shorter). Steps spanning less than about 19 km (0.003 rad of latitude, of longitude and of
// meridian convergence), i.e. every step of a recorded track, take a local projection at the
// mid-latitude: one sine, no iteration, about 50 ns. Longer legs take Vincenty's inverse
// formula; the nearly antipodal pairs where it does not converge take a meridian-length sphere.
// Measured against GeographicLib (bench/geodesy_accuracy.sh, 20,000 random pairs per band):
// relative error at most 1e-6 on the local projection (1e-10 on average), 1.3e-10 with
// Vincenty, 1.6e-3 within half a degree of antipodal (see docs/STATISTICS.md). Inputs must be
// finite and in range; otherwise the result is NaN or meaningless, never a hang. Pure; safe from
// any thread.
double DistanceMeters(double lat1, double lon1, double lat2, double lon2);

inline double DistanceMeters(const LatLon& a, const LatLon& b) {
  return DistanceMeters(a.lat, a.lon, b.lat, b.lon);
}

// The length of one degree of latitude and of longitude at a latitude (from the ellipsoid's
// meridional and prime-vertical radii of curvature), to turn small lat/lon differences into
// metres: the local projection that DistanceMeters uses for short steps.
struct MetersPerDegree {
  double lat = 0;
  double lon = 0;
};
MetersPerDegree MetersPerDegreeAt(double lat);

// The two methods behind DistanceMeters, exposed for tests and the accuracy benchmark.
namespace geodesy_internal {

// The local-projection distance (exact in the limit of short steps). Any input; no check.
double LocalProjectionMeters(double lat1, double lon1, double lat2, double lon2);
// Vincenty's inverse formula; NaN when it does not converge (nearly antipodal points).
double VincentyMeters(double lat1, double lon1, double lat2, double lon2);
// True when DistanceMeters takes the local projection for this pair.
bool UsesLocalProjection(double lat1, double lon1, double lat2, double lon2);
// The estimate for the nearly antipodal pairs Vincenty cannot solve (a meridian-length sphere).
double NearlyAntipodalMeters(double lat1, double lon1, double lat2, double lon2);

}  // namespace geodesy_internal

}  // namespace cairn::geo
