// Reading stored files back: who may fetch which file, its type, and its thumbnails.
#pragma once

#include <memory>
#include <string>

#include "records/record_engine.h"
#include "services/core/caller.h"
#include "services/core/family_registry.h"
#include "services/files/thumbnail_cache.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/file_handle.h"

namespace cairn::services {

struct FileRequest {
  std::string collection;  // a collection's name or id
  std::string record_id;
  std::string name;   // a stored file name
  std::string thumb;  // "" or a size such as "100x100"
  bool download = false;
};

struct DeliveredFile {
  std::shared_ptr<const util::FileHandle> file;
  std::string content_type;
  std::string file_name;       // for Content-Disposition ("100x100_<name>" for a thumbnail)
  bool attachment = false;     // downloads and track files; images are shown inline
  bool public_record = false;  // anyone may see the record: caches may keep a copy
};

// Thread-safe.
class FileDelivery {
 public:
  FileDelivery(storage::Database& database, const FamilyRegistry& families,
               const records::RecordEngine& engine, storage::BlobStore& blobs,
               ThumbnailCache& thumbnails);

  // The file `request.name` of record `request.record_id`, when the caller may see the record
  // (the access policy of every read; a trail's link-share token opens its photos and track) and
  // one of the record's file fields holds that name. NotFound for everything else, alike: an
  // unknown collection, an invisible or missing record, a name the record does not hold, a name
  // of another shape (so "..", "/", "\\" and NUL never reach the disk). With a thumbnail size
  // this server makes, and a PNG, JPEG or WEBP image, the thumbnail; otherwise the original.
  util::Result<DeliveredFile> Open(const Caller& caller, const FileRequest& request);

 private:
  storage::Database& database_;
  const FamilyRegistry& families_;
  const records::RecordEngine& engine_;
  storage::BlobStore& blobs_;
  ThumbnailCache& thumbnails_;
};

// The Content-Type served for a stored name, by its extension (uploads give every stored file
// the extension of its checked content); application/octet-stream for anything else.
std::string ContentTypeOfStoredName(const std::string& name);

}  // namespace cairn::services
