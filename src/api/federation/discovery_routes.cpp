// Thin handlers over services::FederationDiscovery, with the media types each document has.
#include "api/federation/discovery_routes.h"

#include "api/core/responses.h"

namespace cairn::api {
namespace {

// Discovery documents are read by browsers' scripts too (remote follow pages): RFC 7033 asks
// for CORS on WebFinger, and NodeInfo readers expect it.
http::Response Open(http::Response response) {
  response.headers.emplace_back("Access-Control-Allow-Origin", "*");
  return response;
}

}  // namespace

void FederationDiscoveryRoutes::Register(ApiRouter& router) {
  // Anyone may ask, with or without a credential (kIgnore): these are public by nature.
  router.Add(
      "GET", "/.well-known/webfinger", [this](auto& r, auto&) { return WebFinger(r); },
      CallerUse::kIgnore);
  router.Add(
      "GET", "/.well-known/nodeinfo", [this](auto&, auto&) { return NodeInfoLinks(); },
      CallerUse::kIgnore);
  router.Add(
      "GET", "/nodeinfo/2.1", [this](auto&, auto&) { return NodeInfo(); }, CallerUse::kIgnore);
  router.Add(
      "GET", "/.well-known/host-meta", [this](auto&, auto&) { return HostMeta(); },
      CallerUse::kIgnore);
}

util::Result<http::Response> FederationDiscoveryRoutes::WebFinger(
    const http::Request& request) const {
  CAIRN_ASSIGN_OR_RETURN(Json jrd, discovery_.WebFinger(request.QueryValue("resource")));
  http::Response response = JsonResponse(jrd);
  response.content_type = "application/jrd+json";
  return Open(std::move(response));
}

util::Result<http::Response> FederationDiscoveryRoutes::NodeInfoLinks() const {
  return Open(JsonResponse(discovery_.NodeInfoLinks()));
}

util::Result<http::Response> FederationDiscoveryRoutes::NodeInfo() const {
  CAIRN_ASSIGN_OR_RETURN(Json info, discovery_.NodeInfo());
  http::Response response = JsonResponse(info);
  response.content_type =
      "application/json; profile=\"http://nodeinfo.diaspora.software/ns/schema/2.1#\"";
  return Open(std::move(response));
}

util::Result<http::Response> FederationDiscoveryRoutes::HostMeta() const {
  return Open(http::Response{200, "application/xrd+xml", discovery_.HostMeta(), {}});
}

}  // namespace cairn::api
