// Wiring: data dir -> database -> engine -> services -> routes -> HTTP server.
#include "app/app.h"

#include <pthread.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <thread>

#include "api/api_routes.h"
#include "api/core/responses.h"
#include "app/core.h"
#include "app/data_dir.h"
#include "app/doctor_command.h"
#include "http/server.h"
#include "services/families/names.h"
#include "services/feed/notification_digest.h"
#include "services/files/photo_position_backfill.h"
#include "services/health/health_monitor.h"
#include "services/health/request_metrics.h"
#include "services/tracks/line_breaks_backfill.h"
#include "util/log.h"
#include "util/timestamp.h"
#include "web/asset_catalog.h"
#include "web/web_routes.h"

namespace cairn::app {
namespace {

int Fail(const util::Error& error) {
  util::LogError("cairn: " + error.message);
  return 1;
}

// Blocks SIGINT/SIGTERM in every thread started after this call, so only the signal thread
// receives them.
sigset_t BlockStopSignals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGUSR1);
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
  signal(SIGPIPE, SIG_IGN);
  return set;
}

// The web app from the binary, or from --web-dir for development.
util::Result<web::AssetCatalog> LoadWebApp(const Config& config) {
  const web::EmbeddedBundle embedded = web::EmbeddedWebApp();
  if (config.web_dir.empty()) return web::AssetCatalog::FromEmbedded(embedded);
  return web::AssetCatalog::FromDirectory(config.web_dir, embedded.files);
}

web::WebOptions WebAppOptions(const Config& config, std::optional<web::TileArchive> archive) {
  auto tiles = web::ParseTileTemplate(config.tiles);  // checked by ParseConfig
  // An archive wins over a tile server: the page then loads no tiles from elsewhere (CSP too).
  const bool use_server = tiles.ok() && !archive;
  return {.ui = {.tiles = use_server ? *tiles : web::TileSource{},
                 .attribution = config.tiles_attribution,
                 .version = CAIRN_VERSION,
                 .signup = config.signup_enabled,
                 .max_photo_mb = config.max_photo_mb,
                 .max_track_mb = config.max_track_mb,
                 .routing = !config.routing_url.empty()},
          .tile_archive = std::move(archive),
          .not_found = [](const http::Request&) { return api::StatusErrorResponse(404); }};
}

// Trails with photos stored before trails kept where photos were taken get those places once
// (services/files/photo_position_backfill.h); later starts find none to do.
void FillPhotoPositionsAtStart(Core& c) {
  const services::Family* trails = c.families->Find(services::kTrails);
  if (!trails) return;
  const auto started = std::chrono::steady_clock::now();
  auto filled = services::BackfillPhotoPositions(*c.database, *c.blobs, trails->spec->id);
  if (!filled.ok()) {
    util::LogWarning("photos: positions not read: " + filled.error().message);
    return;
  }
  if (filled->trails == 0) return;
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  util::LogInfo("photos: read where the photos of " + std::to_string(filled->trails) +
                " trail(s) were taken: " + std::to_string(filled->placed) + " placed (" +
                std::to_string(static_cast<int64_t>(ms)) + " ms)");
}

// Trails stored before schema 14 get their line breaks from their tracks on a thread of their
// own, while the server serves; stopped (between two trails) and joined when the returned
// thread is destroyed, and resumed at the next start.
std::jthread StartLineBreaksBackfill(Core& core) {
  auto trails = core.records->SpecOf(services::kTrails);
  if (!trails.ok()) return {};
  return std::jthread([&core, collection_id = (*trails)->id](std::stop_token stop) {
    auto updated = services::BackfillLineBreaks(*core.database, *core.blobs, collection_id, stop);
    if (!updated.ok()) {
      util::LogWarning("older trails' line breaks: " + updated.error().message);
    } else if (*updated > 0) {
      util::LogInfo("cairn: " + std::to_string(*updated) +
                    " older trails got the breaks between their segments");
    }
  });
}

// The server's observer of answered requests: counts them when metrics are on.
std::function<void(const http::RequestRecord&)> RecordInto(
    std::optional<services::RequestMetrics>& metrics) {
  if (!metrics) return {};
  return [&metrics](const http::RequestRecord& request) {
    metrics->Record(request.method, request.route, request.status, request.seconds);
  };
}

}  // namespace

int RunServer(const Config& config) {
  util::SetLogFormat(config.log_format);
  const sigset_t stop_signals = BlockStopSignals();

  auto lock = DataDirLock::Acquire(config.data_dir);
  if (!lock.ok()) return Fail(lock.error());
  auto web_app = LoadWebApp(config);
  if (!web_app.ok()) return Fail(web_app.error());
  std::optional<web::TileArchive> tile_archive;
  if (!config.tiles_file.empty()) {
    auto opened = web::OpenTileArchive(config.tiles_file);
    if (!opened.ok())
      return Fail(util::Error::InvalidArgument("--tiles-file " + opened.error().message));
    tile_archive = std::move(*opened);
  }
  auto core = BuildCore(config);
  if (!core.ok()) return Fail(core.error());

  http::Router router;
  Core& c = **core;
  CheckStorageAtStart(c);
  FillPhotoPositionsAtStart(c);
  c.terrain->Current();  // maps the terrain tiles now (and logs how many), not at the first request
  services::HealthMonitor health(*c.database, *c.disk_space, config.data_dir, CAIRN_VERSION);
  std::optional<services::RequestMetrics> metrics;
  if (config.metrics) metrics.emplace();
  api::ApiRoutes routes({*c.records,
                         *c.accounts,
                         *c.auth,
                         *c.tracks,
                         *c.discovery,
                         *c.bulk,
                         *c.search,
                         *c.uploads,
                         *c.files,
                         health,
                         *c.preferences,
                         *c.likes,
                         *c.follows,
                         *c.merge_suggestions,
                         *c.merge,
                         *c.profiles,
                         *c.statistics,
                         metrics ? &*metrics : nullptr,
                         *c.feed,
                         *c.notifications,
                         *c.trail_comments,
                         *c.heights,
                         *c.routing,
                         *c.terrain_elevation,
                         c.federation_discovery.get(),
                         c.activitypub_documents.get(),
                         c.inbox.get(),
                         c.remote_trail_copies.get(),
                         c.instance_actor.get(),
                         c.plugins.get(),
                         c.imports.get(),
                         c.category_remap.get(),
                         c.trail_sender.get(),
                         c.oauth.get(),
                         c.online_sync.get()},
                        {.private_instance = config.private_instance,
                         .behind_proxy = config.behind_proxy,
                         .public_url = config.public_url});
  routes.Register(router);
  web::WebRoutes web_routes(*web_app, WebAppOptions(config, std::move(tile_archive)));
  web_routes.Register(router);
  // Room for the largest request (never below the largest single file) plus its multipart
  // framing; JSON bodies have their own, smaller limit in the API layer.
  const int largest_mb = std::max(
      {config.max_upload_mb, config.max_photo_mb, config.max_avatar_mb, config.max_track_mb});
  const size_t max_body = (static_cast<size_t>(largest_mb) + 1) * 1024 * 1024;
  http::Server server(router, {.host = config.http_host,
                               .port = config.http_port,
                               .threads = config.http_threads,
                               .max_body_bytes = max_body,
                               .error_renderer = api::StatusErrorResponse,
                               .on_request = RecordInto(metrics)});
  if (auto bound = server.Bind(); !bound.ok()) return Fail(bound.error());
  std::jthread backfill = StartLineBreaksBackfill(c);
  if (auto recording = services::ActivityOutbox::SetRecording(
          *c.database, c.federation.enabled, util::FormatTimestamp(c.clock.NowMillis()));
      !recording.ok()) {
    return Fail(recording.error());
  }
  if (auto started = c.imports->Start(); !started.ok()) return Fail(started.error());
  if (auto watching = c.folder_watcher->Start(); !watching.ok()) return Fail(watching.error());
  c.online_sync->Start();
  if (c.deliveries) {
    c.deliveries->Start();
    c.activity_outbox->Start([&deliveries = *c.deliveries] { deliveries.Wake(); });
  }
  services::NotificationDigest digest(
      *c.database, *c.notifications, *c.outbox, c.clock,
      {.interval = std::chrono::seconds(config.mail_digest_seconds)});
  digest.Start();

  std::thread signal_thread([&] {
    int received = 0;
    sigwait(&stop_signals, &received);
    if (received != SIGUSR1) {
      util::LogInfo(std::string("cairn: received ") + (received == SIGINT ? "SIGINT" : "SIGTERM") +
                    ", finishing in-flight requests");
    }
    server.Stop();
  });
  util::LogInfo(c.federation.enabled
                    ? "federation: on, as " + c.federation.origin +
                          (c.federation.allow_private ? " (private addresses allowed)" : "")
                    : "federation: off (" + c.federation.off_reason + ")");
  util::LogInfo(std::string("cairn ") + CAIRN_VERSION + " listening on http://" + config.http_host +
                ":" + std::to_string(server.port()) + " (data dir " + config.data_dir + ")" +
                (metrics ? ", metrics at /metrics" : ""));
  auto served = server.Serve();
  pthread_kill(signal_thread.native_handle(), SIGUSR1);  // wakes the thread if no signal came
  signal_thread.join();
  if (c.activity_outbox) c.activity_outbox->Stop();
  if (c.deliveries) c.deliveries->Stop();
  c.online_sync->Stop();
  if (!served.ok()) return Fail(served.error());
  util::LogInfo("cairn: stopped");
  return 0;
}

}  // namespace cairn::app
