// Trails whose photos were stored before trails kept where photos were taken (schema 16) get
// those positions once, read from the stored JPEGs' EXIF, so an upgraded archive's geotagged
// photos appear on its maps like new ones.
#pragma once

#include <cstddef>
#include <string_view>

#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

struct PhotoPositionBackfill {
  size_t trails = 0;  // trails given their photos' positions (possibly none)
  size_t placed = 0;  // photos among them whose camera knew the place
};

// Fills `photo_positions` of every trail that has photos but no positions yet (NULL), reading
// at most the head of each stored photo (the EXIF block sits at the start of a JPEG). A photo
// that cannot be read is left without a position. Rows changed meanwhile are left alone (each
// update names the photos it read). Batches of trails commit one by one, so a crash keeps what
// was done. `trails_collection_id` names the trails' file folder.
util::Result<PhotoPositionBackfill> BackfillPhotoPositions(storage::Database& database,
                                                           const storage::BlobStore& blobs,
                                                           std::string_view trails_collection_id);

}  // namespace cairn::services
