// The IRIs this server gives its actors and objects, all under --public-url's origin, and the
// pages people open for them. One place, so that what is published and what is looked up agree.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace cairn::services {

// The path every ActivityPub IRI of this server starts with.
inline constexpr std::string_view kActivityPubPath = "/api/v1/activitypub";

// One of this server's IRIs read back: "trail" and its id, "user" and a username, ...
struct LocalIri {
  std::string kind;  // "user", "trail", "comment", "summit-log", "activity"
  std::string key;   // the id or username
  std::string part;  // what follows: "inbox", "activity", ... ("" for none)
};

class FederationIris {
 public:
  // `origin`: "https://trails.example.org", as FederationSettings::origin.
  explicit FederationIris(std::string origin) : origin_(std::move(origin)) {}

  const std::string& origin() const { return origin_; }
  // Actors are named by their username in lower case (usernames are unique whatever their case).
  std::string Actor(std::string_view username) const;
  std::string KeyId(std::string_view username) const { return Actor(username) + "#main-key"; }
  std::string Inbox(std::string_view username) const { return Actor(username) + "/inbox"; }
  std::string Outbox(std::string_view username) const { return Actor(username) + "/outbox"; }
  std::string Followers(std::string_view username) const { return Actor(username) + "/followers"; }
  std::string Following(std::string_view username) const { return Actor(username) + "/following"; }
  std::string SharedInbox() const { return origin_ + std::string(kActivityPubPath) + "/inbox"; }
  std::string Trail(std::string_view id) const { return Object("trail", id); }
  std::string Comment(std::string_view id) const { return Object("comment", id); }
  std::string SummitLog(std::string_view id) const { return Object("summit-log", id); }
  std::string Activity(std::string_view id) const { return Object("activity", id); }
  // `iri` read as one of this server's ("https://h/api/v1/activitypub/trail/abc" -> trail, abc);
  // nullopt for any other IRI. Query and fragment are ignored.
  std::optional<LocalIri> Parse(std::string_view iri) const;
  // The web app's pages.
  std::string ProfilePage(std::string_view username) const;
  std::string TrailPage(std::string_view id) const { return origin_ + "/trail/" + std::string(id); }

 private:
  std::string Object(std::string_view kind, std::string_view id) const;
  std::string origin_;
};

}  // namespace cairn::services
