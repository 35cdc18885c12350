// The application's own SQL functions, registered on every connection:
//   cairn_fold(text)                   util::FoldForSearch; the search index's triggers fold
//                                      every text they index with it (schema.sql).
//   cairn_line_crosses_box(polyline, south, west, north, east)
//                                      1 when the encoded map line passes through the box
//                                      (geo::LineCrossesBox), else 0.
//   cairn_line_within(polyline, lat, lon, metres)
//                                      1 when some part of the line is within `metres` of the
//                                      point (geo::DistanceToLineMeters), else 0.
//   cairn_distance(lat1, lon1, lat2, lon2)
//                                      metres between two points (geo::DistanceMeters).
// NULL arguments give NULL; a line that does not decode is in no area.
#pragma once

struct sqlite3;

namespace cairn::storage {

// Throws SQLite::Exception as SQLiteCpp does when SQLite refuses (out of memory).
void RegisterSqlFunctions(sqlite3* db);

}  // namespace cairn::storage
