// The object graph below the HTTP layer, built once for `cairn serve` and for the admin CLI.
#pragma once

#include <memory>
#include <optional>

#include "app/config.h"
#include "dem/terrain_model.h"
#include "mail/outbox.h"
#include "mail/smtp_client.h"
#include "net/http_client.h"
#include "records/record_engine.h"
#include "services/accounts/account_service.h"
#include "services/accounts/auth_service.h"
#include "services/accounts/login_throttle.h"
#include "services/accounts/password_hasher.h"
#include "services/accounts/secret_sealer.h"
#include "services/accounts/token_signer.h"
#include "services/categories/category_preferences.h"
#include "services/core/family_registry.h"
#include "services/core/record_service.h"
#include "services/discovery/trail_discovery.h"
#include "services/elevation/height_service.h"
#include "services/federation/activity_outbox.h"
#include "services/federation/activitypub_documents.h"
#include "services/federation/actor_keys.h"
#include "services/federation/delivery_queue.h"
#include "services/federation/discovery.h"
#include "services/federation/federation_settings.h"
#include "services/federation/inbox.h"
#include "services/federation/instance_actor.h"
#include "services/federation/remote_actors.h"
#include "services/federation/remote_trail_copies.h"
#include "services/feed/feed_service.h"
#include "services/feed/notification_service.h"
#include "services/files/disk_space_monitor.h"
#include "services/files/file_delivery.h"
#include "services/files/thumbnail_cache.h"
#include "services/files/upload_service.h"
#include "services/imports/activity_importer.h"
#include "services/imports/category_remap.h"
#include "services/imports/import_jobs.h"
#include "services/merge/merge_suggestions.h"
#include "services/merge/trail_merge.h"
#include "services/people/profile_service.h"
#include "services/people/statistics_service.h"
#include "services/plugins/folder_watcher.h"
#include "services/plugins/oauth_connections.h"
#include "services/plugins/online_sync.h"
#include "services/plugins/plugin_catalog.h"
#include "services/plugins/plugin_instances.h"
#include "services/plugins/trail_sender.h"
#include "services/routing/routing_service.h"
#include "services/search/search_service.h"
#include "services/social/follows.h"
#include "services/social/trail_likes.h"
#include "services/tracks/terrain_elevation.h"
#include "services/tracks/track_service.h"
#include "services/trails/trail_bulk.h"
#include "services/trails/trail_comments.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::app {

// Owns every service, wired in dependency order. Members are declared (and so destroyed) so that
// nothing outlives what it refers to.
struct Core {
  util::SystemClock clock;
  std::unique_ptr<storage::Database> database;
  std::unique_ptr<storage::BlobStore> blobs;  // before its users, so it outlives them
  std::unique_ptr<services::SecretSealer> sealer;
  std::unique_ptr<services::plugins::PluginCatalog> plugins;
  std::unique_ptr<services::FamilyRegistry> families;
  std::unique_ptr<records::RecordEngine> engine;
  services::PasswordHasher hasher;
  std::unique_ptr<services::TokenSigner> signer;
  services::LoginThrottle throttle{clock};
  std::unique_ptr<mail::MailOutbox> outbox;
  std::unique_ptr<services::RecordService> records;
  std::unique_ptr<services::AuthService> auth;
  std::unique_ptr<services::AccountService> accounts;
  std::unique_ptr<services::TrackService> tracks;
  std::unique_ptr<services::TrailDiscovery> discovery;
  std::unique_ptr<services::TrailBulk> bulk;
  std::unique_ptr<services::search::SearchService> search;
  std::unique_ptr<services::UploadService> uploads;
  std::unique_ptr<services::ThumbnailCache> thumbnails;
  std::unique_ptr<services::FileDelivery> files;
  std::unique_ptr<services::DiskSpaceMonitor> disk_space;
  std::unique_ptr<services::CategoryPreferences> preferences;
  std::unique_ptr<services::TrailLikes> likes;
  std::unique_ptr<services::Follows> follows;
  std::unique_ptr<services::MergeSuggestions> merge_suggestions;
  std::unique_ptr<services::TrailMerge> merge;
  std::unique_ptr<services::people::ProfileService> profiles;
  std::unique_ptr<services::people::StatisticsService> statistics;
  std::unique_ptr<services::FeedService> feed;
  std::unique_ptr<services::NotificationService> notifications;
  std::unique_ptr<services::TrailComments> trail_comments;
  // The terrain tiles of DIR/dem/ and the heights answered from them, with the --elevation-url
  // server for points they lack (null without one).
  std::unique_ptr<dem::TerrainModel> terrain;
  std::unique_ptr<services::RemoteElevation> remote_elevation;
  std::unique_ptr<services::HeightService> heights;
  std::unique_ptr<services::TerrainElevation> terrain_elevation;
  std::unique_ptr<services::routing::RoutingService> routing;  // off without --routing-url
  // ActivityPub: the settings resolved at start, and what is built only while it is on.
  services::FederationSettings federation;
  std::unique_ptr<services::FederationDiscovery> federation_discovery;
  std::unique_ptr<services::ActorKeys> actor_keys;
  std::unique_ptr<services::ActivityPubDocuments> activitypub_documents;
  std::unique_ptr<services::RemoteActors> remote_actors;
  std::unique_ptr<services::InstanceActor> instance_actor;  // signs reads of other servers
  std::unique_ptr<services::Inbox> inbox;
  // Copies of remote trails: read again when stale, with their files and replies (a thread).
  std::unique_ptr<services::RemoteTrailCopies> remote_trail_copies;
  std::unique_ptr<services::plugins::PluginInstances> plugin_instances;
  std::unique_ptr<services::plugins::TrailSender> trail_sender;
  std::unique_ptr<services::plugins::OAuthConnections> oauth;
  // Syncs of online services: jobs on `imports`, and a scheduler (started by `cairn serve`).
  std::unique_ptr<services::plugins::OnlineSync> online_sync;
  std::unique_ptr<services::imports::ActivityImporter> importer;
  std::unique_ptr<services::imports::CategoryRemap> category_remap;
  // Archive imports in the background (a thread, started by `cairn serve`).
  std::unique_ptr<services::imports::ImportJobs> imports;
  // Watched folders (a thread, started by `cairn serve`).
  std::unique_ptr<services::plugins::FolderWatcher> folder_watcher;
  // Declared last: their threads stop before anything they use goes.
  std::unique_ptr<services::DeliveryQueue> deliveries;
  std::unique_ptr<services::ActivityOutbox> activity_outbox;
};

// Opens the data dir's database (creating or migrating it), reads or creates the installation
// secret and builds the services. The data dir must exist. Fails with a message for the operator.
util::Result<std::unique_ptr<Core>> BuildCore(const Config& config);

}  // namespace cairn::app
