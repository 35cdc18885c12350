// The one wrapper around every API handler.
#include "api/core/api_router.h"

#include "api/core/request_parsing.h"
#include "api/core/responses.h"

namespace cairn::api {

void ApiRouter::Add(const std::string& method, const std::string& pattern, Handler handler,
                    CallerUse use) {
  const bool has_id = pattern.find("/:id") != std::string::npos;
  // The resolver, not this object: an ApiRouter is a short-lived binder, the routes live on.
  const CallerResolver* callers = &callers_;
  router_.Add(method, pattern,
              [callers, has_id, use, handler = std::move(handler)](const http::Request& request) {
                if (has_id) {
                  if (auto id = RecordIdParam(request); !id.ok()) return ErrorResponse(id.error());
                }
                services::Caller caller;
                if (use == CallerUse::kResolve) {
                  auto resolved = callers->Resolve(request);
                  if (!resolved.ok()) return ErrorResponse(resolved.error());
                  caller = std::move(resolved).value();
                }
                auto response = handler(request, caller);
                if (!response.ok()) return ErrorResponse(response.error());
                return std::move(response).value();
              });
}

}  // namespace cairn::api
