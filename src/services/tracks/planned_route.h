// A line drawn in the route planner, written as a GPX file on the server, so a planned trail is
// stored and read back exactly as an uploaded one.
#pragma once

#include "records/record_codec.h"
#include "services/tracks/track_service.h"
#include "util/result.h"

namespace cairn::services {

// The most points one planned line may have (a snapped route of 100 km has about 5 000).
inline constexpr size_t kMaxPlannedPoints = 20'000;
inline constexpr size_t kMaxPlannedNameBytes = 200;

// POST /plan/gpx: {"name": text (optional), "points": [[lat, lon] or [lat, lon, ele or null],
// ...]} -> a GPX 1.1 file with one track of one segment (a trk, so the planned line is a trail's
// line like any recording), named `name` ("Planned route" when empty), as an attachment called
// after the name. InvalidField naming `points` for fewer than 2 or more than kMaxPlannedPoints
// points, a point that is not an array of 2 or 3 numbers, a latitude outside -90..90 or a
// longitude outside -180..180; naming `name` when it is not a string or longer than
// kMaxPlannedNameBytes. Pure; thread-safe.
util::Result<ExportedFile> GpxOfPlannedRoute(const records::Json& body);

}  // namespace cairn::services
