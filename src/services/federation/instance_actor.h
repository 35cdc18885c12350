// This server itself as an ActivityPub actor: an `Application` at /api/v1/activitypub/actor whose
// key signs the reads this server makes of servers that refuse unsigned ones (Mastodon's
// "authorized fetch"). A read made for everyone here is signed by no person: whose key signs it
// tells the other server nothing about who asked.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "net/url_client.h"
#include "services/federation/actor_keys.h"
#include "services/federation/iris.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::services {

// The ap_keys row of the server's own key pair (no users id is 8 characters long).
inline constexpr char kInstanceKeyOwner[] = "instance";

// Thread-safe; the references must outlive it.
class InstanceActor {
 public:
  InstanceActor(ActorKeys& keys, FederationIris iris, const util::Clock& clock)
      : keys_(keys), iris_(std::move(iris)), clock_(clock) {}

  // Its IRI: {origin}/api/v1/activitypub/actor.
  std::string Iri() const;
  // GET /activitypub/actor: the Application with its public key (made now if there is none).
  util::Result<nlohmann::json> Document();
  // The headers that sign a GET of `url` as this server: Date and Signature over
  // "(request-target) host date" (libcurl sends the Host signed). InvalidArgument for a URL that
  // is not http(s).
  util::Result<std::vector<net::HttpHeader>> SignGet(std::string_view url);

 private:
  ActorKeys& keys_;
  FederationIris iris_;
  const util::Clock& clock_;
};

}  // namespace cairn::services
