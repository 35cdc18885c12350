// Remote actors fetched, checked and kept. Everything read from another server is treated as
// untrusted: types and shapes are checked, ids must belong to the server that answered, text is
// reduced to plain text and bounded.
#include "services/federation/remote_actors.h"

#include "services/federation/domain_blocks.h"
#include "services/federation/html_text.h"
#include "services/federation/json_fields.h"
#include "util/ids.h"
#include "util/text.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

constexpr char kAccept[] =
    "application/activity+json, application/ld+json; "
    "profile=\"https://www.w3.org/ns/activitystreams\"";

bool IsActorType(const std::string& type) {
  return type == "Person" || type == "Service" || type == "Application" || type == "Group" ||
         type == "Organization";
}

// A preferredUsername as a name here: letters, digits, '_', '.', '-' only, at most 64.
std::string SafeName(std::string_view name) {
  std::string out;
  for (char c : name) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '_' || c == '.' || c == '-';
    if (ok) out += c;
    if (out.size() == 64) break;
  }
  return out.empty() ? "someone" : out;
}

// The key of `document` with id `key_id` (or its first key when `key_id` is empty): publicKey
// may be one object or several.
const Json* FindKey(const Json& document, std::string_view key_id) {
  const auto it = document.find("publicKey");
  if (it == document.end()) return nullptr;
  const auto matches = [&](const Json& key) {
    return key.is_object() && key.contains("publicKeyPem") && key["publicKeyPem"].is_string() &&
           (key_id.empty() || StringField(key, "id") == key_id);
  };
  if (it->is_object()) return matches(*it) ? &*it : nullptr;
  if (it->is_array()) {
    for (const Json& key : *it) {
      if (matches(key)) return &key;
    }
  }
  return nullptr;
}

std::string UrlOf(const Json& document) {
  const auto it = document.find("url");
  if (it == document.end()) return "";
  if (it->is_string()) return it->get<std::string>();
  if (it->is_object()) return StringField(*it, "href");
  if (it->is_array() && !it->empty()) {
    const Json& first = (*it)[0];
    return first.is_string() ? first.get<std::string>() : StringField(first, "href");
  }
  return "";
}

bool IsHttpUrl(std::string_view url) { return net::OriginOf(url).ok(); }

}  // namespace

util::Result<Json> RemoteActors::FetchObject(std::string_view url) const {
  if (!IsHttpUrl(url)) {
    return util::Error::InvalidArgument("\"" + std::string(url) + "\" is not an http(s) URL.");
  }
  if (net::SameOrigin(url, own_origin_ + "/")) {
    return util::Error::InvalidArgument("That address is this server's own.");
  }
  CAIRN_ASSIGN_OR_RETURN(bool blocked, database_.Read<bool>([&](storage::Connection& c) {
    return IsBlockedUrl(c, url);
  }));
  if (blocked) return util::Error::Forbidden("That server is blocked here.");
  CAIRN_ASSIGN_OR_RETURN(net::UrlResponse response, client_.Get(url, {{"Accept", kAccept}}));
  if ((response.status == 401 || response.status == 403) && read_signer_) {
    // Signed for the URL that answered: a signature covers its host and path.
    CAIRN_ASSIGN_OR_RETURN(std::vector<net::HttpHeader> headers, read_signer_(response.final_url));
    headers.push_back({"Accept", kAccept});
    CAIRN_ASSIGN_OR_RETURN(response, client_.Get(response.final_url, headers));
  }
  if (response.status == 404 || response.status == 410) {
    return util::Error::NotFound(std::string(url) + " is not there (HTTP " +
                                 std::to_string(response.status) + ").");
  }
  if (response.status != 200) {
    return util::Error::UpstreamFailed(std::string(url) + " answered HTTP " +
                                       std::to_string(response.status) + ".");
  }
  Json document = Json::parse(response.body, nullptr, false);
  if (!document.is_object()) {
    return util::Error::UpstreamFailed(std::string(url) + " did not answer a JSON object.");
  }
  const std::string id = StringField(document, "id");
  if (id.empty() || !net::SameOrigin(id, response.final_url)) {
    return util::Error::UpstreamFailed(std::string(url) + " answered an object of another server.");
  }
  return document;
}

util::Result<std::optional<RemoteActor>> RemoteActors::KeptWhere(storage::Connection& c,
                                                                 std::string_view column,
                                                                 std::string_view value) const {
  // `column` is this file's constant, never a caller's text.
  CAIRN_ASSIGN_OR_RETURN(
      auto rows, c.Query("SELECT a.user, a.iri, u.username, a.inbox, a.shared_inbox, a.key_id, "
                         "a.public_pem, a.url, a.fetched FROM ap_actors a JOIN users u ON "
                         "u.id = a.user WHERE a." +
                             std::string(column) + " = ? LIMIT 1",
                         {std::string(value)}));
  if (rows.rows.empty()) return std::optional<RemoteActor>();
  const auto& row = rows.rows[0];
  return std::optional<RemoteActor>(RemoteActor{storage::AsText(row[0]), storage::AsText(row[1]),
                                                storage::AsText(row[2]), storage::AsText(row[3]),
                                                storage::AsText(row[4]), storage::AsText(row[5]),
                                                storage::AsText(row[6]), storage::AsText(row[7]),
                                                static_cast<int64_t>(storage::AsNumber(row[8]))});
}

util::Result<std::optional<RemoteActor>> RemoteActors::Kept(storage::Connection& connection,
                                                            std::string_view user_id) const {
  return KeptWhere(connection, "user", user_id);
}

util::Result<RemoteActor> RemoteActors::ByIri(std::string_view iri, ActorFreshness freshness) {
  const int64_t now = clock_.NowMillis() / 1000;
  if (freshness == ActorFreshness::kKept) {
    CAIRN_ASSIGN_OR_RETURN(auto kept,
                           database_.Read<std::optional<RemoteActor>>(
                               [&](storage::Connection& c) { return KeptWhere(c, "iri", iri); }));
    if (kept && now - kept->fetched < kActorRefreshSeconds) return *kept;
    // Stale: fetch again, but a server that is down for a while keeps its people as they were.
    auto fetched = FetchActorAt(iri);
    if (!fetched.ok() && kept && fetched.error().kind != util::ErrorKind::kForbidden) return *kept;
    return fetched;
  }
  return FetchActorAt(iri);
}

util::Result<RemoteActor> RemoteActors::FetchActorAt(std::string_view iri) {
  CAIRN_ASSIGN_OR_RETURN(Json document, FetchObject(iri));
  if (StringField(document, "id") != iri) {
    return util::Error::UpstreamFailed(std::string(iri) + " answered an object with another id.");
  }
  return Keep(document);
}

util::Result<RemoteActor> RemoteActors::ByKeyId(std::string_view key_id, ActorFreshness freshness) {
  const int64_t now = clock_.NowMillis() / 1000;
  if (freshness == ActorFreshness::kKept) {
    CAIRN_ASSIGN_OR_RETURN(
        auto kept, database_.Read<std::optional<RemoteActor>>(
                       [&](storage::Connection& c) { return KeptWhere(c, "key_id", key_id); }));
    if (kept && now - kept->fetched < kActorRefreshSeconds) return *kept;
    auto fetched = FetchKeyOwner(key_id);
    if (!fetched.ok() && kept && fetched.error().kind != util::ErrorKind::kForbidden) return *kept;
    return fetched;
  }
  return FetchKeyOwner(key_id);
}

util::Result<RemoteActor> RemoteActors::FetchKeyOwner(std::string_view key_id) {
  const std::string document_url(key_id.substr(0, key_id.find('#')));
  CAIRN_ASSIGN_OR_RETURN(Json document, FetchObject(document_url));
  std::string owner = StringField(document, "id");
  if (!IsActorType(StringField(document, "type"))) {
    // A key document (Key, CryptographicKey) names its owner; the owner must list the key.
    owner = StringField(document, "owner");
    if (owner.empty()) {
      return util::Error::UpstreamFailed("The key " + std::string(key_id) + " names no owner.");
    }
  }
  if (!net::SameOrigin(owner, key_id)) {
    return util::Error::UpstreamFailed("The key " + std::string(key_id) +
                                       " belongs to another server's actor.");
  }
  CAIRN_ASSIGN_OR_RETURN(RemoteActor actor, owner == StringField(document, "id")
                                                ? Keep(document)
                                                : ByIri(owner, ActorFreshness::kRefetch));
  if (actor.key_id != key_id) {
    return util::Error::UpstreamFailed("The actor " + actor.iri + " does not list the key " +
                                       std::string(key_id) + ".");
  }
  return actor;
}

util::Result<RemoteActor> RemoteActors::ByHandle(std::string_view handle) {
  if (!handle.empty() && handle.front() == '@') handle.remove_prefix(1);
  const size_t at = handle.find('@');
  if (at == std::string_view::npos || at == 0 || at + 1 == handle.size() ||
      handle.find('@', at + 1) != std::string_view::npos ||
      handle.find_first_of("/?#\\ ") != std::string_view::npos) {
    return util::Error::InvalidArgument("\"" + std::string(handle) +
                                        "\" is not a handle like @name@example.org.");
  }
  const std::string host = util::LowercaseAscii(handle.substr(at + 1));
  const std::string resource = "acct:" + std::string(handle.substr(0, at)) + "@" + host;
  std::vector<std::string> schemes = {"https"};
  // Test peers on loopback speak plain http; a public server never gets asked that way.
  if (client_.options().addresses == net::AddressRule::kAnyAddress) schemes.push_back("http");
  util::Error last = util::Error::NotFound("No such person.");
  for (const std::string& scheme : schemes) {
    const std::string url = scheme + "://" + host + "/.well-known/webfinger?resource=" + resource;
    if (net::SameOrigin(url, own_origin_ + "/")) {
      return util::Error::InvalidArgument("That handle is of this server.");
    }
    CAIRN_ASSIGN_OR_RETURN(bool blocked, database_.Read<bool>([&](storage::Connection& c) {
      return IsBlockedUrl(c, url);
    }));
    if (blocked) return util::Error::Forbidden("That server is blocked here.");
    auto response = client_.Get(url, {{"Accept", "application/jrd+json, application/json"}});
    if (!response.ok()) {
      last = std::move(response).error();
      continue;
    }
    if (response->status == 404 || response->status == 410) {
      return util::Error::NotFound("No person " + std::string(handle) + " is known there.");
    }
    if (response->status != 200) {
      return util::Error::UpstreamFailed(host + " answered WebFinger with HTTP " +
                                         std::to_string(response->status) + ".");
    }
    const Json jrd = Json::parse(response->body, nullptr, false);
    if (jrd.is_object() && jrd.contains("links") && jrd["links"].is_array()) {
      for (const Json& link : jrd["links"]) {
        if (!link.is_object() || StringField(link, "rel") != "self") continue;
        const std::string type = StringField(link, "type");
        if (type.find("activity+json") == std::string::npos &&
            type.find("ld+json") == std::string::npos) {
          continue;
        }
        return ByIri(StringField(link, "href"));
      }
    }
    return util::Error::UpstreamFailed(host + "'s WebFinger answer names no ActivityPub actor.");
  }
  return last;
}

util::Result<RemoteActor> RemoteActors::Keep(const Json& document) {
  const std::string iri = StringField(document, "id");
  const std::string type = StringField(document, "type");
  if (!IsActorType(type)) {
    return util::Error::UpstreamFailed(iri + " is not an actor (its type is \"" + type + "\").");
  }
  RemoteActor actor;
  actor.iri = iri;
  actor.inbox = StringField(document, "inbox");
  if (const auto it = document.find("endpoints"); it != document.end() && it->is_object()) {
    actor.shared_inbox = StringField(*it, "sharedInbox");
  }
  const Json* key = FindKey(document, "");
  if (key) {
    actor.key_id = StringField(*key, "id");
    actor.public_pem = StringField(*key, "publicKeyPem");
  }
  if (!IsHttpUrl(actor.inbox) || !net::SameOrigin(actor.inbox, iri)) {
    return util::Error::UpstreamFailed(iri + " names no inbox of its own server.");
  }
  if (!actor.shared_inbox.empty() &&
      (!IsHttpUrl(actor.shared_inbox) || !net::SameOrigin(actor.shared_inbox, iri))) {
    actor.shared_inbox.clear();
  }
  if (!key || actor.public_pem.empty() || !net::SameOrigin(actor.key_id, iri)) {
    return util::Error::UpstreamFailed(iri + " has no public key of its own.");
  }
  actor.url = UrlOf(document);
  if (!IsHttpUrl(actor.url)) actor.url.clear();
  CAIRN_ASSIGN_OR_RETURN(std::string authority, net::HostHeaderValue(iri));
  const std::string wanted =
      SafeName(StringField(document, "preferredUsername")) + "@" + util::LowercaseAscii(authority);
  const std::string bio = HtmlToText(StringField(document, "summary"), 1000);
  const int64_t now_ms = clock_.NowMillis();
  actor.fetched = now_ms / 1000;
  const std::string now = util::FormatTimestamp(now_ms);

  return database_.Write<RemoteActor>([&](storage::Connection& c) -> util::Result<RemoteActor> {
    CAIRN_ASSIGN_OR_RETURN(bool blocked, IsBlockedUrl(c, iri));
    if (blocked) return util::Error::Forbidden("That server is blocked here.");
    CAIRN_ASSIGN_OR_RETURN(auto existing,
                           c.Query("SELECT id FROM users WHERE remote_actor = ?", {iri}));
    std::string user_id =
        existing.rows.empty() ? util::NewRecordId() : storage::AsText(existing.rows[0][0]);
    // Two actors may claim one name on a server (renamed accounts): the later gets a number.
    std::string username = wanted;
    for (int n = 2;; ++n) {
      CAIRN_ASSIGN_OR_RETURN(auto taken, c.Query("SELECT 1 FROM users WHERE username = ? COLLATE "
                                                 "NOCASE AND id != ?",
                                                 {username, user_id}));
      if (taken.rows.empty()) break;
      if (n > 50) return util::Error::Conflict("No free name for " + iri + ".");
      username = SafeName(StringField(document, "preferredUsername")) + "-" + std::to_string(n) +
                 wanted.substr(wanted.find('@'));
    }
    if (existing.rows.empty()) {
      CAIRN_RETURN_IF_ERROR(
          c.Execute("INSERT INTO users (id, created, updated, username, email, bio, password_hash, "
                    "token_key, remote_actor) VALUES (?, ?, ?, ?, ?, ?, '', ?, ?)",
                    {user_id, now, now, username, user_id + "@remote.invalid", bio,
                     util::NewRecordId(), iri}));
    } else {
      CAIRN_RETURN_IF_ERROR(
          c.Execute("UPDATE users SET updated = ?, username = ?, bio = ? WHERE id = ?",
                    {now, username, bio, user_id}));
    }
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "INSERT INTO ap_actors (user, iri, inbox, shared_inbox, key_id, public_pem, url, fetched) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user) DO UPDATE SET iri = excluded.iri, "
        "inbox = excluded.inbox, shared_inbox = excluded.shared_inbox, key_id = excluded.key_id, "
        "public_pem = excluded.public_pem, url = excluded.url, fetched = excluded.fetched",
        {user_id, iri, actor.inbox, actor.shared_inbox, actor.key_id, actor.public_pem, actor.url,
         actor.fetched}));
    actor.user_id = user_id;
    actor.username = username;
    return actor;
  });
}

}  // namespace cairn::services
