// Routes of the record families: GET list, PUT create, GET show, POST update, DELETE delete, as
// each family's declaration asks.
#pragma once

#include <string>

#include "api/core/api_router.h"
#include "services/core/record_service.h"
#include "services/federation/remote_trail_copies.h"

namespace cairn::api {

// A family's generic routes: its collection and what its declaration says it answers.
struct FamilyRoute {
  std::string collection;  // "trails"
  services::FamilyRoutes routes;
};

// The handlers only parse, call one service function and render.
class RecordRoutes {
 public:
  // `remote_trails` (null while federation is off) opens trails of other servers by handle.
  RecordRoutes(services::RecordService& records, services::RemoteTrailCopies* remote_trails)
      : records_(records), remote_trails_(remote_trails) {}

  void Register(ApiRouter& router, const FamilyRoute& family);

 private:
  using Caller = services::Caller;
  util::Result<http::Response> ListRecords(const http::Request& request, const Caller& caller,
                                           const FamilyRoute& family);
  util::Result<http::Response> CreateRecord(const http::Request& request, const Caller& caller,
                                            const FamilyRoute& family);
  util::Result<http::Response> ShowRecord(const http::Request& request, const Caller& caller,
                                          const FamilyRoute& family);
  util::Result<http::Response> UpdateRecord(const http::Request& request, const Caller& caller,
                                            const FamilyRoute& family);
  util::Result<http::Response> DeleteRecord(const http::Request& request, const Caller& caller,
                                            const FamilyRoute& family);

  services::RecordService& records_;
  services::RemoteTrailCopies* remote_trails_;
};

}  // namespace cairn::api
