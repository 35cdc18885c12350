// How other servers find this one: /.well-known/webfinger, /.well-known/nodeinfo,
// /nodeinfo/2.1 and /.well-known/host-meta. Bound only while federation is on; otherwise these
// paths are the 404 of any unknown path.
#pragma once

#include "api/core/api_router.h"
#include "services/federation/discovery.h"

namespace cairn::api {

class FederationDiscoveryRoutes {
 public:
  explicit FederationDiscoveryRoutes(const services::FederationDiscovery& discovery)
      : discovery_(discovery) {}

  void Register(ApiRouter& router);

 private:
  util::Result<http::Response> WebFinger(const http::Request& request) const;
  util::Result<http::Response> NodeInfoLinks() const;
  util::Result<http::Response> NodeInfo() const;
  util::Result<http::Response> HostMeta() const;

  const services::FederationDiscovery& discovery_;
};

}  // namespace cairn::api
