// Uploaded files on disk: <root>/<collectionId>/<recordId>/<name>, written so that a crash never
// leaves half a file under a name a record could point at.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::storage {

// One thing found under the storage folder by BlobStore::Scan.
struct StoredEntry {
  enum class Kind {
    kFile,           // a stored file: <collection>/<record>/<name>
    kThumbnails,     // a thumbnail folder: <collection>/<record>/thumbs_<name>/
    kTemporary,      // a write that never finished: .tmp-* (anywhere below a record folder)
    kRecordFolder,   // an empty record folder, or one holding nothing of the above
    kUnexpected,     // anything else below a record folder (reported, never interpreted)
    kUnknownFolder,  // a top-level folder that is no collection id
  };
  Kind kind = Kind::kFile;
  std::string collection_id;
  std::string record_id;
  std::string name;  // the stored name (kFile, kThumbnails: the file they belong to)
  std::string path;  // absolute path, for reports
};

// Thread-safe: every operation works on its own files; names are unique per upload.
class BlobStore {
 public:
  // `root` is the data dir's storage/ folder; it must exist. With `data_dir` (the folder holding
  // it), removals meet a running `cairn backup` (storage/backup_fence.h): while one runs, a removed
  // file is moved to the hold folder instead of deleted, so the backup still finds it. Without
  // (tests), removals delete.
  explicit BlobStore(std::string root, std::string data_dir = {})
      : root_(std::move(root)), data_dir_(std::move(data_dir)) {}

  // Stores `bytes` for record `record_id` of collection `collection_id` and returns the new
  // file's name: the sanitised base of `original_name` (letters, digits, '-', '_', '.'; at most
  // 100 characters), '_', 10 random [a-z0-9] characters and the lowercased extension, e.g.
  // "Zugspitze_via_Hoellental_k3j9x0q2ma.gpx". The bytes go to a temporary file that is
  // flushed to disk (fsync) and then renamed into place, and the folder is synced, so the name
  // exists only once the whole file does. InvalidArgument for ids that are not [a-z0-9_]{1,32};
  // InsufficientStorage when the filesystem is full, Internal when the disk refuses otherwise.
  // On failure nothing of the call remains: no temporary file, no file, no folder it made.
  util::Result<std::string> Put(std::string_view collection_id, std::string_view record_id,
                                std::string_view original_name, std::string_view bytes);

  // Stores `bytes` under exactly `name` (a name IsStoredName accepts, else InvalidArgument),
  // replacing a file of that name, with the same atomic write and failures as Put. For files the
  // server itself names (a seeded category's pictogram).
  util::Status PutNamed(std::string_view collection_id, std::string_view record_id,
                        std::string_view name, std::string_view bytes);

  // The whole content of a stored file. NotFound when it does not exist; InvalidArgument for a
  // name that is not a stored name (so "../x", "/etc/passwd" or "a\\b" never reach the disk).
  util::Result<std::string> Read(std::string_view collection_id, std::string_view record_id,
                                 std::string_view name) const;

  // The path of a stored file, after the same checks as Read (for streaming it out).
  util::Result<std::string> PathOf(std::string_view collection_id, std::string_view record_id,
                                   std::string_view name) const;

  // Removes a stored file and its cached thumbnails; a missing one is fine (removal runs after the
  // row is gone and may be retried). Empty record folders are removed too. While a backup runs the
  // file is held (see the constructor); when that move fails the error is returned and the file
  // stays (an orphan for `cairn doctor`). When no backup runs, files held earlier are purged.
  util::Status Remove(std::string_view collection_id, std::string_view record_id,
                      std::string_view name);

  // Removes a record's whole folder (after the record's row is deleted); its stored files are held
  // while a backup runs, as in Remove.
  util::Status RemoveRecord(std::string_view collection_id, std::string_view record_id);

  // Removes the files held for a backup that has ended; nothing while one runs. Returns how many
  // it removed. For the server's start.
  size_t PurgeHeld();

  // Where the thumbnail `size` (e.g. "100x100t": digits, 'x' and one of t/b/f) of stored file
  // `name` is cached: <record folder>/thumbs_<name>/<size>_<name>. InvalidArgument for names
  // or sizes of another shape.
  util::Result<std::string> ThumbPathOf(std::string_view collection_id, std::string_view record_id,
                                        std::string_view name, std::string_view size) const;

  // Caches a thumbnail atomically (temporary file, fsync, rename). The folder is not synced: a
  // thumbnail lost in a power cut is simply made again. Failures as for Put.
  util::Status PutThumb(std::string_view collection_id, std::string_view record_id,
                        std::string_view name, std::string_view size, std::string_view bytes);

  // The names stored for a record (for consistency checks), sorted.
  std::vector<std::string> List(std::string_view collection_id, std::string_view record_id) const;

  // Everything below the root, for consistency checks (`cairn doctor`): stored files, thumbnail
  // folders, temporary files, and what does not belong. `collection_ids` are the folders that
  // hold records; others are reported as kUnknownFolder and not entered. Not atomic with writes:
  // run it while nothing else writes (at start, or with the data dir locked).
  std::vector<StoredEntry> Scan(const std::vector<std::string>& collection_ids) const;

  // Removes what Scan found (a file, a thumbnail or record folder with its contents). Refuses
  // paths outside the root.
  util::Status RemoveEntry(const StoredEntry& entry);

  // Whether stored file `name` exists.
  bool Exists(std::string_view collection_id, std::string_view record_id,
              std::string_view name) const;

  const std::string& root() const { return root_; }

 private:
  util::Status Store(std::string_view collection_id, std::string_view record_id,
                     std::string_view name, std::string_view bytes);

  std::string root_;
  std::string data_dir_;
};

// The stored-name form of an uploaded file's name, without the random suffix: the base name
// (after the last '/' or '\\'), characters outside [A-Za-z0-9._-] replaced by '_', at most 100
// characters, never empty ("file"). Exposed for tests.
std::string SanitiseFileName(std::string_view original_name);

// True when `name` could have been produced by BlobStore::Put.
bool IsStoredName(std::string_view name);

// True when `id` has the shape of a collection or record id in a stored file's path
// ([a-z0-9_]{1,32}).
bool IsStorageId(std::string_view id);

}  // namespace cairn::storage
