// The application's own SQL functions, registered on every connection:
//   cairn_search_words(text)          util::SearchIndexWords: the words the search index holds
//                                      of a text (schema.sql's search section).
//   cairn_search_parts(words)          util::SearchWordParts: the inner parts of those words.
//   cairn_search_fields_rank(query, tiers, parts, field...)
//                                      the rank of one record's indexed words for a query
//                                      (util::RankSearchFields), NULL when it does not match.
//   cairn_search_rank(fts_table, phrases, tiers)
//                                      an FTS5 auxiliary function: the same rank from the
//                                      columns each phrase of the MATCH query matched.
//   cairn_line_crosses_box(polyline, south, west, north, east[, some_points])
//                                      1 when the encoded map line passes through the box
//                                      (geo::LineCrossesBox), else 0; a point of `some_points`
//                                      (the trail's sketch, a subset of the line's) in the box
//                                      decides first.
//   cairn_line_within(polyline, lat, lon, metres)
//                                      1 when some part of the line is within `metres` of the
//                                      point (geo::DistanceToLineMeters), else 0.
//   cairn_distance(lat1, lon1, lat2, lon2)
//                                      metres between two points (geo::DistanceMeters).
//   cairn_line_cells(polyline, lat, lon)
//                                      the grid cells of about 1 km the line passes through
//                                      (geo::GridCellsOfEncodedLine) as a JSON array of integers;
//                                      without a line, the cell of the start unless it is 0, 0.
// NULL arguments give NULL; a line that does not decode is in no area.
#pragma once

struct sqlite3;

namespace cairn::storage {

// Throws SQLite::Exception as SQLiteCpp does when SQLite refuses (out of memory).
void RegisterSqlFunctions(sqlite3* db);

}  // namespace cairn::storage
