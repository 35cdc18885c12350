// Thumbnail cache: look on disk, else make it (one at a time per path, a few at a time overall).
#include "services/files/thumbnail_cache.h"

#include <algorithm>

namespace cairn::services {

ThumbnailCache::ThumbnailCache(storage::BlobStore& blobs, ThumbnailOptions options)
    : blobs_(blobs), options_(std::move(options)) {}

bool ThumbnailCache::Allowed(const images::ThumbSize& size) const {
  if (size == images::ThumbSize{100, 100, images::ThumbMode::kCenter}) return true;
  return std::find(options_.sizes.begin(), options_.sizes.end(), size) != options_.sizes.end();
}

util::Result<std::shared_ptr<const util::FileHandle>> ThumbnailCache::Open(
    const std::string& collection_id, const std::string& record_id, const std::string& name,
    const images::ThumbSize& size) {
  const std::string text = size.ToString();
  CAIRN_ASSIGN_OR_RETURN(std::string path,
                         blobs_.ThumbPathOf(collection_id, record_id, name, text));
  auto cached = util::FileHandle::Open(path);
  if (cached.ok() || cached.error().kind != util::ErrorKind::kNotFound) return cached;

  std::unique_lock lock(mutex_);
  // Someone may be making this very thumbnail: wait, then look again.
  changed_.wait(lock, [&] { return !in_flight_.count(path) && running_ < options_.max_workers; });
  cached = util::FileHandle::Open(path);
  if (cached.ok()) return cached;
  in_flight_.insert(path);
  ++running_;
  lock.unlock();
  util::Status made = Make(collection_id, record_id, name, size);
  lock.lock();
  in_flight_.erase(path);
  --running_;
  lock.unlock();
  changed_.notify_all();
  CAIRN_RETURN_IF_ERROR(made);
  return util::FileHandle::Open(path);
}

util::Status ThumbnailCache::Make(const std::string& collection_id, const std::string& record_id,
                                  const std::string& name, const images::ThumbSize& size) {
  CAIRN_ASSIGN_OR_RETURN(std::string original, blobs_.Read(collection_id, record_id, name));
  CAIRN_ASSIGN_OR_RETURN(images::Thumbnail thumbnail,
                         images::MakeThumbnail(original, size, options_.limits));
  return blobs_.PutThumb(collection_id, record_id, name, size.ToString(), thumbnail.bytes);
}

}  // namespace cairn::services
