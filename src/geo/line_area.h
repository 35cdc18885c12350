// Whether a line on the map (a trail's map line) passes through an area: a box of latitudes and
// longitudes, or a circle around a point. Map-area searches find a trail by any part of its
// track, not only by where it starts. A line in parts (a trail's `line_breaks`) is read as one
// line: the stretch across a break counts as part of it, which at most shows a trail whose gap
// crosses the view, and keeps these tests one pass over the encoded line.
#pragma once

#include <span>
#include <string_view>

#include "geo/geodesy.h"

namespace cairn::geo {

// True when some point of `line`, or some straight stretch between two neighbouring points
// (straight in degrees, as a map in Web Mercator draws it up to the small bends between the
// points of a simplified line), lies in `box` (edges included). A box with west > east crosses
// the antimeridian; a stretch whose longitudes differ by more than 180° crosses it too and is
// taken the short way. An empty line is in no box. Pure; O(points).
bool LineCrossesBox(std::span<const LatLon> line, const BoundingBox& box);

// True when some point of `points` (not the stretches between them) lies in `box`, as
// LineCrossesBox reads boxes. A line simplified from another keeps some of its points: one of
// them in the box tells the whole line crosses it. Pure; O(points).
bool AnyPointInBox(std::span<const LatLon> points, const BoundingBox& box);

// The distance in metres from `point` to the nearest point of `line` (its points and the
// stretches between them), measured in a local projection around `point`: exact enough for the
// radii of a map search (within a few per mille at 100 km in mid latitudes). Infinity for an empty
// line. Pure; O(points).
double DistanceToLineMeters(std::span<const LatLon> line, const LatLon& point);

// The same tests on an encoded polyline (geo/polyline.h), read point by point and only as far as
// the first point or stretch that answers: a line crossing the box near its start costs a few
// points, and no line is held whole. A line that does not decode is read up to its fault (Cairn
// writes none). Pure; O(points read).
bool EncodedLineCrossesBox(std::string_view polyline, const BoundingBox& box);
bool EncodedPointInBox(std::string_view polyline, const BoundingBox& box);
// Whether DistanceToLineMeters(line, point) <= meters, stopping at the first stretch that close.
bool EncodedLineWithin(std::string_view polyline, const LatLon& point, double meters);

}  // namespace cairn::geo
