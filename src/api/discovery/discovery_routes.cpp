// Thin handlers: read the parameters, call the discovery service, render JSON.
#include "api/discovery/discovery_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void DiscoveryRoutes::Register(ApiRouter& router) {
  router.Add(
      "GET", "/api/v1/trail/filter",
      [this](const http::Request&, const services::Caller& caller) -> util::Result<http::Response> {
        CAIRN_ASSIGN_OR_RETURN(Json bounds, discovery_.FilterBounds(caller));
        return JsonResponse(bounds);
      });
  router.Add(
      "GET", "/api/v1/trail/bounding-box",
      [this](const http::Request&, const services::Caller& caller) -> util::Result<http::Response> {
        CAIRN_ASSIGN_OR_RETURN(Json box, discovery_.BoundingBox(caller));
        return JsonResponse(box);
      });
  router.Add("GET", "/api/v1/trail/recommend",
             [this](const http::Request& request,
                    const services::Caller& caller) -> util::Result<http::Response> {
               CAIRN_ASSIGN_OR_RETURN(
                   int size, BoundedIntParam(request, "size", services::kDefaultRecommendedTrails,
                                             1, services::kMaxRecommendedTrails));
               CAIRN_ASSIGN_OR_RETURN(Json trails, discovery_.Recommend(caller, size));
               return JsonResponse(trails);
             });
}

}  // namespace cairn::api
