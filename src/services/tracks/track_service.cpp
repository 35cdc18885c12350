// Importing and exporting tracks. Order of work for a new file: read and check it (nothing
// written yet), store the original (fsynced), commit the rows, and remove the stored copy again
// if the rows could not be written.
#include "services/tracks/track_service.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <unordered_set>

#include "dem/track_heights.h"
#include "geo/geodesy.h"
#include "geo/polyline.h"
#include "geo/profile.h"
#include "geo/readers.h"
#include "geo/simplify.h"
#include "geo/statistics.h"
#include "geo/writers.h"
#include "geo/zip_archive.h"
#include "services/core/access_policy.h"
#include "services/families/names.h"
#include "services/families/privacy.h"
#include "services/files/upload_checks.h"
#include "services/tracks/terrain_elevation.h"
#include "services/tracks/track_fields.h"
#include "services/tracks/trail_naming.h"
#include "util/ids.h"
#include "util/log.h"
#include "util/text.h"
#include "util/timestamp.h"

namespace cairn::services {

using records::Json;

namespace {

constexpr double kDuplicateStartMeters = 100;
constexpr double kDuplicateTotalsMeters = 50;
constexpr size_t kMaxExportedTrails = 100;
constexpr size_t kMaxImportedWaypoints = 10000;
constexpr size_t kMaxDescriptionLength = 20000;

util::Error Unreadable(const std::string& trail_id, const std::string& stored,
                       const util::Error& cause) {
  return util::Error::Internal("the stored track " + stored + " of trail " + trail_id +
                               " cannot be read: " + cause.message);
}

util::Error Duplicate(const std::string& id, const std::string& name) {
  util::Error error = util::Error::InvalidArgument("Duplicate trail");
  error.facts = {{"id", id}, {"name", name}};
  return error;
}

// A visible trail of the caller's that looks like the same walk as `fields`, if any.
util::Result<std::optional<std::pair<std::string, std::string>>> FindDuplicate(
    storage::Connection& connection, const records::CollectionSpec& trails,
    const AccessPolicy& policy, const Json& fields, const std::string& author) {
  using Found = std::optional<std::pair<std::string, std::string>>;
  if (!fields.contains("lat")) return Found();
  const double lat = fields["lat"], lon = fields["lon"];
  // A box a little larger than the 100 m circle, for the index; the exact test follows.
  const double dlat = 0.0015;
  const double dlon = 0.0015 / std::max(0.01, std::cos(lat * M_PI / 180));
  storage::SqlFragment view = policy.ViewCondition(trails, "t");
  storage::SqlParams params = view.params;
  for (double bound : {lat - dlat, lat + dlat, lon - dlon, lon + dlon}) params.emplace_back(bound);
  std::string sql =
      "SELECT t.id, t.name, t.lat, t.lon, t.distance, t.elevation_gain, t.elevation_loss FROM "
      "trails t WHERE (" +
      view.sql + ") AND t.lat BETWEEN ? AND ? AND t.lon BETWEEN ? AND ?";
  if (!author.empty()) {
    sql += " AND t.author = ?";
    params.emplace_back(author);
  }
  CAIRN_ASSIGN_OR_RETURN(auto rows, connection.Query(sql, params));
  for (const auto& row : rows.rows) {
    const bool close = geo::DistanceMeters(lat, lon, storage::AsNumber(row[2]),
                                           storage::AsNumber(row[3])) <= kDuplicateStartMeters;
    const bool same =
        std::fabs(storage::AsNumber(row[4]) - fields["distance"].get<double>()) <=
            kDuplicateTotalsMeters &&
        std::fabs(storage::AsNumber(row[5]) - fields["elevation_gain"].get<double>()) <=
            kDuplicateTotalsMeters &&
        std::fabs(storage::AsNumber(row[6]) - fields["elevation_loss"].get<double>()) <=
            kDuplicateTotalsMeters;
    if (close && same) {
      return Found({std::get<std::string>(row[0]), std::get<std::string>(row[1])});
    }
  }
  return Found();
}

// The category an import asks for: its own, else the one of its activity's sport, else the one of
// the file's sport; "" when none matches.
util::Result<std::string> CategoryOfImport(storage::Connection& connection,
                                           const TrailImportOptions& options,
                                           const std::string& file_sport) {
  if (!options.category.empty()) return options.category;
  if (!options.sport.empty()) {
    CAIRN_ASSIGN_OR_RETURN(std::string category, CategoryForSport(connection, options.sport));
    if (!category.empty()) return category;
  }
  return CategoryForSport(connection, file_sport);
}

// Part of every profile version: bump it when the profile's computation or shape changes, so
// clients do not keep an answer computed the old way.
constexpr const char* kProfileFormat = "profile-2";  // 2: breaks between parts

// FNV-1a, 64 bits, as 16 hex digits: a stable digest for versions (not a security measure).
std::string HexDigest(std::string_view text) {
  uint64_t hash = 14695981039346656037ull;
  for (unsigned char c : text) {
    hash ^= c;
    hash *= 1099511628211ull;
  }
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, hash);
  return hex;
}

// Holds one of a semaphore's permits for its lifetime.
class Permit {
 public:
  explicit Permit(std::counting_semaphore<>& semaphore) : semaphore_(semaphore) {
    semaphore_.acquire();
  }
  ~Permit() { semaphore_.release(); }
  Permit(const Permit&) = delete;
  Permit& operator=(const Permit&) = delete;

 private:
  std::counting_semaphore<>& semaphore_;
};

double Rounded(double value, double scale) { return std::round(value * scale) / scale; }

Json ProfileJson(const std::vector<geo::ProfilePoint>& line, size_t max_points) {
  Json points = Json::array();
  Json breaks = Json::array();
  for (const geo::ProfilePoint& p : geo::DownsampleProfile(line, max_points)) {
    if (p.starts_part) breaks.push_back(points.size());
    points.push_back(Json::array({Rounded(p.distance_m, 10),
                                  std::isnan(p.ele) ? Json(nullptr) : Json(Rounded(p.ele, 10)),
                                  Rounded(p.lat, 1e6), Rounded(p.lon, 1e6)}));
  }
  if (line.empty()) return Json{{"distance", 0}, {"points", std::move(points)}, {"breaks", breaks}};
  return Json{{"distance", Rounded(line.back().distance_m, 10)},
              {"points", std::move(points)},
              {"breaks", std::move(breaks)}};
}

}  // namespace

TrackService::TrackService(storage::Database& database, RecordService& records,
                           storage::BlobStore& blobs, dem::TerrainModel& terrain, Options options)
    : database_(database), records_(records), blobs_(blobs), terrain_(terrain), options_(options) {}

util::Result<Json> TrackService::ImportTrail(const Caller& caller, const UploadedFile& file,
                                             const TrailImportOptions& options) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to upload trails.");
  CAIRN_ASSIGN_OR_RETURN(
      CheckedFile checked,
      CheckUploadedFile({UploadKind::kTrack, options_.max_file_bytes}, "file", file));
  const geo::Track& track = *checked.track;
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  const AccessPolicy policy = records_.PolicyFor(caller);
  CAIRN_ASSIGN_OR_RETURN(TerrainUploads terrain_rule,
                         database_.Read<TerrainUploads>([&](storage::Connection& c) {
                           return TerrainUploadsFor(c, caller.user_id);
                         }));
  std::string terrain_warning;
  Json derived;
  if (WantsTerrainHeights(track, terrain_rule)) {
    auto from_terrain = TerrainTrailFields(*terrain_.Current(), track);
    if (from_terrain.ok()) {
      derived = std::move(from_terrain).value();
    } else {
      // The upload is not refused for it: the figures are the file's, and the person is told.
      terrain_warning = "Elevation from the file, not the terrain: " + from_terrain.error().message;
    }
  }
  if (derived.is_null()) derived = TrailFieldsFromTrack(track);
  const Json name =
      ChooseTrailName(track, file.file_name, options.name, derived.value("date", std::string()));
  auto duplicate_check = [&](storage::Connection& c) -> util::Status {
    if (options.ignore_duplicates) return util::OkStatus();
    CAIRN_ASSIGN_OR_RETURN(
        auto duplicate,
        FindDuplicate(c, *trails, policy, derived,
                      options.own_duplicates_only ? caller.user_id : std::string()));
    if (duplicate) return Duplicate(duplicate->first, duplicate->second);
    return util::OkStatus();
  };
  // Before anything is stored; checked again under the writer: the same file may be uploading
  // twice at once.
  CAIRN_RETURN_IF_ERROR(database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(duplicate_check(c));
    return true;
  }));
  CAIRN_ASSIGN_OR_RETURN(bool open, database_.Read<bool>([&](storage::Connection& c) {
    return DefaultPublic(c, caller.user_id, "trails");
  }));
  CAIRN_ASSIGN_OR_RETURN(std::string category,
                         database_.Read<std::string>([&](storage::Connection& c) {
                           return CategoryOfImport(c, options, track.sport);
                         }));
  const std::string& description =
      options.description.empty() ? track.description : options.description;
  Json body = {{"name", name},
               {"description", util::TruncateUtf8(description, kMaxDescriptionLength)},
               {"author", caller.user_id},
               {"public", open}};
  if (!category.empty()) body["category"] = category;
  if (!derived.contains("date") && !options.date.empty()) body["date"] = options.date;
  const std::string id = util::NewRecordId();
  CAIRN_ASSIGN_OR_RETURN(std::string stored, blobs_.Put(trails->id, id, checked.name, file.bytes));
  WriteOptions write{.record_id = id, .derived = derived};
  write.edits["gpx"].added.push_back(stored);
  write.before = duplicate_check;
  write.after = [&](storage::Connection& c, const Json&) -> util::Status {
    if (options.after_insert) CAIRN_RETURN_IF_ERROR(options.after_insert(c, id));
    size_t added = 0;
    for (const geo::Waypoint& point : track.waypoints) {
      if (++added > kMaxImportedWaypoints) break;
      CAIRN_RETURN_IF_ERROR(records_.CreateIn(
          c, caller, kWaypoints,
          {{"author", caller.user_id},
           {"trail", id},
           {"name", TrimmedName(point.name)},
           {"description", util::TruncateUtf8(point.description, kMaxDescriptionLength)},
           {"lat", point.lat},
           {"lon", point.lon}}));
    }
    return util::OkStatus();
  };
  auto created = records_.CreateWith(caller, kTrails, body, "", write);
  if (!created.ok()) {
    // Nothing points at it; what cannot be removed is logged for `cairn doctor`.
    if (auto removed = blobs_.RemoveRecord(trails->id, id); !removed.ok()) {
      util::LogWarning(removed.error().message);
    }
    return std::move(created).error();
  }
  // What the reader skipped or could not resolve, for the person who uploaded it; not stored.
  std::vector<std::string> warnings = track.warnings;
  if (!terrain_warning.empty()) warnings.push_back(terrain_warning);
  if (!warnings.empty()) created->record["warnings"] = warnings;
  return std::move(created->record);
}

util::Result<ExportedFile> TrackService::ExportTrails(const Caller& caller,
                                                      const std::vector<std::string>& ids,
                                                      ExportFormat format) {
  if (ids.empty())
    return util::Error::InvalidField("Nothing to export.", "ids", "validation_required",
                                     "Name at least one trail.");
  if (ids.size() > kMaxExportedTrails) {
    return util::Error::InvalidField("Too many trails.", "ids", "validation_too_many_values",
                                     "Export at most 100 trails at once.");
  }
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  struct Item {
    Json trail;
    std::vector<Json> waypoints;
  };
  std::vector<Item> items;
  std::unordered_set<std::string> seen;
  for (const std::string& id : ids) {
    if (!seen.insert(id).second) continue;
    auto trail = records_.Show(caller, kTrails, id, "");
    if (!trail.ok()) {
      if (trail.error().kind == util::ErrorKind::kNotFound) continue;  // not exported, not revealed
      return std::move(trail).error();
    }
    ListParams waypoints{.per_page = kMaxPerPage};
    CAIRN_ASSIGN_OR_RETURN(ListPage page, records_.List(caller, kWaypoints, waypoints,
                                                        {"t.trail = ?", {std::string(id)}}));
    items.push_back({std::move(trail).value(), std::move(page.items)});
  }
  if (items.empty()) return util::Error::NotFound();

  const bool gpx = format == ExportFormat::kGpx;
  const std::string extension = gpx ? ".gpx" : ".geojson";
  std::vector<std::pair<std::string, std::string>> files;  // name, content
  for (const Item& item : items) {
    geo::Track track;
    const std::string stored = item.trail.value("gpx", "");
    if (!stored.empty()) {
      // The trail exists and names a track: one that cannot be read is the server's fault (a 500
      // with the cause in the log), never an export quietly without its points.
      const std::string trail_id = item.trail["id"];
      auto bytes = blobs_.Read(trails->id, trail_id, stored);
      if (!bytes.ok()) return Unreadable(trail_id, stored, bytes.error());
      auto read = geo::ReadTrackFile(*bytes);
      if (!read.ok()) return Unreadable(trail_id, stored, read.error());
      track = std::move(read).value();
    }
    // The record is the truth for what people edited: its name, text, date and waypoints.
    track.name = item.trail.value("name", "");
    track.description = item.trail.value("description", "");
    const std::string date = item.trail.value("date", "");
    if (!date.empty()) track.time_ms = util::ParseTimestampMillis(date).value_or(geo::kNoTime);
    track.waypoints.clear();
    for (const Json& w : item.waypoints) {
      geo::Waypoint point;
      point.lat = w.value("lat", 0.0);
      point.lon = w.value("lon", 0.0);
      point.name = w.value("name", "");
      point.description = w.value("description", "");
      point.symbol = w.value("icon", "");
      track.waypoints.push_back(std::move(point));
    }
    // WriteZip tells same-named trails apart ("name (2).gpx").
    files.emplace_back(storage::SanitiseFileName(track.name) + extension,
                       gpx ? geo::WriteGpx(track) : geo::WriteGeoJson(track));
  }
  if (files.size() == 1) {
    return ExportedFile{std::move(files[0].second),
                        gpx ? "application/gpx+xml" : "application/geo+json",
                        std::move(files[0].first)};
  }
  std::vector<geo::ZipMember> members;
  for (const auto& [name, content] : files) members.push_back({name, content});
  CAIRN_ASSIGN_OR_RETURN(std::string zip, geo::WriteZip(members));
  return ExportedFile{std::move(zip), "application/zip", "trails.zip"};
}

util::Result<TrailProfile> TrackService::ProfileOfTrail(
    const Caller& caller, std::string_view id, int max_points,
    const std::function<bool(const std::string&)>& client_holds) {
  CAIRN_ASSIGN_OR_RETURN(const records::CollectionSpec* trails, records_.SpecOf(kTrails));
  CAIRN_ASSIGN_OR_RETURN(Json trail, records_.Show(caller, kTrails, id, ""));
  const std::string gpx = trail.value("gpx", "");
  const size_t points =
      static_cast<size_t>(std::clamp(max_points, kMinProfilePoints, kMaxProfilePoints));
  TrailProfile result;
  result.version = HexDigest(std::string(kProfileFormat) + "\n" + gpx + "\n" +
                             trail.value("updated", "") + "\n" + std::to_string(points));
  if (client_holds && client_holds(result.version)) return result;
  std::vector<geo::ProfilePoint> line;
  if (!gpx.empty()) {
    // The trail exists: a stored file that is missing or unreadable is the server's fault (a
    // 500 with the cause in the log), never a 404 that would say the trail is gone.
    Permit permit(profile_readers_);
    auto bytes = blobs_.Read(trails->id, id, gpx);
    if (!bytes.ok()) return Unreadable(std::string(id), gpx, bytes.error());
    auto track = geo::ReadTrackFile(*bytes);
    if (!track.ok()) return Unreadable(std::string(id), gpx, track.error());
    *bytes = std::string();  // the track holds what is needed; free the file's copy early
    if (trail.value("elevation_source", "") == "terrain") {
      dem::PutTerrainHeights(*terrain_.Current(), *track);
    }
    line = geo::ElevationProfile(*track);
  }
  result.profile = ProfileJson(line, points);
  return result;
}

}  // namespace cairn::services
