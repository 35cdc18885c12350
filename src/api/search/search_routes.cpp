// Thin handlers: read the JSON body, call the search service, render its answer.
#include "api/search/search_routes.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void SearchRoutes::Register(ApiRouter& router) {
  // A literal route wins over `:index`, so "multi" is never read as an index name.
  router.Add("POST", "/api/v1/search/multi",
             [this](const http::Request& request,
                    const services::Caller& caller) -> util::Result<http::Response> {
               CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
               CAIRN_ASSIGN_OR_RETURN(Json answer, search_.MultiSearch(caller, body));
               return JsonResponse(answer);
             });
  router.Add("POST", "/api/v1/search/:index",
             [this](const http::Request& request,
                    const services::Caller& caller) -> util::Result<http::Response> {
               CAIRN_ASSIGN_OR_RETURN(Json body, JsonBody(request, ContentTypeRule::kOptional));
               CAIRN_ASSIGN_OR_RETURN(Json answer,
                                      search_.Search(caller, request.PathParam("index"), body));
               return JsonResponse(answer);
             });
}

}  // namespace cairn::api
