// The outgoing ActivityPub delivery queue: activities waiting in ap_deliveries are POSTed, signed
// by their sender, to remote inboxes by background workers, retried with backoff for two days,
// with a per-host circuit breaker. Requests only insert rows; nothing they do waits for a peer.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "net/url_client.h"
#include "services/federation/actor_keys.h"
#include "services/federation/iris.h"
#include "storage/database.h"
#include "util/clock.h"
#include "util/result.h"

namespace cairn::services {

struct DeliveryOptions {
  int workers = 4;  // deliveries in progress at once (one hung peer holds one of them)
  // The wait after the first, second, ... failed attempt; the last one repeats: quick retries
  // for a peer that is restarting, then a few a day for one that is down (docs/FEDERATION.md).
  std::vector<std::chrono::seconds> retry_delays = {
      std::chrono::minutes(1), std::chrono::minutes(5), std::chrono::minutes(30),
      std::chrono::hours(2),   std::chrono::hours(6),   std::chrono::hours(12)};
  // A row still failing this long after it was queued is dropped; the last retry is moved up to
  // this moment rather than past it.
  std::chrono::seconds give_up_after = std::chrono::hours(48);
  // After this many retried failures in a row to one host, its rows rest for `breaker_rest`
  // (their next attempt is moved to its end, their attempts not counted); then one trial
  // delivery decides whether its other rows go or it rests again.
  int breaker_failures = 5;
  std::chrono::seconds breaker_rest = std::chrono::minutes(10);
  // The longest the dispatcher sleeps without a Wake(): a bound on how late a row queued without
  // one, or made due by a clock that jumped, is noticed.
  std::chrono::milliseconds max_poll = std::chrono::seconds(30);
};

// What the queue has done since it was made.
struct DeliveryStats {
  int64_t delivered = 0;  // answered 2xx; the row is gone
  // Refused for good (4xx but 408 and 429), or dropped unsent: no local sender any more, or a
  // domain blocked since it was queued.
  int64_t failed_permanently = 0;
  int64_t retried = 0;  // failed and rescheduled
  int64_t gave_up = 0;  // failing still after give_up_after; dropped
};

// Thread-safe. The references must outlive it.
class DeliveryQueue {
 public:
  DeliveryQueue(storage::Database& database, ActorKeys& keys, FederationIris iris,
                net::UrlClient client, const util::Clock& clock, DeliveryOptions options = {});
  // Stop()s.
  ~DeliveryQueue();
  DeliveryQueue(const DeliveryQueue&) = delete;
  DeliveryQueue& operator=(const DeliveryQueue&) = delete;

  // Queues `activity_json` for a POST to `inbox`, signed by the local person `sender_user_id`,
  // due at `now_unix_s`. Call it inside the caller's write transaction (then Wake() after the
  // commit), so the activity goes out exactly when what it reports was stored. Inserts nothing
  // and returns OK when the inbox's host, or a domain it is under, is in ap_blocked_domains
  // (blocking example.org blocks a.example.org). InvalidArgument when `inbox` is not an
  // absolute http(s) URL; the database's errors otherwise.
  static util::Status Enqueue(storage::Connection& c, std::string_view sender_user_id,
                              std::string_view inbox, std::string_view activity_json,
                              int64_t now_unix_s);

  // Starts the dispatcher and `workers` worker threads, which deliver rows as they fall due
  // (also those left by an earlier run) until Stop(). Does nothing when already started.
  void Start();
  // Stops and joins the threads: deliveries not yet begun stay queued; one in progress is
  // finished first (at most UrlClient's total_timeout). Idempotent; Start() may follow.
  void Stop();
  // Makes the dispatcher look for due rows now (after an Enqueue was committed).
  void Wake();

  // Attempts every row due now, one after another on the calling thread, skipping rows a worker
  // holds; with or without Start(). Returns how many were POSTed (rows held by the breaker and
  // rows dropped for want of a sender are not counted). The database's errors.
  util::Result<int> DeliverDue();

  // The number of rows queued, due or not.
  util::Result<int64_t> Pending();
  DeliveryStats Stats() const;

 private:
  // A due row as the dispatcher sees it: enough to choose it, not to send it.
  struct DueRow {
    int64_t id = 0;
    int64_t created = 0;
    int64_t next_attempt = 0;
    std::string inbox;
  };
  // Where a scan of due rows stopped: rows are visited in (next_attempt, id) order.
  struct Cursor {
    int64_t next_attempt = INT64_MIN;
    int64_t id = INT64_MIN;
  };
  // What is known of one host (an inbox URL's HostHeaderValue, lower case).
  struct HostState {
    int consecutive_failures = 0;  // retried failures since its last delivery
    int64_t rest_until = 0;        // unix seconds: its rows wait until then once the breaker trips
    int64_t sending = 0;           // the row being delivered to it, 0 for none
  };
  struct Job {
    int64_t id = 0;
    std::string host;
    int64_t now = 0;  // when it was found due
  };
  enum class Admission { kAttempt, kHold, kLater };
  enum class Outcome { kDelivered, kPermanent, kRetry, kLocalFailure, kNoSender };
  struct Attempt {
    Outcome outcome = Outcome::kRetry;
    std::string reason;  // short: for last_error and the log
  };

  util::Result<std::vector<DueRow>> LoadDue(int64_t now, const Cursor& after, int limit);
  // The soonest next_attempt after `now`, or nullopt when nothing is waiting.
  util::Result<std::optional<int64_t>> NextDueAfter(int64_t now);
  // Claims `row` for its host's one delivery at a time (kAttempt; Release must follow), or says
  // it waits for the breaker's rest to end (kHold, `rest_until` set) or for another delivery to
  // its host or of itself to finish (kLater).
  Admission Claim(const DueRow& row, const std::string& host, int64_t now, int64_t& rest_until);
  void Release(int64_t id, const std::string& host);
  // Moves a row of a resting host to the end of the rest, or drops it when it is past giving up.
  util::Status Hold(const DueRow& row, int64_t rest_until, int64_t now);
  // Delivers a claimed row found due at `now` and records what came of it (row, breaker,
  // stats), then releases it. Returns whether a POST was made (false also when the row was
  // handled since it was found, or is for a domain blocked since it was queued).
  util::Result<bool> ProcessClaimed(const Job& job);
  util::Result<bool> Process(const Job& job);
  // The POST, signed afresh, and what its answer means.
  Attempt Send(const std::string& sender, const std::string& inbox, const std::string& activity);
  void RecordForBreaker(const std::string& host, Outcome outcome, int64_t now);
  util::Status Reschedule(int64_t id, int64_t attempts, int64_t next_attempt,
                          const std::string& reason);
  util::Status Drop(int64_t id);

  void DispatchLoop();
  void WorkLoop();
  // One dispatcher pass: hands due rows to idle workers, holds rows of resting hosts. Returns
  // how long it may sleep before the next pass unless woken.
  util::Result<std::chrono::milliseconds> Dispatch();

  storage::Database& database_;
  ActorKeys& keys_;
  const FederationIris iris_;
  const net::UrlClient client_;
  const util::Clock& clock_;
  const DeliveryOptions options_;

  mutable std::mutex mutex_;
  std::condition_variable dispatcher_cv_;  // Wake(), a worker done, Stop()
  std::condition_variable worker_cv_;      // a job queued, Stop()
  bool running_ = false;
  bool stopping_ = false;
  bool woken_ = false;
  std::set<int64_t> claimed_;  // rows a worker or a DeliverDue holds
  std::deque<Job> jobs_;       // claimed rows no worker has taken yet
  int busy_workers_ = 0;
  std::map<std::string, HostState> hosts_;
  DeliveryStats stats_;
  std::thread dispatcher_;
  std::vector<std::thread> workers_;
};

}  // namespace cairn::services
