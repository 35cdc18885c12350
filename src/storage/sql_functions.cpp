#include "storage/sql_functions.h"

#include <SQLiteCpp/Exception.h>
#include <sqlite3.h>

#include <new>
#include <string>
#include <string_view>

#include "geo/line_area.h"
#include "geo/polyline.h"
#include "util/search_fold.h"

namespace cairn::storage {
namespace {

std::string_view TextOf(sqlite3_value* value) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(value));
  if (!text) return {};
  return {text, static_cast<size_t>(sqlite3_value_bytes(value))};
}

bool AnyNull(int count, sqlite3_value** arguments) {
  for (int i = 0; i < count; ++i) {
    if (sqlite3_value_type(arguments[i]) == SQLITE_NULL) return true;
  }
  return false;
}

// Nothing may unwind into SQLite's C frames: every function catches what it can throw.
template <class Body>
void Guarded(sqlite3_context* context, Body body) {
  try {
    body();
  } catch (const std::bad_alloc&) {
    sqlite3_result_error_nomem(context);
  }
}

void FoldForSearchFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    const std::string folded = util::FoldForSearch(TextOf(arguments[0]));
    sqlite3_result_text64(context, folded.data(), folded.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  });
}

void LineCrossesBoxFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    auto line = geo::DecodePolyline(TextOf(arguments[0]));
    const geo::BoundingBox box{.south = sqlite3_value_double(arguments[1]),
                               .west = sqlite3_value_double(arguments[2]),
                               .north = sqlite3_value_double(arguments[3]),
                               .east = sqlite3_value_double(arguments[4])};
    sqlite3_result_int(context, line.ok() && geo::LineCrossesBox(*line, box) ? 1 : 0);
  });
}

void LineWithinFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  Guarded(context, [&] {
    auto line = geo::DecodePolyline(TextOf(arguments[0]));
    const geo::LatLon point{sqlite3_value_double(arguments[1]), sqlite3_value_double(arguments[2])};
    const double meters = sqlite3_value_double(arguments[3]);
    sqlite3_result_int(context,
                       line.ok() && geo::DistanceToLineMeters(*line, point) <= meters ? 1 : 0);
  });
}

void DistanceFunction(sqlite3_context* context, int count, sqlite3_value** arguments) {
  if (AnyNull(count, arguments)) return sqlite3_result_null(context);
  sqlite3_result_double(
      context,
      geo::DistanceMeters(sqlite3_value_double(arguments[0]), sqlite3_value_double(arguments[1]),
                          sqlite3_value_double(arguments[2]), sqlite3_value_double(arguments[3])));
}

void Register(sqlite3* db, const char* name, int arguments,
              void (*function)(sqlite3_context*, int, sqlite3_value**)) {
  const int result = sqlite3_create_function_v2(
      db, name, arguments, SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS, nullptr, function,
      nullptr, nullptr, nullptr);
  if (result != SQLITE_OK) throw SQLite::Exception(db, result);
}

}  // namespace

void RegisterSqlFunctions(sqlite3* db) {
  Register(db, "cairn_fold", 1, &FoldForSearchFunction);
  Register(db, "cairn_line_crosses_box", 5, &LineCrossesBoxFunction);
  Register(db, "cairn_line_within", 4, &LineWithinFunction);
  Register(db, "cairn_distance", 4, &DistanceFunction);
}

}  // namespace cairn::storage
