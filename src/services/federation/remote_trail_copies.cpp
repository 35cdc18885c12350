// Kept copies of remote trails: read again from their server when stale, files and replies
// included. Nothing here trusts the remote side more than the inbox does: every document comes
// from the origin of its id, a trail's author is the person it was kept for, replies must answer
// that trail, and files pass the same checks as an upload.
#include "services/federation/remote_trail_copies.h"

#include "services/families/names.h"
#include "services/federation/domain_blocks.h"
#include "services/federation/html_text.h"
#include "services/federation/iris.h"
#include "services/federation/json_fields.h"
#include "util/ids.h"
#include "util/log.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

// Pages of a replies collection read at most, and replies fetched one by one (those named by
// IRI or embedded from another server) at most, per refresh.
constexpr int kMaxReplyPages = 5;
constexpr int kMaxReplyFetches = 30;
// Different authors of replies looked up per refresh (each may be a fetch of their actor).
constexpr size_t kMaxReplyAuthors = 30;

// What decides whether files are downloaded again: their addresses.
std::string FilesVersion(const RemoteTrailFields& fields) {
  if (fields.track_url.empty() && fields.photo_urls.empty()) return "";
  std::string version = fields.track_url;
  for (const std::string& url : fields.photo_urls) version += "\n" + url;
  return version;
}

// The last path segment of a URL ("photo.jpg"), for the stored copy's name.
std::string FileNameOf(const std::string& url, const std::string& fallback) {
  const std::string path = url.substr(0, url.find_first_of("?#"));
  const size_t slash = path.rfind('/');
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  return name.empty() || name.size() > 100 ? fallback : name;
}

// A collection's items, whichever of the two names it uses.
const Json& ItemsOf(const Json& collection) {
  const Json& ordered = Member(collection, "orderedItems");
  return ordered.is_array() ? ordered : Member(collection, "items");
}

// An upload's error with what it says of each field ("gpx: Unsupported file").
std::string Explained(const util::Error& error) {
  std::string text = error.message;
  for (const auto& [field, problem] : error.field_errors) {
    text += " " + field + ": " + problem.message;
  }
  return text;
}

}  // namespace

util::Result<std::string> StoreRemoteTrail(storage::Connection& c, const std::string& author,
                                           const std::string& note_iri,
                                           const RemoteTrailFields& fields, const std::string& id,
                                           const std::string& now) {
  if (id.empty()) {
    const std::string made = util::NewRecordId();
    CAIRN_RETURN_IF_ERROR(c.Execute(
        "INSERT INTO trails (id, created, updated, author, name, public, date, description, "
        "location, lat, lon, distance, elevation_gain, duration) "
        "VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?, ?)",
        {made, now, now, author, fields.name, fields.date, fields.description, fields.place,
         fields.lat, fields.lon, fields.distance, fields.elevation_gain, fields.duration}));
    CAIRN_RETURN_IF_ERROR(
        c.Execute("INSERT INTO ap_objects (iri, family, local_id, actor) VALUES (?, ?, ?, ?) "
                  "ON CONFLICT (iri) DO UPDATE SET family = excluded.family, "
                  "local_id = excluded.local_id, actor = excluded.actor, version = ''",
                  {note_iri, std::string(kTrails), made, author}));
    return made;
  }
  // A figure the Note leaves out keeps the one the copy has (from its GPS file, say).
  CAIRN_RETURN_IF_ERROR(c.Execute(
      "UPDATE trails SET updated = ?6, name = ?7, date = ?8, description = ?9, location = ?10, "
      "lat = CASE WHEN ?1 = 0 AND ?2 = 0 THEN lat ELSE ?1 END, "
      "lon = CASE WHEN ?1 = 0 AND ?2 = 0 THEN lon ELSE ?2 END, "
      "distance = CASE WHEN ?3 > 0 THEN ?3 ELSE distance END, "
      "elevation_gain = CASE WHEN ?4 > 0 THEN ?4 ELSE elevation_gain END, "
      "duration = CASE WHEN ?5 > 0 THEN ?5 ELSE duration END WHERE id = ?11",
      {fields.lat, fields.lon, fields.distance, fields.elevation_gain, fields.duration, now,
       fields.name, fields.date, fields.description, fields.place, id}));
  return id;
}

RemoteTrailCopies::RemoteTrailCopies(storage::Database& database, RecordService& records,
                                     RemoteActors& actors, UploadService& uploads,
                                     net::UrlClient files, const util::Clock& clock)
    : database_(database),
      records_(records),
      actors_(actors),
      uploads_(uploads),
      files_(std::move(files)),
      clock_(clock),
      worker_([this] { Work(); }) {}

RemoteTrailCopies::~RemoteTrailCopies() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

void RemoteTrailCopies::Schedule(std::string_view trail_id, CopyFreshness freshness) {
  {
    std::lock_guard lock(mutex_);
    if (queue_.size() >= 10000) return;  // a flood of posts: reading refreshes them later
    queue_.emplace_back(std::string(trail_id), freshness);
  }
  wake_.notify_one();
}

void RemoteTrailCopies::Work() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    auto [trail, freshness] = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    if (auto refreshed = Refresh(trail, freshness); !refreshed.ok()) {
      util::LogWarning("federation: remote trail " + trail + ": " + refreshed.error().message);
    }
    lock.lock();
  }
}

bool RemoteTrailCopies::Claim(const std::string& trail_id, CopyFreshness freshness) {
  const int64_t now = clock_.NowMillis() / 1000;
  std::lock_guard lock(mutex_);
  if (in_flight_.count(trail_id)) return false;
  if (freshness == CopyFreshness::kIfStale) {
    const auto it = fetched_.find(trail_id);
    if (it != fetched_.end() && now - it->second < kRemoteTrailRefreshSeconds) return false;
  }
  in_flight_.insert(trail_id);
  fetched_[trail_id] = now;
  return true;
}

void RemoteTrailCopies::Release(const std::string& trail_id) {
  std::lock_guard lock(mutex_);
  in_flight_.erase(trail_id);
}

void RemoteTrailCopies::ScheduleIfStale(std::string_view trail_id) {
  {
    std::lock_guard lock(mutex_);
    const auto it = fetched_.find(std::string(trail_id));
    if (it != fetched_.end() &&
        clock_.NowMillis() / 1000 - it->second < kRemoteTrailRefreshSeconds) {
      return;
    }
  }
  // Only a copy is worth the queue (one indexed lookup for any other trail).
  if (auto kept = Kept(trail_id); kept.ok() && kept->has_value()) {
    Schedule(trail_id, CopyFreshness::kIfStale);
  }
}

util::Result<std::optional<RemoteTrailCopies::Copy>> RemoteTrailCopies::Kept(
    std::string_view trail_id) {
  return database_.Read<std::optional<Copy>>(
      [&](storage::Connection& c) -> util::Result<std::optional<Copy>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows,
            c.Query("SELECT m.iri, m.actor, u.remote_actor, t.gpx, m.version, t.photos FROM "
                    "ap_objects m JOIN trails t ON t.id = m.local_id JOIN users u ON u.id = "
                    "m.actor WHERE m.family = 'trails' AND m.local_id = ? AND u.remote_actor != ''",
                    {std::string(trail_id)}));
        if (rows.rows.empty()) return std::optional<Copy>();
        const auto& row = rows.rows[0];
        Copy copy{storage::AsText(row[0]), storage::AsText(row[1]), storage::AsText(row[2]),
                  storage::AsText(row[3]), storage::AsText(row[4])};
        const std::string photos = storage::AsText(row[5]);
        copy.has_photos = !photos.empty() && photos != "[]";
        return std::optional<Copy>(std::move(copy));
      });
}

util::Status RemoteTrailCopies::Refresh(std::string_view trail_id, CopyFreshness freshness) {
  const std::string id(trail_id);
  CAIRN_ASSIGN_OR_RETURN(std::optional<Copy> copy, Kept(id));
  if (!copy) return util::OkStatus();
  if (!Claim(id, freshness)) return util::OkStatus();
  util::Status fetched = Fetch(id, *copy);
  Release(id);
  return fetched;
}

util::Status RemoteTrailCopies::Fetch(const std::string& trail_id, const Copy& copy) {
  // A server that does not answer (or no longer serves its posts, as some do not) leaves the
  // copy as it is: its author's Delete is what removes it.
  CAIRN_ASSIGN_OR_RETURN(Json note, actors_.FetchObject(copy.note_iri));
  if (StringField(note, "id") != copy.note_iri) {
    return util::Error::UpstreamFailed(copy.note_iri + " answered another object.");
  }
  // No longer theirs or no longer public: gone from here, as after a Delete.
  if (IdOf(Member(note, "attributedTo")) != copy.author_iri || !IsAddressedToPublic(note)) {
    Caller author;
    author.user_id = copy.author;
    return records_.Delete(author, kTrails, trail_id);
  }
  const std::optional<RemoteTrailFields> fields = ReadRemoteTrail(note);
  if (!fields) return util::OkStatus();
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  CAIRN_RETURN_IF_ERROR(database_.Write<std::string>([&](storage::Connection& c) {
    return StoreRemoteTrail(c, copy.author, copy.note_iri, *fields, trail_id, now);
  }));
  const bool files_missing = (!fields->track_url.empty() && copy.gpx.empty()) ||
                             (!fields->photo_urls.empty() && !copy.has_photos);
  if (files_missing || FilesVersion(*fields) != copy.version) {
    CAIRN_RETURN_IF_ERROR(StoreFiles(trail_id, copy, *fields));
  }
  return KeepReplies(trail_id, copy, note);
}

util::Result<std::string> RemoteTrailCopies::Download(const std::string& url,
                                                      std::string_view what) {
  CAIRN_ASSIGN_OR_RETURN(bool blocked, database_.Read<bool>([&](storage::Connection& c) {
    return IsBlockedUrl(c, url);
  }));
  if (blocked) return util::Error::Forbidden("The server of " + std::string(what) + " is blocked.");
  CAIRN_ASSIGN_OR_RETURN(net::UrlResponse response, files_.Get(url));
  if (response.status != 200) {
    return util::Error::UpstreamFailed(std::string(what) + " answered HTTP " +
                                       std::to_string(response.status) + ".");
  }
  return std::move(response.body);
}

util::Status RemoteTrailCopies::StoreFiles(const std::string& trail_id, const Copy& copy,
                                           const RemoteTrailFields& fields) {
  // Every update names the trail.
  const std::string name = fields.name.empty() ? "Untitled trail" : fields.name;
  Caller author;
  author.user_id = copy.author;
  bool complete = true;
  if (!fields.track_url.empty()) {
    CAIRN_ASSIGN_OR_RETURN(std::string track, Download(fields.track_url, "the GPS file"));
    MultipartForm form;
    form.fields.emplace_back("name", name);
    form.files.emplace_back("gpx", UploadedFile{track, FileNameOf(fields.track_url, "track.gpx")});
    // The author's own figures, as their server computed them, win over ours.
    auto set = [&](const char* name, double value) {
      if (value > 0) form.fields.emplace_back(name, std::to_string(value));
    };
    set("distance", fields.distance);
    set("elevation_gain", fields.elevation_gain);
    set("duration", fields.duration);
    if (auto stored = uploads_.UpdateFromForm(author, kTrails, trail_id, form, ""); !stored.ok()) {
      return util::Error::UpstreamFailed("The GPS file was refused: " + Explained(stored.error()));
    }
  }
  if (!fields.photo_urls.empty()) {
    std::vector<std::pair<std::string, std::string>> photos;  // name, bytes
    for (const std::string& url : fields.photo_urls) {
      auto photo = Download(url, "a photo");
      if (photo.ok()) {
        photos.emplace_back(FileNameOf(url, "photo"), std::move(photo).value());
      } else {
        complete = false;
      }
    }
    MultipartForm form;
    form.fields.emplace_back("name", name);
    form.fields.emplace_back("photos", "");  // the new set replaces what was kept
    for (const auto& [name, bytes] : photos) {
      form.files.emplace_back("photos", UploadedFile{bytes, name});
    }
    if (photos.empty()) {
      complete = false;
    } else if (auto stored = uploads_.UpdateFromForm(author, kTrails, trail_id, form, "");
               !stored.ok()) {
      util::LogWarning("federation: photos of remote trail " + trail_id + ": " +
                       Explained(stored.error()));
      complete = false;
    }
  }
  if (!complete) return util::OkStatus();  // tried again at the next refresh
  CAIRN_RETURN_IF_ERROR(database_.Write<int64_t>([&](storage::Connection& c) {
    return c.Execute("UPDATE ap_objects SET version = ? WHERE iri = ?",
                     {FilesVersion(fields), copy.note_iri});
  }));
  return util::OkStatus();
}

util::Status RemoteTrailCopies::KeepReplies(const std::string& trail_id, const Copy& copy,
                                            const Json& note) {
  const Json& replies = Member(note, "replies");
  if (replies.is_null()) return util::OkStatus();
  const std::string& own_origin = actors_.own_origin();
  // Each page: embedded (trusted when it comes with the note, which came from its origin) or
  // fetched from the note's own server.
  auto page_of = [&](const Json& value) -> util::Result<Json> {
    if (value.is_object()) return value;
    const std::string iri = IdOf(value);
    if (iri.empty() || !net::SameOrigin(iri, copy.note_iri)) {
      return util::Error::UpstreamFailed("The replies are on another server than the trail.");
    }
    return actors_.FetchObject(iri);
  };
  CAIRN_ASSIGN_OR_RETURN(Json page, page_of(replies));
  if (!Member(page, "first").is_null() && ItemsOf(page).is_null()) {
    CAIRN_ASSIGN_OR_RETURN(page, page_of(Member(page, "first")));
  }
  struct Reply {
    std::string iri, author, text, published;
  };
  std::vector<Reply> found;
  bool complete = true;
  int fetches = 0;
  for (int pages = 0;; ++pages) {
    const Json& items = ItemsOf(page);
    for (const Json& item : items.is_array() ? items : Json::array()) {
      if (found.size() >= kMaxRemoteReplies) break;
      const std::string iri = IdOf(item);
      // This server's own people's comments are here already.
      if (iri.empty() || net::SameOrigin(iri, own_origin + "/")) continue;
      Json reply = item;
      if (!item.is_object() || !net::SameOrigin(iri, copy.note_iri)) {
        if (++fetches > kMaxReplyFetches) {
          complete = false;
          break;
        }
        auto fetched = actors_.FetchObject(iri);
        if (!fetched.ok() || StringField(*fetched, "id") != iri) {
          complete = false;
          continue;
        }
        reply = std::move(fetched).value();
      }
      const std::string type = StringField(reply, "type");
      if ((type != "Note" && type != "Article") ||
          IdOf(Member(reply, "inReplyTo")) != copy.note_iri || !IsAddressedToPublic(reply)) {
        continue;
      }
      const std::string author = IdOf(Member(reply, "attributedTo"));
      if (author.empty() || !net::SameOrigin(author, iri)) continue;
      std::string text = HtmlToText(StringField(reply, "content"), 20000);
      if (text.empty()) continue;
      found.push_back({iri, author, std::move(text), StringField(reply, "published")});
    }
    const Json& next = Member(page, "next");
    if (found.size() >= kMaxRemoteReplies || pages + 1 >= kMaxReplyPages) {
      if (!next.is_null()) complete = false;
      break;
    }
    if (next.is_null()) break;
    auto following = page_of(next);
    if (!following.ok()) {
      complete = false;
      break;
    }
    page = std::move(following).value();
  }
  // Their authors as people here (fetched once a day at most), a bounded number of them.
  std::vector<std::pair<Reply, std::string>> kept;  // reply, users row of its author
  std::map<std::string, std::string> authors;       // actor IRI -> users row ("" unknown)
  for (Reply& reply : found) {
    auto known = authors.find(reply.author);
    if (known == authors.end()) {
      if (authors.size() >= kMaxReplyAuthors) {
        complete = false;
        continue;
      }
      auto author = actors_.ByIri(reply.author);
      known = authors.emplace(reply.author, author.ok() ? author->user_id : "").first;
    }
    if (known->second.empty()) {
      complete = false;
      continue;
    }
    kept.emplace_back(std::move(reply), known->second);
  }
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  CAIRN_RETURN_IF_ERROR(
      database_.Write<int64_t>([&](storage::Connection& c) -> util::Result<int64_t> {
        std::set<std::string> seen;
        for (const auto& [reply, author] : kept) {
          seen.insert(reply.iri);
          CAIRN_ASSIGN_OR_RETURN(
              auto known, c.Query("SELECT local_id FROM ap_objects WHERE iri = ? AND family = ? "
                                  "AND actor = ?",
                                  {reply.iri, std::string(kComments), author}));
          if (!known.rows.empty()) {
            CAIRN_RETURN_IF_ERROR(
                c.Execute("UPDATE comments SET text = ?, updated = ? WHERE id = ? AND text != ?",
                          {reply.text, now, storage::AsText(known.rows[0][0]), reply.text}));
            continue;
          }
          const std::string id = util::NewRecordId();
          // When it was written there (never later than now: a clock ahead there).
          std::string created = now;
          if (auto stamp = util::ParseTimestampMillis(reply.published);
              stamp && *stamp < clock_.NowMillis()) {
            created = util::FormatTimestamp(*stamp);
          }
          CAIRN_RETURN_IF_ERROR(
              c.Execute("INSERT INTO comments (id, created, updated, author, trail, text) VALUES "
                        "(?, ?, ?, ?, ?, ?)",
                        {id, created, now, author, trail_id, reply.text}));
          CAIRN_RETURN_IF_ERROR(
              c.Execute("INSERT INTO ap_objects (iri, family, local_id, actor) VALUES (?, ?, ?, ?) "
                        "ON CONFLICT (iri) DO NOTHING",
                        {reply.iri, std::string(kComments), id, author}));
        }
        if (!complete) return int64_t{0};
        // Replies gone there go here (remote people's comments on a copy all come from there).
        CAIRN_ASSIGN_OR_RETURN(
            auto ours, c.Query("SELECT m.iri, c.id FROM comments c JOIN users u ON u.id = "
                               "c.author JOIN ap_objects m ON m.local_id = c.id WHERE c.trail = ? "
                               "AND u.remote_actor != ''",
                               {trail_id}));
        for (const auto& row : ours.rows) {
          if (seen.count(storage::AsText(row[0]))) continue;
          CAIRN_RETURN_IF_ERROR(
              c.Execute("DELETE FROM comments WHERE id = ?", {storage::AsText(row[1])}));
        }
        return int64_t{0};
      }));
  return util::OkStatus();
}

util::Result<std::string> RemoteTrailCopies::Resolve(const Caller& caller, std::string_view id,
                                                     std::string_view handle) {
  std::string_view name = handle;
  if (!name.empty() && name.front() == '@') name.remove_prefix(1);
  if (name.empty() || name.find('@') == std::string_view::npos) {
    // A copy read after its window: brought up to date for the next reader.
    ScheduleIfStale(id);
    return std::string(id);
  }
  if (caller.IsAnonymous()) {
    return util::Error::Unauthorized("Sign in to open trails of other servers.");
  }
  auto actor = actors_.ByHandle(name);
  if (!actor.ok()) {
    if (actor.error().kind == util::ErrorKind::kForbidden) return std::move(actor).error();
    return util::Error::NotFound("No such person: " + actor.error().message);
  }
  const std::string wanted(id);
  CAIRN_ASSIGN_OR_RETURN(
      std::string local,
      database_.Read<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
        CAIRN_ASSIGN_OR_RETURN(
            auto rows,
            c.Query("SELECT local_id FROM ap_objects WHERE family = 'trails' AND actor = ?1 AND "
                    "(local_id = ?2 OR substr(iri, length(iri) - length(?2)) = '/' || ?2) "
                    "LIMIT 1",
                    {actor->user_id, wanted}));
        return rows.rows.empty() ? std::string() : storage::AsText(rows.rows[0][0]);
      }));
  if (!local.empty()) {
    ScheduleIfStale(local);
    return local;
  }
  // Not kept yet: their server's trail at the spec's path.
  CAIRN_ASSIGN_OR_RETURN(std::string origin, net::OriginOf(actor->iri));
  const std::string iri = origin + std::string(kActivityPubPath) + "/trail/" + wanted;
  auto note = actors_.FetchObject(iri);
  if (!note.ok()) return util::Error::NotFound("Not found: " + note.error().message);
  const std::optional<RemoteTrailFields> fields = ReadRemoteTrail(*note);
  const std::string note_iri = StringField(*note, "id");
  if (!fields || !IsAddressedToPublic(*note) || IdOf(Member(*note, "attributedTo")) != actor->iri ||
      !net::SameOrigin(note_iri, iri)) {
    return util::Error::NotFound("Not found.");
  }
  const std::string now = util::FormatTimestamp(clock_.NowMillis());
  CAIRN_ASSIGN_OR_RETURN(
      local, database_.Write<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
        CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT local_id FROM ap_objects WHERE iri = ? "
                                                  "AND family = 'trails' AND actor = ?",
                                                  {note_iri, actor->user_id}));
        const std::string kept = rows.rows.empty() ? "" : storage::AsText(rows.rows[0][0]);
        return StoreRemoteTrail(c, actor->user_id, note_iri, *fields, kept, now);
      }));
  if (auto refreshed = Refresh(local, CopyFreshness::kNow); !refreshed.ok()) {
    util::LogWarning("federation: remote trail " + local + ": " + refreshed.error().message);
  }
  return local;
}

}  // namespace cairn::services
