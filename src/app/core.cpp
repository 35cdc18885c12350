// Building the service graph from a Config.
#include "app/core.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "services/accounts/installation_secret.h"
#include "services/categories/seed_images.h"
#include "services/elevation/remote_elevation.h"
#include "services/families/families.h"
#include "services/plugins/external_plugin.h"
#include "util/log.h"

namespace cairn::app {
namespace {

// The plugins in `folder` as the catalog lists them, with the capabilities that are run for
// external plugins: importing archives and watching (files in, activities out; sync and send need
// the network, which their sandbox denies). A plugin that cannot be used is listed with its error.
std::vector<services::plugins::InstalledPlugin> ExternalPlugins(const std::string& folder) {
  std::vector<services::plugins::InstalledPlugin> out;
  for (auto& found : services::plugins::DiscoverExternalPlugins(folder)) {
    services::plugins::InstalledPlugin plugin;
    plugin.directory = found.dir;
    plugin.manifest.runtime = "external";
    if (!found.manifest.ok()) {
      plugin.manifest.id = found.folder;
      plugin.manifest.name = found.folder;
      plugin.status = "error";
      plugin.error = found.manifest.error().message;
    } else {
      const auto& m = *found.manifest;
      plugin.manifest.id = m.id;
      plugin.manifest.name = m.name;
      plugin.manifest.version = m.version;
      plugin.manifest.formats = m.accepts;
      if (m.HasCapability(services::plugins::kImportArchive)) {
        plugin.manifest.capabilities.push_back(services::plugins::kImportArchive);
      }
      // Watching takes the files of the extensions a plugin names, never every file.
      if (m.HasCapability(services::plugins::kWatch) && !m.accepts.empty()) {
        plugin.manifest.capabilities.push_back(services::plugins::kWatch);
      }
    }
    out.push_back(std::move(plugin));
  }
  return out;
}

// The mail server from --smtp-url, --smtp-require-tls and --smtp-ca; nullopt without a URL.
util::Result<std::optional<mail::SmtpSettings>> SmtpSettingsFrom(const Config& config) {
  if (config.smtp_url.empty()) {
    if (config.smtp_require_tls || !config.smtp_ca_file.empty()) {
      return util::Error::InvalidArgument(
          "--smtp-require-tls and --smtp-ca need a mail server: set --smtp-url");
    }
    return std::optional<mail::SmtpSettings>();
  }
  auto parsed = mail::ParseSmtpUrl(config.smtp_url);
  if (!parsed.ok()) return util::Error::InvalidArgument("--smtp-url: " + parsed.error().message);
  mail::SmtpSettings smtp = std::move(parsed).value();
  if (config.smtp_require_tls && smtp.tls == net::SmtpTls::kStartTlsIfOffered) {
    smtp.tls = net::SmtpTls::kStartTlsRequired;
  }
  if (!config.smtp_ca_file.empty()) {
    // Checked now, so that a typo shows at start rather than at the first password reset.
    if (::access(config.smtp_ca_file.c_str(), R_OK) != 0) {
      return util::Error::InvalidArgument("--smtp-ca: cannot read " + config.smtp_ca_file + ": " +
                                          std::strerror(errno));
    }
    smtp.ca_file = config.smtp_ca_file;
  }
  return std::optional<mail::SmtpSettings>(std::move(smtp));
}

// How a server named by a --*-url flag is reached.
struct ServerSetting {
  const char* url_flag;  // "--routing-url"
  const char* name;      // "routing server"
  std::string url;       // empty: none configured
  int timeout_seconds = 15;
  std::string ca_file;
  const char* ca_flag = "";  // "--routing-ca", or "" when there is no such flag
};

// A client for the server, checked now so that a typo shows at start; nullopt without a URL.
util::Result<std::optional<net::HttpClient>> ServerClientFrom(const ServerSetting& setting) {
  if (setting.url.empty()) {
    if (!setting.ca_file.empty()) {
      return util::Error::InvalidArgument(std::string(setting.ca_flag) + " needs a server: set " +
                                          setting.url_flag);
    }
    return std::optional<net::HttpClient>();
  }
  if (!setting.ca_file.empty() && ::access(setting.ca_file.c_str(), R_OK) != 0) {
    return util::Error::InvalidArgument(std::string(setting.ca_flag) + ": cannot read " +
                                        setting.ca_file + ": " + std::strerror(errno));
  }
  const std::chrono::milliseconds total = std::chrono::seconds(setting.timeout_seconds);
  auto client = net::HttpClient::Create(
      {.name = setting.name,
       .base_url = setting.url,
       .ca_file = setting.ca_file,
       .ca_setting = setting.ca_flag,
       .connect_timeout = std::min<std::chrono::milliseconds>(std::chrono::seconds(5), total),
       .total_timeout = total,
       .user_agent = std::string("cairn/") + CAIRN_VERSION});
  if (!client.ok()) {
    return util::Error::InvalidArgument(std::string(setting.url_flag) + " " +
                                        client.error().message);
  }
  return std::optional<net::HttpClient>(std::move(client).value());
}

// The largest GPS file or photo of a remote trail downloaded (held in memory while stored).
constexpr size_t kMaxRemoteFileBytes = 25 * 1024 * 1024;

// The exchange with other servers (federation on): one client for every request they make this
// server send, remote people, the inbox, and the outbox and delivery queue (started by the app).
util::Status BuildFederationExchange(Core& core) {
  const services::FederationIris iris(core.federation.origin);
  CAIRN_ASSIGN_OR_RETURN(
      net::UrlClient client,
      net::UrlClient::Create({.addresses = core.federation.allow_private
                                               ? net::AddressRule::kAnyAddress
                                               : net::AddressRule::kPublicOnly,
                              .user_agent = std::string("cairn/") + CAIRN_VERSION + " (+" +
                                            core.federation.origin + ")"}));
  core.remote_actors = std::make_unique<services::RemoteActors>(*core.database, client, core.clock,
                                                                core.federation.origin);
  core.instance_actor =
      std::make_unique<services::InstanceActor>(*core.actor_keys, iris, core.clock);
  core.remote_actors->SetReadSigner(
      [&instance = *core.instance_actor](std::string_view url) { return instance.SignGet(url); });
  core.inbox = std::make_unique<services::Inbox>(*core.database, *core.records, *core.blobs,
                                                 *core.remote_actors, iris, core.clock);
  // Remote trails' GPS files and photos: larger than documents, as large as an upload may be.
  CAIRN_ASSIGN_OR_RETURN(net::UrlClient files,
                         net::UrlClient::Create({.addresses = client.options().addresses,
                                                 .total_timeout = std::chrono::seconds(60),
                                                 .max_response_bytes = kMaxRemoteFileBytes,
                                                 .user_agent = client.options().user_agent}));
  core.remote_trail_copies = std::make_unique<services::RemoteTrailCopies>(
      *core.database, *core.records, *core.remote_actors, *core.uploads, std::move(files),
      core.clock);
  core.inbox->SetTrailCopies(core.remote_trail_copies.get());
  core.trail_comments->SetTrailCopies(core.remote_trail_copies.get());
  core.deliveries = std::make_unique<services::DeliveryQueue>(
      *core.database, *core.actor_keys, iris, client, core.clock, services::DeliveryOptions{});
  core.activity_outbox = std::make_unique<services::ActivityOutbox>(
      *core.database, *core.activitypub_documents, core.clock);
  core.accounts->SetRemoteLookup(
      [&remote = *core.remote_actors](std::string_view handle) -> util::Result<std::string> {
        CAIRN_ASSIGN_OR_RETURN(services::RemoteActor actor, remote.ByHandle(handle));
        return actor.user_id;
      });
  return util::OkStatus();
}

}  // namespace

util::Result<std::unique_ptr<Core>> BuildCore(const Config& config) {
  CAIRN_ASSIGN_OR_RETURN(std::optional<mail::SmtpSettings> smtp, SmtpSettingsFrom(config));
  CAIRN_ASSIGN_OR_RETURN(std::optional<net::HttpClient> routing_server,
                         ServerClientFrom({.url_flag = "--routing-url",
                                           .name = "routing server",
                                           .url = config.routing_url,
                                           .timeout_seconds = config.routing_timeout_seconds,
                                           .ca_file = config.routing_ca_file,
                                           .ca_flag = "--routing-ca"}));
  CAIRN_ASSIGN_OR_RETURN(std::optional<net::HttpClient> elevation_server,
                         ServerClientFrom({.url_flag = "--elevation-url",
                                           .name = "elevation server",
                                           .url = config.elevation_url}));
  CAIRN_ASSIGN_OR_RETURN(services::FederationMode federation_mode,
                         services::ParseFederationMode(config.federation));
  CAIRN_ASSIGN_OR_RETURN(
      services::FederationSettings federation,
      services::ResolveFederation(config.public_url, federation_mode,
                                  config.federation_allow_private, config.private_instance));
  auto core = std::make_unique<Core>();
  core->federation = std::move(federation);
  core->routing =
      std::make_unique<services::routing::RoutingService>(std::move(routing_server), core->clock);
  if (elevation_server) {
    core->remote_elevation = std::make_unique<services::ValhallaRemoteElevation>(
        std::move(*elevation_server), core->clock);
  }
  // The database first: a data dir of a newer cairn is refused before anything is written to it.
  CAIRN_ASSIGN_OR_RETURN(core->database, storage::Database::Open(
                                             {.path = config.data_dir + "/data.db",
                                              .reader_count = config.db_readers,
                                              .read_budget_ms = config.query_timeout_seconds * 1000,
                                              .backup_dir = config.data_dir + "/backups"}));
  CAIRN_ASSIGN_OR_RETURN(std::string secret,
                         services::LoadOrCreateInstallationSecret(config.data_dir + "/.secret"));
  core->sealer = std::make_unique<services::SecretSealer>(secret);
  core->plugins = std::make_unique<services::plugins::PluginCatalog>(
      CAIRN_VERSION, ExternalPlugins(config.plugins_dir.empty() ? config.data_dir + "/plugins"
                                                                : config.plugins_dir));
  core->families = std::make_unique<services::FamilyRegistry>();
  services::BuildFamilies(
      *core->families,
      {.clock = core->clock, .sealer = core->sealer.get(), .plugins = core->plugins.get()});
  core->engine =
      std::make_unique<records::RecordEngine>(core->families->collections(), core->clock);
  core->signer = std::make_unique<services::TokenSigner>(secret);
  core->outbox = std::make_unique<mail::MailOutbox>(std::move(smtp));
  core->blobs = std::make_unique<storage::BlobStore>(config.data_dir + "/storage", config.data_dir);
  // The seeded categories' pictograms, on a fresh or just migrated data dir. Not fatal: a full
  // disk must not keep the server from starting, and the next start tries again.
  if (auto seeded =
          services::WriteMissingSeedImages(*core->database, *core->families, *core->blobs);
      !seeded.ok()) {
    util::LogWarning("the categories' images were not written: " + seeded.error().message);
  }
  core->records = std::make_unique<services::RecordService>(*core->database, *core->families,
                                                            *core->engine, *core->blobs);
  core->auth = std::make_unique<services::AuthService>(*core->database, *core->records,
                                                       core->hasher, *core->signer, core->throttle,
                                                       *core->outbox, core->clock);
  core->accounts = std::make_unique<services::AccountService>(
      *core->database, *core->records, core->hasher, *core->auth,
      services::AccountService::Options{.signup_enabled = config.signup_enabled});
  auto megabytes = [](int mb) { return static_cast<size_t>(mb) * 1024 * 1024; };
  core->terrain = std::make_unique<dem::TerrainModel>(dem::DemDirOf(config.data_dir));
  core->tracks = std::make_unique<services::TrackService>(
      *core->database, *core->records, *core->blobs, *core->terrain,
      services::TrackService::Options{.max_file_bytes = megabytes(config.max_track_mb)});
  core->discovery = std::make_unique<services::TrailDiscovery>(*core->database, *core->records);
  core->bulk = std::make_unique<services::TrailBulk>(*core->database, *core->records);
  core->search = std::make_unique<services::search::SearchService>(*core->database, *core->records);
  core->uploads = std::make_unique<services::UploadService>(
      *core->blobs, *core->records,
      services::UploadLimits{.photo_bytes = megabytes(config.max_photo_mb),
                             .avatar_bytes = megabytes(config.max_avatar_mb),
                             .track_bytes = megabytes(config.max_track_mb)});
  services::ThumbnailOptions thumbs;
  thumbs.sizes.clear();
  for (const auto& text : config.thumb_sizes) {
    if (auto size = images::ParseThumbSize(text)) thumbs.sizes.push_back(*size);
  }
  core->thumbnails = std::make_unique<services::ThumbnailCache>(*core->blobs, thumbs);
  core->files = std::make_unique<services::FileDelivery>(
      *core->database, *core->families, *core->engine, *core->blobs, *core->thumbnails);
  core->preferences =
      std::make_unique<services::CategoryPreferences>(*core->database, *core->records);
  core->likes = std::make_unique<services::TrailLikes>(*core->records);
  core->follows = std::make_unique<services::Follows>(*core->records);
  core->merge_suggestions =
      std::make_unique<services::MergeSuggestions>(*core->database, *core->records);
  core->merge = std::make_unique<services::TrailMerge>(*core->database, *core->records,
                                                       *core->blobs, core->clock);
  core->profiles = std::make_unique<services::people::ProfileService>(
      *core->database, *core->records, *core->search);
  core->statistics = std::make_unique<services::people::StatisticsService>(*core->database);
  core->feed = std::make_unique<services::FeedService>(*core->database, *core->records);
  core->notifications =
      std::make_unique<services::NotificationService>(*core->database, *core->records);
  core->trail_comments = std::make_unique<services::TrailComments>(*core->database, *core->records);
  core->terrain_elevation = std::make_unique<services::TerrainElevation>(
      *core->database, *core->records, *core->blobs, *core->terrain);
  core->heights =
      std::make_unique<services::HeightService>(*core->terrain, core->remote_elevation.get());
  if (core->federation.enabled) {
    core->federation_discovery = std::make_unique<services::FederationDiscovery>(
        *core->database, core->federation,
        services::NodeInfoFacts{.version = CAIRN_VERSION,
                                .open_registrations = config.signup_enabled});
    core->actor_keys = std::make_unique<services::ActorKeys>(*core->database, core->clock);
    core->activitypub_documents = std::make_unique<services::ActivityPubDocuments>(
        *core->database, *core->actor_keys, services::FederationIris(core->federation.origin));
    CAIRN_RETURN_IF_ERROR(BuildFederationExchange(*core));
  }
  core->plugin_instances = std::make_unique<services::plugins::PluginInstances>(
      *core->database, *core->sealer, core->clock);
  CAIRN_ASSIGN_OR_RETURN(
      services::plugins::TrailSender sender,
      services::plugins::TrailSender::Create(
          *core->records, *core->blobs, *core->plugin_instances, *core->plugins,
          {.addresses = config.plugin_allow_private ? net::AddressRule::kAnyAddress
                                                    : net::AddressRule::kPublicOnly,
           .user_agent = std::string("cairn/") + CAIRN_VERSION}));
  core->trail_sender = std::make_unique<services::plugins::TrailSender>(std::move(sender));
  core->importer = std::make_unique<services::imports::ActivityImporter>(
      *core->database, *core->tracks, *core->uploads);
  core->category_remap =
      std::make_unique<services::imports::CategoryRemap>(*core->database, *core->bulk);
  core->imports = std::make_unique<services::imports::ImportJobs>(
      *core->database, *core->importer, *core->plugins,
      services::imports::ImportJobsOptions{.spool_dir = config.data_dir + "/imports"}, core->clock);
  const net::AddressRule plugin_addresses =
      config.plugin_allow_private ? net::AddressRule::kAnyAddress : net::AddressRule::kPublicOnly;
  CAIRN_ASSIGN_OR_RETURN(
      services::plugins::OAuthConnections oauth,
      services::plugins::OAuthConnections::Create(
          *core->database, *core->sealer, *core->plugin_instances, *core->records, core->clock,
          {.addresses = plugin_addresses,
           .user_agent = std::string("cairn/") + CAIRN_VERSION,
           .providers = {services::plugins::StravaProvider(config.strava_url)}}));
  core->oauth = std::make_unique<services::plugins::OAuthConnections>(std::move(oauth));
  std::string strava_api = config.strava_url;
  while (!strava_api.empty() && strava_api.back() == '/') strava_api.pop_back();
  CAIRN_ASSIGN_OR_RETURN(core->online_sync,
                         services::plugins::OnlineSync::Create(
                             *core->database, *core->imports, *core->oauth, *core->plugin_instances,
                             *core->plugins, *core->trail_sender, core->clock,
                             {.strava_api = strava_api + "/api/v3",
                              .addresses = plugin_addresses,
                              .user_agent = std::string("cairn/") + CAIRN_VERSION,
                              .interval_seconds = config.sync_interval_seconds}));
  core->folder_watcher = std::make_unique<services::plugins::FolderWatcher>(
      *core->database, *core->importer, *core->plugin_instances,
      services::plugins::FolderWatcherOptions{
          .root = config.watch_dir.empty() ? config.data_dir + "/watch" : config.watch_dir,
          .settle = std::chrono::milliseconds(config.watch_settle_ms),
          .catalog = core->plugins.get(),
          .plugin_work_root = config.data_dir + "/imports"});
  core->disk_space = std::make_unique<services::DiskSpaceMonitor>(
      config.data_dir, static_cast<uint64_t>(config.min_free_mb) * 1024 * 1024);
  return core;
}

}  // namespace cairn::app
