// Inbox POSTs: 202 Accepted once the activity is verified and applied.
#include "api/federation/inbox_routes.h"

#include "api/core/responses.h"

namespace cairn::api {
namespace {

util::Result<http::Response> Receive(services::Inbox& inbox, const http::Request& request,
                                     std::string_view recipient) {
  // The target as the client signed it: the path as sent, and the query when there is one.
  std::string target = request.raw_path;
  if (!request.query.empty()) {
    std::string query;
    for (const auto& [name, value] : request.query) {
      query += (query.empty() ? "" : "&") + name + "=" + value;
    }
    target += "?" + query;
  }
  const activitypub::IncomingRequest incoming{
      .method = request.method,
      .target = target,
      .headers = [&request](std::string_view name) -> std::optional<std::string> {
        const auto it = request.headers.find(std::string(name));
        if (it == request.headers.end()) return std::nullopt;
        return it->second;
      },
      .body = request.body};
  CAIRN_RETURN_IF_ERROR(inbox.Receive(incoming, recipient));
  return JsonResponse(nlohmann::json::object(), 202);
}

}  // namespace

void InboxRoutes::Register(ApiRouter& router) {
  const std::string base = "/api/v1/activitypub";
  // Other servers sign their posts; no account of this server is involved.
  router.Add(
      "POST", base + "/inbox",
      [this](const http::Request& r, const services::Caller&) { return Receive(inbox_, r, ""); },
      CallerUse::kIgnore);
  router.Add(
      "POST", base + "/user/:handle/inbox",
      [this](const http::Request& r, const services::Caller&) {
        return Receive(inbox_, r, r.PathParam("handle"));
      },
      CallerUse::kIgnore);
}

}  // namespace cairn::api
