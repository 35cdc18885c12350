// Importing and exporting tracks. Order of work for a new file: read and check it (nothing
// written yet), store the original (fsynced), commit the rows, and remove the stored copy again
// if the rows could not be written.
#include "services/track_service.h"

#include <cmath>
#include <unordered_set>

#include "geo/geodesy.h"
#include "geo/polyline.h"
#include "geo/readers.h"
#include "geo/simplify.h"
#include "geo/statistics.h"
#include "geo/writers.h"
#include "geo/zip_archive.h"
#include "services/access_policy.h"
#include "services/collections.h"
#include "services/families.h"
#include "services/track_fields.h"
#include "services/upload_checks.h"
#include "util/ids.h"
#include "util/timestamp.h"

namespace cairn::services {

using records::Json;

namespace {

constexpr double kDuplicateStartMeters = 100;
constexpr double kDuplicateTotalsMeters = 50;
constexpr size_t kMaxExportedTrails = 100;
constexpr size_t kMaxImportedWaypoints = 10000;
constexpr size_t kMaxNameLength = 500;

std::string Trimmed(std::string text) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) return "";
  text.erase(0, first);
  text.erase(text.find_last_not_of(" \t\r\n") + 1);
  if (text.size() > kMaxNameLength) text.resize(kMaxNameLength);
  return text;
}

// The trail's name: the one the caller gave, else the file's own (metadata, then the first
// named track, then the first named route), else the file name without its extension.
std::string TrailName(const geo::Track& track, const std::string& file_name,
                      const std::string& chosen) {
  for (const std::string& candidate : {chosen, track.name}) {
    if (!Trimmed(candidate).empty()) return Trimmed(candidate);
  }
  for (geo::PartKind kind : {geo::PartKind::kTrack, geo::PartKind::kRoute}) {
    for (const auto& part : track.parts) {
      if (part.kind == kind && !Trimmed(part.name).empty()) return Trimmed(part.name);
    }
  }
  std::string base = file_name.substr(file_name.find_last_of("/\\") + 1);
  if (const size_t dot = base.rfind('.'); dot != std::string::npos && dot > 0) base.resize(dot);
  base = Trimmed(base);
  return base.empty() ? "Untitled trail" : base;
}

util::Error Duplicate(const std::string& id, const std::string& name) {
  util::Error error = util::Error::InvalidArgument("Duplicate trail");
  error.body_extras = {{"id", id}, {"name", name}};
  return error;
}

// A visible trail of the caller's that looks like the same walk as `fields`, if any.
util::Result<std::optional<std::pair<std::string, std::string>>> FindDuplicate(
    storage::Connection& connection, const records::CollectionSpec& trails,
    const AccessPolicy& policy, const Json& fields) {
  using Found = std::optional<std::pair<std::string, std::string>>;
  if (!fields.contains("lat")) return Found();
  const double lat = fields["lat"], lon = fields["lon"];
  // A box a little larger than the 100 m circle, for the index; the exact test follows.
  const double dlat = 0.0015;
  const double dlon = 0.0015 / std::max(0.01, std::cos(lat * M_PI / 180));
  storage::SqlFragment view = policy.ViewCondition(trails, "t");
  storage::SqlParams params = view.params;
  for (double bound : {lat - dlat, lat + dlat, lon - dlon, lon + dlon}) params.emplace_back(bound);
  CAIRN_ASSIGN_OR_RETURN(
      auto rows,
      connection.Query("SELECT t.id, t.name, t.lat, t.lon, t.distance, t.elevation_gain, "
                       "t.elevation_loss FROM trails t WHERE (" +
                           view.sql + ") AND t.lat BETWEEN ? AND ? AND t.lon BETWEEN ? AND ?",
                       params));
  auto number = [](const storage::SqlValue& v) {
    if (const auto* d = std::get_if<double>(&v)) return *d;
    if (const auto* i = std::get_if<int64_t>(&v)) return static_cast<double>(*i);
    return 0.0;
  };
  for (const auto& row : rows.rows) {
    const bool close =
        geo::DistanceMeters(lat, lon, number(row[2]), number(row[3])) <= kDuplicateStartMeters;
    const bool same =
        std::fabs(number(row[4]) - fields["distance"].get<double>()) <= kDuplicateTotalsMeters &&
        std::fabs(number(row[5]) - fields["elevation_gain"].get<double>()) <=
            kDuplicateTotalsMeters &&
        std::fabs(number(row[6]) - fields["elevation_loss"].get<double>()) <=
            kDuplicateTotalsMeters;
    if (close && same) {
      return Found({std::get<std::string>(row[0]), std::get<std::string>(row[1])});
    }
  }
  return Found();
}

}  // namespace

TrackService::TrackService(storage::Database& database, const records::RecordEngine& engine,
                           storage::BlobStore& blobs, Options options)
    : database_(database), engine_(engine), blobs_(blobs), options_(options) {}

util::Result<Json> TrackService::ImportTrail(const Caller& caller, const UploadedFile& file,
                                             const TrailImportOptions& options) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to upload trails.");
  CAIRN_ASSIGN_OR_RETURN(
      CheckedFile checked,
      CheckUploadedFile({UploadKind::kTrack, options_.max_file_bytes}, "file", file));
  const geo::Track& track = *checked.track;
  const records::CollectionSpec& trails = *engine_.registry().Find(kTrails);
  const records::CollectionSpec& waypoints = *engine_.registry().Find(kWaypoints);
  AccessPolicy policy(caller);
  Json values = TrailFieldsFromTrack(track);
  values["name"] = TrailName(track, file.file_name, options.name);
  values["description"] = track.description;
  values["author"] = caller.user_id;

  if (!options.ignore_duplicates) {
    auto duplicate = database_.Read<std::optional<std::pair<std::string, std::string>>>(
        [&](storage::Connection& c) { return FindDuplicate(c, trails, policy, values); });
    if (!duplicate.ok()) return std::move(duplicate).error();
    if (*duplicate) return Duplicate((*duplicate)->first, (*duplicate)->second);
  }
  const std::string id = util::NewRecordId();
  CAIRN_ASSIGN_OR_RETURN(values["gpx"], blobs_.Put(trails.id, id, checked.name, file.bytes));
  auto created = database_.Write<Json>([&](storage::Connection& c) -> util::Result<Json> {
    // Checked again under the writer: the same file may be uploading twice at once.
    if (!options.ignore_duplicates) {
      CAIRN_ASSIGN_OR_RETURN(auto duplicate, FindDuplicate(c, trails, policy, values));
      if (duplicate) return Duplicate(duplicate->first, duplicate->second);
    }
    CAIRN_ASSIGN_OR_RETURN(values["public"], DefaultPublic(c, caller.user_id, "trails"));
    CAIRN_RETURN_IF_ERROR(engine_.InsertWithId(c, trails, id, values, records::Unrestricted()));
    size_t added = 0;
    for (const geo::Waypoint& point : track.waypoints) {
      if (++added > kMaxImportedWaypoints) break;
      CAIRN_RETURN_IF_ERROR(engine_.Insert(c, waypoints,
                                           {{"author", caller.user_id},
                                            {"trail", id},
                                            {"name", Trimmed(point.name)},
                                            {"description", point.description},
                                            {"lat", point.lat},
                                            {"lon", point.lon}},
                                           records::Unrestricted()));
    }
    return engine_.FindById(c, trails, id, policy);
  });
  if (!created.ok()) (void)blobs_.RemoveRecord(trails.id, id);  // nothing points at it
  return created;
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
  const records::CollectionSpec& trails = *engine_.registry().Find(kTrails);
  const records::CollectionSpec& waypoints = *engine_.registry().Find(kWaypoints);
  AccessPolicy policy(caller);
  struct Item {
    Json trail;
    std::vector<Json> waypoints;
  };
  auto items = database_.Read<std::vector<Item>>(
      [&](storage::Connection& c) -> util::Result<std::vector<Item>> {
        std::vector<Item> out;
        std::unordered_set<std::string> seen;
        for (const std::string& id : ids) {
          if (!seen.insert(id).second) continue;
          auto trail = engine_.FindById(c, trails, id, policy);
          if (!trail.ok()) continue;  // invisible or missing: not exported, not revealed
          Item item{std::move(trail).value(), {}};
          records::ListQuery query;
          query.per_page = records::kMaxPerPage;
          CAIRN_ASSIGN_OR_RETURN(
              records::ListPage page,
              engine_.List(c, waypoints, query, policy, {"t.trail = ?", {std::string(id)}}));
          item.waypoints = std::move(page.items);
          out.push_back(std::move(item));
        }
        return out;
      });
  if (!items.ok()) return std::move(items).error();
  if (items->empty()) return util::Error::NotFound();

  const bool gpx = format == ExportFormat::kGpx;
  const std::string extension = gpx ? ".gpx" : ".geojson";
  std::vector<std::pair<std::string, std::string>> files;  // name, content
  for (const Item& item : *items) {
    geo::Track track;
    const std::string stored = item.trail.value("gpx", "");
    if (!stored.empty()) {
      auto bytes = blobs_.Read(trails.id, item.trail["id"].get<std::string>(), stored);
      if (bytes.ok()) {
        auto read = geo::ReadTrackFile(*bytes);
        if (read.ok()) track = std::move(read).value();
      }
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

}  // namespace cairn::services
