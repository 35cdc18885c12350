// The delivery queue: rows of ap_deliveries claimed in order, signed and POSTed by workers, and
// rescheduled, held or dropped by what the inbox answered.
#include "services/federation/delivery_queue.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "activitypub/digest.h"
#include "activitypub/request_signer.h"
#include "services/federation/domain_blocks.h"
#include "util/http_date.h"
#include "util/log.h"
#include "util/text.h"

namespace cairn::services {
namespace {

constexpr std::string_view kActivityContentType = "application/activity+json";
// Rows read per query while looking for due ones; the scan goes on until workers are busy.
constexpr int kScanBatch = 64;
// last_error holds a reason, not a transcript.
constexpr size_t kMaxReasonCharacters = 200;

// The inbox as logs may show it: without query and fragment, which may carry tokens.
std::string DisplayUrl(std::string_view url) {
  return std::string(url.substr(0, url.find_first_of("?#")));
}

// What the breaker and the one-delivery-per-host rule are keyed by: host and port as the Host
// header has them, so two servers on one machine (different ports) are two peers.
std::string HostKeyOf(std::string_view inbox) {
  auto authority = net::HostHeaderValue(inbox);
  return authority.ok() ? util::LowercaseAscii(*authority) : std::string();
}

// A UrlClient message reads "<display URL>: <reason>"; the row already names its inbox.
std::string ShortReason(std::string_view message, std::string_view inbox) {
  const std::string prefix = DisplayUrl(inbox) + ": ";
  if (message.starts_with(prefix)) message.remove_prefix(prefix.size());
  return std::string(util::TruncateUtf8(message, kMaxReasonCharacters));
}

// Whether `inbox`'s host, or a domain it is under, is blocked. InvalidArgument when `inbox` is
// not an http(s) URL.
util::Result<bool> IsBlockedInbox(storage::Connection& c, std::string_view inbox) {
  auto host = net::HostOf(inbox);
  if (!host.ok()) return util::Error::InvalidArgument("the inbox is not an http(s) URL");
  return IsBlockedHost(c, *host);
}

int64_t ToSeconds(std::chrono::seconds duration) { return duration.count(); }

}  // namespace

DeliveryQueue::DeliveryQueue(storage::Database& database, ActorKeys& keys, FederationIris iris,
                             net::UrlClient client, const util::Clock& clock,
                             DeliveryOptions options)
    : database_(database),
      keys_(keys),
      iris_(std::move(iris)),
      client_(std::move(client)),
      clock_(clock),
      options_([&] {
        // Options that would stall the queue or index out of the schedule are lifted to the
        // smallest that work.
        options.workers = std::max(options.workers, 1);
        options.breaker_failures = std::max(options.breaker_failures, 1);
        if (options.retry_delays.empty()) options.retry_delays = {std::chrono::minutes(1)};
        if (options.max_poll.count() <= 0) options.max_poll = std::chrono::seconds(1);
        return std::move(options);
      }()) {}

DeliveryQueue::~DeliveryQueue() { Stop(); }

util::Status DeliveryQueue::Enqueue(storage::Connection& c, std::string_view sender_user_id,
                                    std::string_view inbox, std::string_view activity_json,
                                    int64_t now_unix_s) {
  CAIRN_ASSIGN_OR_RETURN(bool blocked, IsBlockedInbox(c, inbox));
  if (blocked) return util::OkStatus();
  CAIRN_RETURN_IF_ERROR(
      c.Execute("INSERT INTO ap_deliveries (created, sender, inbox, activity, next_attempt) "
                "VALUES (?, ?, ?, ?, ?)",
                {now_unix_s, std::string(sender_user_id), std::string(inbox),
                 std::string(activity_json), now_unix_s}));
  return util::OkStatus();
}

void DeliveryQueue::Start() {
  std::lock_guard lock(mutex_);
  if (running_) return;
  running_ = true;
  stopping_ = false;
  woken_ = true;  // rows left by an earlier run are looked at at once
  dispatcher_ = std::thread([this] { DispatchLoop(); });
  for (int i = 0; i < options_.workers; ++i) workers_.emplace_back([this] { WorkLoop(); });
}

void DeliveryQueue::Stop() {
  {
    std::lock_guard lock(mutex_);
    if (!running_ || stopping_) return;
    stopping_ = true;
  }
  dispatcher_cv_.notify_all();
  worker_cv_.notify_all();
  if (dispatcher_.joinable()) dispatcher_.join();
  for (std::thread& worker : workers_) {
    if (worker.joinable()) worker.join();
  }
  std::lock_guard lock(mutex_);
  workers_.clear();
  // Jobs no worker took stay in the table, due; they are only unclaimed here.
  for (const Job& job : jobs_) {
    claimed_.erase(job.id);
    if (auto it = hosts_.find(job.host); it != hosts_.end() && it->second.sending == job.id) {
      it->second.sending = 0;
    }
  }
  jobs_.clear();
  running_ = false;
  stopping_ = false;
}

void DeliveryQueue::Wake() {
  {
    std::lock_guard lock(mutex_);
    woken_ = true;
  }
  dispatcher_cv_.notify_one();
}

util::Result<int> DeliveryQueue::DeliverDue() {
  const int64_t now = clock_.NowMillis() / 1000;
  int posted = 0;
  Cursor cursor;
  while (true) {
    CAIRN_ASSIGN_OR_RETURN(std::vector<DueRow> rows, LoadDue(now, cursor, kScanBatch));
    if (rows.empty()) break;
    for (const DueRow& row : rows) {
      cursor = {row.next_attempt, row.id};
      const std::string host = HostKeyOf(row.inbox);
      int64_t rest_until = 0;
      switch (Claim(row, host, now, rest_until)) {
        case Admission::kLater:
          break;
        case Admission::kHold:
          CAIRN_RETURN_IF_ERROR(Hold(row, rest_until, now));
          break;
        case Admission::kAttempt: {
          CAIRN_ASSIGN_OR_RETURN(bool was_posted, ProcessClaimed({row.id, host, now}));
          if (was_posted) ++posted;
          break;
        }
      }
    }
  }
  return posted;
}

util::Result<int64_t> DeliveryQueue::Pending() {
  return database_.Read<int64_t>([](storage::Connection& c) -> util::Result<int64_t> {
    CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT COUNT(*) FROM ap_deliveries"));
    return std::get<int64_t>(rows.rows[0][0]);
  });
}

DeliveryStats DeliveryQueue::Stats() const {
  std::lock_guard lock(mutex_);
  return stats_;
}

util::Result<std::vector<DeliveryQueue::DueRow>> DeliveryQueue::LoadDue(int64_t now,
                                                                        const Cursor& after,
                                                                        int limit) {
  return database_.Read<std::vector<DueRow>>(
      [&](storage::Connection& c) -> util::Result<std::vector<DueRow>> {
        // Rows already looked at in this pass are skipped by position rather than by changing
        // state, so rows left due (their host busy) cannot make the scan loop.
        CAIRN_ASSIGN_OR_RETURN(auto result,
                               c.Query("SELECT id, created, next_attempt, inbox FROM ap_deliveries "
                                       "WHERE next_attempt <= ? AND (next_attempt, id) > (?, ?) "
                                       "ORDER BY next_attempt, id LIMIT ?",
                                       {now, after.next_attempt, after.id, int64_t{limit}}));
        std::vector<DueRow> rows;
        rows.reserve(result.rows.size());
        for (auto& r : result.rows) {
          rows.push_back({std::get<int64_t>(r[0]), std::get<int64_t>(r[1]), std::get<int64_t>(r[2]),
                          std::move(std::get<std::string>(r[3]))});
        }
        return rows;
      });
}

util::Result<std::optional<int64_t>> DeliveryQueue::NextDueAfter(int64_t now) {
  return database_.Read<std::optional<int64_t>>(
      [&](storage::Connection& c) -> util::Result<std::optional<int64_t>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto result,
            c.Query("SELECT MIN(next_attempt) FROM ap_deliveries WHERE next_attempt > ?", {now}));
        if (const auto* next = std::get_if<int64_t>(&result.rows[0][0])) {
          return std::optional<int64_t>(*next);
        }
        return std::optional<int64_t>();
      });
}

DeliveryQueue::Admission DeliveryQueue::Claim(const DueRow& row, const std::string& host,
                                              int64_t now, int64_t& rest_until) {
  std::lock_guard lock(mutex_);
  if (claimed_.contains(row.id)) return Admission::kLater;
  HostState& state = hosts_[host];
  // One delivery per host at a time: a hung peer holds one worker, not all of them, and a host
  // whose rest just ended gets one trial delivery rather than a burst.
  if (state.sending != 0) return Admission::kLater;
  if (state.consecutive_failures >= options_.breaker_failures && now < state.rest_until) {
    rest_until = state.rest_until;
    return Admission::kHold;
  }
  state.sending = row.id;
  claimed_.insert(row.id);
  return Admission::kAttempt;
}

void DeliveryQueue::Release(int64_t id, const std::string& host) {
  {
    std::lock_guard lock(mutex_);
    claimed_.erase(id);
    if (auto it = hosts_.find(host); it != hosts_.end() && it->second.sending == id) {
      it->second.sending = 0;
      // A host in good standing needs no entry; only failing ones are remembered.
      if (it->second.consecutive_failures == 0) hosts_.erase(it);
    }
    woken_ = true;  // the host's other rows may go now
  }
  dispatcher_cv_.notify_one();
}

util::Status DeliveryQueue::Hold(const DueRow& row, int64_t rest_until, int64_t now) {
  if (now - row.created >= ToSeconds(options_.give_up_after)) {
    CAIRN_RETURN_IF_ERROR(Drop(row.id));
    util::LogWarning("delivery: gave up on " + DisplayUrl(row.inbox) +
                     ": its server has been failing (circuit breaker open)");
    std::lock_guard lock(mutex_);
    ++stats_.gave_up;
    return util::OkStatus();
  }
  // Only a row still due is moved: a worker may have handled it since it was read.
  auto moved = database_.Write<int64_t>([&](storage::Connection& c) {
    return c.Execute("UPDATE ap_deliveries SET next_attempt = ? WHERE id = ? AND next_attempt <= ?",
                     {rest_until, row.id, now});
  });
  if (!moved.ok()) return std::move(moved).error();
  return util::OkStatus();
}

util::Result<bool> DeliveryQueue::ProcessClaimed(const Job& job) {
  util::Result<bool> result = false;
  try {
    result = Process(job);
  } catch (const std::exception& e) {
    result = util::Error::Internal(std::string("delivery: unexpected exception: ") + e.what());
  } catch (...) {
    result = util::Error::Internal("delivery: unexpected exception");
  }
  Release(job.id, job.host);
  return result;
}

util::Result<bool> DeliveryQueue::Process(const Job& job) {
  struct Row {
    int64_t created = 0;
    std::string sender;
    std::string inbox;
    std::string activity;
    int64_t attempts = 0;
    bool blocked = false;
  };
  CAIRN_ASSIGN_OR_RETURN(
      std::optional<Row> row,
      database_.Read<std::optional<Row>>(
          [&](storage::Connection& c) -> util::Result<std::optional<Row>> {
            // Still due: the scan that found it may have read it before another delivery of it
            // finished, and a rescheduled row must wait its turn.
            CAIRN_ASSIGN_OR_RETURN(auto result,
                                   c.Query("SELECT created, sender, inbox, activity, attempts "
                                           "FROM ap_deliveries WHERE id = ? AND next_attempt <= ?",
                                           {job.id, job.now}));
            if (result.rows.empty()) return std::optional<Row>();
            auto& r = result.rows[0];
            Row found{std::get<int64_t>(r[0]), std::move(std::get<std::string>(r[1])),
                      std::move(std::get<std::string>(r[2])),
                      std::move(std::get<std::string>(r[3])), std::get<int64_t>(r[4])};
            // A domain blocked after the row was queued gets nothing more either.
            auto blocked = IsBlockedInbox(c, found.inbox);
            found.blocked = blocked.ok() && *blocked;
            return std::optional<Row>(std::move(found));
          }));
  if (!row) return false;
  const int64_t id = job.id;
  const std::string& host = job.host;
  if (row->blocked) {
    CAIRN_RETURN_IF_ERROR(Drop(id));
    util::LogInfo("delivery: dropped an activity for " + DisplayUrl(row->inbox) +
                  ": its domain is blocked");
    std::lock_guard lock(mutex_);
    ++stats_.failed_permanently;
    return false;
  }

  const Attempt attempt = Send(row->sender, row->inbox, row->activity);
  const int64_t now = clock_.NowMillis() / 1000;
  RecordForBreaker(host, attempt.outcome, now);
  const std::string where = DisplayUrl(row->inbox);
  switch (attempt.outcome) {
    case Outcome::kDelivered: {
      CAIRN_RETURN_IF_ERROR(Drop(id));
      std::lock_guard lock(mutex_);
      ++stats_.delivered;
      return true;
    }
    case Outcome::kPermanent:
    case Outcome::kNoSender: {
      CAIRN_RETURN_IF_ERROR(Drop(id));
      util::LogWarning("delivery: dropped an activity for " + where + ": " + attempt.reason);
      std::lock_guard lock(mutex_);
      ++stats_.failed_permanently;
      return attempt.outcome == Outcome::kPermanent;
    }
    case Outcome::kRetry:
    case Outcome::kLocalFailure:
      break;
  }
  const int64_t attempts = row->attempts + 1;
  const int64_t give_up_at = row->created + ToSeconds(options_.give_up_after);
  if (now >= give_up_at) {
    CAIRN_RETURN_IF_ERROR(Drop(id));
    util::LogWarning("delivery: gave up on " + where + " after " + std::to_string(attempts) +
                     " attempts: " + attempt.reason);
    std::lock_guard lock(mutex_);
    ++stats_.gave_up;
    return attempt.outcome == Outcome::kRetry;
  }
  const size_t step =
      std::min(static_cast<size_t>(row->attempts), options_.retry_delays.size() - 1);
  // The last retry is moved up to the moment of giving up rather than past it, so a row is
  // tried once more at the end of its two days.
  const int64_t next_attempt = std::min(now + ToSeconds(options_.retry_delays[step]), give_up_at);
  CAIRN_RETURN_IF_ERROR(Reschedule(id, attempts, next_attempt, attempt.reason));
  std::lock_guard lock(mutex_);
  ++stats_.retried;
  return attempt.outcome == Outcome::kRetry;
}

DeliveryQueue::Attempt DeliveryQueue::Send(const std::string& sender, const std::string& inbox,
                                           const std::string& activity) {
  // The sender: a local person, or one who deleted their account and whose departure is being
  // told (ap_departed keeps their name and key meanwhile).
  struct Sender {
    std::string username, departed_key;
  };
  auto found = database_.Read<std::optional<Sender>>(
      [&](storage::Connection& c) -> util::Result<std::optional<Sender>> {
        CAIRN_ASSIGN_OR_RETURN(
            auto result,
            c.Query("SELECT username, '' FROM users WHERE id = ?1 AND remote_actor = '' UNION ALL "
                    "SELECT username, private_pem FROM ap_departed WHERE user = ?1 LIMIT 1",
                    {sender}));
        if (result.rows.empty()) return std::optional<Sender>();
        return std::optional<Sender>(
            Sender{storage::AsText(result.rows[0][0]), storage::AsText(result.rows[0][1])});
      });
  if (!found.ok()) return {Outcome::kLocalFailure, "the sender could not be read"};
  // Only a local person's key can sign; without one the activity can never go.
  if (!*found) return {Outcome::kNoSender, "its sender is no longer a person of this server"};
  const std::string username = (*found)->username;
  auto keys = (*found)->departed_key.empty() ? keys_.KeysOf(sender)
                                             : util::Result<crypto::RsaKeyPair>(crypto::RsaKeyPair{
                                                   .private_pem = (*found)->departed_key});
  if (!keys.ok()) return {Outcome::kLocalFailure, "the sender's key is not available"};

  auto host = net::HostHeaderValue(inbox);
  auto target = net::RequestTargetOf(inbox);
  if (!host.ok() || !target.ok()) return {Outcome::kPermanent, "the inbox is not an http(s) URL"};
  // Signed anew at each attempt: peers refuse a Date more than an hour or so old.
  std::vector<activitypub::RequestHeader> headers = {
      {"Host", *host},
      {"Date", util::HttpDate(clock_.NowMillis() / 1000)},
      {"Digest", activitypub::DigestHeaderValue(activity)},
      {"Content-Type", std::string(kActivityContentType)},
      {"Accept", std::string(kActivityContentType)},
  };
  auto signature =
      activitypub::SignRequest({"POST", *target, headers}, iris_.KeyId(username), keys->private_pem,
                               {"(request-target)", "host", "date", "digest"});
  if (!signature.ok()) return {Outcome::kLocalFailure, "the request could not be signed"};

  // libcurl writes Host itself, from the URL, the same value as signed.
  std::vector<net::HttpHeader> sent;
  for (auto& header : headers) {
    if (header.name != "Host") sent.push_back({std::move(header.name), std::move(header.value)});
  }
  sent.push_back({"Signature", std::move(*signature)});
  auto answer = client_.Post(inbox, activity, sent);
  if (!answer.ok()) {
    const util::Error& error = answer.error();
    // A URL or header the client refuses will be refused again; everything else (timeouts,
    // refused connections, DNS, TLS, a refused address) may be over by the next attempt.
    const Outcome outcome =
        error.kind == util::ErrorKind::kInvalidArgument ? Outcome::kPermanent : Outcome::kRetry;
    return {outcome, ShortReason(error.message, inbox)};
  }
  const int status = answer->status;
  const std::string reason = "HTTP " + std::to_string(status);
  if (status >= 200 && status < 300) return {Outcome::kDelivered, reason};
  // 408 and 429 ask to come back later; any other 4xx says the request itself is refused.
  if (status >= 400 && status < 500 && status != 408 && status != 429) {
    return {Outcome::kPermanent, "refused with " + reason};
  }
  return {Outcome::kRetry, reason};
}

void DeliveryQueue::RecordForBreaker(const std::string& host, Outcome outcome, int64_t now) {
  std::lock_guard lock(mutex_);
  HostState& state = hosts_[host];
  // Only the host's own failures count: a refusal is an answer, and a missing key is ours.
  if (outcome == Outcome::kDelivered) {
    state.consecutive_failures = 0;
  } else if (outcome == Outcome::kRetry) {
    if (++state.consecutive_failures >= options_.breaker_failures) {
      state.rest_until = now + ToSeconds(options_.breaker_rest);
    }
  }
}

util::Status DeliveryQueue::Reschedule(int64_t id, int64_t attempts, int64_t next_attempt,
                                       const std::string& reason) {
  auto written = database_.Write<int64_t>([&](storage::Connection& c) {
    return c.Execute(
        "UPDATE ap_deliveries SET attempts = ?, next_attempt = ?, last_error = ? WHERE id = ?",
        {attempts, next_attempt, reason, id});
  });
  if (!written.ok()) return std::move(written).error();
  return util::OkStatus();
}

util::Status DeliveryQueue::Drop(int64_t id) {
  auto written = database_.Write<int64_t>([&](storage::Connection& c) {
    return c.Execute("DELETE FROM ap_deliveries WHERE id = ?", {id});
  });
  if (!written.ok()) return std::move(written).error();
  return util::OkStatus();
}

void DeliveryQueue::DispatchLoop() {
  while (true) {
    {
      std::lock_guard lock(mutex_);
      if (stopping_) return;
      woken_ = false;  // a Wake() during the pass below makes the next one start at once
    }
    std::chrono::milliseconds sleep = options_.max_poll;
    try {
      auto next = Dispatch();
      if (next.ok()) {
        sleep = *next;
      } else {
        util::LogError("delivery: " + next.error().message);
      }
    } catch (const std::exception& e) {
      util::LogError(std::string("delivery: unexpected exception: ") + e.what());
    } catch (...) {
      util::LogError("delivery: unexpected exception");
    }
    std::unique_lock lock(mutex_);
    dispatcher_cv_.wait_for(lock, sleep, [this] { return stopping_ || woken_; });
  }
}

util::Result<std::chrono::milliseconds> DeliveryQueue::Dispatch() {
  const int64_t now = clock_.NowMillis() / 1000;
  int idle = 0;
  {
    std::lock_guard lock(mutex_);
    idle = options_.workers - busy_workers_ - static_cast<int>(jobs_.size());
  }
  // All busy: a worker that finishes wakes the dispatcher.
  if (idle <= 0) return options_.max_poll;
  int handed = 0;
  Cursor cursor;
  while (handed < idle) {
    CAIRN_ASSIGN_OR_RETURN(std::vector<DueRow> rows, LoadDue(now, cursor, kScanBatch));
    if (rows.empty()) break;
    for (const DueRow& row : rows) {
      cursor = {row.next_attempt, row.id};
      const std::string host = HostKeyOf(row.inbox);
      int64_t rest_until = 0;
      const Admission admission = Claim(row, host, now, rest_until);
      if (admission == Admission::kHold) {
        if (auto held = Hold(row, rest_until, now); !held.ok()) {
          util::LogError(held.error().message);
        }
      } else if (admission == Admission::kAttempt) {
        {
          std::lock_guard lock(mutex_);
          jobs_.push_back({row.id, host, now});
        }
        worker_cv_.notify_one();
        if (++handed == idle) break;
      }
    }
  }
  if (handed == idle) return options_.max_poll;  // more may be due: a finishing worker wakes it
  CAIRN_ASSIGN_OR_RETURN(std::optional<int64_t> next, NextDueAfter(now));
  if (!next) return options_.max_poll;
  const auto until_due = std::chrono::milliseconds(*next * 1000 - clock_.NowMillis());
  return std::clamp(until_due, std::chrono::milliseconds(1), options_.max_poll);
}

void DeliveryQueue::WorkLoop() {
  while (true) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      worker_cv_.wait(lock, [this] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++busy_workers_;
    }
    // ProcessClaimed catches what it calls; a failure is logged and the row tried again later.
    auto processed = ProcessClaimed(job);
    if (!processed.ok()) util::LogError("delivery: " + processed.error().message);
    {
      std::lock_guard lock(mutex_);
      --busy_workers_;
      woken_ = true;  // a worker is free for the next due row
    }
    dispatcher_cv_.notify_one();
  }
}

}  // namespace cairn::services
