// How other servers find this one and its people: WebFinger (RFC 7033), NodeInfo 2.1 and
// host-meta (RFC 6415). Open to anyone; only names people already show publicly.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "services/federation/federation_settings.h"
#include "services/federation/iris.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

struct NodeInfoFacts {
  std::string version;  // CAIRN_VERSION
  bool open_registrations = true;
};

// Thread-safe; the database must outlive it.
class FederationDiscovery {
 public:
  FederationDiscovery(storage::Database& database, const FederationSettings& settings,
                      NodeInfoFacts facts);

  // GET /.well-known/webfinger?resource=...: the JRD of a local person named by
  // "acct:name@authority" (also without "acct:" or with a leading '@'), by their actor IRI or by
  // their profile page: {subject "acct:name@authority", aliases [actor, profile page], links
  // [self (application/activity+json), profile-page (text/html)]}. InvalidArgument for a
  // missing or malformed resource; NotFound for another host or an unknown person.
  util::Result<nlohmann::json> WebFinger(std::string_view resource) const;

  // GET /.well-known/nodeinfo: the link to the 2.1 document.
  nlohmann::json NodeInfoLinks() const;
  // GET /nodeinfo/2.1: software, protocols, openRegistrations, usage (local people in all and
  // active within 30 and 180 days; public trails as localPosts).
  util::Result<nlohmann::json> NodeInfo() const;
  // GET /.well-known/host-meta: XRD with the WebFinger template, for servers that start there.
  std::string HostMeta() const;

  const FederationIris& iris() const { return iris_; }

 private:
  storage::Database& database_;
  FederationSettings settings_;
  FederationIris iris_;
  NodeInfoFacts facts_;
};

}  // namespace cairn::services
