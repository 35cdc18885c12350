// What this server tells others: the events schema.sql's triggers record in ap_events (a public
// trail made, changed or deleted, a comment or summit log on one, a follow of a remote person or
// its end, a remote follower accepted or rejected) turned into signed deliveries (ap_deliveries,
// services/federation/delivery_queue.h), one per inbox that must hear of it: the shared inbox
// of each server with followers of the author, or the one person an activity is for.
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <nlohmann/json.hpp>
#include <thread>

#include "services/federation/activitypub_documents.h"
#include "storage/database.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::services {

// Thread-safe; the references must outlive it.
class ActivityOutbox {
 public:
  ActivityOutbox(storage::Database& database, ActivityPubDocuments& documents,
                 const util::Clock& clock)
      : database_(database), documents_(documents), clock_(clock) {}
  ~ActivityOutbox() { Stop(); }

  // Whether schema.sql's triggers record events: on while a federating server runs (and for
  // what `cairn import` adds between its runs); off, what was recorded is dropped, since no
  // server will send it. `serve` calls it at start.
  static util::Status SetRecording(storage::Database& database, bool on, const std::string& now);

  // Turns every recorded event, oldest first, into deliveries, and removes it; returns how many
  // were handled. An event whose object is gone or no longer public sends nothing (the event
  // that made it so sends its Delete).
  util::Result<int> Drain();

  // Drains in the background: looks for events every `interval` (they are written by triggers,
  // so no request can wake it) and calls `delivered` after any were queued.
  void Start(std::function<void()> delivered,
             std::chrono::milliseconds interval = std::chrono::milliseconds(500));
  void Stop();

 private:
  struct Event;
  // The activity for `event` and the inboxes it goes to; nullopt to send nothing.
  struct Outgoing {
    nlohmann::json activity;
    std::vector<std::string> inboxes;
  };
  util::Result<std::optional<Outgoing>> Prepare(const Event& event);
  // A deleted account's Delete of its actor, to the servers of the people its deletion named.
  util::Result<std::optional<Outgoing>> PrepareDeparture(const Event& event);
  // Drops the departed people whose departure has been told (or who left two days ago).
  util::Status ForgetDeparted();

  storage::Database& database_;
  ActivityPubDocuments& documents_;
  const util::Clock& clock_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace cairn::services
