// Routes of the record families: GET list, PUT create, GET show, POST update, DELETE delete.
#pragma once

#include <string>

#include "api/core/caller_resolver.h"
#include "http/router.h"
#include "services/core/record_service.h"

namespace cairn::api {

enum class ListShape {
  kPage,   // {page, perPage, totalItems, totalPages, items} (GET /trail)
  kArray,  // a bare array, the total in X-Total-Count (the other families)
};

// Which of the five operations a family's routes offer.
enum Operation : unsigned {
  kList = 1,
  kShow = 2,
  kCreate = 4,
  kUpdate = 8,
  kDelete = 16,
  kReadOnly = kList | kShow,
  kAllOperations = kList | kShow | kCreate | kUpdate | kDelete,
};

struct FamilyRoute {
  std::string path;        // "/api/v1/trail"
  std::string collection;  // "trails"
  ListShape list_shape = ListShape::kArray;
  unsigned operations = kAllOperations;
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

// The families of the foundation and their paths.
std::vector<FamilyRoute> StandardFamilyRoutes();

}  // namespace cairn::api
