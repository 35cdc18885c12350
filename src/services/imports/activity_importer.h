// One activity into one trail: the GPS file through the upload's checks, the source's name, date,
// description and activity type over the file's, its photos, and a record of where it came from
// so that importing it again creates nothing.
#pragma once

#include <string>
#include <vector>

#include "services/core/caller.h"
#include "services/files/upload_service.h"
#include "services/imports/activity.h"
#include "services/tracks/track_service.h"
#include "storage/database.h"

namespace cairn::services::imports {

enum class ItemResult { kImported, kSkipped, kFailed };

struct ItemOutcome {
  ItemResult result = ItemResult::kFailed;
  std::string trail_id;  // imported: the new trail; skipped as a duplicate: the one it matches
  std::string reason;    // skipped and failed: why, in words
  std::vector<std::string> warnings;  // imported: what was left out (a photo that would not read)
};

// What an import run is: whose, from which plugin (the key of what it imported), in which job.
struct ImportTarget {
  Caller caller;
  std::string source;  // "strava", "komoot", "folder": with an activity's external id, its key
  std::string job_id;  // "" outside a job (a watched folder)
};

// Thread-safe (the services it calls are).
class ActivityImporter {
 public:
  ActivityImporter(storage::Database& database, TrackService& tracks, UploadService& uploads)
      : database_(database), tracks_(tracks), uploads_(uploads) {}

  // Skipped: an item without a GPS file (its error is NotFound), an activity this person already
  // imported from the same source (same external id), or one whose track matches a trail of
  // theirs (TrackService's duplicate test, their own trails only). Failed: any other error of the
  // item or of the upload, its message the reason. The trail and the record of its origin commit
  // together; photos are added after it, and one that is refused becomes a warning.
  ItemOutcome Import(const ImportTarget& target, const SourceItem& item);

  // The activity's GPS file as the new track of the caller's trail `trail_id` (a watched file
  // that changed): through the upload's checks, the trail's figures computed again, its words
  // and photos kept; the new content remembered like an import's. Imported with that trail;
  // failed with the reason (the file does not read, the trail is gone or not theirs).
  ItemOutcome ReplaceTrack(const ImportTarget& target, const std::string& trail_id,
                           const SourceItem& item);

 private:
  storage::Database& database_;
  TrackService& tracks_;
  UploadService& uploads_;
};

}  // namespace cairn::services::imports
