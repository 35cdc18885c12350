// Line breaks and highest points for trails stored before they were kept: their tracks read
// again, a few at a time.
#include "services/tracks/line_breaks_backfill.h"

#include <cstdio>
#include <utility>
#include <variant>
#include <vector>

#include "geo/readers.h"
#include "services/tracks/track_fields.h"
#include "util/log.h"

namespace cairn::services {
namespace {

using records::Json;

// Trails read per round: small, so the writer is never held for long while the server serves.
constexpr int64_t kBatch = 8;

struct Pending {
  std::string id;
  std::string gpx;  // the stored file's name, '' when the trail has no track any more
};

util::Result<std::vector<Pending>> NextPending(storage::Database& database) {
  return database.Read<std::vector<Pending>>(
      [](storage::Connection& c) -> util::Result<std::vector<Pending>> {
        CAIRN_ASSIGN_OR_RETURN(
            storage::QueryResult rows,
            c.Query("SELECT p.trail, coalesce(t.gpx, '') FROM trails_lines_pending p "
                    "LEFT JOIN trails t ON t.id = p.trail ORDER BY p.trail LIMIT ?",
                    {kBatch}));
        std::vector<Pending> pending;
        for (const auto& row : rows.rows) {
          const auto* id = std::get_if<std::string>(&row[0]);
          const auto* gpx = std::get_if<std::string>(&row[1]);
          pending.push_back({id ? *id : std::string(), gpx ? *gpx : std::string()});
        }
        return pending;
      });
}

// The fields of a trail's stored track (as an upload computes them), or null when it cannot be
// read.
Json TrackFields(storage::BlobStore& blobs, const std::string& collection_id,
                 const Pending& trail) {
  if (trail.gpx.empty()) return nullptr;
  auto bytes = blobs.Read(collection_id, trail.id, trail.gpx);
  if (!bytes.ok()) {
    util::LogWarning("trail " + trail.id + ": its track " + trail.gpx +
                     " could not be read again: " + bytes.error().message);
    return nullptr;
  }
  auto track = geo::ReadTrackFile(*bytes);
  if (!track.ok()) {
    util::LogWarning("trail " + trail.id + ": its track " + trail.gpx +
                     " could not be read again: " + track.error().message);
    return nullptr;
  }
  return TrailFieldsFromTrack(*track);
}

}  // namespace

util::Result<size_t> BackfillLineBreaks(storage::Database& database, storage::BlobStore& blobs,
                                        const std::string& trails_collection_id,
                                        std::stop_token stop) {
  size_t updated = 0;
  while (!stop.stop_requested()) {
    CAIRN_ASSIGN_OR_RETURN(std::vector<Pending> pending, NextPending(database));
    if (pending.empty()) break;
    for (const Pending& trail : pending) {
      if (stop.stop_requested()) break;
      // Read and parsed outside the writer; written only if the trail still has that track.
      const Json fields = TrackFields(blobs, trails_collection_id, trail);
      CAIRN_ASSIGN_OR_RETURN(
          bool changed, database.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
            bool rewritten = false;
            // A line of one part is already what an upload writes: left alone.
            if (fields.is_object() && !fields["line_breaks"].is_null()) {
              CAIRN_ASSIGN_OR_RETURN(
                  int64_t rows,
                  c.Execute(
                      "UPDATE trails SET polyline = ?, preview = ?, sketch = ?, "
                      "line_breaks = ? WHERE id = ? AND gpx = ?",
                      {fields["polyline"].get<std::string>(), fields["preview"].get<std::string>(),
                       fields["sketch"].get<std::string>(), fields["line_breaks"].dump(), trail.id,
                       trail.gpx}));
              rewritten = rows > 0;
            }
            // Schema 19's highest point, for the statistics' records.
            if (fields.is_object() && fields["max_elevation"].is_number()) {
              CAIRN_ASSIGN_OR_RETURN(
                  int64_t rows,
                  c.Execute("UPDATE trails SET max_elevation = ? WHERE id = ? AND "
                            "gpx = ? AND max_elevation IS NULL",
                            {fields["max_elevation"].get<double>(), trail.id, trail.gpx}));
              rewritten = rewritten || rows > 0;
            }
            CAIRN_RETURN_IF_ERROR(
                c.Execute("DELETE FROM trails_lines_pending WHERE trail = ?", {trail.id}));
            return rewritten;
          }));
      if (changed) ++updated;
    }
  }
  return updated;
}

}  // namespace cairn::services
