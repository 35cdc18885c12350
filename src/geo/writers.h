// Writing a Track as GPX 1.1 or GeoJSON, for exports.
#pragma once

#include <string>

#include "geo/track.h"

namespace cairn::geo {

// The track as a GPX 1.1 document (creator "Cairn") that validates against the GPX 1.1 schema:
// metadata (name, desc, time), then waypoints, then routes, then tracks, each element in the
// schema's order. Tracks become <trk> with one <trkseg> per segment; a route becomes one <rte>
// per segment, since a GPX route cannot hold a gap. Latitude and longitude carry up to 9
// decimals, elevation up to 3 (trailing zeros dropped); times are UTC with milliseconds
// ("2024-05-06T07:08:09.123Z"). Missing elevations and times are left out, as are points whose
// coordinates are not finite and empty segments. Text is UTF-8 with XML's special characters
// escaped; bytes that are not UTF-8 and control characters XML cannot carry become U+FFFD.
// Pure; thread-safe.
std::string WriteGpx(const Track& track);

// The track as a GeoJSON FeatureCollection (RFC 7946), "name" carrying the track's name: one
// LineString (one segment) or MultiLineString feature per part, then one Point feature per
// waypoint. Positions are [lon, lat] or [lon, lat, ele]. Line properties are "name", "desc",
// "_gpxType" ("trk" or "rte") and, when any point has a time, "coordinateProperties": {"times":
// [...]} as togeojson writes it (one string or null per position; a list per line for a
// MultiLineString). Point properties are "name", "desc", "time" and "sym" when set. Parts
// without points are left out. Pure; thread-safe.
std::string WriteGeoJson(const Track& track);

}  // namespace cairn::geo
