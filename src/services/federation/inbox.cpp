// Inbox POSTs: verify first, then apply as the remote person. Removals the remote side asks for
// run with an ap_applying row, so schema.sql's triggers do not tell them back about them.
#include "services/federation/inbox.h"

#include "services/core/cascade.h"
#include "services/families/names.h"
#include "services/federation/domain_blocks.h"
#include "services/federation/federated_people.h"
#include "services/federation/html_text.h"
#include "services/federation/json_fields.h"
#include "services/federation/remote_trail.h"
#include "services/federation/remote_trail_copies.h"
#include "util/ids.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

// The IRIs among an activity's `to` and `cc` that name people of this server (by shape only).
std::vector<std::string> AddresseesHere(const Json& activity, const FederationIris& iris) {
  std::vector<std::string> out;
  for (const char* field : {"to", "cc"}) {
    const Json& value = Member(activity, field);
    for (const Json& item : value.is_array() ? value : Json::array({value})) {
      if (!item.is_string()) continue;
      const auto local = iris.Parse(item.get<std::string>());
      if (local && local->kind == "user" && local->part.empty()) out.push_back(item);
    }
  }
  return out;
}

// One activity being applied, in its transaction.
struct Applying {
  storage::Connection& c;
  RecordService& records;
  const FederationIris& iris;
  const RemoteActor& actor;
  const Json& activity;
  std::string now;
  std::vector<FileOwner>& removed_files;  // removed once the transaction commits
  std::vector<std::string>& kept_trails;  // copies kept or changed: their files are fetched
  const Json& announced;                  // an Announce's object, read before the transaction

  Caller AsActor() const {
    Caller caller;
    caller.user_id = actor.user_id;
    return caller;
  }

  util::Result<std::string> SingleId(const std::string& sql, const storage::SqlParams& params) {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query(sql, params));
    return rows.rows.empty() ? std::string() : storage::AsText(rows.rows[0][0]);
  }

  // The local person an IRI names, "" when it names none (or one who keeps out of federation).
  util::Result<std::string> LocalPerson(std::string_view iri) {
    const auto local = iris.Parse(iri);
    if (!local || local->kind != "user" || !local->part.empty()) return std::string();
    return SingleId("SELECT u.id FROM users u WHERE u.username = ? COLLATE NOCASE AND " +
                        LocalFederatedPerson("u"),
                    {local->key});
  }

  // The public trail of this server an IRI names (a trail, or a comment or summit log on one),
  // "" when none.
  util::Result<std::string> PublicTrail(std::string_view iri) {
    const auto local = iris.Parse(iri);
    if (!local || !local->part.empty()) return std::string();
    std::string trail;
    if (local->kind == "trail") {
      trail = local->key;
    } else if (local->kind == "comment") {
      CAIRN_ASSIGN_OR_RETURN(trail,
                             SingleId("SELECT trail FROM comments WHERE id = ?", {local->key}));
    } else if (local->kind == "summit-log") {
      CAIRN_ASSIGN_OR_RETURN(trail,
                             SingleId("SELECT trail FROM summit_logs WHERE id = ?", {local->key}));
    }
    if (trail.empty()) return std::string();
    return SingleId(
        "SELECT t.id FROM trails t JOIN users u ON u.id = t.author WHERE t.id = ? AND "
        "t.public = 1 AND " +
            LocalFederatedPerson("u"),
        {trail});
  }

  util::Status Remember(const std::string& iri, const char* family, const std::string& local_id) {
    if (iri.empty()) return util::OkStatus();
    CAIRN_RETURN_IF_ERROR(
        c.Execute("INSERT INTO ap_objects (iri, family, local_id, actor) VALUES (?, ?, ?, ?) "
                  "ON CONFLICT (iri) DO UPDATE SET family = excluded.family, "
                  "local_id = excluded.local_id, actor = excluded.actor",
                  {iri, std::string(family), local_id, actor.user_id}));
    return util::OkStatus();
  }

  // What this actor's object `iri` became here: {family, local id}, or empty ones.
  util::Result<std::pair<std::string, std::string>> Remembered(const std::string& iri) {
    CAIRN_ASSIGN_OR_RETURN(auto rows,
                           c.Query("SELECT family, local_id FROM ap_objects WHERE iri = ? AND "
                                   "actor = ?",
                                   {iri, actor.user_id}));
    if (rows.rows.empty()) return std::pair<std::string, std::string>();
    return std::pair(storage::AsText(rows.rows[0][0]), storage::AsText(rows.rows[0][1]));
  }

  util::Status Remove(const std::string& family_name, const std::string& id) {
    const Family* family = records.families().Find(family_name);
    if (!family) return util::Error::Internal("no family " + family_name);
    CAIRN_ASSIGN_OR_RETURN(auto files,
                           DeleteWithDependents(c, records.families(), *family, id, now));
    // A kept copy of their trail holds its GPS file and photos.
    removed_files.insert(removed_files.end(), files.begin(), files.end());
    return util::OkStatus();
  }

  util::Status Follow() {
    const std::string activity_id = IdOf(activity);
    if (activity_id.empty()) return util::Error::InvalidArgument("A Follow needs an id.");
    CAIRN_ASSIGN_OR_RETURN(std::string followee, LocalPerson(IdOf(Member(activity, "object"))));
    if (followee.empty()) return util::Error::NotFound("No such person on this server.");
    CAIRN_ASSIGN_OR_RETURN(
        auto rows, c.Query("SELECT id, status FROM follows WHERE follower = ? AND followee = ?",
                           {actor.user_id, followee}));
    std::string follow_id;
    if (rows.rows.empty()) {
      CAIRN_ASSIGN_OR_RETURN(
          Json made, records.CreateIn(c, AsActor(), kFollows,
                                      {{"follower", actor.user_id}, {"followee", followee}}));
      follow_id = made.value("id", "");
    } else {
      // Asked again (their server lost our Accept): answer again when it is accepted.
      follow_id = storage::AsText(rows.rows[0][0]);
      if (storage::AsText(rows.rows[0][1]) == kFollowAccepted) {
        CAIRN_RETURN_IF_ERROR(
            c.Execute("INSERT INTO ap_events (created, kind, family, object, actor, target) "
                      "VALUES (?, 'accept', 'follows', ?, ?, ?)",
                      {now, follow_id, followee, actor.user_id}));
      }
    }
    return Remember(activity_id, kFollows, follow_id);
  }

  util::Status Like() {
    CAIRN_ASSIGN_OR_RETURN(std::string trail, PublicTrail(IdOf(Member(activity, "object"))));
    if (trail.empty()) return util::OkStatus();  // not a public trail of this server: nothing here
    CAIRN_ASSIGN_OR_RETURN(std::string like_id,
                           SingleId("SELECT id FROM trail_likes WHERE trail = ? AND user = ?",
                                    {trail, actor.user_id}));
    if (like_id.empty()) {
      CAIRN_ASSIGN_OR_RETURN(
          Json made,
          records.CreateIn(c, AsActor(), kTrailLikes, {{"trail", trail}, {"user", actor.user_id}}));
      like_id = made.value("id", "");
    }
    return Remember(IdOf(activity), kTrailLikes, like_id);
  }

  util::Status Undo() {
    const Json& object = Member(activity, "object");
    CAIRN_ASSIGN_OR_RETURN(auto remembered, Remembered(IdOf(object)));
    if (!remembered.first.empty()) return Remove(remembered.first, remembered.second);
    // Not seen under that id: an embedded Follow or Like still says what it was.
    const std::string type = StringField(object, "type");
    if (type == "Follow") {
      CAIRN_ASSIGN_OR_RETURN(std::string followee, LocalPerson(IdOf(Member(object, "object"))));
      CAIRN_ASSIGN_OR_RETURN(std::string id,
                             SingleId("SELECT id FROM follows WHERE follower = ? AND followee = ?",
                                      {actor.user_id, followee}));
      if (!id.empty()) return Remove(kFollows, id);
    } else if (type == "Like") {
      CAIRN_ASSIGN_OR_RETURN(std::string trail, PublicTrail(IdOf(Member(object, "object"))));
      CAIRN_ASSIGN_OR_RETURN(std::string id,
                             SingleId("SELECT id FROM trail_likes WHERE trail = ? AND user = ?",
                                      {trail, actor.user_id}));
      if (!id.empty()) return Remove(kTrailLikes, id);
    }
    return util::OkStatus();
  }

  // A reply: its text, checked to be the actor's own.
  util::Result<std::string> ReplyText(const Json& note) {
    if (IdOf(Member(note, "attributedTo")) != actor.iri) {
      return util::Error::InvalidArgument("The object is attributed to another actor.");
    }
    std::string text = HtmlToText(StringField(note, "content"), 20000);
    if (text.empty()) text = HtmlToText(StringField(note, "name"), 20000);
    if (text.empty()) return util::Error::InvalidArgument("The reply has no text.");
    return text;
  }

  util::Status Create() {
    const Json& note = Member(activity, "object");
    const std::string type = StringField(note, "type");
    const std::string note_id = IdOf(note);
    // Replies to this server's trails become comments; a trail of someone followed here is kept;
    // other posts concern nothing here.
    if ((type != "Note" && type != "Article") || note_id.empty()) return util::OkStatus();
    if (!net::SameOrigin(note_id, actor.iri)) {
      return util::Error::InvalidArgument("The object belongs to another server than the actor.");
    }
    const Json& in_reply_to = Member(note, "inReplyTo");
    if (in_reply_to.is_null()) return KeepTrail(note, note_id);
    CAIRN_ASSIGN_OR_RETURN(std::string trail, PublicTrail(IdOf(in_reply_to)));
    if (trail.empty()) return util::OkStatus();
    CAIRN_ASSIGN_OR_RETURN(auto remembered, Remembered(note_id));
    if (!remembered.first.empty()) return util::OkStatus();  // delivered twice
    CAIRN_ASSIGN_OR_RETURN(std::string text, ReplyText(note));
    CAIRN_ASSIGN_OR_RETURN(
        Json made, records.CreateIn(c, AsActor(), kComments,
                                    {{"trail", trail}, {"author", actor.user_id}, {"text", text}}));
    return Remember(note_id, kComments, made.value("id", ""));
  }

  // A public post of someone people here follow that is a trail (it has a place or a GPS file):
  // kept as their trail, public, so that it reaches their followers' feeds here. Anything else
  // they post concerns nothing here.
  util::Status KeepTrail(const Json& note, const std::string& note_id) {
    if (!IsAddressedToPublic(note) && !IsAddressedToPublic(activity)) return util::OkStatus();
    CAIRN_ASSIGN_OR_RETURN(std::string follow,
                           SingleId("SELECT id FROM follows WHERE followee = ? AND status = "
                                    "'accepted' LIMIT 1",
                                    {actor.user_id}));
    if (follow.empty()) return util::OkStatus();
    const std::optional<RemoteTrailFields> fields = ReadRemoteTrail(note);
    if (!fields) return util::OkStatus();
    if (IdOf(Member(note, "attributedTo")) != actor.iri) {
      return util::Error::InvalidArgument("The object is attributed to another actor.");
    }
    CAIRN_ASSIGN_OR_RETURN(auto remembered, Remembered(note_id));
    if (!remembered.first.empty()) return util::OkStatus();  // delivered twice
    CAIRN_ASSIGN_OR_RETURN(std::string id,
                           StoreRemoteTrail(c, actor.user_id, note_id, *fields, "", now));
    kept_trails.push_back(id);
    return util::OkStatus();
  }

  // A trail of theirs shared with a person here (wanderer's share): the trail kept, shared with
  // them to view, and they are told. A boost to their followers shows nowhere here.
  util::Status Announce() {
    std::string recipient;
    for (const std::string& iri : AddresseesHere(activity, iris)) {
      if (!recipient.empty()) break;
      CAIRN_ASSIGN_OR_RETURN(recipient, LocalPerson(iri));
    }
    if (recipient.empty() || announced.is_null()) return util::OkStatus();
    const std::string note_id = IdOf(announced);
    const std::optional<RemoteTrailFields> fields = ReadRemoteTrail(announced);
    if (!fields || !IsAddressedToPublic(announced)) return util::OkStatus();
    CAIRN_ASSIGN_OR_RETURN(auto remembered, Remembered(note_id));
    std::string trail = remembered.first == kTrails ? remembered.second : "";
    if (trail.empty()) {
      CAIRN_ASSIGN_OR_RETURN(trail, StoreRemoteTrail(c, actor.user_id, note_id, *fields, "", now));
      kept_trails.push_back(trail);
    }
    CAIRN_ASSIGN_OR_RETURN(
        std::string share,
        SingleId("SELECT id FROM trail_share WHERE trail = ? AND user = ?", {trail, recipient}));
    if (share.empty()) {
      share = util::NewRecordId();
      CAIRN_RETURN_IF_ERROR(c.Execute(
          "INSERT INTO trail_share (id, created, updated, trail, user, permission) VALUES "
          "(?, ?, ?, ?, ?, 'view')",
          {share, now, now, trail, recipient}));
    }
    return Remember(IdOf(activity), kTrailShare, share);
  }

  util::Status Update() {
    const Json& note = Member(activity, "object");
    CAIRN_ASSIGN_OR_RETURN(auto remembered, Remembered(IdOf(note)));
    if (remembered.first == kTrails) {
      if (IdOf(Member(note, "attributedTo")) != actor.iri) return util::OkStatus();
      const std::optional<RemoteTrailFields> fields = ReadRemoteTrail(note);
      if (!fields) return util::OkStatus();
      CAIRN_RETURN_IF_ERROR(
          StoreRemoteTrail(c, actor.user_id, IdOf(note), *fields, remembered.second, now));
      kept_trails.push_back(remembered.second);
      return util::OkStatus();
    }
    if (remembered.first != kComments) return util::OkStatus();
    CAIRN_ASSIGN_OR_RETURN(std::string text, ReplyText(note));
    CAIRN_RETURN_IF_ERROR(
        records.UpdateIn(c, AsActor(), kComments, remembered.second, {{"text", text}}));
    return util::OkStatus();
  }

  util::Status Delete() {
    const std::string object_id = IdOf(Member(activity, "object"));
    // The account itself: everything of theirs goes, as when a local account is deleted.
    if (object_id == actor.iri) return Remove(kUsers, actor.user_id);
    CAIRN_ASSIGN_OR_RETURN(auto remembered, Remembered(object_id));
    if (remembered.first.empty()) return util::OkStatus();
    return Remove(remembered.first, remembered.second);
  }

  // Accept or Reject of a Follow this server sent for a local person: the follow row, "" when
  // it is not one of ours to the actor.
  util::Result<std::string> OurFollow() {
    const Json& object = Member(activity, "object");
    auto local = iris.Parse(IdOf(object));
    if (!local || local->kind != "activity") return std::string();
    return SingleId(
        "SELECT f.id FROM follows f JOIN users u ON u.id = f.follower WHERE f.id = ? "
        "AND f.followee = ? AND u.remote_actor = ''",
        {local->key, actor.user_id});
  }

  util::Status Accept() {
    CAIRN_ASSIGN_OR_RETURN(std::string id, OurFollow());
    if (id.empty()) return util::OkStatus();
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "UPDATE follows SET status = 'accepted', updated = ? WHERE id = ? AND status = 'pending'",
        {now, id}));
    return util::OkStatus();
  }

  util::Status Reject() {
    CAIRN_ASSIGN_OR_RETURN(std::string id, OurFollow());
    if (id.empty()) return util::OkStatus();
    return Remove(kFollows, id);
  }
};

}  // namespace

util::Status Inbox::Receive(const activitypub::IncomingRequest& request,
                            std::string_view recipient) {
  if (request.body.size() > kMaxInboxBodyBytes) {
    return util::Error::TooLarge("An activity is at most " +
                                 std::to_string(kMaxInboxBodyBytes / 1024) + " KiB.");
  }
  const Json activity = Json::parse(request.body, nullptr, false);
  const std::string actor_iri = activity.is_object() ? IdOf(Member(activity, "actor")) : "";
  if (!activity.is_object() || StringField(activity, "type").empty() || actor_iri.empty()) {
    return util::Error::InvalidArgument(
        "The body is not an ActivityPub activity (it needs a type and an actor).");
  }
  if (!recipient.empty()) {
    CAIRN_ASSIGN_OR_RETURN(
        bool known, database_.Read<bool>([&](storage::Connection& c) -> util::Result<bool> {
          CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT 1 FROM users u WHERE u.username = ? "
                                                    "COLLATE NOCASE AND " +
                                                        LocalFederatedPerson("u"),
                                                    {std::string(recipient)}));
          return !rows.rows.empty();
        }));
    if (!known) return util::Error::NotFound("No such person on this server.");
  }
  // Everything that needs no key first: a request that fails here costs no fetch.
  CAIRN_ASSIGN_OR_RETURN(activitypub::HttpSignature signature,
                         activitypub::ReadRequestSignature(request.headers));
  CAIRN_RETURN_IF_ERROR(
      activitypub::CheckSignedRequest(request, signature, clock_.NowMillis() / 1000));
  if (!net::SameOrigin(signature.key_id, actor_iri)) {
    return util::Error::Unauthorized(
        "The request is signed with a key of another server than the activity's actor.");
  }
  auto signer = actors_.ByKeyId(signature.key_id);
  if (!signer.ok()) {
    if (signer.error().kind == util::ErrorKind::kForbidden) return std::move(signer).error();
    return util::Error::Unauthorized("The signer's key cannot be fetched: " +
                                     signer.error().message);
  }
  if (auto verified = activitypub::VerifyRequestSignature(request, signature, signer->public_pem);
      !verified.ok()) {
    // The key may have been rotated since it was kept: fetch it again, once.
    auto refetched = actors_.ByKeyId(signature.key_id, ActorFreshness::kRefetch);
    if (!refetched.ok()) return std::move(verified).error();
    CAIRN_RETURN_IF_ERROR(
        activitypub::VerifyRequestSignature(request, signature, refetched->public_pem));
    signer = std::move(refetched);
  }
  if (signer->iri != actor_iri) {
    return util::Error::Unauthorized("The request is signed by " + signer->iri +
                                     ", not by the activity's actor.");
  }
  return Apply(*signer, activity);
}

util::Status Inbox::Apply(const RemoteActor& actor, const Json& activity) {
  const std::string type = StringField(activity, "type");
  // Their new profile: fetched from their server, not taken from the post.
  if (type == "Update" && IdOf(Member(activity, "object")) == actor.iri) {
    return actors_.ByIri(actor.iri, ActorFreshness::kRefetch).ok()
               ? util::OkStatus()
               : util::Status(util::Error::UpstreamFailed("The actor could not be fetched."));
  }
  // What an Announce to someone here shares: their own trail, embedded or fetched from their
  // server now (never inside the transaction below). A boost to their followers fetches nothing.
  Json announced;
  if (type == "Announce" && !AddresseesHere(activity, iris_).empty()) {
    const Json& object = Member(activity, "object");
    const std::string object_iri = IdOf(object);
    if (!object_iri.empty() && net::SameOrigin(object_iri, actor.iri) && !iris_.Parse(object_iri)) {
      if (object.is_object() && object.contains("attributedTo")) {
        announced = object;
      } else if (auto fetched = actors_.FetchObject(object_iri);
                 fetched.ok() && StringField(*fetched, "id") == object_iri) {
        announced = std::move(fetched).value();
      }
      if (IdOf(Member(announced, "attributedTo")) != actor.iri) announced = Json();
    }
  }
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  std::vector<FileOwner> removed_files;
  std::vector<std::string> kept_trails;
  CAIRN_RETURN_IF_ERROR(
      database_.Write<int64_t>([&](storage::Connection& c) -> util::Result<int64_t> {
        CAIRN_ASSIGN_OR_RETURN(bool blocked, IsBlockedUrl(c, actor.iri));
        if (blocked) return util::Error::Forbidden("That server is blocked here.");
        CAIRN_RETURN_IF_ERROR(
            c.Execute("INSERT INTO ap_applying (actor) VALUES (?)", {actor.user_id}));
        removed_files.clear();
        kept_trails.clear();
        Applying applying{c,   records_,      iris_,       actor,    activity,
                          now, removed_files, kept_trails, announced};
        util::Status applied = util::OkStatus();
        if (type == "Follow") {
          applied = applying.Follow();
        } else if (type == "Undo") {
          applied = applying.Undo();
        } else if (type == "Like") {
          applied = applying.Like();
        } else if (type == "Create") {
          applied = applying.Create();
        } else if (type == "Update") {
          applied = applying.Update();
        } else if (type == "Delete") {
          applied = applying.Delete();
        } else if (type == "Accept") {
          applied = applying.Accept();
        } else if (type == "Reject") {
          applied = applying.Reject();
        } else if (type == "Announce") {
          applied = applying.Announce();
        }
        // Anything else: nothing here depends on it.
        CAIRN_RETURN_IF_ERROR(applied);
        return c.Execute("DELETE FROM ap_applying");
      }));
  RemoveStoredFiles(blobs_, removed_files);
  if (copies_) {
    for (const std::string& trail : kept_trails) copies_->Schedule(trail, CopyFreshness::kNow);
  }
  return util::OkStatus();
}

}  // namespace cairn::services
