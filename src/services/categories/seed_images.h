// The pictograms of the seeded categories: drawn by code and written into the data dir's storage
// like any uploaded file, so `/api/v1/files/categories/<id>/<img>` serves them.
#pragma once

#include <string>
#include <vector>

#include "services/core/family_registry.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// A seeded category's image: the category's id, the stored name its `img` holds (schema.sql and
// migration 11 write it), and the PNG bytes (128 × 128 pixels).
struct SeedImage {
  std::string category_id;
  std::string name;
  std::string png;
};

// Every seeded category's image, drawn afresh (a few milliseconds).
util::Result<std::vector<SeedImage>> DrawSeedImages();

// Writes the image of each seeded category whose `img` still names its seeded file and whose
// file is missing (a fresh or just migrated data dir, or a deleted file), each atomically
// (temporary file, fsync, rename). Categories the admin gave another image, or deleted, are left
// alone. Returns how many files were written; errors from the database or the disk.
util::Result<int> WriteMissingSeedImages(storage::Database& database,
                                         const FamilyRegistry& families, storage::BlobStore& blobs);

}  // namespace cairn::services
