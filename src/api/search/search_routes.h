// The search routes: `POST /api/v1/search/{index}` and `POST /api/v1/search/multi`, answered as
// the reference system's search server answers them (services/search/search_service.h).
#pragma once

#include "api/core/api_router.h"
#include "services/search/search_service.h"

namespace cairn::api {

class SearchRoutes {
 public:
  explicit SearchRoutes(services::search::SearchService& search) : search_(search) {}

  void Register(ApiRouter& router);

 private:
  services::search::SearchService& search_;
};

}  // namespace cairn::api
