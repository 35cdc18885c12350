// Merging one trail into another (POST /trail-merge, wanderer-behaviour §12.2): the kept trail
// gets a summit log of the source's outing and, as asked, the source's summit logs, comments,
// likes, tags and photos; the source may then go. One transaction; nothing a person made is lost.
#pragma once

#include <string>

#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services {

struct MergeSettings {
  bool summit_log = false;  // move the source's summit logs
  bool photos = false;      // move its photos (and its waypoints that hold photos)
  bool comments = false;    // move its comments
  bool remove = false;      // delete the source afterwards (`delete`)
  bool tags = false;        // add its tags to the target's
  bool likes = false;       // move its likes (one per person on the target)
};

struct MergeRequest {
  std::string source_trail_id;
  std::string target_trail_id;
  MergeSettings settings;
};

// Thread-safe: the writes go through the database's single writer.
class TrailMerge {
 public:
  TrailMerge(storage::Database& database, RecordService& records, storage::BlobStore& blobs,
             const util::Clock& clock)
      : database_(database), records_(records), blobs_(blobs), clock_(clock) {}

  // Merges `source` into `target` for `caller`. The caller must be able to see both, edit the
  // target, edit the source to take anything from it (summit logs, photos, comments, likes), and
  // own it to delete it. A merge that deletes the source always carries its summit logs,
  // comments and photos over, whatever the settings say: deleting them is not a merge.
  //
  // In one transaction: a summit log by the caller on the target (through the record service)
  // with the source's date (its creation day when it has none), description, figures and a copy
  // of its track file; then the moves (rows keep their ids, authors and dates; a person who liked
  // both keeps one like, and like_count follows through the triggers); the target's tags (through
  // the record service) and photos with their places; the source's removal with its dependents
  // (the cascade). Copied files are written and synced before the rows naming them commit and
  // removed if the transaction fails; the source's files are removed only after it committed.
  //
  // Errors (merge_errors.h): Unauthorized when anonymous; InvalidArgument for missing or equal
  // ids and for a source or target the caller cannot see (never told apart from a missing one);
  // Forbidden (trail_merge_not_allowed) for what the caller may not change; Conflict when the
  // source's photos changed while the merge ran (try again); InvalidArgument
  // trail_merge_too_many_photos when the target would hold more than 999 photos.
  util::Status Merge(const Caller& caller, const MergeRequest& request);

 private:
  storage::Database& database_;
  RecordService& records_;
  storage::BlobStore& blobs_;
  const util::Clock& clock_;
};

}  // namespace cairn::services
