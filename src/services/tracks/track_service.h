// GPS files in and out: a trail from an uploaded track, and trails exported as GPX or GeoJSON.
// (A new track for an existing trail or summit log is an upload: see UploadService.)
#pragma once

#include <functional>
#include <optional>
#include <semaphore>
#include <string>
#include <string_view>
#include <vector>

#include "dem/terrain_model.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "services/files/uploaded_file.h"
#include "storage/blob_store.h"
#include "storage/database.h"

namespace cairn::services {

struct TrailImportOptions {
  std::string name;         // overrides the name found in the file
  std::string description;  // overrides the file's description
  std::string date;         // "YYYY-MM-DD": the trail's date when the file has no times
  // The activity in Track::sport's words (geo::SportFromText): its category instead of the one
  // of the file's own sport, when a category matches it.
  std::string sport;
  std::string category;  // a category id: wins over both sports
  bool ignore_duplicates = false;
  // Only the caller's own trails count as duplicates (an archive of one's own activities is not a
  // duplicate of someone else's public trail of the same walk).
  bool own_duplicates_only = false;
  // Runs in the transaction that creates the trail, after its insert (an importer records what
  // the trail came from); an error undoes the whole upload.
  std::function<util::Status(storage::Connection&, const std::string& trail_id)> after_insert;
};

enum class ExportFormat { kGpx, kGeoJson };

struct ExportedFile {
  std::string content;
  std::string content_type;  // application/gpx+xml, application/geo+json or application/zip
  std::string file_name;     // for Content-Disposition
};

// How many points an elevation profile may be asked for.
inline constexpr int kDefaultProfilePoints = 1000;
inline constexpr int kMinProfilePoints = 2;
inline constexpr int kMaxProfilePoints = 5000;

struct TrailProfile {
  // Changes whenever the answer may: another stored track, another `updated`, another number of
  // points, another way of computing it. 16 hex digits, fit for an ETag.
  std::string version;
  // {"distance": metres, "points": [[distance, elevation or null, lat, lon], ...], "breaks":
  // [indexes of the points that start a new part of the track]}; absent when the caller already
  // holds `version`.
  std::optional<records::Json> profile;
};

// Thread-safe. Every file is read and checked before anything is written; the stored copy is on
// disk (fsynced) before the row pointing at it commits, and a replaced copy is removed only after
// the row no longer points at it.
class TrackService {
 public:
  struct Options {
    size_t max_file_bytes = 50 * 1024 * 1024;
  };
  // `terrain` answers the heights of trails whose figures come from it (terrain_elevation.h).
  TrackService(storage::Database& database, RecordService& records, storage::BlobStore& blobs,
               dem::TerrainModel& terrain, Options options);

  // PUT /trail/upload: a trail owned by the caller from a GPS file (its statistics, start point,
  // date, name, description, bounding box and simplified line), the original kept as the
  // trail's `gpx`, and the file's waypoints as waypoint records of the trail. Errors:
  // Unauthorized when anonymous; TooLarge over the size limit; InvalidArgument "Empty file", or
  // the reader's message naming the format and where it failed; InvalidArgument "Duplicate
  // trail" with the duplicate's id and name when the caller can see a trail that starts within
  // 100 m and whose distance, gain and loss are each within 50 m (unless ignore_duplicates).
  // When the caller's settings.terrain_elevation asks for it (see WantsTerrainHeights) and the
  // terrain model covers the whole track, its figures come from the terrain (`elevation_source`
  // "terrain"); when the model does not cover it, from the file, with a line in `warnings`.
  util::Result<records::Json> ImportTrail(const Caller& caller, const UploadedFile& file,
                                          const TrailImportOptions& options);

  // POST /trail/download: the trails the caller can see among `ids` (others are skipped), with
  // their waypoints and metadata; one file for one trail, a zip for several. NotFound when none
  // is visible; InvalidArgument for more than 100 ids. Reads nothing from the network.
  util::Result<ExportedFile> ExportTrails(const Caller& caller, const std::vector<std::string>& ids,
                                          ExportFormat format);

  // GET /trail/{id}/profile: the elevation profile of the trail's stored track, when the caller
  // may see the trail (as a show: owner, shares, link-share token, public); NotFound otherwise.
  // `distance` is the length of the line as the trail's statistics count it; each point is
  // [metres along the line (0.1 m), elevation (0.1 m) or null, lat, lon (6 decimals)], at most
  // `max_points` (clamped to kMinProfilePoints..kMaxProfilePoints) chosen by
  // geo::DownsampleProfile, first and last included; `breaks` lists the points that start a new
  // segment of the file (the line is not drawn into them). A trail without a track gives distance 0
  // and no points. A trail whose figures come from the terrain (`elevation_source` "terrain")
  // gets the terrain's heights along its track (null where a tile was removed since). When
  // `client_holds(version)` says the client already has the answer of that version, the profile is
  // not computed and the stored file not read. Internal when the stored file is missing or cannot
  // be read. At most two stored tracks are read for profiles at once: each needs about 1.5 times
  // its file's size in memory while it is read.
  util::Result<TrailProfile> ProfileOfTrail(
      const Caller& caller, std::string_view id, int max_points,
      const std::function<bool(const std::string&)>& client_holds);

 private:
  storage::Database& database_;
  RecordService& records_;
  storage::BlobStore& blobs_;
  dem::TerrainModel& terrain_;
  const Options options_;
  std::counting_semaphore<> profile_readers_{2};
};

}  // namespace cairn::services
