// What other servers post to this one's inboxes: each activity's HTTP Signature verified before
// anything is read as true (the signer's key fetched, re-fetched once when it fails, its owner
// the activity's actor), then applied as the remote person it comes from, under the same access
// rules as a local person: a reply to a public trail becomes a comment on it, a Like a like, a
// Follow a follow (waiting for a private account's answer), an Undo or Delete takes back only
// what that actor made here.
#pragma once

#include <nlohmann/json.hpp>
#include <string_view>

#include "activitypub/request_verifier.h"
#include "services/core/record_service.h"
#include "services/federation/iris.h"
#include "services/federation/remote_actors.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::services {

class RemoteTrailCopies;

// The largest activity an inbox reads: room for a long reply with its context.
inline constexpr size_t kMaxInboxBodyBytes = 256 * 1024;

// Thread-safe; the references must outlive it.
class Inbox {
 public:
  Inbox(storage::Database& database, RecordService& records, storage::BlobStore& blobs,
        RemoteActors& actors, FederationIris iris, const util::Clock& clock)
      : database_(database),
        records_(records),
        blobs_(blobs),
        actors_(actors),
        iris_(std::move(iris)),
        clock_(clock) {}

  // A POST to the shared inbox (`recipient` empty) or to a local person's (their name). Fails
  // with InvalidArgument for a body that is not an activity (no type or actor), Unauthorized when
  // the request is unsigned, its signature, digest or date do not check, its key cannot be
  // fetched or is not the actor's; Forbidden for a blocked domain; NotFound for an unknown
  // recipient. On success the activity is applied, or ignored when it concerns nothing here
  // (a Note that replies to no trail of this server, an Undo of nothing).
  util::Status Receive(const activitypub::IncomingRequest& request, std::string_view recipient);

  // Where the copies of remote trails kept or changed by an activity are refreshed (their GPS
  // file, photos and replies fetched) in the background; none by default.
  void SetTrailCopies(RemoteTrailCopies* copies) { copies_ = copies; }

 private:
  // The verified actor's activity, applied in one transaction.
  util::Status Apply(const RemoteActor& actor, const nlohmann::json& activity);

  storage::Database& database_;
  RecordService& records_;
  storage::BlobStore& blobs_;
  RemoteActors& actors_;
  FederationIris iris_;
  const util::Clock& clock_;
  RemoteTrailCopies* copies_ = nullptr;
};

}  // namespace cairn::services
