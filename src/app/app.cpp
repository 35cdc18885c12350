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
#include "services/files/photo_position_backfill.h"
#include "services/tracks/line_breaks_backfill.h"
#include "web/asset_catalog.h"
#include "web/web_routes.h"

namespace cairn::app {
namespace {

int Fail(const util::Error& error) {
  std::fprintf(stderr, "cairn: %s\n", error.message.c_str());
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
                 .max_track_mb = config.max_track_mb},
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
    std::fprintf(stderr, "photos: positions not read: %s\n", filled.error().message.c_str());
    return;
  }
  if (filled->trails == 0) return;
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started).count();
  std::fprintf(stderr,
               "photos: read where the photos of %zu trail(s) were taken: %zu placed (%.0f ms)\n",
               filled->trails, filled->placed, ms);
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
      std::fprintf(stderr, "warning: older trails' line breaks: %s\n",
                   updated.error().message.c_str());
    } else if (*updated > 0) {
      std::fprintf(stderr, "cairn: %zu older trails got the breaks between their segments\n",
                   *updated);
    }
  });
}

}  // namespace

int RunServer(const Config& config) {
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
  api::ApiRoutes routes({*c.records, *c.accounts, *c.auth, *c.tracks, *c.discovery, *c.bulk,
                         *c.search, *c.uploads, *c.files, *c.disk_space, *c.preferences},
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
                               .error_renderer = api::StatusErrorResponse});
  if (auto bound = server.Bind(); !bound.ok()) return Fail(bound.error());
  std::jthread backfill = StartLineBreaksBackfill(c);

  std::thread signal_thread([&] {
    int received = 0;
    sigwait(&stop_signals, &received);
    if (received != SIGUSR1) {
      std::fprintf(stderr, "cairn: received %s, finishing in-flight requests\n",
                   received == SIGINT ? "SIGINT" : "SIGTERM");
    }
    server.Stop();
  });
  std::fprintf(stderr, "cairn %s listening on http://%s:%d (data dir %s)\n", CAIRN_VERSION,
               config.http_host.c_str(), server.port(), config.data_dir.c_str());
  auto served = server.Serve();
  pthread_kill(signal_thread.native_handle(), SIGUSR1);  // wakes the thread if no signal came
  signal_thread.join();
  if (!served.ok()) return Fail(served.error());
  std::fprintf(stderr, "cairn: stopped\n");
  return 0;
}

}  // namespace cairn::app
