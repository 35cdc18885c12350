// Terrain elevation for trails: the stored file read again, its altitudes replaced by the
// terrain's in memory only, and the figures written as a new track's would be.
#include "services/tracks/terrain_elevation.h"

#include "dem/track_heights.h"
#include "geo/readers.h"
#include "geo/statistics.h"
#include "services/families/names.h"
#include "services/tracks/track_fields.h"

namespace cairn::services {

using records::Json;

TerrainUploads TerrainUploadsOf(std::string_view setting) {
  if (setting == "missing") return TerrainUploads::kMissing;
  if (setting == "gps") return TerrainUploads::kGps;
  return TerrainUploads::kNever;
}

util::Result<TerrainUploads> TerrainUploadsFor(storage::Connection& connection,
                                               const std::string& user_id) {
  CAIRN_ASSIGN_OR_RETURN(
      auto rows,
      connection.Query("SELECT terrain_elevation FROM settings WHERE user = ?", {user_id}));
  if (rows.rows.empty()) return TerrainUploads::kNever;
  const auto* value = std::get_if<std::string>(&rows.rows[0][0]);
  return value ? TerrainUploadsOf(*value) : TerrainUploads::kNever;
}

bool WantsTerrainHeights(const geo::Track& track, TerrainUploads rule) {
  if (rule == TerrainUploads::kNever) return false;
  bool any_elevation = false;
  geo::ForEachLinePoint(track, [&](const geo::TrackPoint& point, double) {
    any_elevation = any_elevation || point.HasElevation();
  });
  if (!any_elevation) return true;
  return rule == TerrainUploads::kGps && geo::ComputeStatistics(track).smooth_elevation_parts == 0;
}

util::Result<Json> TerrainTrailFields(const dem::TileSet& tiles, geo::Track track) {
  const dem::TrackCoverage coverage = dem::PutTerrainHeights(tiles, track);
  if (coverage.points == 0) return util::Error::Conflict("This trail's track has no points.");
  if (!coverage.Complete()) {
    util::Error error = util::Error::Conflict(
        "The terrain model covers " + std::to_string(coverage.Percent()) + "% of this track (" +
        std::to_string(coverage.covered) + " of " + std::to_string(coverage.points) +
        " points); import the tiles of the rest with `cairn dem add` and try again.");
    error.facts = {{"points", std::to_string(coverage.points)},
                   {"covered", std::to_string(coverage.covered)},
                   {"percent", std::to_string(coverage.Percent())}};
    return error;
  }
  Json fields = TrailFieldsFromTrack(track);
  fields["elevation_source"] = "terrain";
  return fields;
}

util::Result<Json> TerrainElevation::Apply(const Caller& caller, std::string_view id) {
  return Recompute(caller, id, Source::kTerrain);
}

util::Result<Json> TerrainElevation::Undo(const Caller& caller, std::string_view id) {
  return Recompute(caller, id, Source::kDevice);
}

util::Result<TerrainElevation::StoredTrack> TerrainElevation::ReadStoredTrack(const Caller& caller,
                                                                              std::string_view id) {
  // The update's own answer (401, 404 or 403) before any file is read.
  CAIRN_RETURN_IF_ERROR(records_.CheckMayUpdate(caller, kTrails, id));
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  StoredTrack stored;
  CAIRN_ASSIGN_OR_RETURN(stored.trail, records_.Show(caller, kTrails, id, ""));
  stored.gpx = stored.trail.value("gpx", "");
  if (stored.gpx.empty()) {
    return util::Error::Conflict("This trail has no track to take heights along.");
  }
  // The trail exists and names a track: one that cannot be read is the server's fault.
  auto bytes = blobs_.Read(trails->id, id, stored.gpx);
  if (!bytes.ok()) {
    return util::Error::Internal("the stored track " + stored.gpx + " of trail " + std::string(id) +
                                 " cannot be read: " + bytes.error().message);
  }
  auto track = geo::ReadTrackFile(*bytes);
  if (!track.ok()) {
    return util::Error::Internal("the stored track " + stored.gpx + " of trail " + std::string(id) +
                                 " cannot be read: " + track.error().message);
  }
  stored.track = std::move(track).value();
  return stored;
}

util::Result<Json> TerrainElevation::Coverage(const Caller& caller, std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(StoredTrack stored, ReadStoredTrack(caller, id));
  const std::shared_ptr<const dem::TileSet> tiles = terrain_.Current();
  const dem::TrackCoverage coverage = dem::PutTerrainHeights(*tiles, stored.track);
  const auto source = stored.trail.find("elevation_source");
  return Json{
      {"elevation_source",
       source != stored.trail.end() && source->is_string() ? source->get<std::string>() : "device"},
      {"points", coverage.points},
      {"covered", coverage.covered},
      {"percent", coverage.Percent()}};
}

util::Result<Json> TerrainElevation::Recompute(const Caller& caller, std::string_view id,
                                               Source source) {
  CAIRN_ASSIGN_OR_RETURN(StoredTrack stored, ReadStoredTrack(caller, id));
  const std::string& gpx = stored.gpx;
  geo::Track& track = stored.track;
  Json fields;
  if (source == Source::kTerrain) {
    // Kept for the whole computation: a reload of the tiles does not pull them from under it.
    const std::shared_ptr<const dem::TileSet> tiles = terrain_.Current();
    CAIRN_ASSIGN_OR_RETURN(fields, TerrainTrailFields(*tiles, std::move(track)));
  } else {
    fields = TrailFieldsFromTrack(track);
  }
  WriteOptions write{.derived = std::move(fields), .without_body = true};
  // Read outside the writer: the figures belong to this file only.
  write.before = [&](storage::Connection& c) -> util::Status {
    CAIRN_ASSIGN_OR_RETURN(auto rows,
                           c.Query("SELECT gpx FROM trails WHERE id = ?", {std::string(id)}));
    const auto* now = rows.rows.empty() ? nullptr : std::get_if<std::string>(&rows.rows[0][0]);
    if (!now || *now != gpx) {
      return util::Error::Conflict("The trail's track was replaced meanwhile; try again.");
    }
    return util::OkStatus();
  };
  CAIRN_ASSIGN_OR_RETURN(WriteResult written,
                         records_.UpdateWith(caller, kTrails, id, Json::object(), "", write));
  return std::move(written.record);
}

}  // namespace cairn::services
