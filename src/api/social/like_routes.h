// The trail-like routes beside the family's generic list, show and delete:
// PUT /api/v1/trail-like {trail} and POST /api/v1/trail-like/delete {trail}.
#pragma once

#include "api/core/api_router.h"
#include "services/social/trail_likes.h"

namespace cairn::api {

class LikeRoutes {
 public:
  explicit LikeRoutes(services::TrailLikes& likes) : likes_(likes) {}

  void Register(ApiRouter& router);

 private:
  using Caller = services::Caller;
  // PUT {trail}: the like record.
  util::Result<http::Response> LikeTrail(const http::Request& request, const Caller& caller);
  // POST /delete {trail}: {acknowledged: true}.
  util::Result<http::Response> UnlikeTrail(const http::Request& request, const Caller& caller);

  services::TrailLikes& likes_;
};

}  // namespace cairn::api
