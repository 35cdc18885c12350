// The copies this server keeps of other servers' trails (for the followers of their authors, or
// opened here by handle): fetched again when they are read after kRemoteTrailRefreshSeconds, with
// their GPS file and first photos downloaded and stored as a local trail's, and the replies made
// on their own server kept as comments, so a trail page here shows the track, the photos and every
// comment, local and remote. The copy is the kept row: a server that cannot be reached leaves it
// as it was.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <thread>

#include "net/url_client.h"
#include "services/core/caller.h"
#include "services/core/record_service.h"
#include "services/federation/remote_actors.h"
#include "services/federation/remote_trail.h"
#include "services/files/upload_service.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services {

// How long a kept copy is served before it is fetched again on reading.
inline constexpr int64_t kRemoteTrailRefreshSeconds = 15 * 60;
// How many replies of one trail are read from its server (the first ones its collection lists).
inline constexpr size_t kMaxRemoteReplies = 100;

// Writes a remote trail's fields into the kept row `id`, or a new row when `id` is empty (public,
// by `author`, the users row of the remote person); returns the row's id. In the caller's
// transaction; the remote object `note_iri` is remembered as that row (ap_objects).
util::Result<std::string> StoreRemoteTrail(storage::Connection& connection,
                                           const std::string& author, const std::string& note_iri,
                                           const RemoteTrailFields& fields, const std::string& id,
                                           const std::string& now);

enum class CopyFreshness {
  kIfStale,  // fetched when the copy is older than kRemoteTrailRefreshSeconds
  kNow,      // fetched now (the remote side told us it changed)
};

// Thread-safe; the references must outlive it. Starts one background thread for Schedule().
class RemoteTrailCopies {
 public:
  // `files` downloads GPS files and photos (a larger size limit than `actors`' documents).
  RemoteTrailCopies(storage::Database& database, RecordService& records, RemoteActors& actors,
                    UploadService& uploads, net::UrlClient files, const util::Clock& clock);
  ~RemoteTrailCopies();
  RemoteTrailCopies(const RemoteTrailCopies&) = delete;
  RemoteTrailCopies& operator=(const RemoteTrailCopies&) = delete;

  // Brings the copy `trail_id` up to date when `freshness` asks for it: the Note fetched again
  // (its fields written; the copy removed when its server says it is gone), the GPS file and
  // photos downloaded when the copy has none or the Note changed since, the replies kept as
  // comments (ones gone there removed here). A trail that is not a remote copy is left alone
  // (Ok). Errors say why the remote side could not be read; the copy then stays as it was.
  util::Status Refresh(std::string_view trail_id, CopyFreshness freshness);
  // Refresh in the background (after the inbox kept or changed a copy, or when a reader finds
  // one stale): returns at once.
  void Schedule(std::string_view trail_id, CopyFreshness freshness);
  // Schedule(kIfStale) when `trail_id` is a remote copy older than kRemoteTrailRefreshSeconds
  // (after a trail or its comments were read); nothing for any other trail.
  void ScheduleIfStale(std::string_view trail_id);

  // GET /trail/{id}?handle=@name@host: the local id of the trail `id` of that person, `id`
  // being the kept copy's id or its id on their server (the last segment of its IRI). A trail
  // not kept yet is fetched from their server (the spec's /activitypub/trail/{id}) and kept.
  // A kept copy is answered at once (refreshed in the background when stale); a handle of this
  // server, or none, gives `id` back. Unauthorized for an anonymous caller with a remote
  // handle (reading other servers is for people with an account here); NotFound when the person
  // or the trail cannot be found or is not public there.
  util::Result<std::string> Resolve(const Caller& caller, std::string_view id,
                                    std::string_view handle);

 private:
  struct Copy {
    std::string note_iri, author, author_iri, gpx, version;
    bool has_photos = false;
  };
  util::Result<std::optional<Copy>> Kept(std::string_view trail_id);
  util::Status Fetch(const std::string& trail_id, const Copy& copy);
  // Downloads the GPS file and photos of `fields` into the copy, as its author's upload.
  util::Status StoreFiles(const std::string& trail_id, const Copy& copy,
                          const RemoteTrailFields& fields);
  util::Status KeepReplies(const std::string& trail_id, const Copy& copy,
                           const nlohmann::json& note);
  util::Result<std::string> Download(const std::string& url, std::string_view what);
  // Marks `trail_id` as being fetched now; false when it is already or was within the window.
  bool Claim(const std::string& trail_id, CopyFreshness freshness);
  void Release(const std::string& trail_id);
  void Work();

  storage::Database& database_;
  RecordService& records_;
  RemoteActors& actors_;
  UploadService& uploads_;
  net::UrlClient files_;
  const util::Clock& clock_;

  std::mutex mutex_;
  std::condition_variable wake_;
  std::map<std::string, int64_t> fetched_;  // trail id -> unix seconds of the last attempt
  std::set<std::string> in_flight_;
  std::deque<std::pair<std::string, CopyFreshness>> queue_;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace cairn::services
