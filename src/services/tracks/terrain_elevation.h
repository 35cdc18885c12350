// A trail's elevation figures from the terrain model instead of its file's altitudes: applied
// on request or at upload (a person's setting), and undone back to the file's.
#pragma once

#include <string>
#include <string_view>

#include "dem/terrain_model.h"
#include "dem/tile_set.h"
#include "geo/track.h"
#include "records/record_codec.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// settings.terrain_elevation: when an upload's figures come from the terrain model.
enum class TerrainUploads {
  kNever,    // "" or "never"
  kMissing,  // "missing": the file has no altitude at all
  kGps,      // "gps": also when its altitude looks like GPS altitude rather than a barometer's
};

// The rule a setting's value names; anything unknown is kNever.
TerrainUploads TerrainUploadsOf(std::string_view setting);

// The person's rule (kNever without settings). Reads one row.
util::Result<TerrainUploads> TerrainUploadsFor(storage::Connection& connection,
                                               const std::string& user_id);

// Whether `track`'s altitude calls for the terrain under `rule`. Missing: no line point has an
// elevation. GPS: the file does not say which sensor measured, so the altitude itself is judged
// with the statistics' own noise test: a track none of whose line parts geo::ComputeStatistics
// found smooth (its smooth_elevation_parts is 0) is taken for GPS altitude; a barometer's
// climbs steadily and passes. Pure.
bool WantsTerrainHeights(const geo::Track& track, TerrainUploads rule);

// TrailFieldsFromTrack over `track` with the terrain's heights (dem::PutTerrainHeights), and
// `elevation_source` "terrain": gain, loss, highest and lowest points and their computed_*
// values from the terrain; distance, times, line and device totals as from the file. Conflict,
// naming how much of the track the model covers (facts `points`, `covered`, `percent`), unless
// it covers every line point; Conflict for a track without line points. Pure over the tiles.
util::Result<records::Json> TerrainTrailFields(const dem::TileSet& tiles, geo::Track track);

// Thread-safe: each call reads the stored file and writes through the record service.
class TerrainElevation {
 public:
  TerrainElevation(storage::Database& database, RecordService& records, storage::BlobStore& blobs,
                   dem::TerrainModel& terrain)
      : database_(database), records_(records), blobs_(blobs), terrain_(terrain) {}

  // POST /trail/{id}/terrain-elevation: the trail's gain, loss, highest and lowest points (and
  // its profile, see TrackService::ProfileOfTrail) from the terrain model along its stored
  // track; the stored file is not changed. Fields a person typed over (overrides) keep their
  // values; the computed_* ones change. Who may update the trail may do it (its author and edit
  // shares): Unauthorized, NotFound or Forbidden as an update. Conflict when the trail has no
  // track, when the model does not cover all of it (see TerrainTrailFields), or when its track
  // was replaced meanwhile. Returns the updated trail.
  util::Result<records::Json> Apply(const Caller& caller, std::string_view id);

  // GET /trail/{id}/terrain-elevation: {elevation_source ("device" or "terrain"), points,
  // covered, percent}: how much of the stored track's line the model covers now, so that a page
  // offers the action only where it would succeed. The same callers and errors as Apply, bar
  // coverage (a partial one is the answer, not an error). Reads the file; writes nothing.
  util::Result<records::Json> Coverage(const Caller& caller, std::string_view id);

  // DELETE /trail/{id}/terrain-elevation: the figures from the stored file again
  // (`elevation_source` "device"), overrides kept. The same errors, bar coverage. Returns the
  // updated trail; a trail already on its file's figures is written the same.
  util::Result<records::Json> Undo(const Caller& caller, std::string_view id);

 private:
  enum class Source { kDevice, kTerrain };
  struct StoredTrack {
    records::Json trail;
    std::string gpx;  // the file's name, to check that it is still the trail's at the write
    geo::Track track;
  };
  // The trail and its track, for a caller who may update it.
  util::Result<StoredTrack> ReadStoredTrack(const Caller& caller, std::string_view id);
  util::Result<records::Json> Recompute(const Caller& caller, std::string_view id, Source source);

  storage::Database& database_;
  RecordService& records_;
  storage::BlobStore& blobs_;
  dem::TerrainModel& terrain_;
};

}  // namespace cairn::services
