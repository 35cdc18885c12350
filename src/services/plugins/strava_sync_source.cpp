// Listing, fetching and turning Strava activities into import items.
#include "services/plugins/strava_sync_source.h"

#include "services/plugins/strava_streams.h"
#include "util/clock.h"
#include "util/log.h"
#include "util/timestamp.h"

namespace cairn::services::plugins {
namespace {

using records::Json;

std::string IdOf(const Json& activity) {
  const Json id = activity.value("id", Json());
  if (id.is_number_integer()) return std::to_string(id.get<int64_t>());
  if (id.is_string()) return id.get<std::string>();
  return "";
}

// Errors after which the next activity would fail the same way: the sync stops there.
bool EndsTheSync(const util::Error& error) {
  switch (error.kind) {
    case util::ErrorKind::kUnauthorized:
    case util::ErrorKind::kTooManyRequests:
    case util::ErrorKind::kUpstreamFailed:
    case util::ErrorKind::kUpstreamTimeout:
    case util::ErrorKind::kUnavailable:
    case util::ErrorKind::kInternal:
      return true;
    default:
      return false;
  }
}

}  // namespace

StravaSyncSource::StravaSyncSource(storage::Database& database, PluginInstances& instances,
                                   StravaApi api, StravaSyncSettings settings)
    : database_(database),
      instances_(instances),
      api_(std::move(api)),
      settings_(std::move(settings)) {
  auto cursor = database_.Read<int64_t>([&](storage::Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT after FROM plugin_sync_cursors WHERE "
                                              "instance = ?",
                                              {settings_.instance_id}));
    if (rows.rows.empty()) return int64_t{0};
    return static_cast<int64_t>(storage::AsNumber(rows.rows[0][0]));
  });
  const int64_t seen = cursor.ok() ? *cursor : 0;
  newest_ = seen;
  after_ = seen > settings_.lookback_seconds ? seen - settings_.lookback_seconds : 0;
  (void)instances_.RecordOutcome(settings_.instance_id, "syncing", "Syncing with Strava.", false);
}

util::Error StravaSyncSource::Stop(util::Error error) {
  stopped_ = true;
  std::string status = "unavailable";
  if (error.kind == util::ErrorKind::kTooManyRequests) status = "rate_limited";
  if (error.kind == util::ErrorKind::kUnauthorized) status = "needs_reauth";
  if (error.kind == util::ErrorKind::kInternal) status = "error";
  (void)instances_.RecordOutcome(settings_.instance_id, status, error.message, false);
  return error;
}

util::Result<bool> StravaSyncSource::Known(const std::string& external_id) {
  return database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT 1 FROM trail_imports WHERE user = ? AND "
                                              "source = 'strava' AND external_id = ?",
                                              {settings_.user, external_id}));
    return !rows.rows.empty();
  });
}

util::Status StravaSyncSource::ListPage() {
  auto page = api_.Get("/athlete/activities?after=" + std::to_string(after_) + "&page=" +
                       std::to_string(page_) + "&per_page=" + std::to_string(settings_.per_page));
  if (!page.ok()) return Stop(std::move(page).error());
  if (!page->is_array()) return Stop(util::Error::UpstreamFailed("Strava's list is not a list."));
  ++page_;
  if (page->size() < static_cast<size_t>(settings_.per_page)) listed_all_ = true;
  for (Json& activity : *page) {
    if (!activity.is_object() || IdOf(activity).empty()) continue;
    if (auto start = StravaStartSeconds(activity); start && *start > newest_) newest_ = *start;
    auto known = Known("strava:" + IdOf(activity));
    if (!known.ok()) return Stop(std::move(known).error());
    if (!*known) pending_.push_back(std::move(activity));
  }
  return util::OkStatus();
}

util::Result<std::optional<imports::SourceItem>> StravaSyncSource::Next() {
  while (pending_.empty()) {
    if (listed_all_) return std::optional<imports::SourceItem>();
    CAIRN_RETURN_IF_ERROR(ListPage());
  }
  const Json summary = std::move(pending_.front());
  pending_.pop_front();
  auto item = Fetch(summary);
  if (!item.ok()) return Stop(std::move(item).error());
  return std::optional<imports::SourceItem>(std::move(item).value());
}

util::Result<imports::SourceItem> StravaSyncSource::Fetch(const Json& summary) {
  const std::string id = IdOf(summary);
  const std::string name = summary.value("name", "");
  imports::SourceItem item{.label = "activity " + id + (name.empty() ? "" : " \"" + name + "\""),
                           .activity = util::Error::NotFound("")};
  // The item's own problem, unless it is one that would stop every other activity too.
  auto own = [&](util::Error error) -> util::Result<imports::SourceItem> {
    if (EndsTheSync(error)) return error;
    item.activity = std::move(error);
    return item;
  };
  if (summary.value("manual", false)) {
    return own(util::Error::NotFound("no GPS track (entered by hand)"));
  }
  auto detail = api_.Get("/activities/" + id + "?include_all_efforts=false");
  if (!detail.ok()) return own(std::move(detail).error());
  auto streams =
      api_.Get("/activities/" + id + "/streams?keys=latlng,altitude,time&key_by_type=true");
  if (!streams.ok()) return own(std::move(streams).error());
  auto gpx = StravaStreamsToGpx(*detail, *streams);
  if (!gpx.ok()) return own(std::move(gpx).error());

  imports::Activity activity{
      .external_id = "strava:" + id,
      .name = detail->value("name", name),
      .description =
          detail->value("description", Json()).is_string() ? detail->value("description", "") : "",
      // The local day is the one people remember the outing by.
      .date = detail->value("start_date_local", detail->value("start_date", "")),
      .type = detail->value("sport_type", detail->value("type", "")),
      .file_name = "strava-" + id + ".gpx",
      .track_bytes = std::move(gpx).value()};
  const Json photos_of = detail->value("photos", Json::object());
  const int64_t photo_count = photos_of.is_object()
                                  ? photos_of.value("count", int64_t{0})
                                  : summary.value("total_photo_count", int64_t{0});
  if (photo_count > 0 && settings_.max_photos > 0) {
    auto photos = api_.Get("/activities/" + id + "/photos?size=2048&photo_sources=true");
    if (!photos.ok() && photos.error().kind == util::ErrorKind::kTooManyRequests) {
      return std::move(photos).error();
    }
    if (!photos.ok()) {
      activity.warnings.push_back("its photos could not be listed: " + photos.error().message);
    }
    size_t index = 0;
    for (const Json& photo : photos.ok() && photos->is_array() ? *photos : Json::array()) {
      if (activity.photos.size() >= settings_.max_photos) break;
      const Json urls = photo.is_object() ? photo.value("urls", Json::object()) : Json();
      std::string url;
      if (urls.is_object()) {
        for (const auto& [size, address] : urls.items()) {
          if (address.is_string()) url = address.get<std::string>();  // the largest size listed
        }
      }
      ++index;
      if (url.empty()) continue;
      auto bytes = api_.Download(url, settings_.max_photo_bytes);
      if (!bytes.ok()) {
        activity.warnings.push_back("photo " + std::to_string(index) +
                                    " not fetched: " + bytes.error().message);
        continue;
      }
      activity.photos.push_back({.file_name = "strava-" + id + "-" + std::to_string(index) + ".jpg",
                                 .bytes = std::move(bytes).value()});
    }
  }
  item.activity = std::move(activity);
  return item;
}

void StravaSyncSource::Ended(const std::string& status, const std::string& summary) {
  if (status == "done") {
    auto saved = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
      CAIRN_RETURN_IF_ERROR(c.Execute(
          "INSERT INTO plugin_sync_cursors (instance, after, updated) VALUES (?, ?, ?) ON "
          "CONFLICT (instance) DO UPDATE SET after = MAX(after, excluded.after), updated = "
          "excluded.updated",
          {settings_.instance_id, newest_,
           util::FormatTimestamp(util::SystemClock().NowMillis())}));
      return true;
    });
    // Not fatal: the next sync lists from the older cursor and passes over what it has.
    if (!saved.ok()) util::LogWarning("strava sync: " + saved.error().message);
    (void)instances_.RecordOutcome(settings_.instance_id, "configured",
                                   "Synced with Strava: " + summary + ".", true);
  } else if (!stopped_) {
    (void)instances_.RecordOutcome(settings_.instance_id, "configured",
                                   status == "cancelled" ? "Sync cancelled." : summary, false);
  }
}

}  // namespace cairn::services::plugins
