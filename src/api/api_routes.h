// Every route of the HTTP API, bound in one place.
#pragma once

#include <memory>
#include <optional>

#include "api/accounts/account_routes.h"
#include "api/categories/preference_routes.h"
#include "api/discovery/discovery_routes.h"
#include "api/federation/activitypub_routes.h"
#include "api/federation/discovery_routes.h"
#include "api/federation/inbox_routes.h"
#include "api/feed/feed_routes.h"
#include "api/files/file_routes.h"
#include "api/merge/merge_routes.h"
#include "api/people/profile_routes.h"
#include "api/plugins/plugin_routes.h"
#include "api/records/record_routes.h"
#include "api/records/trail_bulk_routes.h"
#include "api/routing/routing_routes.h"
#include "api/search/search_routes.h"
#include "api/social/follow_routes.h"
#include "api/social/like_routes.h"
#include "api/tracks/track_routes.h"
#include "api/valhalla/height_routes.h"
#include "http/router.h"
#include "services/health/health_monitor.h"
#include "services/health/request_metrics.h"

namespace cairn::api {

// The services the routes call; they must outlive the routes.
struct ApiServices {
  services::RecordService& records;
  services::AccountService& accounts;
  services::AuthService& auth;
  services::TrackService& tracks;
  services::TrailDiscovery& discovery;
  services::TrailBulk& bulk;
  services::search::SearchService& search;
  services::UploadService& uploads;
  services::FileDelivery& files;
  services::HealthMonitor& health;
  services::CategoryPreferences& preferences;
  services::TrailLikes& likes;
  services::Follows& follows;
  services::MergeSuggestions& merge_suggestions;
  services::TrailMerge& merge;
  services::people::ProfileService& profiles;
  services::people::StatisticsService& statistics;
  // The request counters GET /metrics reports; null when --metrics is off (no such route).
  const services::RequestMetrics* metrics = nullptr;
  services::FeedService& feed;
  services::NotificationService& notifications;
  services::TrailComments& trail_comments;
  services::HeightService& heights;
  services::routing::RoutingService& routing;
  services::TerrainElevation& terrain_elevation;
  // ActivityPub's routes; null while federation is off (every federation path is then a 404).
  const services::FederationDiscovery* federation_discovery = nullptr;
  services::ActivityPubDocuments* activitypub_documents = nullptr;
  services::Inbox* inbox = nullptr;
  // GET /trail/{id}?handle=@name@host and the refresh of kept remote trails; null while off.
  services::RemoteTrailCopies* remote_trail_copies = nullptr;
  services::InstanceActor* instance_actor = nullptr;  // GET /activitypub/actor
  // /plugin-system/*: the plugins, archive imports and the category remap; null in tools.
  const services::plugins::PluginCatalog* plugins = nullptr;
  services::imports::ImportJobs* imports = nullptr;
  services::imports::CategoryRemap* category_remap = nullptr;
  services::plugins::TrailSender* trail_sender = nullptr;
  services::plugins::OAuthConnections* oauth = nullptr;
  services::plugins::OnlineSync* online_sync = nullptr;
};

// Owns the route objects; must outlive the router it registered on.
class ApiRoutes {
 public:
  ApiRoutes(const ApiServices& services, CallerOptions caller_options);
  void Register(http::Router& router);

 private:
  // GET /api/health: {"status": "ok", "version", "schema", "uptime", "database": "writable" |
  // "read-only" | "error", "storage": "ok" | "low" | "full" | "unknown", "storage_writable"}.
  // Open to anyone: it names no path and no error text.
  util::Result<http::Response> Health(const http::Request& request,
                                      const services::Caller& caller) const;
  // GET /metrics (with --metrics): Prometheus' text format 0.0.4.
  util::Result<http::Response> Metrics(const http::Request& request,
                                       const services::Caller& caller) const;

  services::RecordService& records_;
  services::HealthMonitor& health_;
  const services::RequestMetrics* metrics_;
  CallerResolver callers_;
  RecordRoutes record_routes_;
  AccountRoutes account_routes_;
  TrackRoutes track_routes_;
  DiscoveryRoutes discovery_routes_;
  TrailBulkRoutes bulk_routes_;
  SearchRoutes search_routes_;
  FileRoutes file_routes_;
  PreferenceRoutes preference_routes_;
  LikeRoutes like_routes_;
  FollowRoutes follow_routes_;
  MergeRoutes merge_routes_;
  ProfileRoutes profile_routes_;
  FeedRoutes feed_routes_;
  HeightRoutes height_routes_;
  RoutingRoutes routing_routes_;
  std::optional<FederationDiscoveryRoutes> federation_discovery_routes_;
  std::optional<ActivityPubRoutes> activitypub_routes_;
  std::optional<InboxRoutes> inbox_routes_;
  std::optional<PluginRoutes> plugin_routes_;
};

}  // namespace cairn::api
