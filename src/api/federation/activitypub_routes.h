// ActivityPub's read side: actors, their collections, and public trails, comments and summit
// logs as objects, under /api/v1/activitypub. Bound only while federation is on.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>

#include "api/core/api_router.h"
#include "services/federation/activitypub_documents.h"
#include "services/federation/instance_actor.h"

namespace cairn::api {

class ActivityPubRoutes {
 public:
  ActivityPubRoutes(services::ActivityPubDocuments& documents, services::InstanceActor* instance)
      : documents_(documents), instance_(instance) {}

  void Register(ApiRouter& router);

 private:
  using Render = std::function<util::Result<nlohmann::json>(const http::Request&)>;
  // Binds GET `pattern` to `render`, answered as application/activity+json (or as the
  // ld+json form when that is what the request accepts).
  void Get(ApiRouter& router, const std::string& pattern, Render render);

  services::ActivityPubDocuments& documents_;
  services::InstanceActor* instance_;  // the server's own actor; null: not served
};

}  // namespace cairn::api
