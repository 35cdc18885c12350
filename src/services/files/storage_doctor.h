// Whether the rows and the files on disk agree: files no row names (orphans), names no file
// backs (missing), writes a crash cut short (temporaries), and repairs for each.
#pragma once

#include <string>
#include <vector>

#include "records/record_engine.h"
#include "storage/blob_store.h"
#include "storage/database.h"

namespace cairn::services {

struct StorageProblem {
  enum class Kind {
    kOrphanFile,        // a stored file no record names
    kOrphanThumbnails,  // thumbnails of a file no record names
    kOrphanFolder,      // the folder of a record that no longer exists
    kMissingFile,       // a record names a file that is not on disk
    kTemporary,         // a write cut short by a crash
    kUnexpected,        // something Cairn never writes, inside its storage
  };
  Kind kind = Kind::kOrphanFile;
  std::string collection;  // collection name (or the folder's name when unknown)
  std::string record_id;
  std::string name;
  std::string path;   // on disk, when there is something on disk
  std::string field;  // kMissingFile: the field naming it
};

struct StorageReport {
  size_t files = 0;       // stored files found on disk
  size_t references = 0;  // file names held by records
  std::vector<StorageProblem> problems;
};

// One line per problem, for logs and `cairn doctor`.
std::string DescribeProblem(const StorageProblem& problem);

// Run only while nothing else writes: at start before serving, or from `cairn doctor` (which
// holds the data dir's lock).
class StorageDoctor {
 public:
  StorageDoctor(storage::Database& database, const records::RecordEngine& engine,
                storage::BlobStore& blobs);

  // Compares every file field of every record with the storage folder. Reads only.
  util::Result<StorageReport> Check();

  // Repairs what `report` found: removes orphan files, thumbnails, folders and temporaries;
  // removes names of missing files from their records. Unexpected things are left alone (they
  // are reported: someone put them there). Returns how many problems were repaired.
  util::Result<size_t> Fix(const StorageReport& report);

  // Removes temporary files of interrupted writes; safe at start (nothing names them).
  // Returns how many were removed.
  size_t RemoveTemporaries();

 private:
  storage::Database& database_;
  const records::RecordEngine& engine_;
  storage::BlobStore& blobs_;
};

}  // namespace cairn::services
