// Health, accounts, tracks, files, the record families and the JSON fallbacks.
#include "api/api_routes.h"

#include <functional>
#include <map>
#include <set>
#include <stdexcept>

#include "api/core/responses.h"

namespace cairn::api {

ApiRoutes::ApiRoutes(const ApiServices& services, CallerOptions caller_options)
    : records_(services.records),
      health_(services.health),
      metrics_(services.metrics),
      callers_(services.auth, std::move(caller_options)),
      record_routes_(services.records, services.remote_trail_copies),
      account_routes_(services.accounts, services.auth, callers_),
      track_routes_(services.tracks, services.terrain_elevation),
      discovery_routes_(services.discovery),
      bulk_routes_(services.bulk),
      search_routes_(services.search),
      file_routes_(services.uploads, services.files),
      preference_routes_(services.preferences),
      like_routes_(services.likes),
      follow_routes_(services.follows),
      merge_routes_(services.merge_suggestions, services.merge),
      profile_routes_(services.profiles, services.statistics),
      feed_routes_(services.feed, services.notifications, services.trail_comments),
      height_routes_(services.heights),
      routing_routes_(services.routing) {
  if (services.federation_discovery) {
    federation_discovery_routes_.emplace(*services.federation_discovery);
  }
  if (services.activitypub_documents) {
    activitypub_routes_.emplace(*services.activitypub_documents, services.instance_actor);
  }
  if (services.inbox) inbox_routes_.emplace(*services.inbox);
  if (services.plugins && services.imports && services.category_remap && services.trail_sender &&
      services.oauth && services.online_sync) {
    plugin_routes_.emplace(PluginServices{.catalog = *services.plugins,
                                          .imports = *services.imports,
                                          .remap = *services.category_remap,
                                          .sender = *services.trail_sender,
                                          .oauth = *services.oauth,
                                          .sync = *services.online_sync},
                           callers_);
  }
}

void ApiRoutes::Register(http::Router& http_router) {
  ApiRouter router(http_router, callers_);
  router.Add(
      "GET", "/api/health", [this](auto& r, auto& c) { return Health(r, c); }, CallerUse::kIgnore);
  if (metrics_) {
    router.Add(
        "GET", "/metrics", [this](auto& r, auto& c) { return Metrics(r, c); }, CallerUse::kIgnore);
  }
  file_routes_.Register(router);
  search_routes_.Register(router);
  merge_routes_.Register(router);
  profile_routes_.Register(router);
  feed_routes_.Register(router);
  height_routes_.Register(router);
  routing_routes_.Register(router);
  if (federation_discovery_routes_) federation_discovery_routes_->Register(router);
  if (activitypub_routes_) activitypub_routes_->Register(router);
  if (inbox_routes_) inbox_routes_->Register(router);
  if (plugin_routes_) plugin_routes_->Register(router);
  // Route groups a family may ask for beside its generic routes.
  const std::map<std::string, std::function<void()>> groups = {
      {"accounts", [&] { account_routes_.Register(router); }},
      {"tracks", [&] { track_routes_.Register(router); }},
      {"discovery", [&] { discovery_routes_.Register(router); }},
      {"bulk", [&] { bulk_routes_.Register(router); }},
      {"preferences", [&] { preference_routes_.Register(router); }},
      {"likes", [&] { like_routes_.Register(router); }},
      {"follows", [&] { follow_routes_.Register(router); }},
  };
  std::set<std::string> bound;
  for (const auto& family : records_.families().All()) {
    const services::FamilyRoutes& routes = family->definition.routes;
    if (routes.path.empty()) continue;
    record_routes_.Register(router, {family->name(), routes});
    file_routes_.Register(router, family->name(), routes);
    for (const std::string& group : routes.extra) {
      auto it = groups.find(group);
      if (it == groups.end()) {
        throw std::logic_error(family->name() + " asks for unknown routes \"" + group + "\"");
      }
      if (bound.insert(group).second) it->second();
    }
  }
  http_router.SetFallbacks([](const http::Request&) { return StatusErrorResponse(404); },
                           [](const http::Request&) { return StatusErrorResponse(405); });
}

util::Result<http::Response> ApiRoutes::Health(const http::Request&,
                                               const services::Caller&) const {
  // The server answers, so its status is ok; the rest says whether writes can succeed.
  const services::HealthReport report = health_.Check();
  return JsonResponse(Json{{"status", "ok"},
                           {"version", report.version},
                           {"schema", report.schema},
                           {"uptime", report.uptime_seconds},
                           {"database", report.database},
                           {"storage", report.storage},
                           {"storage_writable", report.storage_writable}});
}

util::Result<http::Response> ApiRoutes::Metrics(const http::Request&,
                                                const services::Caller&) const {
  http::Response response;
  response.content_type = "text/plain; version=0.0.4; charset=utf-8";
  response.body = health_.RenderPrometheus() + metrics_->RenderPrometheus();
  return response;
}

}  // namespace cairn::api
