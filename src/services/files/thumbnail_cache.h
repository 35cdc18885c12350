// Thumbnails of stored photos, made on first request and kept on disk beside the original.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "images/thumbnail.h"
#include "storage/blob_store.h"
#include "util/file_handle.h"
#include "util/result.h"

namespace cairn::services {

struct ThumbnailOptions {
  // The sizes made on request (`--thumb-sizes`); 100x100 is always allowed. Other sizes are
  // answered with the original, as PocketBase does, so nobody can fill the disk with sizes.
  std::vector<images::ThumbSize> sizes = {{600, 0, images::ThumbMode::kWidth}};
  images::ThumbnailLimits limits;
  // At most this many thumbnails are made at once: decoding a 12-megapixel photo takes ~40 MB,
  // and a Pi has little memory to spare. Further requests wait for a slot.
  int max_workers = 2;
};

// Thread-safe. The same thumbnail asked for by several requests at once is made once.
class ThumbnailCache {
 public:
  ThumbnailCache(storage::BlobStore& blobs, ThumbnailOptions options);

  // Whether `size` is one of the sizes this server makes.
  bool Allowed(const images::ThumbSize& size) const;

  // The thumbnail `size` of stored image `name` (PNG, JPEG or WEBP), made now if it is not cached.
  // Errors mean "serve the original": InvalidArgument when the image cannot be thumbnailed
  // (animated, too many pixels, undecodable), NotFound when the original is missing.
  util::Result<std::shared_ptr<const util::FileHandle>> Open(const std::string& collection_id,
                                                             const std::string& record_id,
                                                             const std::string& name,
                                                             const images::ThumbSize& size);

 private:
  util::Status Make(const std::string& collection_id, const std::string& record_id,
                    const std::string& name, const images::ThumbSize& size);

  storage::BlobStore& blobs_;
  const ThumbnailOptions options_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::set<std::string> in_flight_;  // thumbnail paths being made
  int running_ = 0;
};

}  // namespace cairn::services
