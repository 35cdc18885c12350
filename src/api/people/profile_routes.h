// The profile routes: `GET /api/v1/profile/{handle}`, `POST .../trails` and `.../lists` (the
// discovery search of that author), `GET .../follows`, `GET .../feed` and `GET .../stats`
// (services/people/).
#pragma once

#include "api/core/api_router.h"
#include "services/people/profile_service.h"
#include "services/people/statistics_service.h"

namespace cairn::api {

class ProfileRoutes {
 public:
  ProfileRoutes(services::people::ProfileService& profiles,
                services::people::StatisticsService& statistics)
      : profiles_(profiles), statistics_(statistics) {}

  void Register(ApiRouter& router);

 private:
  util::Result<http::Response> Show(const http::Request& request,
                                    const services::Caller& caller) const;
  util::Result<http::Response> SearchTrails(const http::Request& request,
                                            const services::Caller& caller) const;
  util::Result<http::Response> SearchLists(const http::Request& request,
                                           const services::Caller& caller) const;
  // `?type=followers|following` (followers when absent), `page`, `perPage`.
  util::Result<http::Response> Follows(const http::Request& request,
                                       const services::Caller& caller) const;
  util::Result<http::Response> Feed(const http::Request& request,
                                    const services::Caller& caller) const;
  // `?year=YYYY` (1900..2200) and `?category=<id>` narrow the answer.
  util::Result<http::Response> Stats(const http::Request& request,
                                     const services::Caller& caller) const;

  services::people::ProfileService& profiles_;
  services::people::StatisticsService& statistics_;
};

}  // namespace cairn::api
