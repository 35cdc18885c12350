// Ramer–Douglas–Peucker simplification in metres, and the trail's map line built with it.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "geo/geodesy.h"
#include "geo/track.h"
#include "util/result.h"

namespace cairn::geo {

// The map line keeps every bend that leaves the straight line by more than this: 2–4 pixels at
// zoom 14–15, where a trail fills the screen, and under a pixel in a list's overview map.
// Measured on the corpus it turns 1 Hz recordings of 3–10 k points into 100–500
// (docs/STATISTICS.md).
inline constexpr double kMapToleranceMeters = 10;
// At most this many points in the map line (about 10 KB of encoded polyline). When the
// tolerance would keep more, the bends that leave the line the most are kept first.
inline constexpr size_t kMapMaxPoints = 2000;
// The preview line (a card's thumbnail, an overview map of many trails) has at most this many
// points (about 500 bytes of encoded polyline), and drops the bends smaller than this fraction
// of the line's extent (one pixel of a 500-pixel drawing), never finer than the map line.
inline constexpr size_t kPreviewMaxPoints = 100;
inline constexpr double kPreviewToleranceFraction = 1.0 / 500;
// The sketch line is what an overview map of hundreds of trails draws, where one trail spans
// tens of pixels: at most this many points (about 100 bytes encoded, a fifth of a preview), and
// no bend smaller than this fraction of the line's extent (a pixel of a 100-pixel drawing).
inline constexpr size_t kSketchMaxPoints = 24;
inline constexpr double kSketchToleranceFraction = 1.0 / 100;

// A line in parts: every point in order, and where each part after the first starts. A part
// is one segment of the file (a GPX trk or trkseg, a GeoJSON MultiLineString's line, a KML
// LineString): the stretch from one part's last point to the next part's first was not walked.
struct PartedLine {
  std::vector<LatLon> points;
  // Ascending indexes into `points`, each in 1..size-1: the first point of a new part.
  std::vector<size_t> breaks;

  bool operator==(const PartedLine&) const = default;
};

// The indices (ascending) of the points of `line` that Ramer–Douglas–Peucker keeps: the first
// and the last, and every point farther than `tolerance_m` from the chord of the stretch it
// lies in (measured in metres, in a local projection at each chord), so every point left out
// is within `tolerance_m` of the simplified line. Stops at `max_points` (never below 2),
// keeping the farthest points first. Lines longer than 16384 points are first cut into
// stretches of that length, searched separately, and the cuts the result does not need are
// dropped again; below that length the result is exactly the classic algorithm's whenever it
// has at most `max_points` points. Iterative (a priority queue, no recursion); O(n log n) on
// real tracks, O(n + max_points * 16384) at worst. Pure; safe from any thread.
std::vector<size_t> SimplifyIndices(std::span<const LatLon> line, double tolerance_m,
                                    size_t max_points);

// The points at SimplifyIndices.
std::vector<LatLon> SimplifyLine(std::span<const LatLon> line, double tolerance_m,
                                 size_t max_points);

// `line` simplified part by part, as SimplifyIndices does a whole line, with one queue for all
// parts (so `max_points` counts every part and the most visible bends of any part go first):
// each part keeps its first and last point, so no break is lost or moved, and no chord crosses
// a break. A part of one point stays a part of one point. When the parts' ends alone would
// pass `max_points` (at least 2), only the max_points / 2 - 1 breaks with the widest gaps are
// kept and the parts across the others are joined: a straight line over the narrowest gaps is
// the least visible. Breaks out of order or out of range are ignored. Pure.
PartedLine SimplifyParts(const PartedLine& line, double tolerance_m, size_t max_points);

// The trail's map line: each non-empty segment of the line parts (see LinePartKind), in file
// order, one part, simplified with SimplifyParts, kMapToleranceMeters and kMapMaxPoints. Empty
// for a track without points.
PartedLine SimplifyForMap(const Track& track);

// The trail's preview line from its map line: simplified with a tolerance of
// kPreviewToleranceFraction of the line's extent (the diagonal of its box, at least
// kMapToleranceMeters) and at most kPreviewMaxPoints points, the bends that stray the most first.
// Keeps the first and the last point. Pure.
std::vector<LatLon> SimplifyForPreview(std::span<const LatLon> map_line);
// The same for a map line in parts: SimplifyParts with the preview's tolerance and budget.
PartedLine SimplifyPartsForPreview(const PartedLine& map_line);

// The trail's sketch line from its map line: as SimplifyForPreview, with
// kSketchToleranceFraction and kSketchMaxPoints. Pure.
std::vector<LatLon> SimplifyForSketch(std::span<const LatLon> map_line);
PartedLine SimplifyPartsForSketch(const PartedLine& map_line);

// An encoded line (precision 5) and the breaks between its parts (see PartedLine).
struct EncodedLine {
  std::string polyline;
  std::vector<size_t> breaks;

  bool operator==(const EncodedLine&) const = default;
};

// The trail's `preview` from its `polyline` (both encoded, precision 5) and the polyline's
// breaks: decoded, SimplifyPartsForPreview, encoded again, with the preview's own breaks.
// Uploads and the schema migrations that filled previews for older trails all derive it this
// way, so they agree byte for byte. "" for ""; InvalidArgument when `map_polyline` does not
// decode. Pure.
util::Result<EncodedLine> PreviewOfMapLine(std::string_view map_polyline,
                                           std::span<const size_t> breaks);
// The trail's `sketch` likewise, with SimplifyPartsForSketch. Pure.
util::Result<EncodedLine> SketchOfMapLine(std::string_view map_polyline,
                                          std::span<const size_t> breaks);

// PreviewOfMapLine's polyline for a map line of one part. Pure.
util::Result<std::string> PreviewPolyline(std::string_view map_polyline);

// SketchOfMapLine's polyline for a map line of one part. Pure.
util::Result<std::string> SketchPolyline(std::string_view map_polyline);

}  // namespace cairn::geo
