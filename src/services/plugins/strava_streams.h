// A Strava activity's streams (the API's /activities/{id}/streams) as a GPX file: what the import
// reads like any uploaded track, so a synced activity gets the same statistics as a file.
#pragma once

#include <optional>
#include <string>

#include "records/record_codec.h"
#include "util/result.h"

namespace cairn::services::plugins {

// GPX 1.1 of `activity` (a Strava activity: name, sport_type or type, start_date) and its
// `streams`, keyed by type ({"latlng": {"data": [[lat, lng], ...]}, "time": ..., "altitude": ...})
// or as the list the API answers without key_by_type ([{type, data}, ...]). Times are start_date
// plus the time stream's seconds; heights come from the altitude stream. NotFound when there is no
// latlng stream (an activity entered by hand or recorded indoors); InvalidArgument when the
// streams do not fit together (lengths differ, a position out of range).
util::Result<std::string> StravaStreamsToGpx(const records::Json& activity,
                                             const records::Json& streams);

// start_date ("2024-06-01T07:12:44Z") in Unix seconds, or nullopt.
std::optional<int64_t> StravaStartSeconds(const records::Json& activity);

}  // namespace cairn::services::plugins
