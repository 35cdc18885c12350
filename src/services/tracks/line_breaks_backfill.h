// The map lines of trails stored before schema 14, drawn again from their stored tracks so the
// breaks between their segments (`line_breaks`) are known, and the highest point of trails
// stored before schema 19 (`max_elevation`, the statistics' "highest" record).
#pragma once

#include <cstddef>
#include <stop_token>
#include <string>

#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// Works through `trails_lines_pending` (filled by migration 14 with every trail that had a
// track, and by migration 21 with every one whose highest point is unknown), a few trails per
// write: reads each trail's stored track and, when its map line has more than one part, sets
// `polyline`, `preview`, `sketch` and `line_breaks` as an upload would (a line of one part is
// already what an upload writes, so it is left alone); sets `max_elevation` where it is unknown
// and the track has heights. A row whose track
// changed meanwhile keeps its newer lines; a file that is missing or unreadable is left as it
// is and logged. Each trail leaves the pending table once handled, so a stop (`stop` requested
// between trails) or a crash resumes where it was at the next start. `trails_collection_id` is
// where the trails' files are stored. Returns how many trails got new lines or a highest point; an
// error only when the database fails. Thread-safe (the database serialises the writes); meant for a
// thread of its own at start.
util::Result<size_t> BackfillLineBreaks(storage::Database& database, storage::BlobStore& blobs,
                                        const std::string& trails_collection_id,
                                        std::stop_token stop);

}  // namespace cairn::services
