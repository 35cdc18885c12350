// Sync requests, the scheduler that makes them on its own, and connection checks.
#include "services/plugins/online_sync.h"

#include "services/plugins/strava_sync_source.h"
#include "util/log.h"
#include "util/timestamp.h"

namespace cairn::services::plugins {
namespace {

using records::Json;

bool SignedIn(const OpenedInstance& instance) {
  return !instance.secrets.value("refresh_token", "").empty() ||
         !instance.secrets.value("access_token", "").empty();
}

}  // namespace

util::Result<std::unique_ptr<OnlineSync>> OnlineSync::Create(
    storage::Database& database, imports::ImportJobs& jobs, OAuthConnections& oauth,
    PluginInstances& instances, const PluginCatalog& catalog, TrailSender& sender,
    const util::Clock& clock, OnlineSyncOptions options) {
  CAIRN_ASSIGN_OR_RETURN(net::UrlClient client,
                         net::UrlClient::Create({.addresses = options.addresses,
                                                 .address_setting = "--plugin-allow-private",
                                                 .max_redirects = 3,
                                                 .connect_timeout = std::chrono::seconds(10),
                                                 .total_timeout = std::chrono::seconds(120),
                                                 .max_response_bytes = 32u << 20,
                                                 .user_agent = options.user_agent}));
  std::unique_ptr<OnlineSync> sync(new OnlineSync(database, jobs, oauth, instances, catalog, sender,
                                                  clock, std::move(client), std::move(options)));
  OnlineSync* self = sync.get();
  jobs.RegisterSource(kStravaApiFormat, [self](const std::string& job, const std::string& user,
                                               const std::string& instance) {
    return self->Open(job, user, instance);
  });
  return sync;
}

OnlineSync::~OnlineSync() { Stop(); }

util::Result<imports::ImportJob> OnlineSync::Sync(const Caller& caller,
                                                  const std::string& instance_id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to sync.");
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance, instances_.OpenOwned(caller, instance_id));
  if (!catalog_.Offers(instance.plugin_id, kSync) ||
      oauth_.ProviderOf(instance.plugin_id) == nullptr) {
    return util::Error::InvalidArgument("The plugin \"" + instance.plugin_id +
                                        "\" does not sync with an online service.");
  }
  if (!instance.enabled) {
    return util::Error::InvalidArgument("This connection is turned off; turn it on to sync.");
  }
  if (!SignedIn(instance)) {
    return util::Error::InvalidArgument("Sign in with the service first (Connect in Settings).");
  }
  return jobs_.Enqueue(instance.user, instance.plugin_id, instance.id, kStravaApiFormat);
}

util::Result<std::unique_ptr<imports::ActivitySource>> OnlineSync::Open(
    const std::string&, const std::string& user, const std::string& instance_id) {
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance, instances_.Open(instance_id));
  if (instance.user != user) return util::Error::NotFound("No such plugin connection.");
  if (!instance.enabled) return util::Error::InvalidArgument("The connection is turned off.");
  if (!SignedIn(instance)) return util::Error::InvalidArgument("The connection is signed out.");
  return std::unique_ptr<imports::ActivitySource>(std::make_unique<StravaSyncSource>(
      database_, instances_, StravaApi(client_, options_.strava_api, oauth_, instance.id),
      StravaSyncSettings{.instance_id = instance.id,
                         .user = instance.user,
                         .per_page = options_.per_page,
                         .lookback_seconds = options_.lookback_seconds,
                         .max_photos = options_.max_photos,
                         .max_photo_bytes = options_.max_photo_bytes}));
}

util::Result<Json> OnlineSync::Validate(const Caller& caller, const std::string& instance_id) {
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance, instances_.OpenOwned(caller, instance_id));
  if (oauth_.ProviderOf(instance.plugin_id) == nullptr)
    return sender_.Validate(caller, instance_id);
  if (!SignedIn(instance)) {
    return Json{{"valid", false}, {"message", "Not signed in: use Connect to sign in."}};
  }
  StravaApi api(client_, options_.strava_api, oauth_, instance.id);
  auto athlete = api.Get("/athlete");
  if (!athlete.ok()) {
    const util::Error& error = athlete.error();
    const bool refused = error.kind == util::ErrorKind::kUnauthorized;
    CAIRN_RETURN_IF_ERROR(instances_.RecordOutcome(
        instance.id, refused ? "needs_reauth" : "unavailable", error.message, false));
    return Json{{"valid", false}, {"message", error.message}};
  }
  const std::string first = athlete->value("firstname", "");
  const std::string last = athlete->value("lastname", "");
  const std::string account = first + (first.empty() || last.empty() ? "" : " ") + last;
  const std::string message =
      "Strava takes the sign-in" + (account.empty() ? std::string(".") : " of " + account + ".");
  CAIRN_RETURN_IF_ERROR(instances_.RecordOutcome(instance.id, "configured", message, false));
  Json answer = {{"valid", true}, {"message", message}};
  if (!account.empty()) answer["account"] = account;
  return answer;
}

size_t OnlineSync::QueueDue() {
  const int64_t now = clock_.NowMillis();
  const std::string synced_before = util::FormatTimestamp(now - options_.interval_seconds * 1000);
  const std::string tried_before = util::FormatTimestamp(now - options_.retry_seconds * 1000);
  using Due = std::vector<std::vector<std::string>>;  // id, user, plugin
  auto due = database_.Read<Due>([&](storage::Connection& c) -> util::Result<Due> {
    CAIRN_ASSIGN_OR_RETURN(
        auto rows,
        c.Query("SELECT id, user, plugin_id FROM plugin_instances WHERE enabled = 1 AND plugin_id "
                "= 'strava' AND ((status = 'configured' AND (last_sync = '' OR last_sync < ?)) OR "
                "(status IN ('rate_limited', 'unavailable') AND updated < ?))",
                {synced_before, tried_before}));
    Due out;
    for (const auto& row : rows.rows) {
      out.push_back({storage::AsText(row[0]), storage::AsText(row[1]), storage::AsText(row[2])});
    }
    return out;
  });
  if (!due.ok()) {
    util::LogWarning("sync: " + due.error().message);
    return 0;
  }
  size_t queued = 0;
  for (const auto& row : *due) {
    if (!catalog_.Offers(row[2], kSync)) continue;
    auto job = jobs_.Enqueue(row[1], row[2], row[0], kStravaApiFormat);
    if (!job.ok()) util::LogWarning("sync " + row[0] + ": " + job.error().message);
    queued += job.ok() ? 1 : 0;
  }
  return queued;
}

void OnlineSync::Start() {
  if (options_.interval_seconds <= 0) return;
  std::lock_guard lock(mutex_);
  stopping_ = false;
  if (!scheduler_.joinable()) scheduler_ = std::thread([this] { Loop(); });
}

void OnlineSync::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (scheduler_.joinable()) scheduler_.join();
}

void OnlineSync::Loop() {
  // Checked often enough that a short interval (tests) is kept, rarely enough to cost nothing.
  const auto every =
      std::chrono::seconds(std::clamp<int64_t>(options_.interval_seconds / 4, 1, 60));
  while (true) {
    QueueDue();
    std::unique_lock lock(mutex_);
    if (wake_.wait_for(lock, every, [this] { return stopping_; })) return;
  }
}

}  // namespace cairn::services::plugins
