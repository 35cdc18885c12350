// /api/v1/plugin-system/*: the installed plugins, archive imports (a resumable upload, then a job
// to follow) and the category remap after an import. (Plugin instances are a record family:
// services/families/plugin_instance.cpp.)
#pragma once

#include "api/core/api_router.h"
#include "api/core/caller_resolver.h"
#include "services/imports/category_remap.h"
#include "services/imports/import_jobs.h"
#include "services/plugins/oauth_connections.h"
#include "services/plugins/online_sync.h"
#include "services/plugins/plugin_catalog.h"
#include "services/plugins/trail_sender.h"

namespace cairn::api {

struct PluginServices {
  const services::plugins::PluginCatalog& catalog;
  services::imports::ImportJobs& imports;
  services::imports::CategoryRemap& remap;
  services::plugins::TrailSender& sender;
  services::plugins::OAuthConnections& oauth;
  services::plugins::OnlineSync& sync;
};

class PluginRoutes {
 public:
  // `callers` tells this server's public origin (the OAuth redirect address).
  PluginRoutes(PluginServices services, const CallerResolver& callers)
      : catalog_(services.catalog),
        imports_(services.imports),
        remap_(services.remap),
        sender_(services.sender),
        oauth_(services.oauth),
        sync_(services.sync),
        callers_(callers) {}

  void Register(ApiRouter& router);

 private:
  // GET /plugin-system/plugins: {items: [...]} (PluginCatalog::ListJson), to anyone signed in.
  util::Result<http::Response> ListPlugins(const http::Request& request,
                                           const services::Caller& caller);
  // PUT /plugin-system/import {plugin, name, size}: 200 with the new job (status "uploading").
  util::Result<http::Response> CreateImport(const http::Request& request,
                                            const services::Caller& caller);
  // POST /plugin-system/import/{id}/data?offset=N with the next piece as the raw body: 200 with
  // the job; 409 with "received" when the offset is not where the upload is.
  util::Result<http::Response> AppendImport(const http::Request& request,
                                            const services::Caller& caller);
  // GET /plugin-system/import: {items: [jobs]}; GET /plugin-system/import/{id}: the job.
  util::Result<http::Response> ListImports(const http::Request& request,
                                           const services::Caller& caller);
  util::Result<http::Response> ShowImport(const http::Request& request,
                                          const services::Caller& caller);
  // DELETE /plugin-system/import/{id}: {acknowledged: true}; cancels a job not yet done, forgets a
  // finished one.
  util::Result<http::Response> CancelImport(const http::Request& request,
                                            const services::Caller& caller);
  // POST /plugin-system/category-remap/preview {job?}: {items: [{type, count, category, ...}]}.
  util::Result<http::Response> PreviewRemap(const http::Request& request,
                                            const services::Caller& caller);
  // POST /plugin-system/category-remap/apply {job?, mapping: {type: category id}}.
  util::Result<http::Response> ApplyRemap(const http::Request& request,
                                          const services::Caller& caller);

  // POST /plugin-system/trail-send {trail, instance}: TrailSender::Send's answer.
  util::Result<http::Response> SendTrail(const http::Request& request,
                                         const services::Caller& caller);
  // POST /plugin-system/auth/validate {instance}: {valid, message} (OnlineSync::Validate).
  util::Result<http::Response> ValidateAuth(const http::Request& request,
                                            const services::Caller& caller);
  // POST /plugin-system/oauth/start {instance}: {url, redirectUri}.
  util::Result<http::Response> StartOAuth(const http::Request& request,
                                          const services::Caller& caller);
  // POST /plugin-system/oauth/callback {state, code, scope?, error?}: the instance.
  util::Result<http::Response> FinishOAuth(const http::Request& request,
                                           const services::Caller& caller);
  // POST /plugin-system/oauth/revoke {instance}: {acknowledged, message}.
  util::Result<http::Response> RevokeOAuth(const http::Request& request,
                                           const services::Caller& caller);
  // POST /plugin-system/sync {instance}: the sync's import job.
  util::Result<http::Response> Sync(const http::Request& request, const services::Caller& caller);

  const services::plugins::PluginCatalog& catalog_;
  services::imports::ImportJobs& imports_;
  services::imports::CategoryRemap& remap_;
  services::plugins::TrailSender& sender_;
  services::plugins::OAuthConnections& oauth_;
  services::plugins::OnlineSync& sync_;
  const CallerResolver& callers_;
};

}  // namespace cairn::api
