// People on other servers, as this server knows them: their actor documents fetched (by IRI,
// by key id, or by handle through WebFinger), checked, and kept as a users row (remote_actor
// set: no password, never signing in) with its ap_actors row (inbox, key), refreshed after a day.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "net/url_client.h"
#include "storage/database.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::services {

struct RemoteActor {
  std::string user_id;   // the users row that stands for them here
  std::string iri;       // their actor IRI
  std::string username;  // "ada@social.example.org": preferredUsername @ their host
  std::string inbox;
  std::string shared_inbox;  // "" when their server has none
  std::string key_id;
  std::string public_pem;
  std::string url;      // their profile page, "" when the document names none
  int64_t fetched = 0;  // unix seconds

  // Where deliveries for them go: the shared inbox when their server has one.
  const std::string& DeliveryInbox() const { return shared_inbox.empty() ? inbox : shared_inbox; }
};

// How old a kept actor may be before it is fetched again: a day, as Mastodon refreshes.
inline constexpr int64_t kActorRefreshSeconds = 24 * 3600;

enum class ActorFreshness {
  // The kept row unless older than kActorRefreshSeconds; a stale one when its server cannot
  // be reached (a server down for a day does not make its people unknown).
  kKept,
  kRefetch,  // fetched now (a signature failed to verify: the key may have been rotated)
};

// Thread-safe; the references must outlive it.
class RemoteActors {
 public:
  // `own_origin`: this server's ("https://trails.example.org"); its own IRIs are never taken for
  // remote ones.
  RemoteActors(storage::Database& database, net::UrlClient client, const util::Clock& clock,
               std::string own_origin)
      : database_(database),
        client_(std::move(client)),
        clock_(clock),
        own_origin_(std::move(own_origin)) {}

  // The actor at `iri`. Fails with InvalidArgument for an IRI that is not http(s) or is this
  // server's, Forbidden for a blocked domain, NotFound when the server says it is gone or not
  // there, UpstreamFailed when its answer is not an actor (the message says why: not JSON,
  // another type, an id of another origin, no inbox or key) or it cannot be reached.
  util::Result<RemoteActor> ByIri(std::string_view iri,
                                  ActorFreshness freshness = ActorFreshness::kKept);

  // The actor owning the key `key_id` ("https://h/users/ada#main-key"): the kept one with that
  // key, else the document at the key id (an actor, or a key naming its owner) fetched. The
  // owner's own document must list the key.
  util::Result<RemoteActor> ByKeyId(std::string_view key_id,
                                    ActorFreshness freshness = ActorFreshness::kKept);

  // "@ada@social.example.org" or "ada@social.example.org" through WebFinger (https; http too
  // when private addresses are allowed, for tests on loopback). InvalidArgument for text that is
  // not a handle, NotFound when the server knows no such person.
  util::Result<RemoteActor> ByHandle(std::string_view handle);

  // The kept actor of users row `user_id`; nullopt for a local person or unknown id.
  util::Result<std::optional<RemoteActor>> Kept(storage::Connection& connection,
                                                std::string_view user_id) const;

  // GETs `url` as ActivityPub JSON and checks that its `id` has the origin of the URL that
  // answered (a server speaks only for its own objects). The errors of ByIri.
  // A server that refuses an unsigned read (401 or 403: "authorized fetch") is asked again with
  // the read signed by `SetReadSigner`'s headers.
  util::Result<nlohmann::json> FetchObject(std::string_view url) const;
  // What signs reads (InstanceActor::SignGet); set before serving. None: reads go unsigned.
  using ReadSigner =
      std::function<util::Result<std::vector<net::HttpHeader>>(std::string_view url)>;
  void SetReadSigner(ReadSigner signer) { read_signer_ = std::move(signer); }

  const std::string& own_origin() const { return own_origin_; }

 private:
  util::Result<std::optional<RemoteActor>> KeptWhere(storage::Connection& connection,
                                                     std::string_view column,
                                                     std::string_view value) const;
  // The actor at `iri` / owning `key_id`, fetched now.
  util::Result<RemoteActor> FetchActorAt(std::string_view iri);
  util::Result<RemoteActor> FetchKeyOwner(std::string_view key_id);
  // Reads the actor document `document` (fetched from its own id) and keeps it.
  util::Result<RemoteActor> Keep(const nlohmann::json& document);

  storage::Database& database_;
  net::UrlClient client_;
  const util::Clock& clock_;
  std::string own_origin_;
  ReadSigner read_signer_;
};

}  // namespace cairn::services
