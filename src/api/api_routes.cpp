// Health, accounts, tracks, files, the record families and the JSON fallbacks.
#include "api/api_routes.h"

#include "api/responses.h"

namespace cairn::api {
namespace {

http::Response Health(const http::Request&) { return JsonResponse(Json{{"status", "ok"}}); }

}  // namespace

ApiRoutes::ApiRoutes(const ApiServices& services, CallerOptions caller_options)
    : callers_(services.auth, std::move(caller_options)),
      record_routes_(services.records, callers_),
      account_routes_(services.accounts, services.auth, callers_),
      track_routes_(services.tracks, callers_),
      file_routes_(services.uploads, services.files, callers_) {}

void ApiRoutes::Register(http::Router& router) {
  router.Add("GET", "/api/health", Health);
  account_routes_.Register(router);
  track_routes_.Register(router);
  file_routes_.Register(router);
  for (const auto& family : StandardFamilyRoutes()) record_routes_.Register(router, family);
  router.SetFallbacks([](const http::Request&) { return StatusErrorResponse(404); },
                      [](const http::Request&) { return StatusErrorResponse(405); });
}

}  // namespace cairn::api
