// How closely two lines follow each other: the measures behind finding one route recorded twice
// (services/merge/track_match.h). Pure functions; safe from any thread.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "geo/geodesy.h"

namespace cairn::geo {

// The length of a line in metres: DistanceMeters summed over its steps (0 below two points).
double LineLengthMeters(std::span<const LatLon> line);

// Points along `line` every `spacing_m` metres of its length, from its first point to its last
// (both kept, the last one closer than `spacing_m` to the one before it); when that would be more
// than `max_points` (at least 2), the spacing grows until it is not. A line of fewer than two
// points, or of no length, comes back as it is. Interpolates linearly in degrees between the
// line's points (its steps are short). Pure.
std::vector<LatLon> ResampleLine(std::span<const LatLon> line, double spacing_m, size_t max_points);

// The discrete Fréchet distance between two lines in metres (Eiter and Mannila, 1994): the
// shortest leash that lets one walker on each line go from its first to its last point, each
// only forwards and from point to point. Unlike the Hausdorff distance it sees direction: a line
// and its reverse are as far apart as the line is long, a loop walked the other way round too.
// Measured in one local projection (metres per degree at the lines' mean latitude), which is
// within 0.1 % of DistanceMeters for lines a few tens of kilometres across. O(n·m) time, O(m)
// memory. Infinity when either line is empty. Pure.
double DiscreteFrechetMeters(std::span<const LatLon> a, std::span<const LatLon> b);

}  // namespace cairn::geo
