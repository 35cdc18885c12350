// Routes of the record families: GET list, PUT create, GET show, POST update, DELETE delete.
#pragma once

#include <string>

#include "api/core/caller_resolver.h"
#include "http/router.h"
#include "services/core/record_service.h"

namespace cairn::api {

// A family's generic routes: its collection and what its declaration says it answers.
struct FamilyRoute {
  std::string collection;  // "trails"
  services::FamilyRoutes routes;
};

// Binds the five operations of each family to `router`. The handlers only parse, call one
// service function and render.
class RecordRoutes {
 public:
  RecordRoutes(services::RecordService& records, const CallerResolver& callers)
      : records_(records), callers_(callers) {}

  void Register(http::Router& router, const FamilyRoute& family);

 private:
  http::Response ListRecords(const http::Request& request, const FamilyRoute& family);
  http::Response CreateRecord(const http::Request& request, const FamilyRoute& family);
  http::Response ShowRecord(const http::Request& request, const FamilyRoute& family);
  http::Response UpdateRecord(const http::Request& request, const FamilyRoute& family);
  http::Response DeleteRecord(const http::Request& request, const FamilyRoute& family);

  services::RecordService& records_;
  const CallerResolver& callers_;
};

}  // namespace cairn::api
