// What this server publishes over ActivityPub: its people as `Person` actors, their followers,
// following and outbox collections, and public trails, their comments and summit logs as
// `Note`s. Only what anyone may read here anyway: a trail that is not public (private or only
// shared) is never served, nor its comments or summit logs; a private account's bio and the
// people it follows or is followed by stay hidden, as on its profile page.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "services/federation/actor_keys.h"
#include "services/federation/iris.h"
#include "storage/database.h"
#include "util/result.h"

namespace cairn::services {

// Items per page of a collection (followers, following, outbox).
inline constexpr int kCollectionPageSize = 20;
// Replies listed in a trail's `replies` collection (its newest).
inline constexpr int kMaxRepliesServed = 100;

// Thread-safe; the references must outlive it.
class ActivityPubDocuments {
 public:
  ActivityPubDocuments(storage::Database& database, ActorKeys& keys, FederationIris iris)
      : database_(database), keys_(keys), iris_(std::move(iris)) {}

  // GET /activitypub/user/{handle}: the Person, with its public key (made now if it has none).
  // `handle` is the username in any case, with or without a leading '@'. For 48 hours after a
  // person deleted their account, a Person with only their name and key (so the Delete of their
  // actor can be checked). NotFound otherwise.
  util::Result<nlohmann::json> Actor(std::string_view handle);

  // GET .../followers, .../following: page 0 is the OrderedCollection (totalItems, first),
  // pages 1.. are OrderedCollectionPages of actor IRIs of accepted follows, newest first. A
  // private account's collections give totalItems only.
  enum class Follows { kFollowers, kFollowing };
  util::Result<nlohmann::json> FollowCollection(std::string_view handle, Follows which, int page);

  // GET .../outbox: the same paging over `Create` activities of the person's public trails,
  // newest first, each with its Note.
  util::Result<nlohmann::json> Outbox(std::string_view handle, int page);

  // GET /activitypub/trail/{id}, /trail/{id}/activity (its Create), /comment/{id},
  // /summit-log/{id}: NotFound unless the trail is public.
  util::Result<nlohmann::json> Trail(std::string_view id);
  util::Result<nlohmann::json> TrailCreate(std::string_view id);
  // GET /activitypub/activity/{id}: a public trail's Create (the trail's id), or what a person
  // here with a public account sent someone on another server (a Follow, a Like of their
  // trail: the follow's or like's id). NotFound otherwise.
  util::Result<nlohmann::json> Activity(std::string_view id);
  util::Result<nlohmann::json> Comment(std::string_view id);
  // GET /activitypub/trail/{id}/replies: the trail's newest kMaxRepliesServed comments, oldest
  // first, as an OrderedCollection (its `replies`): this server's people's as Notes, remote
  // people's by their IRI. NotFound unless the trail is public.
  util::Result<nlohmann::json> Replies(std::string_view id);
  util::Result<nlohmann::json> SummitLog(std::string_view id);

  const FederationIris& iris() const { return iris_; }

 private:
  struct Person {
    std::string id, username, created, bio, avatar;
    bool is_private = false;
  };
  util::Result<Person> FindPerson(storage::Connection& c, std::string_view handle);
  // A person who deleted their account, while their departure is told (ap_departed): only their
  // name and public key. NotFound otherwise.
  util::Result<nlohmann::json> DepartedActor(std::string_view handle);
  // A comment or summit log (a row of `table`, with its date in `date_column`) as a Note in
  // reply to its trail, named `iri`: NotFound unless the trail is public and both people take
  // part in federation.
  util::Result<nlohmann::json> ReplyNote(std::string_view table, std::string_view date_column,
                                         std::string_view id, std::string iri);
  // The Note of a row of ReplyQuery, named `iri`; nullopt for one on a remote person's trail
  // whose IRI there is not known.
  std::optional<nlohmann::json> ReplyNoteOf(const std::vector<storage::SqlValue>& row,
                                            std::string iri) const;
  // The Note of the public trail in `row` (the columns of kTrailColumns).
  nlohmann::json TrailNote(const std::vector<storage::SqlValue>& row,
                           std::string_view author_username) const;

  storage::Database& database_;
  ActorKeys& keys_;
  FederationIris iris_;
};

// The JSON-LD context of every document served: ActivityStreams, the security vocabulary (for
// publicKey) and schema.org's PropertyValue (a trail's figures, as Mastodon shows them).
nlohmann::json ActivityPubContext();

// The Create of a Note (named by the Note's IRI + "/activity"), addressed as the Note.
nlohmann::json CreateOf(nlohmann::json note);

// `document` with ActivityPubContext() as its "@context".
nlohmann::json WithContext(nlohmann::json document);

// `text` as HTML-escaped paragraphs (blank lines part them, single newlines become <br>), for
// Notes' content: people's text is never sent as markup.
std::string TextToHtml(std::string_view text);

}  // namespace cairn::services
