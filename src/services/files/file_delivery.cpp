// File reads: the record's visibility, the name's membership, then the original or a thumbnail.
#include "services/files/file_delivery.h"

#include <algorithm>

#include "services/core/access_policy.h"
#include "storage/blob_store.h"

namespace cairn::services {

using records::Json;

namespace {

struct TypeByExtension {
  const char* extension;
  const char* content_type;
};

constexpr TypeByExtension kTypes[] = {
    {".png", "image/png"},
    {".jpg", "image/jpeg"},
    {".jpeg", "image/jpeg"},
    {".jpe", "image/jpeg"},
    {".webp", "image/webp"},
    {".svg", "image/svg+xml"},
    {".gpx", "application/gpx+xml"},
    {".tcx", "application/vnd.garmin.tcx+xml"},
    {".kml", "application/vnd.google-earth.kml+xml"},
    {".kmz", "application/vnd.google-earth.kmz"},
    {".geojson", "application/geo+json"},
    {".json", "application/geo+json"},
    {".fit", "application/vnd.ant.fit"},
};

bool IsRaster(const std::string& content_type) {
  return content_type == "image/png" || content_type == "image/jpeg" ||
         content_type == "image/webp";
}

bool HoldsFile(const records::CollectionSpec& collection, const Json& record,
               const std::string& name) {
  for (const auto& field : collection.fields) {
    if (field.type != records::FieldType::kFile || !record.contains(field.name)) continue;
    const Json& value = record[field.name];
    if (value.is_string() && value == name) return true;
    if (value.is_array() && std::find(value.begin(), value.end(), name) != value.end()) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string ContentTypeOfStoredName(const std::string& name) {
  const size_t dot = name.rfind('.');
  if (dot != std::string::npos) {
    std::string extension = name.substr(dot);
    std::transform(extension.begin(), extension.end(), extension.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const auto& type : kTypes) {
      if (extension == type.extension) return type.content_type;
    }
  }
  return "application/octet-stream";
}

FileDelivery::FileDelivery(storage::Database& database, const FamilyRegistry& families,
                           const records::RecordEngine& engine, storage::BlobStore& blobs,
                           ThumbnailCache& thumbnails)
    : database_(database),
      families_(families),
      engine_(engine),
      blobs_(blobs),
      thumbnails_(thumbnails) {}

util::Result<DeliveredFile> FileDelivery::Open(const Caller& caller, const FileRequest& request) {
  const util::Error not_found = util::Error::NotFound("The requested resource was not found.");
  const records::CollectionSpec* collection = engine_.registry().Find(request.collection);
  if (!collection || !storage::IsStoredName(request.name)) return not_found;
  const bool has_files =
      std::any_of(collection->fields.begin(), collection->fields.end(),
                  [](const auto& field) { return field.type == records::FieldType::kFile; });
  if (!has_files) return not_found;

  const AccessPolicy policy(families_, caller);
  auto visibility = database_.Read<std::pair<bool, bool>>(
      [&](storage::Connection& c) -> util::Result<std::pair<bool, bool>> {
        auto record = engine_.FindById(c, *collection, request.record_id, policy);
        if (!record.ok()) return std::move(record).error();
        if (!HoldsFile(*collection, *record, request.name)) return std::pair{false, false};
        // Public means visible to anyone without a token: only then may shared caches keep it.
        const bool open =
            engine_.FindById(c, *collection, request.record_id, AccessPolicy(families_, Caller{}))
                .ok();
        return std::pair{true, open};
      });
  if (!visibility.ok()) {
    if (visibility.error().kind == util::ErrorKind::kNotFound) return not_found;
    return std::move(visibility).error();
  }
  if (!visibility->first) return not_found;

  DeliveredFile delivered;
  delivered.content_type = ContentTypeOfStoredName(request.name);
  delivered.public_record = visibility->second;
  delivered.file_name = request.name;
  delivered.attachment = request.download || delivered.content_type.rfind("image/", 0) != 0;
  if (!request.thumb.empty() && IsRaster(delivered.content_type)) {
    auto size = images::ParseThumbSize(request.thumb);
    if (size && thumbnails_.Allowed(*size)) {
      auto thumb = thumbnails_.Open(collection->id, request.record_id, request.name, *size);
      if (thumb.ok()) {
        delivered.file = std::move(thumb).value();
        delivered.file_name = size->ToString() + "_" + request.name;
        return delivered;
      }
      if (thumb.error().kind == util::ErrorKind::kInternal) return std::move(thumb).error();
      // Otherwise (undecodable, too large, ...) the original, as for sizes not made here.
    }
  }
  CAIRN_ASSIGN_OR_RETURN(std::string path,
                         blobs_.PathOf(collection->id, request.record_id, request.name));
  auto file = util::FileHandle::Open(path);
  if (!file.ok()) {
    if (file.error().kind == util::ErrorKind::kNotFound) return not_found;
    return std::move(file).error();
  }
  delivered.file = std::move(file).value();
  return delivered;
}

}  // namespace cairn::services
