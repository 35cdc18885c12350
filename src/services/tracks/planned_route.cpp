// The planner's line as GPX: checked point by point, then written by the same writer exports use.
#include "services/tracks/planned_route.h"

#include <string>

#include "geo/writers.h"
#include "storage/blob_store.h"

namespace cairn::services {
namespace {

using records::Json;

util::Error PointsError(std::string detail) {
  return util::Error::InvalidField("Invalid points.", "points", "validation_invalid_value",
                                   std::move(detail));
}

// A point of the body as a track point; the error says which point and why.
util::Result<geo::TrackPoint> PointOf(const Json& item, size_t index) {
  const std::string where = "Point " + std::to_string(index + 1);
  if (!item.is_array() || item.size() < 2 || item.size() > 3 || !item[0].is_number() ||
      !item[1].is_number() || (item.size() == 3 && !item[2].is_number() && !item[2].is_null())) {
    return PointsError(where + " is not [lat, lon] or [lat, lon, elevation].");
  }
  geo::TrackPoint point;
  point.lat = item[0].get<double>();
  point.lon = item[1].get<double>();
  if (!(point.lat >= -90 && point.lat <= 90 && point.lon >= -180 && point.lon <= 180)) {
    return PointsError(where + " lies outside -90..90, -180..180.");
  }
  if (item.size() == 3 && item[2].is_number()) point.ele = item[2].get<double>();
  return point;
}

}  // namespace

util::Result<ExportedFile> GpxOfPlannedRoute(const Json& body) {
  if (!body.is_object()) {
    return util::Error::InvalidArgument("Send {\"name\": text, \"points\": [[lat, lon], ...]}.");
  }
  const Json& name = body.contains("name") ? body["name"] : Json();
  if (!name.is_null() &&
      (!name.is_string() || name.get<std::string>().size() > kMaxPlannedNameBytes)) {
    return util::Error::InvalidField("Invalid name.", "name", "validation_invalid_value",
                                     "A text of at most 200 bytes.");
  }
  const Json& points = body.contains("points") ? body["points"] : Json();
  if (!points.is_array() || points.size() < 2 || points.size() > kMaxPlannedPoints) {
    return PointsError("A list of 2 to " + std::to_string(kMaxPlannedPoints) + " points.");
  }
  geo::Segment segment;
  segment.reserve(points.size());
  for (size_t i = 0; i < points.size(); ++i) {
    CAIRN_ASSIGN_OR_RETURN(geo::TrackPoint point, PointOf(points[i], i));
    segment.push_back(point);
  }
  geo::Track track;
  track.name = name.is_string() && !name.get<std::string>().empty() ? name.get<std::string>()
                                                                    : "Planned route";
  geo::TrackPart part;
  part.name = track.name;
  part.segments.push_back(std::move(segment));
  track.parts.push_back(std::move(part));
  return ExportedFile{geo::WriteGpx(track), "application/gpx+xml",
                      storage::SanitiseFileName(track.name) + ".gpx"};
}

}  // namespace cairn::services
