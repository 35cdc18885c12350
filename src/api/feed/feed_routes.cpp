// Thin handlers: read the page and the body, call the service, render a list result.
#include "api/feed/feed_routes.h"

#include <limits>

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {
namespace {

// {page, perPage, totalItems, totalPages, items}, as every list answers.
http::Response PageResponse(services::ListPage page) {
  return JsonResponse(Json{{"page", page.page},
                           {"perPage", page.per_page},
                           {"totalItems", page.total_items},
                           {"totalPages", page.total_pages},
                           {"items", std::move(page.items)}});
}

struct PageParams {
  int page = 1;
  int per_page = services::kDefaultPerPage;
};

// `page` (from 1) and `perPage` (1 to `max_per_page`); out of range is a Form B 400.
util::Result<PageParams> PageParamsOf(const http::Request& request, int max_per_page) {
  PageParams out;
  CAIRN_ASSIGN_OR_RETURN(out.page,
                         BoundedIntParam(request, "page", 1, 1, std::numeric_limits<int>::max()));
  CAIRN_ASSIGN_OR_RETURN(out.per_page, BoundedIntParam(request, "perPage",
                                                       services::kDefaultPerPage, 1, max_per_page));
  return out;
}

}  // namespace

void FeedRoutes::Register(ApiRouter& router) {
  router.Add("GET", "/api/v1/feed", [this](auto& r, auto& c) { return Feed(r, c); });
  router.Add("GET", "/api/v1/notification",
             [this](auto& r, auto& c) { return ListNotifications(r, c); });
  router.Add("POST", "/api/v1/notification/:id",
             [this](auto& r, auto& c) { return MarkNotificationSeen(r, c); });
  router.Add("GET", "/api/v1/trail/:id/comment",
             [this](auto& r, auto& c) { return TrailComments(r, c); });
}

util::Result<http::Response> FeedRoutes::Feed(const http::Request& request,
                                              const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(PageParams page, PageParamsOf(request, services::kMaxFeedPerPage));
  CAIRN_ASSIGN_OR_RETURN(services::ListPage items, feed_.Feed(caller, page.page, page.per_page));
  return PageResponse(std::move(items));
}

util::Result<http::Response> FeedRoutes::ListNotifications(const http::Request& request,
                                                           const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(services::ListParams params, ListParamsOf(request));
  CAIRN_ASSIGN_OR_RETURN(services::FieldSelection fields, FieldSelectionOf(request));
  params.fields = fields.TopLevelNames();
  CAIRN_ASSIGN_OR_RETURN(services::ListPage page, notifications_.List(caller, std::move(params)));
  for (Json& item : page.items) fields.Prune(item);
  return PageResponse(std::move(page));
}

util::Result<http::Response> FeedRoutes::MarkNotificationSeen(const http::Request& request,
                                                              const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kRequired));
  CAIRN_ASSIGN_OR_RETURN(Json record, notifications_.MarkSeen(caller, request.PathParam("id"), body,
                                                              request.QueryValue("expand")));
  return JsonResponse(record);
}

util::Result<http::Response> FeedRoutes::TrailComments(const http::Request& request,
                                                       const services::Caller& caller) {
  CAIRN_ASSIGN_OR_RETURN(PageParams page, PageParamsOf(request, services::kMaxPerPage));
  CAIRN_ASSIGN_OR_RETURN(services::ListPage comments,
                         comments_.List(caller, request.PathParam("id"), page.page, page.per_page));
  return PageResponse(std::move(comments));
}

}  // namespace cairn::api
