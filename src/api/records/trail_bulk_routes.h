// POST /api/v1/trail/bulk: one action on many trails, answered with what was done and what was
// refused (and why) trail by trail.
#pragma once

#include "api/core/api_router.h"
#include "services/trails/trail_bulk.h"

namespace cairn::api {

class TrailBulkRoutes {
 public:
  explicit TrailBulkRoutes(services::TrailBulk& bulk) : bulk_(bulk) {}

  void Register(ApiRouter& router);

 private:
  // Body: {"ids": [at most 100 trail ids], and one action:
  //   "update": {category, subcategory, difficulty, public} and/or
  //   "tags": {"add": [tag ids], "remove": [tag ids]} |
  //   "delete": true | "add_to_list": list id}.
  // 200 {"done": [ids], "refused": [{"id", "status", "message"}]}; 400 for a malformed body.
  util::Result<http::Response> ApplyToTrails(const http::Request& request,
                                             const services::Caller& caller);

  services::TrailBulk& bulk_;
};

}  // namespace cairn::api
