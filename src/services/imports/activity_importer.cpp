// An activity's way in: already imported? duplicate? then the trail, then its photos.
#include "services/imports/activity_importer.h"

#include "geo/readers.h"
#include "geo/sport.h"
#include "services/families/names.h"
#include "util/clock.h"
#include "util/timestamp.h"

namespace cairn::services::imports {
namespace {

ItemOutcome Skipped(std::string reason, std::string trail_id = "") {
  return {
      .result = ItemResult::kSkipped, .trail_id = std::move(trail_id), .reason = std::move(reason)};
}
ItemOutcome Failed(std::string reason) {
  return {.result = ItemResult::kFailed, .reason = std::move(reason)};
}

// "YYYY-MM-DD" of a source's date, "" when it has none.
std::string DayOf(const std::string& date) {
  if (date.size() < 10 || date[4] != '-' || date[7] != '-') return "";
  return date.substr(0, 10);
}

std::string FactOf(const util::Error& error, const std::string& name) {
  for (const auto& [key, value] : error.facts) {
    if (key == name) return value;
  }
  return "";
}

}  // namespace

ItemOutcome ActivityImporter::Import(const ImportTarget& target, const SourceItem& item) {
  if (!item.activity.ok()) {
    const util::Error& error = item.activity.error();
    if (error.kind == util::ErrorKind::kNotFound) return Skipped(error.message);
    return Failed(error.message);
  }
  const Activity& activity = *item.activity;
  const std::string& user = target.caller.user_id;
  using Known = std::pair<std::string, std::string>;  // trail, job
  auto known = database_.Read<Known>([&](storage::Connection& c) -> util::Result<Known> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT trail, job FROM trail_imports WHERE user = "
                                              "? AND source = ? AND external_id = ?",
                                              {user, target.source, activity.external_id}));
    if (rows.rows.empty()) return Known();
    return Known(storage::AsText(rows.rows[0][0]), storage::AsText(rows.rows[0][1]));
  });
  if (!known.ok()) return Failed(known.error().message);
  if (!known->first.empty()) {
    // This very job imported it before a restart interrupted it.
    if (!target.job_id.empty() && known->second == target.job_id) {
      return {.result = ItemResult::kImported, .trail_id = known->first};
    }
    return Skipped("imported before", known->first);
  }

  TrailImportOptions options{.name = activity.name,
                             .description = activity.description,
                             .date = DayOf(activity.date),
                             .sport = geo::SportFromText(activity.type),
                             .own_duplicates_only = true};
  options.after_insert = [&](storage::Connection& c, const std::string& trail) -> util::Status {
    CAIRN_RETURN_IF_ERROR(
        c.Execute("INSERT OR REPLACE INTO trail_imports (user, source, external_id, trail, "
                  "activity_type, job, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
                  {user, target.source, activity.external_id, trail, activity.type, target.job_id,
                   util::FormatTimestamp(util::SystemClock().NowMillis())}));
    return util::OkStatus();
  };
  auto trail =
      tracks_.ImportTrail(target.caller, {activity.track_bytes, activity.file_name}, options);
  if (!trail.ok()) {
    const util::Error& error = trail.error();
    if (error.message == "Duplicate trail") {
      return Skipped("the same as your trail \"" + FactOf(error, "name") + "\"",
                     FactOf(error, "id"));
    }
    if (geo::IsNoPositionsError(error)) {
      return Skipped("no GPS positions (recorded indoors or entered by hand): " + error.message);
    }
    return Failed(error.message);
  }
  ItemOutcome outcome{.result = ItemResult::kImported,
                      .trail_id = (*trail)["id"].get<std::string>()};
  outcome.warnings = activity.warnings;
  for (const auto& warning : trail->value("warnings", records::Json::array())) {
    outcome.warnings.push_back(warning.get<std::string>());
  }
  // One at a time: a photo the checks refuse must not take the others with it.
  for (const ActivityPhoto& photo : activity.photos) {
    MultipartForm form;
    form.files.emplace_back("photos", UploadedFile{photo.bytes, photo.file_name});
    auto stored = uploads_.Upload(target.caller, kTrails, outcome.trail_id, form);
    if (!stored.ok()) {
      outcome.warnings.push_back(photo.file_name + " not kept: " + stored.error().message);
    }
  }
  return outcome;
}

ItemOutcome ActivityImporter::ReplaceTrack(const ImportTarget& target, const std::string& trail_id,
                                           const SourceItem& item) {
  if (!item.activity.ok()) return Failed(item.activity.error().message);
  const Activity& activity = *item.activity;
  MultipartForm form;
  form.files.emplace_back("gpx", UploadedFile{activity.track_bytes, activity.file_name});
  auto stored = uploads_.Upload(target.caller, kTrails, trail_id, form);
  if (!stored.ok()) return Failed(stored.error().message);
  auto remembered = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "INSERT OR REPLACE INTO trail_imports (user, source, external_id, trail, "
        "activity_type, job, created) VALUES (?, ?, ?, ?, ?, ?, ?)",
        {target.caller.user_id, target.source, activity.external_id, trail_id, activity.type,
         target.job_id, util::FormatTimestamp(util::SystemClock().NowMillis())}));
    return true;
  });
  if (!remembered.ok()) return Failed(remembered.error().message);
  return {.result = ItemResult::kImported, .trail_id = trail_id};
}

}  // namespace cairn::services::imports
