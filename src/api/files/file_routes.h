// Routes for photos, avatars and track files: uploads to a record, the one-step multipart forms,
// and reading files back (GET /api/v1/files/...).
#pragma once

#include <string>

#include "api/core/api_router.h"
#include "services/core/family.h"
#include "services/files/file_delivery.h"
#include "services/files/upload_service.h"

namespace cairn::api {

class FileRoutes {
 public:
  FileRoutes(services::UploadService& uploads, services::FileDelivery& delivery)
      : uploads_(uploads), delivery_(delivery) {}

  // GET /api/v1/files/{collection}/{record}/{file}.
  void Register(ApiRouter& router);
  // A family's uploads and forms, as its declaration asks.
  void Register(ApiRouter& router, const std::string& collection,
                const services::FamilyRoutes& routes);

 private:
  using Caller = services::Caller;
  util::Result<http::Response> Upload(const http::Request& request, const Caller& caller,
                                      const std::string& collection);
  util::Result<http::Response> CreateFromForm(const http::Request& request, const Caller& caller,
                                              const std::string& collection);
  util::Result<http::Response> UpdateFromForm(const http::Request& request, const Caller& caller,
                                              const std::string& collection);
  util::Result<http::Response> ServeFile(const http::Request& request, const Caller& caller);

  services::UploadService& uploads_;
  services::FileDelivery& delivery_;
};

}  // namespace cairn::api
