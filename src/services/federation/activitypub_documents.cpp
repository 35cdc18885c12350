// Actors, collections and Notes rendered from the tables, with the visibility rules in the SQL.
#include "services/federation/activitypub_documents.h"

#include <cmath>
#include <cstdio>
#include <map>

#include "services/federation/federated_people.h"
#include "services/files/file_delivery.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;
using storage::SqlValue;

constexpr char kPublic[] = "https://www.w3.org/ns/activitystreams#Public";
// A Note carries at most this many of a trail's photos (the rest are on its page).
constexpr int kMaxPhotosAttached = 8;
// The columns TrailNote reads, in order.
constexpr char kTrailColumns[] =
    "t.id, t.created, t.updated, t.name, t.description, t.date, t.location, t.lat, t.lon, "
    "t.distance, t.elevation_gain, t.duration, t.gpx, t.photos, u.username";

// Comments or summit logs (`table`, its date in `date_column`; this file's constants, never a
// caller's text) matching `where` on alias x, whose trail is public and whose people both take
// part in federation: the columns ActivityPubDocuments::ReplyNoteOf reads, then x.id.
std::string ReplyQuery(std::string_view table, std::string_view date_column,
                       std::string_view where) {
  return "SELECT x.created, x.updated, x.text, x.trail, " + std::string(date_column) +
         ", a.username, o.username, o.remote_actor, coalesce((SELECT m.iri FROM ap_objects m "
         "WHERE m.local_id = x.trail AND m.family = 'trails'), ''), x.id FROM " +
         std::string(table) +
         " x JOIN trails t ON t.id = x.trail JOIN users a ON a.id = x.author JOIN users o ON o.id "
         "= t.author WHERE " +
         std::string(where) + " AND t.public = 1 AND " + LocalFederatedPerson("a") + " AND (" +
         LocalFederatedPerson("o") + " OR o.remote_actor != '')";
}

// "2024-06-01 08:00:00.000Z" -> "2024-06-01T08:00:00.000Z" (xsd:dateTime).
std::string DateTime(std::string stamp) {
  if (stamp.size() > 10 && stamp[10] == ' ') stamp[10] = 'T';
  return stamp;
}

std::string EscapeHtml(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&#39;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string Format(const char* pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, pattern, value);
  return buffer;
}

std::string DurationText(double seconds) {
  const long minutes = std::lround(seconds / 60);
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%ld:%02ld h", minutes / 60, minutes % 60);
  return buffer;
}

Json Property(const std::string& name, const std::string& value) {
  return {{"type", "PropertyValue"}, {"name", name}, {"value", value}};
}

std::string FileUrl(const std::string& origin, std::string_view collection, std::string_view id,
                    std::string_view name) {
  return origin + "/api/v1/files/" + std::string(collection) + "/" + std::string(id) + "/" +
         std::string(name);
}

// Page 0: the collection; pages 1..: one page of `items` (already cut to the page).
Json CollectionPage(const std::string& base, int64_t total, int page, Json items) {
  if (page <= 0) {
    Json collection = {{"id", base}, {"type", "OrderedCollection"}, {"totalItems", total}};
    if (total > 0) collection["first"] = base + "?page=1";
    return WithContext(std::move(collection));
  }
  Json out = {{"id", base + "?page=" + std::to_string(page)},
              {"type", "OrderedCollectionPage"},
              {"partOf", base},
              {"totalItems", total},
              {"orderedItems", std::move(items)}};
  if (static_cast<int64_t>(page) * kCollectionPageSize < total) {
    out["next"] = base + "?page=" + std::to_string(page + 1);
  }
  if (page > 1) out["prev"] = base + "?page=" + std::to_string(page - 1);
  return WithContext(std::move(out));
}

}  // namespace

// The Create of a trail's Note (named by the Note's IRI + "/activity"), addressed as the Note.
Json CreateOf(Json note) {
  Json create = {{"id", note["id"].get<std::string>() + "/activity"},
                 {"type", "Create"},
                 {"actor", note["attributedTo"]},
                 {"published", note["published"]},
                 {"to", note["to"]},
                 {"cc", note["cc"]}};
  create["object"] = std::move(note);
  return create;
}

Json WithContext(Json document) {
  Json out = {{"@context", ActivityPubContext()}};
  out.update(document);
  return out;
}

Json ActivityPubContext() {
  return Json::array({"https://www.w3.org/ns/activitystreams",
                      "https://w3id.org/security/v1",
                      {{"schema", "http://schema.org#"},
                       {"PropertyValue", "schema:PropertyValue"},
                       {"value", "schema:value"},
                       {"manuallyApprovesFollowers", "as:manuallyApprovesFollowers"}}});
}

std::string TextToHtml(std::string_view raw) {
  // Windows line ends read as newlines.
  std::string unified;
  unified.reserve(raw.size());
  for (char c : raw) {
    if (c != '\r') unified += c;
  }
  const std::string_view text = unified;
  std::string out;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find("\n\n", start);
    std::string_view paragraph =
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    while (!paragraph.empty() && paragraph.front() == '\n') paragraph.remove_prefix(1);
    while (!paragraph.empty() && paragraph.back() == '\n') paragraph.remove_suffix(1);
    if (!paragraph.empty()) {
      std::string escaped = EscapeHtml(paragraph);
      std::string html;
      for (char c : escaped) {
        if (c == '\n') {
          html += "<br>";
        } else {
          html += c;
        }
      }
      out += "<p>" + html + "</p>";
    }
    if (end == std::string_view::npos) break;
    start = end + 2;
  }
  return out;
}

util::Result<ActivityPubDocuments::Person> ActivityPubDocuments::FindPerson(
    storage::Connection& c, std::string_view handle) {
  if (!handle.empty() && handle.front() == '@') handle.remove_prefix(1);
  CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT u.id, u.username, u.created, u.bio, u.avatar, "
                                            "u.private FROM users u WHERE u.username = ? "
                                            "COLLATE NOCASE AND " +
                                                LocalFederatedPerson("u"),
                                            {std::string(handle)}));
  if (rows.rows.empty()) return util::Error::NotFound("No such person on this server.");
  const auto& row = rows.rows[0];
  return Person{storage::AsText(row[0]), storage::AsText(row[1]), storage::AsText(row[2]),
                storage::AsText(row[3]), storage::AsText(row[4]), storage::AsNumber(row[5]) != 0};
}

util::Result<Json> ActivityPubDocuments::DepartedActor(std::string_view handle) {
  if (!handle.empty() && handle.front() == '@') handle.remove_prefix(1);
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT username, public_pem FROM ap_departed WHERE "
                                              "username = ? COLLATE NOCASE",
                                              {std::string(handle)}));
    if (rows.rows.empty()) return util::Error::NotFound("No such person on this server.");
    const std::string username = storage::AsText(rows.rows[0][0]);
    const std::string actor = iris_.Actor(username);
    // Nothing of the person but what checks the signature of their account's Delete.
    return WithContext({{"id", actor},
                        {"type", "Person"},
                        {"preferredUsername", username},
                        {"inbox", iris_.Inbox(username)},
                        {"publicKey",
                         {{"id", iris_.KeyId(username)},
                          {"owner", actor},
                          {"publicKeyPem", storage::AsText(rows.rows[0][1])}}}});
  });
}

util::Result<Json> ActivityPubDocuments::Actor(std::string_view handle) {
  auto found =
      database_.Read<Person>([&](storage::Connection& c) { return FindPerson(c, handle); });
  if (!found.ok() && found.error().kind == util::ErrorKind::kNotFound) {
    return DepartedActor(handle);
  }
  CAIRN_ASSIGN_OR_RETURN(Person person, std::move(found));
  CAIRN_ASSIGN_OR_RETURN(crypto::RsaKeyPair keys, keys_.KeysOf(person.id));
  const std::string actor = iris_.Actor(person.username);
  Json out = {{"id", actor},
              {"type", "Person"},
              {"preferredUsername", person.username},
              {"name", person.username},
              {"url", iris_.ProfilePage(person.username)},
              {"inbox", iris_.Inbox(person.username)},
              {"outbox", iris_.Outbox(person.username)},
              {"followers", iris_.Followers(person.username)},
              {"following", iris_.Following(person.username)},
              {"endpoints", {{"sharedInbox", iris_.SharedInbox()}}},
              {"manuallyApprovesFollowers", person.is_private},
              {"published", DateTime(person.created)},
              {"publicKey",
               {{"id", iris_.KeyId(person.username)},
                {"owner", actor},
                {"publicKeyPem", keys.public_pem}}}};
  // A private account's bio is for its followers only, as on its profile page.
  if (!person.is_private && !person.bio.empty()) out["summary"] = TextToHtml(person.bio);
  if (!person.avatar.empty()) {
    out["icon"] = {{"type", "Image"},
                   {"mediaType", ContentTypeOfStoredName(person.avatar)},
                   {"url", FileUrl(iris_.origin(), "users", person.id, person.avatar)}};
  }
  return WithContext(std::move(out));
}

util::Result<Json> ActivityPubDocuments::FollowCollection(std::string_view handle, Follows which,
                                                          int page) {
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Person person, FindPerson(c, handle));
    const bool followers = which == Follows::kFollowers;
    const std::string base =
        followers ? iris_.Followers(person.username) : iris_.Following(person.username);
    const std::string mine = followers ? "followee" : "follower";
    const std::string theirs = followers ? "follower" : "followee";
    CAIRN_ASSIGN_OR_RETURN(
        auto counted,
        c.Query("SELECT count(*) FROM follows f JOIN users u ON u.id = f." + theirs + " WHERE f." +
                    mine + " = ? AND f.status = 'accepted' AND " + FederatedPerson("u"),
                {person.id}));
    const auto total = static_cast<int64_t>(storage::AsNumber(counted.rows[0][0]));
    Json items = Json::array();
    if (page > 0 && !person.is_private) {
      CAIRN_ASSIGN_OR_RETURN(
          auto rows,
          c.Query("SELECT u.username, u.remote_actor FROM follows f JOIN users u ON u.id = f." +
                      theirs + " WHERE f." + mine + " = ? AND f.status = 'accepted' AND " +
                      FederatedPerson("u") + " ORDER BY f.created DESC, f.id LIMIT ? OFFSET ?",
                  {person.id, int64_t{kCollectionPageSize},
                   int64_t{(page - 1) * kCollectionPageSize}}));
      for (const auto& row : rows.rows) {
        // A remote follower is named by its own IRI.
        const std::string remote = storage::AsText(row[1]);
        items.push_back(remote.empty() ? iris_.Actor(storage::AsText(row[0])) : remote);
      }
    }
    // A private account tells how many, never who.
    if (person.is_private) {
      return WithContext({{"id", base}, {"type", "OrderedCollection"}, {"totalItems", total}});
    }
    return CollectionPage(base, total, page, std::move(items));
  });
}

Json ActivityPubDocuments::TrailNote(const std::vector<SqlValue>& row,
                                     std::string_view author_username) const {
  const std::string id = storage::AsText(row[0]);
  const std::string name = storage::AsText(row[3]);
  const std::string page = iris_.TrailPage(id);
  const double distance = storage::AsNumber(row[9]);
  const double gain = storage::AsNumber(row[10]);
  const double duration = storage::AsNumber(row[11]);
  std::string content = "<p><strong>" + EscapeHtml(name.empty() ? "Untitled trail" : name) +
                        "</strong></p>" + TextToHtml(storage::AsText(row[4]));
  Json attachment = Json::array();
  std::string figures;
  if (distance > 0) {
    attachment.push_back(Property("Distance", Format("%.1f km", distance / 1000)));
    figures += Format("%.1f km", distance / 1000);
  }
  if (gain > 0) {
    attachment.push_back(Property("Elevation gain", Format("%.0f m", gain)));
    figures += (figures.empty() ? "" : " · ") + Format("↑ %.0f m", gain);
  }
  if (duration > 0) {
    attachment.push_back(Property("Duration", DurationText(duration)));
    figures += (figures.empty() ? "" : " · ") + DurationText(duration);
  }
  if (!figures.empty()) content += "<p>" + figures + "</p>";
  content += "<p><a href=\"" + EscapeHtml(page) + "\">" + EscapeHtml(page) + "</a></p>";
  const Json photos = Json::parse(storage::AsText(row[13]), nullptr, false);
  int photos_attached = 0;
  for (const Json& photo : photos.is_array() ? photos : Json::array()) {
    if (!photo.is_string()) continue;
    const std::string file = photo.get<std::string>();
    attachment.push_back({{"type", "Image"},
                          {"mediaType", ContentTypeOfStoredName(file)},
                          {"url", FileUrl(iris_.origin(), "trails", id, file)}});
    if (++photos_attached == kMaxPhotosAttached) break;
  }
  if (const std::string gpx = storage::AsText(row[12]); !gpx.empty()) {
    attachment.push_back({{"type", "Document"},
                          {"mediaType", "application/gpx+xml"},
                          {"name", "GPS track"},
                          {"url", FileUrl(iris_.origin(), "trails", id, gpx)}});
  }
  Json note = {{"id", iris_.Trail(id)},
               {"type", "Note"},
               {"attributedTo", iris_.Actor(author_username)},
               {"name", name},
               {"content", content},
               {"url", page},
               {"published", DateTime(storage::AsText(row[1]))},
               {"updated", DateTime(storage::AsText(row[2]))},
               {"to", {kPublic}},
               {"cc", {iris_.Followers(author_username)}},
               {"replies", iris_.Trail(id) + "/replies"},
               {"attachment", attachment}};
  if (const std::string date = storage::AsText(row[5]); !date.empty())
    note["startTime"] = DateTime(date);
  const double lat = storage::AsNumber(row[7]);
  const double lon = storage::AsNumber(row[8]);
  if (lat != 0 || lon != 0 || !storage::AsText(row[6]).empty()) {
    Json place = {{"type", "Place"}};
    if (!storage::AsText(row[6]).empty()) place["name"] = storage::AsText(row[6]);
    if (lat != 0 || lon != 0) {
      place["latitude"] = lat;
      place["longitude"] = lon;
    }
    note["location"] = place;
  }
  return note;
}

util::Result<Json> ActivityPubDocuments::Trail(std::string_view id) {
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query(std::string("SELECT ") + kTrailColumns +
                                                  " FROM trails t JOIN users u ON u.id = t.author "
                                                  "WHERE t.id = ? AND t.public = 1 AND " +
                                                  LocalFederatedPerson("u"),
                                              {std::string(id)}));
    if (rows.rows.empty()) return util::Error::NotFound("Not found.");
    return WithContext(TrailNote(rows.rows[0], storage::AsText(rows.rows[0][14])));
  });
}

util::Result<Json> ActivityPubDocuments::Replies(std::string_view id) {
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(auto trail,
                           c.Query("SELECT 1 FROM trails t JOIN users u ON u.id = t.author "
                                   "WHERE t.id = ? AND t.public = 1 AND " +
                                       LocalFederatedPerson("u"),
                                   {std::string(id)}));
    if (trail.rows.empty()) return util::Error::NotFound("Not found.");
    // The newest, listed oldest first; a remote person's reply by its own IRI (this server does
    // not speak for it), a local one's in full.
    CAIRN_ASSIGN_OR_RETURN(
        auto listed,
        c.Query("SELECT * FROM (SELECT x.id, coalesce(m.iri, ''), x.created FROM comments x "
                "JOIN users a ON a.id = x.author LEFT JOIN ap_objects m ON m.local_id = x.id AND "
                "m.family = 'comments' WHERE x.trail = ? AND ((" +
                    LocalFederatedPerson("a") +
                    ") OR (a.remote_actor != '' AND m.iri IS NOT NULL)) ORDER BY x.created DESC, "
                    "x.id DESC LIMIT ?) ORDER BY 3, 1",
                {std::string(id), int64_t{kMaxRepliesServed}}));
    Json local_ids = Json::array();
    for (const auto& row : listed.rows) {
      if (storage::AsText(row[1]).empty()) local_ids.push_back(storage::AsText(row[0]));
    }
    CAIRN_ASSIGN_OR_RETURN(
        auto local,
        c.Query(ReplyQuery("comments", "''", "x.id IN (SELECT value FROM json_each(?))"),
                {local_ids.dump()}));
    std::map<std::string, Json> notes;
    for (const auto& row : local.rows) {
      const std::string comment = storage::AsText(row[9]);
      if (auto note = ReplyNoteOf(row, iris_.Comment(comment))) notes.emplace(comment, *note);
    }
    Json items = Json::array();
    for (const auto& row : listed.rows) {
      const std::string remote_iri = storage::AsText(row[1]);
      if (!remote_iri.empty()) {
        items.push_back(remote_iri);
      } else if (auto note = notes.find(storage::AsText(row[0])); note != notes.end()) {
        items.push_back(std::move(note->second));
      }
    }
    const auto total = static_cast<int64_t>(items.size());
    return WithContext({{"id", iris_.Trail(id) + "/replies"},
                        {"type", "OrderedCollection"},
                        {"totalItems", total},
                        {"orderedItems", std::move(items)}});
  });
}

util::Result<Json> ActivityPubDocuments::TrailCreate(std::string_view id) {
  CAIRN_ASSIGN_OR_RETURN(Json note, Trail(id));
  note.erase("@context");
  return WithContext(CreateOf(std::move(note)));
}

util::Result<Json> ActivityPubDocuments::Activity(std::string_view id) {
  // A public trail's Create, as at /trail/{id}/activity.
  if (auto create = TrailCreate(id);
      create.ok() || create.error().kind != util::ErrorKind::kNotFound) {
    return create;
  }
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    // What a person here sent someone on another server: a Follow, a Like of their trail. Never
    // a private account's (whom it follows or likes is theirs to show).
    CAIRN_ASSIGN_OR_RETURN(
        auto follow,
        c.Query("SELECT u.username, o.remote_actor FROM follows f JOIN users u ON u.id = "
                "f.follower JOIN users o ON o.id = f.followee WHERE f.id = ? AND "
                "o.remote_actor != '' AND u.private = 0 AND " +
                    LocalFederatedPerson("u"),
                {std::string(id)}));
    if (!follow.rows.empty()) {
      return WithContext({{"id", iris_.Activity(id)},
                          {"type", "Follow"},
                          {"actor", iris_.Actor(storage::AsText(follow.rows[0][0]))},
                          {"object", storage::AsText(follow.rows[0][1])}});
    }
    CAIRN_ASSIGN_OR_RETURN(
        auto like,
        c.Query("SELECT u.username, m.iri FROM trail_likes l JOIN users u ON u.id = l.user JOIN "
                "ap_objects m ON m.local_id = l.trail AND m.family = 'trails' WHERE l.id = ? AND "
                "u.private = 0 AND " +
                    LocalFederatedPerson("u"),
                {std::string(id)}));
    if (!like.rows.empty()) {
      return WithContext({{"id", iris_.Activity(id)},
                          {"type", "Like"},
                          {"actor", iris_.Actor(storage::AsText(like.rows[0][0]))},
                          {"object", storage::AsText(like.rows[0][1])}});
    }
    return util::Error::NotFound("Not found.");
  });
}

util::Result<Json> ActivityPubDocuments::Outbox(std::string_view handle, int page) {
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(Person person, FindPerson(c, handle));
    CAIRN_ASSIGN_OR_RETURN(
        auto counted,
        c.Query("SELECT count(*) FROM trails WHERE author = ? AND public = 1", {person.id}));
    const auto total = static_cast<int64_t>(storage::AsNumber(counted.rows[0][0]));
    Json items = Json::array();
    if (page > 0) {
      CAIRN_ASSIGN_OR_RETURN(
          auto rows, c.Query(std::string("SELECT ") + kTrailColumns +
                                 " FROM trails t JOIN users u ON u.id = t.author WHERE t.author "
                                 "= ? AND t.public = 1 ORDER BY t.created DESC, t.id DESC LIMIT "
                                 "? OFFSET ?",
                             {person.id, int64_t{kCollectionPageSize},
                              int64_t{(page - 1) * kCollectionPageSize}}));
      for (const auto& row : rows.rows) items.push_back(CreateOf(TrailNote(row, person.username)));
    }
    return CollectionPage(iris_.Outbox(person.username), total, page, std::move(items));
  });
}

util::Result<Json> ActivityPubDocuments::Comment(std::string_view id) {
  return ReplyNote("comments", "''", id, iris_.Comment(id));
}

util::Result<Json> ActivityPubDocuments::SummitLog(std::string_view id) {
  return ReplyNote("summit_logs", "x.date", id, iris_.SummitLog(id));
}

util::Result<Json> ActivityPubDocuments::ReplyNote(std::string_view table,
                                                   std::string_view date_column,
                                                   std::string_view id, std::string iri) {
  return database_.Read<Json>([&](storage::Connection& c) -> util::Result<Json> {
    CAIRN_ASSIGN_OR_RETURN(auto rows,
                           c.Query(ReplyQuery(table, date_column, "x.id = ?"), {std::string(id)}));
    if (rows.rows.empty()) return util::Error::NotFound("Not found.");
    std::optional<Json> note = ReplyNoteOf(rows.rows[0], std::move(iri));
    if (!note) return util::Error::NotFound("Not found.");
    return WithContext(std::move(*note));
  });
}

std::optional<Json> ActivityPubDocuments::ReplyNoteOf(const std::vector<SqlValue>& row,
                                                      std::string iri) const {
  // On a remote person's trail (kept here for their followers): in reply to it as it is there.
  const std::string remote_author = storage::AsText(row[7]);
  const std::string remote_trail = storage::AsText(row[8]);
  if (!remote_author.empty() && remote_trail.empty()) return std::nullopt;
  const std::string trail =
      remote_author.empty() ? iris_.Trail(storage::AsText(row[3])) : remote_trail;
  Json note = {
      {"id", std::move(iri)},
      {"type", "Note"},
      {"attributedTo", iris_.Actor(storage::AsText(row[5]))},
      {"inReplyTo", trail},
      {"content", TextToHtml(storage::AsText(row[2]))},
      {"published", DateTime(storage::AsText(row[0]))},
      {"updated", DateTime(storage::AsText(row[1]))},
      {"url", remote_author.empty() ? iris_.TrailPage(storage::AsText(row[3])) : remote_trail},
      {"to", {kPublic}},
      {"cc",
       {remote_author.empty() ? iris_.Actor(storage::AsText(row[6])) : remote_author,
        iris_.Followers(storage::AsText(row[5]))}}};
  // A summit log's own date; comments have none ('').
  if (const std::string date = storage::AsText(row[4]); !date.empty())
    note["startTime"] = DateTime(date);
  return note;
}

}  // namespace cairn::services
