// Streams to a Track, point by point, then GPX through the exports' writer.
#include "services/plugins/strava_streams.h"

#include <cmath>

#include "geo/track.h"
#include "geo/writers.h"
#include "util/timestamp.h"

namespace cairn::services::plugins {
namespace {

using records::Json;

// The data array of stream `type`, in either of the API's two shapes; null when absent.
const Json* StreamData(const Json& streams, const std::string& type) {
  if (streams.is_object()) {
    auto it = streams.find(type);
    if (it != streams.end() && it->is_object() && it->contains("data")) return &(*it)["data"];
    return nullptr;
  }
  if (streams.is_array()) {
    for (const Json& stream : streams) {
      if (stream.is_object() && stream.value("type", "") == type && stream.contains("data")) {
        return &stream["data"];
      }
    }
  }
  return nullptr;
}

}  // namespace

std::optional<int64_t> StravaStartSeconds(const Json& activity) {
  const Json start = activity.value("start_date", Json());
  if (!start.is_string()) return std::nullopt;
  auto millis = util::ParseTimestampMillis(start.get<std::string>());
  if (!millis) return std::nullopt;
  return *millis / 1000;
}

util::Result<std::string> StravaStreamsToGpx(const Json& activity, const Json& streams) {
  const Json* latlng = StreamData(streams, "latlng");
  if (latlng == nullptr || !latlng->is_array() || latlng->empty()) {
    return util::Error::NotFound("no GPS positions (entered by hand or recorded indoors)");
  }
  const Json* time = StreamData(streams, "time");
  const Json* altitude = StreamData(streams, "altitude");
  const size_t count = latlng->size();
  // A stream of another length would put heights and times on the wrong points: left out.
  if (time != nullptr && (!time->is_array() || time->size() != count)) time = nullptr;
  if (altitude != nullptr && (!altitude->is_array() || altitude->size() != count)) {
    altitude = nullptr;
  }
  const std::optional<int64_t> start = StravaStartSeconds(activity);
  geo::Track track;
  track.name = activity.value("name", "");
  if (start) track.time_ms = *start * 1000;
  geo::TrackPart part{.kind = geo::PartKind::kTrack, .name = track.name};
  geo::Segment& segment = part.segments.emplace_back();
  segment.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    const Json& position = (*latlng)[i];
    if (!position.is_array() || position.size() != 2 || !position[0].is_number() ||
        !position[1].is_number()) {
      return util::Error::InvalidArgument("position " + std::to_string(i) + " is not [lat, lng]");
    }
    geo::TrackPoint point{.lat = position[0].get<double>(), .lon = position[1].get<double>()};
    if (!std::isfinite(point.lat) || !std::isfinite(point.lon) || std::abs(point.lat) > 90 ||
        std::abs(point.lon) > 180) {
      return util::Error::InvalidArgument("position " + std::to_string(i) + " is out of range");
    }
    if (altitude != nullptr && (*altitude)[i].is_number()) point.ele = (*altitude)[i].get<double>();
    if (start && time != nullptr && (*time)[i].is_number()) {
      point.time_ms = (*start + (*time)[i].get<int64_t>()) * 1000;
    }
    segment.push_back(point);
  }
  track.parts.push_back(std::move(part));
  return geo::WriteGpx(track);
}

}  // namespace cairn::services::plugins
