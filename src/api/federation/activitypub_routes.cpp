// Thin handlers over services::ActivityPubDocuments, and ActivityPub's media types.
#include "api/federation/activitypub_routes.h"

#include <charconv>

#include "api/core/responses.h"

namespace cairn::api {
namespace {

constexpr char kActivityJson[] = "application/activity+json; charset=utf-8";
constexpr char kLdJson[] = "application/ld+json; profile=\"https://www.w3.org/ns/activitystreams\"";

// ?page=N: 0 (the collection itself) when absent.
util::Result<int> PageOf(const http::Request& request) {
  const std::string text = request.QueryValue("page");
  if (text.empty()) return 0;
  int page = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), page);
  if (error != std::errc() || end != text.data() + text.size() || page < 0 || page > 100000) {
    return util::Error::InvalidArgument("page must be a whole number from 1");
  }
  return page;
}

}  // namespace

void ActivityPubRoutes::Get(ApiRouter& router, const std::string& pattern, Render render) {
  router.Add(
      "GET", pattern,
      [render = std::move(render)](const http::Request& request,
                                   const services::Caller&) -> util::Result<http::Response> {
        CAIRN_ASSIGN_OR_RETURN(Json document, render(request));
        http::Response response = JsonResponse(document);
        const std::string accept = request.Header("Accept");
        const bool ld_only = accept.find("application/ld+json") != std::string::npos &&
                             accept.find("application/activity+json") == std::string::npos;
        response.content_type = ld_only ? kLdJson : kActivityJson;
        response.headers.emplace_back("Vary", "Accept");
        return response;
      },
      // Anyone may read what is public; a remote server's signed fetch needs no account here.
      CallerUse::kIgnore);
}

void ActivityPubRoutes::Register(ApiRouter& router) {
  using Follows = services::ActivityPubDocuments::Follows;
  const std::string base = "/api/v1/activitypub";
  if (instance_) {
    Get(router, base + "/actor", [this](const http::Request&) { return instance_->Document(); });
  }
  Get(router, base + "/user/:handle",
      [this](const http::Request& r) { return documents_.Actor(r.PathParam("handle")); });
  Get(router, base + "/user/:handle/followers",
      [this](const http::Request& r) -> util::Result<Json> {
        CAIRN_ASSIGN_OR_RETURN(int page, PageOf(r));
        return documents_.FollowCollection(r.PathParam("handle"), Follows::kFollowers, page);
      });
  Get(router, base + "/user/:handle/following",
      [this](const http::Request& r) -> util::Result<Json> {
        CAIRN_ASSIGN_OR_RETURN(int page, PageOf(r));
        return documents_.FollowCollection(r.PathParam("handle"), Follows::kFollowing, page);
      });
  Get(router, base + "/user/:handle/outbox", [this](const http::Request& r) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(int page, PageOf(r));
    return documents_.Outbox(r.PathParam("handle"), page);
  });
  Get(router, base + "/trail/:id",
      [this](const http::Request& r) { return documents_.Trail(r.PathParam("id")); });
  Get(router, base + "/trail/:id/activity",
      [this](const http::Request& r) { return documents_.TrailCreate(r.PathParam("id")); });
  Get(router, base + "/trail/:id/replies",
      [this](const http::Request& r) { return documents_.Replies(r.PathParam("id")); });
  Get(router, base + "/activity/:id",
      [this](const http::Request& r) { return documents_.Activity(r.PathParam("id")); });
  Get(router, base + "/comment/:id",
      [this](const http::Request& r) { return documents_.Comment(r.PathParam("id")); });
  Get(router, base + "/summit-log/:id",
      [this](const http::Request& r) { return documents_.SummitLog(r.PathParam("id")); });
}

}  // namespace cairn::api
