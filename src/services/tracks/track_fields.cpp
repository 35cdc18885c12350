// Statistics and geometry of a track, as record fields.
#include "services/tracks/track_fields.h"

#include <cmath>

#include "geo/polyline.h"
#include "geo/simplify.h"
#include "geo/statistics.h"
#include "services/tracks/trail_naming.h"
#include "services/tracks/trail_overrides.h"
#include "util/clock.h"

namespace cairn::services {

using records::Json;

namespace {

// A device clock a day ahead of ours is wrong, not early: its times give no date or duration.
constexpr int64_t kClockDriftMs = 24 * 3600 * 1000;

// Sets `polyline`, `preview` and `sketch` (each one encoded line of all its points, as any
// decoder reads it) and `line_breaks`: where each line's parts start (see geo::PartedLine), null
// when the map line is one part.
void PutMapLines(const geo::Track& track, Json& fields) {
  const geo::PartedLine map_line = geo::SimplifyForMap(track);
  const std::string polyline = geo::EncodePolyline(map_line.points);
  // From the encoded line, as the schema 5 and 6 migrations derived them for older trails (a line
  // just encoded always decodes).
  auto preview = geo::PreviewOfMapLine(polyline, map_line.breaks);
  auto sketch = geo::SketchOfMapLine(polyline, map_line.breaks);
  fields["preview"] = preview.ok() ? preview->polyline : std::string();
  fields["sketch"] = sketch.ok() ? sketch->polyline : std::string();
  fields["polyline"] = polyline;
  if (map_line.breaks.empty()) {
    fields["line_breaks"] = nullptr;
    return;
  }
  fields["line_breaks"] = {{"polyline", map_line.breaks},
                           {"preview", preview.ok() ? preview->breaks : std::vector<size_t>()},
                           {"sketch", sketch.ok() ? sketch->breaks : std::vector<size_t>()}};
}

}  // namespace

Json TrailFieldsFromTrack(const geo::Track& track) {
  const geo::TrackStatistics stats = geo::ComputeStatistics(track);
  const int64_t latest = util::SystemClock().NowMillis() + kClockDriftMs;
  const bool future = stats.start_time_ms != geo::kNoTime && stats.start_time_ms > latest;
  Json fields = {{"distance", stats.distance_m},
                 {"elevation_gain", stats.elevation_gain_m},
                 {"elevation_loss", stats.elevation_loss_m},
                 {"duration", future ? 0 : stats.elapsed_s.value_or(0)},
                 {"moving_duration", future ? 0 : stats.moving_s.value_or(0)}};
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
  PutMapLines(track, fields);
  // The first recorded time the device could have produced, else the file's own (GPX metadata).
  const bool metadata_time = geo::IsPlausibleTime(track.time_ms) && track.time_ms <= latest;
  const int64_t first_time = stats.start_time_ms != geo::kNoTime && !future ? stats.start_time_ms
                             : metadata_time                                ? track.time_ms
                                                                            : geo::kNoTime;
  if (first_time != geo::kNoTime) {
    const std::optional<double> lon =
        stats.start ? std::optional<double>(stats.start->lon) : std::nullopt;
    if (auto date = LocalDateOf(first_time, lon, track.utc_offset_s)) fields["date"] = *date;
  }
  const geo::DeviceTotals& device = track.device;
  auto number_or_null = [](const std::optional<double>& value) {
    return value ? Json(*value) : Json(nullptr);
  };
  // The highest point reached, for a profile's records (NaN: no point has an elevation).
  fields["max_elevation"] =
      std::isnan(stats.max_elevation_m) ? Json(nullptr) : Json(stats.max_elevation_m);
  fields["min_elevation"] =
      std::isnan(stats.min_elevation_m) ? Json(nullptr) : Json(stats.min_elevation_m);
  // A new track's figures are its file's; TerrainElevation says otherwise when it applies.
  fields["elevation_source"] = "device";
  fields["device_distance"] = number_or_null(device.distance_m);
  fields["device_elevation_gain"] = number_or_null(device.ascent_m);
  fields["device_elevation_loss"] = number_or_null(device.descent_m);
  fields["device_duration"] = number_or_null(device.elapsed_s);
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
  // Kept beside the values in effect, which a person may correct (trail_overrides.h).
  for (const char* name : kOverridableTrailFields) {
    fields[std::string("computed_") + name] = fields.value(name, Json(""));
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
  return Json{{"polyline", ""},
              {"preview", ""},
              {"sketch", ""},
              {"line_breaks", nullptr},
              {"min_lat", 0},
              {"max_lat", 0},
              {"min_lon", 0},
              {"max_lon", 0},
              {"device_totals", nullptr},
              {"max_elevation", nullptr},
              {"min_elevation", nullptr},
              {"elevation_source", ""},
              {"device_distance", nullptr},
              {"device_elevation_gain", nullptr},
              {"device_elevation_loss", nullptr},
              {"device_duration", nullptr},
              // No track, nothing computed: the statistics are plain values.
              {"computed_distance", nullptr},
              {"computed_duration", nullptr},
              {"computed_elevation_gain", nullptr},
              {"computed_elevation_loss", nullptr},
              {"computed_date", ""}};
}

}  // namespace cairn::services
