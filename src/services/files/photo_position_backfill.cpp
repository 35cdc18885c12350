// Positions of photos stored before schema 16 (photo_position_backfill.h).
#include "services/files/photo_position_backfill.h"

#include <fstream>
#include <string>
#include <vector>

#include "images/exif.h"
#include "records/record_codec.h"

namespace cairn::services {

using records::Json;

namespace {

// A JPEG's EXIF block is its first segment after the start marker and at most 64 KiB.
constexpr std::streamsize kHeadBytes = 128 * 1024;
constexpr int kTrailsPerBatch = 200;

// The first kHeadBytes of a stored file, or "" when it cannot be read.
std::string HeadOf(const storage::BlobStore& blobs, std::string_view collection_id,
                   const std::string& trail_id, const std::string& name) {
  auto path = blobs.PathOf(collection_id, trail_id, name);
  if (!path.ok()) return {};
  std::ifstream in(*path, std::ios::binary);
  std::string head(static_cast<size_t>(kHeadBytes), '\0');
  in.read(head.data(), kHeadBytes);
  head.resize(static_cast<size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  return head;
}

}  // namespace

util::Result<PhotoPositionBackfill> BackfillPhotoPositions(storage::Database& database,
                                                           const storage::BlobStore& blobs,
                                                           std::string_view trails_collection_id) {
  PhotoPositionBackfill done;
  for (;;) {
    const size_t before = done.trails;
    auto batch = database.Write<int>([&](storage::Connection& c) -> util::Result<int> {
      CAIRN_ASSIGN_OR_RETURN(
          storage::QueryResult rows,
          // The partial index holds exactly these rows: a start with none to do reads nothing.
          c.Query("SELECT id, photos FROM trails INDEXED BY trails_photos_unplaced WHERE "
                  "photo_positions IS NULL AND photos NOT IN ('', '[]') LIMIT ?",
                  {int64_t{kTrailsPerBatch}}));
      for (const auto& row : rows.rows) {
        const std::string id = std::get<std::string>(row[0]);
        const std::string photos_text = std::get<std::string>(row[1]);
        const Json photos = Json::parse(photos_text, nullptr, /*allow_exceptions=*/false);
        Json positions = Json::object();
        if (photos.is_array()) {
          for (const Json& name : photos) {
            if (!name.is_string()) continue;
            const images::PhotoMetadata photo =
                images::ReadJpegMetadata(HeadOf(blobs, trails_collection_id, id, name));
            if (!photo.HasPosition()) continue;
            positions[name.get<std::string>()] = Json{{"lat", *photo.lat}, {"lon", *photo.lon}};
            ++done.placed;
          }
        }
        // Not `updated`: nobody changed the trail, the server learnt what it already held.
        CAIRN_ASSIGN_OR_RETURN(
            int64_t changed,
            c.Execute("UPDATE trails SET photo_positions = ? WHERE id = ? AND photos = ? AND "
                      "photo_positions IS NULL",
                      {positions.dump(), id, photos_text}));
        done.trails += static_cast<size_t>(changed);
      }
      return static_cast<int>(rows.rows.size());
    });
    if (!batch.ok()) return std::move(batch).error();
    // A short batch was the last; a full one that changed nothing would only repeat itself.
    if (*batch < kTrailsPerBatch || done.trails == before) return done;
  }
}

}  // namespace cairn::services
