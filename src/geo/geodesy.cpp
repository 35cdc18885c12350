// WGS84 distances: a local projection for track steps, Vincenty for long legs.
#include "geo/geodesy.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace cairn::geo {
namespace {

constexpr double kA = kWgs84SemiMajorAxisMeters;
constexpr double kF = kWgs84Flattening;
constexpr double kB = kA * (1 - kF);
constexpr double kE2 = kF * (2 - kF);  // first eccentricity squared
constexpr double kRadiansPerDegree = std::numbers::pi / 180;
// The radius of the sphere whose meridian is as long as WGS84's (the rectifying radius).
constexpr double kRectifyingRadiusMeters = 6367449.145823416;

// The local projection stays within 1e-6 of the geodesic while the step spans less than these
// angles (measured, see docs/STATISTICS.md): the error grows with the square of the latitude
// span and of the meridian convergence (longitude span times the sine of the latitude).
constexpr double kMaxLocalLatitudeSpan = 0.003;   // radians, about 19 km
constexpr double kMaxLocalConvergence = 0.003;    // radians of meridian convergence
constexpr double kMaxLocalLongitudeSpan = 0.003;  // radians, about 19 km at the equator

double LongitudeDifferenceRadians(double lon1, double lon2) {
  return LongitudeDifferenceDegrees(lon1, lon2) * kRadiansPerDegree;
}

// Whether the local projection is accurate for a step (see the limits above).
bool FitsLocalProjection(double dphi, double dlambda, double sin_mid) {
  return std::fabs(dphi) <= kMaxLocalLatitudeSpan && std::fabs(dlambda) <= kMaxLocalLongitudeSpan &&
         std::fabs(dlambda * sin_mid) <= kMaxLocalConvergence;
}

// The step's length in the plane tangent at the mid-latitude, scaled by the radii of curvature
// there: meridional (m) north-south, prime vertical (n, times the cosine: the radius of the
// parallel) east-west.
double LocalProjection(double dphi, double dlambda, double sin_mid) {
  const double w2 = 1 - kE2 * sin_mid * sin_mid;
  const double n = kA / std::sqrt(w2);
  const double m = n * (1 - kE2) / w2;
  const double dy = m * dphi;
  const double dx = n * std::sqrt(1 - sin_mid * sin_mid) * dlambda;
  return std::sqrt(dx * dx + dy * dy);
}

double SineOfMidLatitude(double lat1, double lat2) {
  return std::sin(0.5 * (lat1 + lat2) * kRadiansPerDegree);
}

}  // namespace

namespace geodesy_internal {

bool UsesLocalProjection(double lat1, double lon1, double lat2, double lon2) {
  return FitsLocalProjection((lat2 - lat1) * kRadiansPerDegree,
                             LongitudeDifferenceRadians(lon1, lon2), SineOfMidLatitude(lat1, lat2));
}

double LocalProjectionMeters(double lat1, double lon1, double lat2, double lon2) {
  return LocalProjection((lat2 - lat1) * kRadiansPerDegree, LongitudeDifferenceRadians(lon1, lon2),
                         SineOfMidLatitude(lat1, lat2));
}

double VincentyMeters(double lat1, double lon1, double lat2, double lon2) {
  const double l = LongitudeDifferenceRadians(lon1, lon2);
  const double u1 = std::atan((1 - kF) * std::tan(lat1 * kRadiansPerDegree));
  const double u2 = std::atan((1 - kF) * std::tan(lat2 * kRadiansPerDegree));
  const double sin_u1 = std::sin(u1), cos_u1 = std::cos(u1);
  const double sin_u2 = std::sin(u2), cos_u2 = std::cos(u2);

  double lambda = l;
  double sin_sigma = 0, cos_sigma = 0, sigma = 0, cos2_alpha = 0, cos_2sigma_m = 0;
  bool converged = false;
  for (int iteration = 0; iteration < 200; ++iteration) {
    const double sin_lambda = std::sin(lambda), cos_lambda = std::cos(lambda);
    const double t1 = cos_u2 * sin_lambda;
    const double t2 = cos_u1 * sin_u2 - sin_u1 * cos_u2 * cos_lambda;
    sin_sigma = std::sqrt(t1 * t1 + t2 * t2);
    cos_sigma = sin_u1 * sin_u2 + cos_u1 * cos_u2 * cos_lambda;
    if (sin_sigma == 0) {
      // The same point, or exact antipodes (which have no unique geodesic: not solved here).
      return cos_sigma > 0 ? 0 : std::numeric_limits<double>::quiet_NaN();
    }
    sigma = std::atan2(sin_sigma, cos_sigma);
    const double sin_alpha = cos_u1 * cos_u2 * sin_lambda / sin_sigma;
    cos2_alpha = 1 - sin_alpha * sin_alpha;
    // On the equator cos2_alpha is 0 and the term vanishes.
    cos_2sigma_m = cos2_alpha != 0 ? cos_sigma - 2 * sin_u1 * sin_u2 / cos2_alpha : 0;
    const double c = kF / 16 * cos2_alpha * (4 + kF * (4 - 3 * cos2_alpha));
    const double previous = lambda;
    lambda = l + (1 - c) * kF * sin_alpha *
                     (sigma +
                      c * sin_sigma *
                          (cos_2sigma_m + c * cos_sigma * (-1 + 2 * cos_2sigma_m * cos_2sigma_m)));
    if (std::fabs(lambda) > std::numbers::pi) break;  // diverging: nearly antipodal
    if (std::fabs(lambda - previous) < 1e-12) {
      converged = true;
      break;
    }
  }
  if (!converged) return std::numeric_limits<double>::quiet_NaN();
  const double u_sq = cos2_alpha * (kA * kA - kB * kB) / (kB * kB);
  const double a = 1 + u_sq / 16384 * (4096 + u_sq * (-768 + u_sq * (320 - 175 * u_sq)));
  const double b = u_sq / 1024 * (256 + u_sq * (-128 + u_sq * (74 - 47 * u_sq)));
  const double c2 = cos_2sigma_m * cos_2sigma_m;
  const double delta_sigma =
      b * sin_sigma *
      (cos_2sigma_m +
       b / 4 *
           (cos_sigma * (-1 + 2 * c2) -
            b / 6 * cos_2sigma_m * (-3 + 4 * sin_sigma * sin_sigma) * (-3 + 4 * c2)));
  return kB * a * (sigma - delta_sigma);
}

double NearlyAntipodalMeters(double lat1, double lon1, double lat2, double lon2) {
  // Such geodesics run near a meridian, so the sphere whose meridian is as long as the
  // ellipsoid's measures them within 0.2% (exactly for antipodes). A search for the true
  // geodesic costs a millisecond here, and a hostile file could hold millions of such jumps;
  // in a track they are never real steps, so a cheap, bounded answer is the right one.
  const double phi1 = lat1 * kRadiansPerDegree, phi2 = lat2 * kRadiansPerDegree;
  const double sin_dphi = std::sin(0.5 * (phi2 - phi1));
  const double sin_dlambda = std::sin(0.5 * LongitudeDifferenceRadians(lon1, lon2));
  const double h =
      sin_dphi * sin_dphi + std::cos(phi1) * std::cos(phi2) * sin_dlambda * sin_dlambda;
  return 2 * kRectifyingRadiusMeters * std::asin(std::sqrt(std::clamp(h, 0.0, 1.0)));
}

}  // namespace geodesy_internal

MetersPerDegree MetersPerDegreeAt(double lat) {
  // A degree north, then a degree east, in the local projection at `lat`.
  const double sin_lat = std::sin(lat * kRadiansPerDegree);
  return {LocalProjection(kRadiansPerDegree, 0, sin_lat),
          LocalProjection(0, kRadiansPerDegree, sin_lat)};
}

double DistanceMeters(double lat1, double lon1, double lat2, double lon2) {
  // One sine serves both the check and the radii: a track step costs one sin() and no more.
  const double dphi = (lat2 - lat1) * kRadiansPerDegree;
  const double dlambda = LongitudeDifferenceRadians(lon1, lon2);
  const double sin_mid = SineOfMidLatitude(lat1, lat2);
  if (FitsLocalProjection(dphi, dlambda, sin_mid)) return LocalProjection(dphi, dlambda, sin_mid);
  const double vincenty = geodesy_internal::VincentyMeters(lat1, lon1, lat2, lon2);
  if (!std::isnan(vincenty)) return vincenty;
  return geodesy_internal::NearlyAntipodalMeters(lat1, lon1, lat2, lon2);
}

}  // namespace cairn::geo
