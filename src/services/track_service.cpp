// Importing, replacing and exporting tracks. Order of work for a new file: read and check it
// (nothing written yet), store the original (fsynced), commit the rows, and remove the stored
// copy again if the rows could not be written.
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

// The fields of a trail or summit log that its track determines.
Json TrackFields(const geo::Track& track) {
  const geo::TrackStatistics stats = geo::ComputeStatistics(track);
  Json fields = {{"distance", stats.distance_m},
                 {"elevation_gain", stats.elevation_gain_m},
                 {"elevation_loss", stats.elevation_loss_m},
                 {"duration", stats.elapsed_s.value_or(0)},
                 {"moving_duration", stats.moving_s.value_or(0)}};
  if (stats.start) {
    fields["lat"] = stats.start->lat;
    fields["lon"] = stats.start->lon;
  }
  if (stats.bounds) {
    fields["min_lat"] = stats.bounds->south;
    fields["max_lat"] = stats.bounds->north;
    fields["min_lon"] = stats.bounds->west;
    fields["max_lon"] = stats.bounds->east;
  }
  fields["polyline"] = geo::EncodePolyline(geo::SimplifyForMap(track));
  const int64_t first_time =
      stats.start_time_ms != geo::kNoTime ? stats.start_time_ms : track.time_ms;
  fields["date"] = first_time != geo::kNoTime ? geo::DateOf(first_time).value_or("") : "";
  const geo::DeviceTotals& device = track.device;
  if (device.Empty()) {
    fields["device_totals"] = nullptr;
  } else {
    Json totals = Json::object();
    auto put = [&](const char* key, const std::optional<double>& value) {
      if (value) totals[key] = *value;
    };
    put("distance", device.distance_m);
    put("elapsed", device.elapsed_s);
    put("timer", device.timer_s);
    put("elevation_gain", device.ascent_m);
    put("elevation_loss", device.descent_m);
    fields["device_totals"] = std::move(totals);
  }
  return fields;
}

// The name to store an upload under: the client's, with the extension of the format found inside
// when it has none (a raw upload of a GPX becomes "track.gpx").
std::string StoredFileName(const UploadedFile& file) {
  const std::string base = file.file_name.substr(file.file_name.find_last_of("/\\") + 1);
  if (base.find('.') != std::string::npos) return file.file_name;
  std::string extension = geo::FormatName(geo::SniffFormat(file.bytes));
  for (char& c : extension) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return base + "." + extension;
}

util::Result<geo::Track> ReadUpload(const UploadedFile& file, size_t max_bytes) {
  if (file.bytes.size() > max_bytes) {
    return util::Error::TooLarge("The file is larger than the " +
                                 std::to_string(max_bytes / (1024 * 1024)) +
                                 " MB this server accepts.");
  }
  return geo::ReadTrackFile(file.bytes);
}

// NotFound when record `id` of `collection` is invisible to the caller, Forbidden when visible
// but `condition` (over alias "a") does not hold for it. Returns the record as the caller sees it.
util::Result<Json> RequireRight(storage::Connection& connection,
                                const records::RecordEngine& engine,
                                const records::CollectionSpec& collection, const std::string& id,
                                const AccessPolicy& policy, const storage::SqlFragment& condition,
                                const char* refusal) {
  CAIRN_ASSIGN_OR_RETURN(Json current, engine.FindById(connection, collection, id, policy));
  storage::SqlParams params = condition.params;
  params.emplace_back(id);
  CAIRN_ASSIGN_OR_RETURN(
      auto allowed, connection.Query("SELECT 1 FROM " + records::QuoteIdentifier(collection.name) +
                                         " a WHERE (" + condition.sql + ") AND a.id = ?",
                                     params));
  if (allowed.rows.empty()) return util::Error::Forbidden(refusal);
  return current;
}

// The author's full rights or an edit share: who may give a trail a new track.
storage::SqlFragment MayChangeTrack(const AccessPolicy& policy,
                                    const records::CollectionSpec& collection) {
  storage::SqlFragment update = policy.UpdateCondition(collection, "a");
  storage::SqlFragment edit = policy.EditCondition(collection, "a");
  update.sql = "(" + update.sql + " OR " + edit.sql + ")";
  update.params.insert(update.params.end(), edit.params.begin(), edit.params.end());
  return update;
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
  CAIRN_ASSIGN_OR_RETURN(geo::Track track, ReadUpload(file, options_.max_file_bytes));
  const records::CollectionSpec& trails = *engine_.registry().Find(kTrails);
  const records::CollectionSpec& waypoints = *engine_.registry().Find(kWaypoints);
  AccessPolicy policy(caller);
  Json values = TrackFields(track);
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
  CAIRN_ASSIGN_OR_RETURN(values["gpx"],
                         blobs_.Put(trails.id, id, StoredFileName(file), file.bytes));
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

util::Result<Json> TrackService::ReplaceTrailTrack(const Caller& caller, std::string_view trail_id,
                                                   const UploadedFile& file) {
  const records::CollectionSpec& trails = *engine_.registry().Find(kTrails);
  return ReplaceTrack(caller, trails, trail_id, file, "You are not allowed to change this trail.",
                      [](const Json& fields) {
                        Json values = fields;
                        // A date the author set stays unless the new file has one.
                        if (values["date"] == "") values.erase("date");
                        return values;
                      });
}

util::Result<Json> TrackService::ReplaceSummitLogTrack(const Caller& caller,
                                                       std::string_view log_id,
                                                       const UploadedFile& file) {
  const records::CollectionSpec& logs = *engine_.registry().Find(kSummitLogs);
  return ReplaceTrack(caller, logs, log_id, file, "You are not allowed to change this summit log.",
                      [](const Json& fields) {
                        return Json{{"distance", fields["distance"]},
                                    {"duration", fields["duration"]},
                                    {"elevation_gain", fields["elevation_gain"]},
                                    {"elevation_loss", fields["elevation_loss"]}};
                      });
}

util::Result<Json> TrackService::ReplaceTrack(
    const Caller& caller, const records::CollectionSpec& collection, std::string_view record_id,
    const UploadedFile& file, const char* refusal,
    const std::function<Json(const Json& track_fields)>& select_fields) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to change records.");
  AccessPolicy policy(caller);
  const std::string id(record_id);
  const storage::SqlFragment allowed = MayChangeTrack(policy, collection);
  // Rights first, so nobody makes the server store files for records they cannot change.
  auto checked = database_.Read<Json>([&](storage::Connection& c) {
    return RequireRight(c, engine_, collection, id, policy, allowed, refusal);
  });
  if (!checked.ok()) return std::move(checked).error();
  CAIRN_ASSIGN_OR_RETURN(geo::Track track, ReadUpload(file, options_.max_file_bytes));
  Json values = select_fields(TrackFields(track));
  CAIRN_ASSIGN_OR_RETURN(values["gpx"],
                         blobs_.Put(collection.id, id, StoredFileName(file), file.bytes));
  std::string previous;
  auto updated = database_.Write<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Json current,
                           RequireRight(c, engine_, collection, id, policy, allowed, refusal));
    previous = current.value("gpx", "");
    return engine_.Update(c, collection, id, values, policy);
  });
  if (!updated.ok()) {
    (void)blobs_.Remove(collection.id, id, values["gpx"].get<std::string>());
    return updated;
  }
  // Only now does nothing point at the old copy.
  if (!previous.empty()) (void)blobs_.Remove(collection.id, id, previous);
  return updated;
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
