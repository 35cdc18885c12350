// Every route of the HTTP API, bound in one place.
#pragma once

#include <memory>

#include "api/accounts/account_routes.h"
#include "api/categories/preference_routes.h"
#include "api/discovery/discovery_routes.h"
#include "api/files/file_routes.h"
#include "api/records/record_routes.h"
#include "api/records/trail_bulk_routes.h"
#include "api/search/search_routes.h"
#include "api/tracks/track_routes.h"
#include "http/router.h"
#include "services/files/disk_space_monitor.h"

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
  const services::DiskSpaceMonitor& disk_space;
  services::CategoryPreferences& preferences;
};

// Owns the route objects; must outlive the router it registered on.
class ApiRoutes {
 public:
  ApiRoutes(const ApiServices& services, CallerOptions caller_options);
  void Register(http::Router& router);

 private:
  // GET /api/health: {"status": "ok", "storage": "ok" | "low" | "full"}.
  util::Result<http::Response> Health(const http::Request& request,
                                      const services::Caller& caller) const;

  services::RecordService& records_;
  const services::DiskSpaceMonitor& disk_space_;
  CallerResolver callers_;
  RecordRoutes record_routes_;
  AccountRoutes account_routes_;
  TrackRoutes track_routes_;
  DiscoveryRoutes discovery_routes_;
  TrailBulkRoutes bulk_routes_;
  SearchRoutes search_routes_;
  FileRoutes file_routes_;
  PreferenceRoutes preference_routes_;
};

}  // namespace cairn::api
