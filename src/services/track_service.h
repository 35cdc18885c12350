// GPS files in and out: a trail from an uploaded track, and trails exported as GPX or GeoJSON.
// (A new track for an existing trail or summit log is an upload: see UploadService.)
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "records/record_engine.h"
#include "services/caller.h"
#include "services/uploaded_file.h"
#include "storage/blob_store.h"
#include "storage/database.h"

namespace cairn::services {

struct TrailImportOptions {
  std::string name;  // overrides the name found in the file
  bool ignore_duplicates = false;
};

enum class ExportFormat { kGpx, kGeoJson };

struct ExportedFile {
  std::string content;
  std::string content_type;  // application/gpx+xml, application/geo+json or application/zip
  std::string file_name;     // for Content-Disposition
};

// Thread-safe. Every file is read and checked before anything is written; the stored copy is on
// disk (fsynced) before the row pointing at it commits, and a replaced copy is removed only after
// the row no longer points at it.
class TrackService {
 public:
  struct Options {
    size_t max_file_bytes = 50 * 1024 * 1024;
  };
  TrackService(storage::Database& database, const records::RecordEngine& engine,
               storage::BlobStore& blobs, Options options);

  // PUT /trail/upload: a trail owned by the caller from a GPS file (its statistics, start point,
  // date, name, description, bounding box and simplified line), the original kept as the
  // trail's `gpx`, and the file's waypoints as waypoint records of the trail. Errors:
  // Unauthorized when anonymous; TooLarge over the size limit; InvalidArgument "Empty file", or
  // the reader's message naming the format and where it failed; InvalidArgument "Duplicate
  // trail" with the duplicate's id and name when the caller can see a trail that starts within
  // 100 m and whose distance, gain and loss are each within 50 m (unless ignore_duplicates).
  util::Result<records::Json> ImportTrail(const Caller& caller, const UploadedFile& file,
                                          const TrailImportOptions& options);

  // POST /trail/download: the trails the caller can see among `ids` (others are skipped), with
  // their waypoints and metadata; one file for one trail, a zip for several. NotFound when none
  // is visible; InvalidArgument for more than 100 ids. Reads nothing from the network.
  util::Result<ExportedFile> ExportTrails(const Caller& caller, const std::vector<std::string>& ids,
                                          ExportFormat format);

 private:
  storage::Database& database_;
  const records::RecordEngine& engine_;
  storage::BlobStore& blobs_;
  const Options options_;
};

}  // namespace cairn::services
