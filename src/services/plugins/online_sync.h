// Syncing online services (the `sync` capability; Strava first): POST /plugin-system/sync queues
// an import job that reads the connection's activities newer than the last sync, and a scheduler
// queues one for every connected instance now and then, so new recordings arrive without a click.
// The job runs on the import worker (services/imports/import_jobs.h) like an archive import.
#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "net/url_client.h"
#include "records/record_codec.h"
#include "services/core/caller.h"
#include "services/imports/import_jobs.h"
#include "services/plugins/oauth_connections.h"
#include "services/plugins/plugin_catalog.h"
#include "services/plugins/plugin_instances.h"
#include "services/plugins/trail_sender.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services::plugins {

// The job format of a Strava sync.
inline constexpr char kStravaApiFormat[] = "strava-api";

struct OnlineSyncOptions {
  std::string strava_api = "https://www.strava.com/api/v3";
  net::AddressRule addresses = net::AddressRule::kPublicOnly;
  std::string user_agent = "cairn";
  // Every connected instance is synced this often; 0: only on request.
  int64_t interval_seconds = 3600;
  // After a rate limit or an unreachable service, the next try waits this long.
  int64_t retry_seconds = 15 * 60;
  int per_page = 100;
  // Activities up to this long before the newest one seen are listed again: Strava lists by
  // start time, and a watch may upload an older recording late.
  int64_t lookback_seconds = 7 * 24 * 3600;
  size_t max_photos = 20;
  size_t max_photo_bytes = 20u << 20;
};

// Thread-safe.
class OnlineSync {
 public:
  // InvalidArgument only for client options libcurl cannot take (a bug). Registers the sync's
  // source with `jobs`, so it must come before jobs.Start().
  static util::Result<std::unique_ptr<OnlineSync>> Create(
      storage::Database& database, imports::ImportJobs& jobs, OAuthConnections& oauth,
      PluginInstances& instances, const PluginCatalog& catalog, TrailSender& sender,
      const util::Clock& clock, OnlineSyncOptions options);
  ~OnlineSync();

  // POST /plugin-system/sync {instance}: the queued job (or the one already queued or running
  // for it). NotFound for an instance not the caller's; InvalidArgument when its plugin does not
  // sync, it is turned off or not signed in.
  util::Result<imports::ImportJob> Sync(const Caller& caller, const std::string& instance_id);

  // POST /plugin-system/auth/validate {instance}: whether the connection works. For an OAuth
  // service, a call with its token (refreshed if need be): {valid, message, account?}; for a
  // sending instance, TrailSender::Validate.
  util::Result<records::Json> Validate(const Caller& caller, const std::string& instance_id);

  // The scheduler: every connected, enabled sync instance is queued once per interval (and
  // after retry_seconds when the service was busy or away). Stop() is idempotent.
  void Start();
  void Stop();

 private:
  OnlineSync(storage::Database& database, imports::ImportJobs& jobs, OAuthConnections& oauth,
             PluginInstances& instances, const PluginCatalog& catalog, TrailSender& sender,
             const util::Clock& clock, net::UrlClient client, OnlineSyncOptions options)
      : database_(database),
        jobs_(jobs),
        oauth_(oauth),
        instances_(instances),
        catalog_(catalog),
        sender_(sender),
        clock_(clock),
        client_(std::move(client)),
        options_(std::move(options)) {}

  // The job's source: the instance's new activities.
  util::Result<std::unique_ptr<imports::ActivitySource>> Open(const std::string& job_id,
                                                              const std::string& user,
                                                              const std::string& instance_id);
  // Queues the instances that are due; how many.
  size_t QueueDue();
  void Loop();

  storage::Database& database_;
  imports::ImportJobs& jobs_;
  OAuthConnections& oauth_;
  PluginInstances& instances_;
  const PluginCatalog& catalog_;
  TrailSender& sender_;
  const util::Clock& clock_;
  net::UrlClient client_;
  OnlineSyncOptions options_;

  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread scheduler_;
};

}  // namespace cairn::services::plugins
