// What happened around the caller: their feed, their notifications, and a trail's comments.
#pragma once

#include "api/core/api_router.h"
#include "services/feed/feed_service.h"
#include "services/feed/notification_service.h"
#include "services/trails/trail_comments.h"

namespace cairn::api {

class FeedRoutes {
 public:
  FeedRoutes(services::FeedService& feed, services::NotificationService& notifications,
             services::TrailComments& comments)
      : feed_(feed), notifications_(notifications), comments_(comments) {}

  // GET /api/v1/feed, GET /api/v1/notification, POST /api/v1/notification/{id} and
  // GET /api/v1/trail/{id}/comment.
  void Register(ApiRouter& router);

 private:
  util::Result<http::Response> Feed(const http::Request& request, const services::Caller& caller);
  util::Result<http::Response> ListNotifications(const http::Request& request,
                                                 const services::Caller& caller);
  util::Result<http::Response> MarkNotificationSeen(const http::Request& request,
                                                    const services::Caller& caller);
  util::Result<http::Response> TrailComments(const http::Request& request,
                                             const services::Caller& caller);

  services::FeedService& feed_;
  services::NotificationService& notifications_;
  services::TrailComments& comments_;
};

}  // namespace cairn::api
