// Connecting an online service (Strava first) with OAuth 2.0's authorization code flow, PKCE
// (S256) and a state: oauth/start makes the address the browser goes to, oauth/callback takes the
// code it comes back with, checks the state and trades the code for tokens, which are sealed into
// the plugin instance's auth. Syncs ask for an access token here; it is refreshed before it
// expires. oauth/revoke tells the service and forgets the tokens.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "net/form_encoding.h"
#include "net/url_client.h"
#include "records/record_codec.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "services/plugins/plugin_catalog.h"
#include "services/plugins/plugin_instances.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services::plugins {

// Where a service signs people in and hands out tokens.
struct OAuthProvider {
  std::string plugin_id;      // the plugin that connects through it: "strava"
  std::string service_name;   // "Strava", for messages
  std::string authorize_url;  // the page the browser is sent to
  std::string token_url;      // code and refresh grants (POST, form-encoded)
  std::string revoke_url;     // where a connection is ended (POST access_token); may be ""
  std::string scope;          // "read,activity:read_all"
  net::FormFields extra_authorize_fields;  // approval_prompt=auto, ...
};

// Strava's endpoints below `base` ("https://www.strava.com" unless --strava-url says otherwise).
OAuthProvider StravaProvider(const std::string& base);

struct OAuthOptions {
  net::AddressRule addresses = net::AddressRule::kPublicOnly;
  std::string user_agent = "cairn";
  std::vector<OAuthProvider> providers;
  // The web app's page the service sends the browser back to (below the server's origin).
  std::string callback_path = "/settings/connected";
  int64_t state_lifetime_millis = 10 * 60 * 1000;
  // An access token closer than this to its expiry is refreshed before it is used.
  int64_t refresh_margin_seconds = 300;
};

// The query the service sent the browser back with.
struct OAuthCallback {
  std::string state;
  std::string code;
  std::string scope;
  std::string error;  // "access_denied" when the person declined
};

// Thread-safe.
class OAuthConnections {
 public:
  static util::Result<OAuthConnections> Create(storage::Database& database,
                                               const SecretSealer& sealer,
                                               PluginInstances& instances, RecordService& records,
                                               const util::Clock& clock, OAuthOptions options);

  // POST /plugin-system/oauth/start {instance}: {url, redirectUri}. `origin` is this server's
  // ("https://trails.example.org"). NotFound for an instance not the caller's; InvalidArgument
  // when its plugin does not connect through OAuth or its client ID or secret is missing.
  util::Result<records::Json> Start(const Caller& caller, const std::string& instance_id,
                                    const std::string& origin);

  // POST /plugin-system/oauth/callback: the instance as GET /plugin-instance/{id} shows it, now
  // "configured". InvalidArgument when the state is not one this server gave the caller in the
  // last ten minutes (each state works once), when the person declined, or without a code;
  // UpstreamFailed when the service does not trade the code for tokens.
  util::Result<records::Json> Finish(const Caller& caller, const OAuthCallback& callback);

  // POST /plugin-system/oauth/revoke {instance}: the service is told (when it can be reached)
  // and the tokens are forgotten either way; the instance needs a sign-in again.
  // {acknowledged, message}.
  util::Result<records::Json> Revoke(const Caller& caller, const std::string& instance_id);

  // An access token for instance `instance_id` (for the server acting for its owner), refreshed
  // first when it expires within the margin or when `refresh` (the service refused the last
  // one). Unauthorized when the instance has no tokens or the service refuses the refresh (the
  // instance is then "needs_reauth"); UpstreamFailed/UpstreamTimeout when it cannot be reached.
  util::Result<std::string> AccessToken(const std::string& instance_id, bool refresh = false);

  // The provider of plugin `plugin_id`, or nullptr.
  const OAuthProvider* ProviderOf(const std::string& plugin_id) const;

 private:
  OAuthConnections(storage::Database& database, const SecretSealer& sealer,
                   PluginInstances& instances, RecordService& records, const util::Clock& clock,
                   net::UrlClient client, OAuthOptions options)
      : database_(database),
        sealer_(sealer),
        instances_(instances),
        records_(records),
        clock_(clock),
        client_(std::move(client)),
        options_(std::move(options)) {}

  struct Grant;
  // POSTs `fields` to the provider's token endpoint; the tokens it grants.
  util::Result<Grant> RequestTokens(const OAuthProvider& provider, const net::FormFields& fields);

  storage::Database& database_;
  const SecretSealer& sealer_;
  PluginInstances& instances_;
  RecordService& records_;
  const util::Clock& clock_;
  net::UrlClient client_;
  OAuthOptions options_;
  // One refresh at a time: a refresh token may work only once. (A pointer keeps this movable.)
  std::unique_ptr<std::mutex> refresh_mutex_ = std::make_unique<std::mutex>();
};

}  // namespace cairn::services::plugins
