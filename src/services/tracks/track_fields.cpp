// Statistics and geometry of a track, as record fields.
#include "services/tracks/track_fields.h"

#include "geo/polyline.h"
#include "geo/simplify.h"
#include "geo/statistics.h"

namespace cairn::services {

using records::Json;

Json TrailFieldsFromTrack(const geo::Track& track) {
  const geo::TrackStatistics stats = geo::ComputeStatistics(track);
  Json fields = {{"distance", stats.distance_m},
                 {"elevation_gain", stats.elevation_gain_m},
                 {"elevation_loss", stats.elevation_loss_m},
                 {"duration", stats.elapsed_s.value_or(0)},
                 {"moving_duration", stats.moving_s.value_or(0)}};
  if (stats.start) {
    fields["lat"] = stats.start->lat;
    fields["lon"] = stats.start->lon;
  }
  if (stats.bounds) {
    fields["min_lat"] = stats.bounds->south;
    fields["max_lat"] = stats.bounds->north;
    fields["min_lon"] = stats.bounds->west;
    fields["max_lon"] = stats.bounds->east;
  }
  const std::string polyline = geo::EncodePolyline(geo::SimplifyForMap(track));
  // From the encoded line, as the schema 5 and 6 migrations derived them for older trails (a line
  // just encoded always decodes).
  auto preview = geo::PreviewPolyline(polyline);
  fields["preview"] = preview.ok() ? std::move(preview).value() : std::string();
  auto sketch = geo::SketchPolyline(polyline);
  fields["sketch"] = sketch.ok() ? std::move(sketch).value() : std::string();
  fields["polyline"] = polyline;
  const int64_t first_time =
      stats.start_time_ms != geo::kNoTime ? stats.start_time_ms : track.time_ms;
  if (first_time != geo::kNoTime) {
    if (auto date = geo::DateOf(first_time)) fields["date"] = *date;
  }
  const geo::DeviceTotals& device = track.device;
  if (device.Empty()) {
    fields["device_totals"] = nullptr;
  } else {
    Json totals = Json::object();
    auto put = [&](const char* key, const std::optional<double>& value) {
      if (value) totals[key] = *value;
    };
    put("distance", device.distance_m);
    put("elapsed", device.elapsed_s);
    put("timer", device.timer_s);
    put("elevation_gain", device.ascent_m);
    put("elevation_loss", device.descent_m);
    fields["device_totals"] = std::move(totals);
  }
  return fields;
}

Json SummitLogFieldsFromTrack(const geo::Track& track) {
  const geo::TrackStatistics stats = geo::ComputeStatistics(track);
  return Json{{"distance", stats.distance_m},
              {"duration", stats.elapsed_s.value_or(0)},
              {"elevation_gain", stats.elevation_gain_m},
              {"elevation_loss", stats.elevation_loss_m}};
}

Json TrailFieldsWithoutTrack() {
  return Json{{"polyline", ""}, {"preview", ""}, {"sketch", ""}, {"min_lat", 0},
              {"max_lat", 0},   {"min_lon", 0},  {"max_lon", 0}, {"device_totals", nullptr}};
}

}  // namespace cairn::services
