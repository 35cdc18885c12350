// Thin handlers: read the handle and parameters, call the profile or statistics service, render
// JSON.
#include "api/people/profile_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {
namespace {

using services::people::kDefaultProfilePerPage;
using services::people::kMaxProfilePerPage;

struct Paging {
  int page = 1;
  int per_page = kDefaultProfilePerPage;
};

util::Result<Paging> PagingOf(const http::Request& request) {
  Paging paging;
  CAIRN_ASSIGN_OR_RETURN(paging.page, BoundedIntParam(request, "page", 1, 1, 1000000));
  CAIRN_ASSIGN_OR_RETURN(
      paging.per_page,
      BoundedIntParam(request, "perPage", kDefaultProfilePerPage, 1, kMaxProfilePerPage));
  return paging;
}

}  // namespace

void ProfileRoutes::Register(ApiRouter& router) {
  router.Add("GET", "/api/v1/profile/:handle", [this](auto& r, auto& c) { return Show(r, c); });
  router.Add("POST", "/api/v1/profile/:handle/trails",
             [this](auto& r, auto& c) { return SearchTrails(r, c); });
  router.Add("POST", "/api/v1/profile/:handle/lists",
             [this](auto& r, auto& c) { return SearchLists(r, c); });
  router.Add("GET", "/api/v1/profile/:handle/follows",
             [this](auto& r, auto& c) { return Follows(r, c); });
  router.Add("GET", "/api/v1/profile/:handle/feed",
             [this](auto& r, auto& c) { return Feed(r, c); });
  router.Add("GET", "/api/v1/profile/:handle/stats",
             [this](auto& r, auto& c) { return Stats(r, c); });
}

util::Result<http::Response> ProfileRoutes::Show(const http::Request& request,
                                                 const services::Caller& caller) const {
  CAIRN_ASSIGN_OR_RETURN(Json profile, profiles_.ShowProfile(caller, request.PathParam("handle")));
  return JsonResponse(profile);
}

util::Result<http::Response> ProfileRoutes::SearchTrails(const http::Request& request,
                                                         const services::Caller& caller) const {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(Json answer,
                         profiles_.SearchTrails(caller, request.PathParam("handle"), body));
  return JsonResponse(answer);
}

util::Result<http::Response> ProfileRoutes::SearchLists(const http::Request& request,
                                                        const services::Caller& caller) const {
  CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
  CAIRN_ASSIGN_OR_RETURN(Json answer,
                         profiles_.SearchLists(caller, request.PathParam("handle"), body));
  return JsonResponse(answer);
}

util::Result<http::Response> ProfileRoutes::Follows(const http::Request& request,
                                                    const services::Caller& caller) const {
  const std::string type = request.HasQuery("type") ? request.QueryValue("type") : "followers";
  if (type != "followers" && type != "following") {
    return util::Error::InvalidField("type must be followers or following.", "type",
                                     "validation_invalid_value", "Must be followers or following.");
  }
  CAIRN_ASSIGN_OR_RETURN(Paging paging, PagingOf(request));
  const auto direction = type == "followers" ? services::people::FollowDirection::kFollowers
                                             : services::people::FollowDirection::kFollowing;
  CAIRN_ASSIGN_OR_RETURN(Json page, profiles_.ListFollows(caller, request.PathParam("handle"),
                                                          direction, paging.page, paging.per_page));
  return JsonResponse(page);
}

util::Result<http::Response> ProfileRoutes::Feed(const http::Request& request,
                                                 const services::Caller& caller) const {
  CAIRN_ASSIGN_OR_RETURN(Paging paging, PagingOf(request));
  CAIRN_ASSIGN_OR_RETURN(Json page, profiles_.ListFeed(caller, request.PathParam("handle"),
                                                       paging.page, paging.per_page));
  return JsonResponse(page);
}

util::Result<http::Response> ProfileRoutes::Stats(const http::Request& request,
                                                  const services::Caller& caller) const {
  services::people::StatisticsFilter filter;
  if (request.HasQuery("year") && !request.QueryValue("year").empty()) {
    CAIRN_ASSIGN_OR_RETURN(int year, BoundedIntParam(request, "year", 0, 1900, 2200));
    filter.year = year;
  }
  if (request.HasQuery("category") && !request.QueryValue("category").empty()) {
    filter.category = request.QueryValue("category");
  }
  CAIRN_ASSIGN_OR_RETURN(Json stats,
                         statistics_.Statistics(caller, request.PathParam("handle"), filter));
  return JsonResponse(stats);
}

}  // namespace cairn::api
