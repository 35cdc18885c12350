// Uploaded files on disk: <root>/<collectionId>/<recordId>/<name>, written so that a crash never
// leaves half a file under a name a record could point at.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace cairn::storage {

// Thread-safe: every operation works on its own files; names are unique per upload.
class BlobStore {
 public:
  // `root` is the data dir's storage/ folder; it must exist.
  explicit BlobStore(std::string root) : root_(std::move(root)) {}

  // Stores `bytes` for record `record_id` of collection `collection_id` and returns the new
  // file's name: the sanitised base of `original_name` (letters, digits, '-', '_', '.'; at most
  // 100 characters), '_', 10 random [a-z0-9] characters and the lowercased extension, e.g.
  // "Zugspitze_via_Hoellental_k3j9x0q2ma.gpx". The bytes go to a temporary file that is
  // flushed to disk (fsync) and then renamed into place, and the folder is synced, so the name
  // exists only once the whole file does. InvalidArgument for ids that are not [a-z0-9_]{1,32};
  // Internal when the disk refuses.
  util::Result<std::string> Put(std::string_view collection_id, std::string_view record_id,
                                std::string_view original_name, std::string_view bytes);

  // The whole content of a stored file. NotFound when it does not exist; InvalidArgument for a
  // name that is not a stored name (so "../x", "/etc/passwd" or "a\\b" never reach the disk).
  util::Result<std::string> Read(std::string_view collection_id, std::string_view record_id,
                                 std::string_view name) const;

  // The path of a stored file, after the same checks as Read (for streaming it out).
  util::Result<std::string> PathOf(std::string_view collection_id, std::string_view record_id,
                                   std::string_view name) const;

  // Removes a stored file; a missing one is fine (removal runs after the row is gone and may be
  // retried). Empty record folders are removed too.
  util::Status Remove(std::string_view collection_id, std::string_view record_id,
                      std::string_view name);

  // Removes a record's whole folder (after the record's row is deleted).
  util::Status RemoveRecord(std::string_view collection_id, std::string_view record_id);

  // The names stored for a record (for consistency checks), sorted.
  std::vector<std::string> List(std::string_view collection_id, std::string_view record_id) const;

  const std::string& root() const { return root_; }

 private:
  std::string root_;
};

// The stored-name form of an uploaded file's name, without the random suffix: the base name
// (after the last '/' or '\\'), characters outside [A-Za-z0-9._-] replaced by '_', at most 100
// characters, never empty ("file"). Exposed for tests.
std::string SanitiseFileName(std::string_view original_name);

// True when `name` could have been produced by BlobStore::Put.
bool IsStoredName(std::string_view name);

}  // namespace cairn::storage
