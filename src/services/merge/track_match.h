// Whether two trails are one route recorded twice, judged by their tracks alone (never by their
// names): the same start and end, about the same length, and lines that follow each other in the
// same direction. Pure functions over decoded map lines; safe from any thread.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "geo/geodesy.h"

namespace cairn::services {

// Starts (and ends) farther apart than this are different trails.
inline constexpr double kEndpointToleranceMeters = 500;
// Lengths may differ by this much, or by this fraction of the longer one (a device that starts
// late, a detour to a hut).
inline constexpr double kDistanceGapMeters = 2000;
inline constexpr double kDistanceGapFraction = 0.2;
// The largest Fréchet distance (geo/line_similarity.h) between two recordings of one route, on
// lines resampled every kMatchSpacingMeters (at most kMatchMaxPoints points) after their ends were
// aligned. Chosen on the corpus (docs/MERGE.md): a track against itself read from another format
// is 0-8 m away, against a simulated second device (20-30 m of drift, other instants, a late
// start) 22-42 m, 99 m for a sparse hand-edited file; a loop walked the other way round is 650 m
// and more away, and hikes from the same trailhead 800-1200 m.
inline constexpr double kFrechetThresholdMeters = 150;
inline constexpr double kMatchSpacingMeters = 10;
inline constexpr size_t kMatchMaxPoints = 1000;
// Maintenance groups bucket starts and ends on a grid of this many degrees (about 330 m of
// latitude), so only trails in nearby cells are compared: those within kEndpointToleranceMeters,
// two cells of latitude, and of longitude two at the equator, three at 60°N/S.
inline constexpr double kGridDegrees = 0.003;

// A trail's track as the matcher sees it: its map line and its distance (the trail's own figure,
// or the line's length when it has none).
struct TrackLine {
  std::vector<geo::LatLon> points;
  double distance_m = 0;
};

struct TrackComparison {
  bool comparable = false;  // both lines have two points or more
  double start_gap_m = 0;   // between the two starts
  double end_gap_m = 0;     // between the two ends
  bool lengths_agree = false;
  // The aligned lines' Fréchet distance; infinity when not computed (not comparable, or the
  // ends or lengths already rule the pair out and `shape` was kEndsFirst).
  double frechet_m = 0;
};

enum class Shape {
  kAlways,     // measure the lines' shape whatever the ends say (warnings of a manual selection)
  kEndsFirst,  // skip the costly shape when the ends or lengths already rule the pair out
};

// How `a` and `b` compare. Loops are compared like any line: their ends meet, and the shape
// decides (a loop walked the other way round is far from itself under Fréchet).
TrackComparison CompareTracks(const TrackLine& a, const TrackLine& b, Shape shape);

// A strong match: starts and ends within kEndpointToleranceMeters, lengths agreeing, and a
// Fréchet distance within kFrechetThresholdMeters. A reversed trail (A→B against B→A), an
// out-and-back against its one-way half and a loop the other way round are not matches.
bool IsStrongMatch(const TrackComparison& comparison);

// How alike two tracks are, in (0, 1]: 1 / (1 + frechet / kFrechetThresholdMeters), 0 when not
// comparable. A strong match scores at least 0.5.
double MatchScore(const TrackComparison& comparison);

// What a person merging the two should know: "missing_geometry" (a trail without a track),
// "startpoints_far_apart", "endpoints_far_apart", "distance_differs", "geometry_differs".
std::vector<std::string> MatchWarnings(const TrackComparison& comparison);

// The pairs (i < j) of `lines` whose starts and whose ends fall in cells of the kGridDegrees grid
// near enough to be within kEndpointToleranceMeters: the only pairs that can match, found without
// comparing every pair. Lines of fewer than two points take part in none.
std::vector<std::pair<size_t, size_t>> CandidatePairs(const std::vector<TrackLine>& lines);

}  // namespace cairn::services
