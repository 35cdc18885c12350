// Trails by where their tracks go: conditions on a trail row (alias of the trails table) that
// hold when any part of the trail's track lies in an area of the map, not only its start. The
// R*Tree of track bounds (schema.sql `trails_bbox`) finds the candidates; a trail whose bounds lie
// wholly in a box is in it; the others have their map line (the simplified `polyline`) checked
// by the SQL functions of storage/sql_functions.h. A trail without a track is placed at its start
// point, unless it has none (0, 0). Each comes in the forms of records::ListCondition: `find`
// gathers the area's trails from the R*Tree (and the partial index of starts), `on_candidate`
// tests one of them, `check` tests any trail from its own bounds first.
#pragma once

#include <string>
#include <string_view>

#include "geo/geodesy.h"
#include "records/record_engine.h"
#include "storage/sql_value.h"
#include "util/result.h"

namespace cairn::services {

// The trails crossing `box` (edges included; west > east crosses the antimeridian).
records::ListCondition TrailsCrossingBox(std::string_view alias, const geo::BoundingBox& box);

// The trails passing within `meters` of the point.
records::ListCondition TrailsNearPoint(std::string_view alias, const geo::LatLon& point,
                                       double meters);

// The trails the user has (`completed`) or has not logged a summit log for. Nobody has completed
// anything when `user_id` is empty (signed out).
storage::SqlFragment TrailsCompletedBy(std::string_view alias, const std::string& user_id,
                                       bool completed);

// A `bbox` parameter, "minLon,minLat,maxLon,maxLat" (west, south, east, north) in degrees, as
// map libraries and OGC APIs write it. InvalidArgument (a 400 naming the problem) unless there
// are four finite numbers with latitudes in [-90, 90] (south <= north) and longitudes in
// [-180, 180]; minLon > maxLon is a box crossing the antimeridian.
util::Result<geo::BoundingBox> ParseBboxParameter(std::string_view text);

}  // namespace cairn::services
