// The follow route beside the family's generic list, create, show and delete:
// POST /api/v1/follow/{id} {status: "accepted" | "rejected"}, the followee's answer.
#pragma once

#include "api/core/api_router.h"
#include "services/social/follows.h"

namespace cairn::api {

class FollowRoutes {
 public:
  explicit FollowRoutes(services::Follows& follows) : follows_(follows) {}

  void Register(ApiRouter& router);

 private:
  using Caller = services::Caller;
  // POST /{id} {status}: the follow record ("rejected" once removed).
  util::Result<http::Response> AnswerFollow(const http::Request& request, const Caller& caller);

  services::Follows& follows_;
};

}  // namespace cairn::api
