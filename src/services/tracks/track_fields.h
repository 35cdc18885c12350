// The fields of a trail or summit log that a GPS track determines.
#pragma once

#include "geo/track.h"
#include "records/record_codec.h"

namespace cairn::services {

// A trail's figures from its track: distance, elevation gain and loss, duration, moving
// duration, start (lat, lon), bounds, the simplified map line (`polyline`) and its smaller
// `preview` and `sketch`, the breaks between their parts (`line_breaks`), the device's own totals,
// the highest and lowest points (`max_elevation`, `min_elevation`, null without elevations),
// `elevation_source` "device", and `date` when the track carries a time; distance, duration,
// gain, loss and date again as `computed_*` (trail_overrides.h). The one place these are derived,
// for uploads, imports, forms and new tracks alike.
records::Json TrailFieldsFromTrack(const geo::Track& track);

// A summit log's figures: distance, duration, elevation gain and loss.
records::Json SummitLogFieldsFromTrack(const geo::Track& track);

// What a trail holds once its track is removed: no map line, preview, bounds, device totals or
// computed figures (the figures in effect stay, as plain values).
records::Json TrailFieldsWithoutTrack();

}  // namespace cairn::services
