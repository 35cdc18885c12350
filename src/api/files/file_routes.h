// Routes for photos, avatars and track files: uploads to a record, the one-step multipart forms,
// and reading files back (GET /api/v1/files/...).
#pragma once

#include <string>

#include "api/core/caller_resolver.h"
#include "http/router.h"
#include "services/files/file_delivery.h"
#include "services/files/upload_service.h"

namespace cairn::api {

class FileRoutes {
 public:
  FileRoutes(services::UploadService& uploads, services::FileDelivery& delivery,
             const CallerResolver& callers)
      : uploads_(uploads), delivery_(delivery), callers_(callers) {}

  // GET /api/v1/files/{collection}/{record}/{file}.
  void Register(http::Router& router);
  // A family's uploads and forms, as its declaration asks.
  void Register(http::Router& router, const std::string& collection,
                const services::FamilyRoutes& routes);

 private:
  http::Response Upload(const http::Request& request, const std::string& collection);
  http::Response CreateFromForm(const http::Request& request, const std::string& collection);
  http::Response UpdateFromForm(const http::Request& request, const std::string& collection);
  http::Response ServeFile(const http::Request& request);

  services::UploadService& uploads_;
  services::FileDelivery& delivery_;
  const CallerResolver& callers_;
};

}  // namespace cairn::api
