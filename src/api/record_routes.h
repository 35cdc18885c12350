// Routes of the record families: GET list, PUT create, GET show, POST update, DELETE delete.
#pragma once

#include <string>

#include "http/router.h"
#include "services/account_service.h"
#include "services/record_service.h"

namespace cairn::api {

enum class ListShape {
  kPage,   // {page, perPage, totalItems, totalPages, items} (GET /trail)
  kArray,  // a bare array, the total in X-Total-Count (the other families)
};

struct FamilyRoute {
  std::string path;        // "/api/v1/trail"
  std::string collection;  // "trails"
  ListShape list_shape;
  bool read_only = false;  // categories: list and show only
};

// Binds the five operations of each family to `router`. The handlers only parse, call one
// service function and render.
class RecordRoutes {
 public:
  RecordRoutes(services::RecordService& records, services::AccountService& accounts)
      : records_(records), accounts_(accounts) {}

  void Register(http::Router& router, const FamilyRoute& family);

 private:
  http::Response ListRecords(const http::Request& request, const FamilyRoute& family);
  http::Response CreateRecord(const http::Request& request, const FamilyRoute& family);
  http::Response ShowRecord(const http::Request& request, const FamilyRoute& family);
  http::Response UpdateRecord(const http::Request& request, const FamilyRoute& family);
  http::Response DeleteRecord(const http::Request& request, const FamilyRoute& family);

  services::RecordService& records_;
  services::AccountService& accounts_;
};

// The families of the foundation and their paths.
std::vector<FamilyRoute> StandardFamilyRoutes();

}  // namespace cairn::api
