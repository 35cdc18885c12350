// The OAuth dance: the state and PKCE verifier kept between start and callback, the token
// endpoint's grants, and the tokens sealed into the instance.
#include "services/plugins/oauth_connections.h"

#include "services/families/names.h"
#include "util/base64.h"
#include "util/random.h"
#include "util/sha256.h"

namespace cairn::services::plugins {
namespace {

using records::Json;

// RFC 7636's unreserved characters: what a code verifier is made of.
constexpr std::string_view kVerifierAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~";

// A setting that may have been typed as a number ("12345") or given as one (12345).
std::string SettingText(const Json& config, const char* name) {
  const Json value = config.value(name, Json());
  if (value.is_string()) return value.get<std::string>();
  if (value.is_number_integer()) return std::to_string(value.get<int64_t>());
  return "";
}

// What an OAuth error answer says: {"message": ..., "errors": [{resource, field, code}]} from
// Strava, {"error": ..., "error_description": ...} from RFC 6749 servers.
std::string ErrorWords(const net::UrlResponse& response) {
  const Json body = Json::parse(response.body, nullptr, false);
  std::string words;
  if (body.is_object()) {
    if (body.contains("error_description") && body["error_description"].is_string()) {
      words = body["error_description"].get<std::string>();
    } else if (body.contains("message") && body["message"].is_string()) {
      words = body["message"].get<std::string>();
    } else if (body.contains("error") && body["error"].is_string()) {
      words = body["error"].get<std::string>();
    }
    const Json errors = body.value("errors", Json::array());
    if (errors.is_array() && !errors.empty() && errors[0].is_object()) {
      std::string detail;
      for (const char* key : {"resource", "field", "code"}) {
        const Json part = errors[0].value(key, Json());
        if (part.is_string()) detail += (detail.empty() ? "" : " ") + part.get<std::string>();
      }
      if (!detail.empty()) words += (words.empty() ? "" : ": ") + detail;
    }
  }
  return words.substr(0, 200);
}

}  // namespace

OAuthProvider StravaProvider(const std::string& base) {
  std::string root = base;
  while (!root.empty() && root.back() == '/') root.pop_back();
  return {.plugin_id = "strava",
          .service_name = "Strava",
          .authorize_url = root + "/oauth/authorize",
          .token_url = root + "/oauth/token",
          .revoke_url = root + "/oauth/deauthorize",
          .scope = "read,activity:read_all",
          .extra_authorize_fields = {{"approval_prompt", "auto"}}};
}

// What a token endpoint granted.
struct OAuthConnections::Grant {
  std::string access_token;
  std::string refresh_token;  // "" when the answer kept the old one
  int64_t expires_at = 0;     // Unix seconds
  std::string account;        // "Firstname Lastname" when the answer names the athlete
  std::string account_id;
};

util::Result<OAuthConnections> OAuthConnections::Create(
    storage::Database& database, const SecretSealer& sealer, PluginInstances& instances,
    RecordService& records, const util::Clock& clock, OAuthOptions options) {
  CAIRN_ASSIGN_OR_RETURN(net::UrlClient client,
                         net::UrlClient::Create({.addresses = options.addresses,
                                                 .address_setting = "--plugin-allow-private",
                                                 .max_redirects = 0,
                                                 .connect_timeout = std::chrono::seconds(10),
                                                 .total_timeout = std::chrono::seconds(30),
                                                 .max_response_bytes = 256 * 1024,
                                                 .user_agent = options.user_agent}));
  return OAuthConnections(database, sealer, instances, records, clock, std::move(client),
                          std::move(options));
}

const OAuthProvider* OAuthConnections::ProviderOf(const std::string& plugin_id) const {
  for (const OAuthProvider& provider : options_.providers) {
    if (provider.plugin_id == plugin_id) return &provider;
  }
  return nullptr;
}

util::Result<Json> OAuthConnections::Start(const Caller& caller, const std::string& instance_id,
                                           const std::string& origin) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to connect a service.");
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance, instances_.OpenOwned(caller, instance_id));
  const OAuthProvider* provider = ProviderOf(instance.plugin_id);
  if (provider == nullptr) {
    return util::Error::InvalidArgument("The plugin \"" + instance.plugin_id +
                                        "\" does not sign in with an online service.");
  }
  if (!instance.enabled) {
    return util::Error::InvalidArgument("This connection is turned off; turn it on first.");
  }
  const std::string client_id = SettingText(instance.config, "clientId");
  const std::string client_secret = instance.secrets.value("clientSecret", "");
  if (client_id.empty() || client_secret.empty()) {
    return util::Error::InvalidArgument("Add the Client ID and Client secret of your " +
                                        provider->service_name +
                                        " API application to the connection first.");
  }
  const std::string verifier = util::RandomString(64, kVerifierAlphabet);
  const std::string challenge =
      util::Base64Encode(util::Sha256Digest(verifier), util::Base64Alphabet::kUrlSafeUnpadded);
  const std::string state =
      util::Base64Encode(util::RandomBytes(32), util::Base64Alphabet::kUrlSafeUnpadded);
  const std::string redirect_uri = origin + options_.callback_path;
  const int64_t now = clock_.NowMillis();
  auto stored = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM oauth_states WHERE expires < ?", {now}));
    CAIRN_RETURN_IF_ERROR(
        c.Execute("INSERT INTO oauth_states (state_hash, user, instance, verifier, "
                  "redirect_uri, expires) VALUES (?, ?, ?, ?, ?, ?)",
                  {util::Sha256Hex(state), caller.user_id, instance.id, sealer_.Seal(verifier),
                   redirect_uri, now + options_.state_lifetime_millis}));
    return true;
  });
  if (!stored.ok()) return std::move(stored).error();
  net::FormFields query = {{"client_id", client_id},
                           {"redirect_uri", redirect_uri},
                           {"response_type", "code"},
                           {"scope", provider->scope},
                           {"state", state},
                           {"code_challenge", challenge},
                           {"code_challenge_method", "S256"}};
  query.insert(query.end(), provider->extra_authorize_fields.begin(),
               provider->extra_authorize_fields.end());
  return Json{{"url", provider->authorize_url + "?" + net::FormEncode(query)},
              {"redirectUri", redirect_uri}};
}

util::Result<Json> OAuthConnections::Finish(const Caller& caller, const OAuthCallback& callback) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to connect a service.");
  const util::Error mismatch = util::Error::InvalidField(
      "This sign-in answer is not one this server is waiting for (state mismatch, or older than "
      "ten minutes): start again from Settings.",
      "state", "validation_invalid_value", "Not a sign-in this server started for you.");
  if (callback.state.empty() || callback.state.size() > 512) return mismatch;
  struct Pending {
    std::string instance, verifier, redirect_uri;
  };
  const int64_t now = clock_.NowMillis();
  // Taken and removed in one step: a state works once, whatever happens next.
  auto pending = database_.Write<std::optional<Pending>>(
      [&](storage::Connection& c) -> util::Result<std::optional<Pending>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows, c.Query("SELECT user, instance, verifier, redirect_uri, expires FROM "
                               "oauth_states WHERE state_hash = ?",
                               {util::Sha256Hex(callback.state)}));
        if (rows.rows.empty()) return std::optional<Pending>();
        const auto& row = rows.rows[0];
        if (storage::AsText(row[0]) != caller.user_id) return std::optional<Pending>();
        CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM oauth_states WHERE state_hash = ?",
                                        {util::Sha256Hex(callback.state)}));
        if (static_cast<int64_t>(storage::AsNumber(row[4])) < now) return std::optional<Pending>();
        return std::optional<Pending>(
            Pending{storage::AsText(row[1]), storage::AsText(row[2]), storage::AsText(row[3])});
      });
  if (!pending.ok()) return std::move(pending).error();
  if (!pending->has_value()) return mismatch;
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance,
                         instances_.OpenOwned(caller, (*pending)->instance));
  const OAuthProvider* provider = ProviderOf(instance.plugin_id);
  if (provider == nullptr) return util::Error::InvalidArgument("The plugin signs in no more.");
  if (!callback.error.empty()) {
    return util::Error::InvalidArgument(
        callback.error == "access_denied"
            ? "You declined the access on " + provider->service_name + "; nothing was connected."
            : provider->service_name + " did not sign you in (" + callback.error.substr(0, 80) +
                  ").");
  }
  if (callback.code.empty() || callback.code.size() > 2048) {
    return util::Error::InvalidField("The sign-in answer has no code.", "code",
                                     "validation_required", "The service's code is missing.");
  }
  CAIRN_ASSIGN_OR_RETURN(std::string verifier, sealer_.Open((*pending)->verifier));
  auto grant =
      RequestTokens(*provider, {{"client_id", SettingText(instance.config, "clientId")},
                                {"client_secret", instance.secrets.value("clientSecret", "")},
                                {"code", callback.code},
                                {"grant_type", "authorization_code"},
                                {"redirect_uri", (*pending)->redirect_uri},
                                {"code_verifier", verifier}});
  if (!grant.ok()) {
    util::Error error = std::move(grant).error();
    if (error.kind == util::ErrorKind::kUnauthorized)
      error = util::Error::UpstreamFailed(error.message);
    return error;
  }
  PluginInstances::Learnt learnt;
  learnt.secrets = {{"access_token", grant->access_token},
                    {"refresh_token", grant->refresh_token},
                    {"expires_at", std::to_string(grant->expires_at)}};
  if (!grant->account.empty()) learnt.config["account"] = grant->account;
  if (!grant->account_id.empty()) learnt.config["accountId"] = grant->account_id;
  // Strava lets the person untick scopes; without activity access a sync finds nothing.
  const bool reads_activities =
      callback.scope.empty() || callback.scope.find("activity:read") != std::string::npos;
  learnt.status = reads_activities ? "configured" : "needs_reauth";
  learnt.message = reads_activities
                       ? "Connected to " + provider->service_name +
                             (grant->account.empty() ? "." : " as " + grant->account + ".")
                       : "Connected without access to your activities: sign in again and allow it.";
  CAIRN_RETURN_IF_ERROR(instances_.Store(instance.id, learnt));
  return records_.Show(caller, kPluginInstances, instance.id, "");
}

util::Result<Json> OAuthConnections::Revoke(const Caller& caller, const std::string& instance_id) {
  if (caller.IsAnonymous()) return util::Error::Unauthorized("Sign in to disconnect a service.");
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance, instances_.OpenOwned(caller, instance_id));
  const OAuthProvider* provider = ProviderOf(instance.plugin_id);
  if (provider == nullptr) {
    return util::Error::InvalidArgument("The plugin \"" + instance.plugin_id +
                                        "\" does not sign in with an online service.");
  }
  std::string message = "Signed out of " + provider->service_name + ".";
  if (instance.secrets.contains("refresh_token") || instance.secrets.contains("access_token")) {
    auto token = AccessToken(instance.id);
    util::Result<net::UrlResponse> told = util::Error::Unavailable("no token");
    if (token.ok() && !provider->revoke_url.empty()) {
      told = client_.Post(
          provider->revoke_url, net::FormEncode({{"access_token", *token}}),
          {{"Content-Type", "application/x-www-form-urlencoded"}, {"Accept", "application/json"}});
    }
    if (!told.ok() || told->status != 200) {
      message = "Forgotten here, but " + provider->service_name +
                " could not be told: remove Cairn's access in its settings too.";
    }
  }
  PluginInstances::Learnt learnt;
  learnt.secrets = {{"access_token", nullptr}, {"refresh_token", nullptr}, {"expires_at", nullptr}};
  learnt.status = "needs_auth";
  learnt.message = message;
  CAIRN_RETURN_IF_ERROR(instances_.Store(instance.id, learnt));
  // Another account may be connected next: its history is listed from the start.
  auto forgotten = database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    CAIRN_RETURN_IF_ERROR(
        c.Execute("DELETE FROM plugin_sync_cursors WHERE instance = ?", {instance.id}));
    return true;
  });
  if (!forgotten.ok()) return std::move(forgotten).error();
  return Json{{"acknowledged", true}, {"message", message}};
}

util::Result<std::string> OAuthConnections::AccessToken(const std::string& instance_id,
                                                        bool refresh) {
  std::lock_guard lock(*refresh_mutex_);
  CAIRN_ASSIGN_OR_RETURN(OpenedInstance instance, instances_.Open(instance_id));
  const OAuthProvider* provider = ProviderOf(instance.plugin_id);
  if (provider == nullptr) return util::Error::InvalidArgument("The plugin signs in no more.");
  const std::string access = instance.secrets.value("access_token", "");
  const std::string refresh_token = instance.secrets.value("refresh_token", "");
  if (access.empty() && refresh_token.empty()) {
    return util::Error::Unauthorized("Not signed in to " + provider->service_name + ".");
  }
  int64_t expires_at = 0;
  try {
    expires_at = std::stoll(instance.secrets.value("expires_at", "0"));
  } catch (const std::exception&) {
    expires_at = 0;
  }
  const int64_t now_seconds = clock_.NowMillis() / 1000;
  if (!refresh && !access.empty() && expires_at - now_seconds > options_.refresh_margin_seconds) {
    return access;
  }
  if (refresh_token.empty()) {
    return util::Error::Unauthorized("The sign-in to " + provider->service_name +
                                     " expired; sign in again.");
  }
  auto grant =
      RequestTokens(*provider, {{"client_id", SettingText(instance.config, "clientId")},
                                {"client_secret", instance.secrets.value("clientSecret", "")},
                                {"grant_type", "refresh_token"},
                                {"refresh_token", refresh_token}});
  if (!grant.ok()) {
    if (grant.error().kind == util::ErrorKind::kUnauthorized) {
      PluginInstances::Learnt learnt;
      learnt.status = "needs_reauth";
      learnt.message = provider->service_name + " no longer takes the stored sign-in (" +
                       grant.error().message + "); sign in again.";
      CAIRN_RETURN_IF_ERROR(instances_.Store(instance.id, learnt));
      return util::Error::Unauthorized(learnt.message);
    }
    return std::move(grant).error();
  }
  PluginInstances::Learnt learnt;
  learnt.secrets = {{"access_token", grant->access_token},
                    {"expires_at", std::to_string(grant->expires_at)}};
  if (!grant->refresh_token.empty()) learnt.secrets["refresh_token"] = grant->refresh_token;
  CAIRN_RETURN_IF_ERROR(instances_.Store(instance.id, learnt));
  return grant->access_token;
}

util::Result<OAuthConnections::Grant> OAuthConnections::RequestTokens(
    const OAuthProvider& provider, const net::FormFields& fields) {
  auto answer = client_.Post(
      provider.token_url, net::FormEncode(fields),
      {{"Content-Type", "application/x-www-form-urlencoded"}, {"Accept", "application/json"}});
  if (!answer.ok()) {
    util::Error error = std::move(answer).error();
    error.message = provider.service_name + " could not be reached: " + error.message;
    return error;
  }
  if (answer->status == 400 || answer->status == 401 || answer->status == 403) {
    const std::string words = ErrorWords(*answer);
    return util::Error::Unauthorized(provider.service_name + " refused the sign-in (" +
                                     std::to_string(answer->status) +
                                     (words.empty() ? "" : ": " + words) + ")");
  }
  if (answer->status != 200) {
    return util::Error::UpstreamFailed(provider.service_name + " answered " +
                                       std::to_string(answer->status) + " to the sign-in.");
  }
  const Json body = Json::parse(answer->body, nullptr, false);
  if (!body.is_object() || !body.contains("access_token") || !body["access_token"].is_string() ||
      body["access_token"].get<std::string>().empty()) {
    return util::Error::UpstreamFailed(provider.service_name +
                                       "'s answer to the sign-in holds no access token.");
  }
  Grant grant{.access_token = body["access_token"]};
  if (body.contains("refresh_token") && body["refresh_token"].is_string()) {
    grant.refresh_token = body["refresh_token"];
  }
  const int64_t now_seconds = clock_.NowMillis() / 1000;
  if (body.contains("expires_at") && body["expires_at"].is_number()) {
    grant.expires_at = body["expires_at"].get<int64_t>();
  } else if (body.contains("expires_in") && body["expires_in"].is_number()) {
    grant.expires_at = now_seconds + body["expires_in"].get<int64_t>();
  } else {
    grant.expires_at = now_seconds + 3600;
  }
  if (const Json athlete = body.value("athlete", Json()); athlete.is_object()) {
    const std::string first = athlete.value("firstname", "");
    const std::string last = athlete.value("lastname", "");
    grant.account = first + (first.empty() || last.empty() ? "" : " ") + last;
    if (grant.account.empty()) grant.account = athlete.value("username", "");
    if (athlete.contains("id") && athlete["id"].is_number_integer()) {
      grant.account_id = std::to_string(athlete["id"].get<int64_t>());
    }
  }
  return grant;
}

}  // namespace cairn::services::plugins
