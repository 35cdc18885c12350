// Health, accounts, tracks, files, the record families and the JSON fallbacks.
#include "api/api_routes.h"

#include "api/core/responses.h"

namespace cairn::api {

ApiRoutes::ApiRoutes(const ApiServices& services, CallerOptions caller_options)
    : disk_space_(services.disk_space),
      callers_(services.auth, std::move(caller_options)),
      record_routes_(services.records, callers_),
      account_routes_(services.accounts, services.auth, callers_),
      track_routes_(services.tracks, callers_),
      file_routes_(services.uploads, services.files, callers_) {}

void ApiRoutes::Register(http::Router& router) {
  router.Add("GET", "/api/health", [this](auto& r) { return Health(r); });
  account_routes_.Register(router);
  track_routes_.Register(router);
  file_routes_.Register(router);
  for (const auto& family : StandardFamilyRoutes()) record_routes_.Register(router, family);
  router.SetFallbacks([](const http::Request&) { return StatusErrorResponse(404); },
                      [](const http::Request&) { return StatusErrorResponse(405); });
}

http::Response ApiRoutes::Health(const http::Request&) const {
  // The server answers, so its status is ok; storage says whether writes can still succeed.
  auto disk = disk_space_.Check();
  const char* storage = disk.ok() ? services::StorageLevelName(disk->level) : "unknown";
  return JsonResponse(Json{{"status", "ok"}, {"storage", storage}});
}

}  // namespace cairn::api
