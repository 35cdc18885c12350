// The delivery queue against real inboxes on 127.0.0.1 and a real database file: what arrives and
// how it is signed, the retry schedule walked on a fake clock, permanent refusals, giving up, the
// circuit breaker, blocked domains, and the threads (a restart, a hung peer).
#include "services/federation/delivery_queue.h"

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <deque>
#include <functional>
#include <thread>

#include "activitypub/digest.h"
#include "activitypub/request_verifier.h"
#include "test_support/cavage_test_values.h"
#include "test_support/local_http_server.h"
#include "test_support/temp_dir.h"
#include "test_support/test_request.h"
#include "util/http_date.h"

namespace cairn::services {
namespace {

using namespace std::chrono_literals;
using test_support::LocalHttpServer;
using test_support::RecordedRequest;

constexpr int64_t kT0 = 1'700'000'000;
constexpr const char* kAda = "ada000000000001";
constexpr const char* kRemote = "rem000000000001";
constexpr const char* kActivity =
    R"({"@context":"https://www.w3.org/ns/activitystreams","type":"Like","actor":"https://trails.example.org/api/v1/activitypub/user/ada"})";

class ManualClock : public util::Clock {
 public:
  int64_t NowMillis() const override { return now_ms.load(); }
  void SetSeconds(int64_t seconds) { now_ms = seconds * 1000; }
  std::atomic<int64_t> now_ms{kT0 * 1000};
};

// Waits for `condition` (checked every few milliseconds) up to `timeout`, which is generous: it
// only bounds a failing test.
bool Eventually(const std::function<bool()>& condition, std::chrono::milliseconds timeout = 10s) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(5ms);
  }
  return true;
}

// A remote inbox at /inbox answering the statuses it is told, in turn, then `otherwise`.
class TestInbox {
 public:
  explicit TestInbox(int otherwise = 202) : otherwise_(otherwise) {
    server_.Post("/inbox", [this](const httplib::Request&, httplib::Response& response) {
      std::lock_guard lock(mutex_);
      if (statuses_.empty()) {
        response.status = otherwise_;
      } else {
        response.status = statuses_.front();
        statuses_.pop_front();
      }
    });
  }
  void Answer(std::initializer_list<int> statuses) {
    std::lock_guard lock(mutex_);
    statuses_.insert(statuses_.end(), statuses);
  }
  void AnswerFromNowOn(int status) {
    std::lock_guard lock(mutex_);
    otherwise_ = status;
  }
  std::string url() const { return server_.url() + "/inbox"; }
  std::vector<RecordedRequest> requests() const { return server_.requests(); }

 private:
  LocalHttpServer server_;
  std::mutex mutex_;
  std::deque<int> statuses_;
  int otherwise_;
};

// A row of ap_deliveries as the tests look at it.
struct QueuedRow {
  std::string inbox;
  int64_t attempts = 0;
  int64_t next_attempt = 0;
  std::string last_error;
};

net::UrlClient LoopbackClient(std::chrono::milliseconds total_timeout = 5s) {
  auto client = net::UrlClient::Create(
      {.addresses = net::AddressRule::kAnyAddress, .total_timeout = total_timeout});
  REQUIRE(client.ok());
  return std::move(client).value();
}

// A data dir with the real schema, Ada (a local person, with the draft's key pair so no key is
// made per test) and a remote person.
struct Fixture {
  test_support::TempDir dir;
  std::unique_ptr<storage::Database> db;
  ManualClock clock;
  std::unique_ptr<ActorKeys> keys;
  FederationIris iris{"https://trails.example.org"};

  Fixture() {
    Open();
    Run("INSERT INTO users (id, created, updated, username, email, password_hash, token_key, "
        "remote_actor) VALUES "
        "('" +
        std::string(kAda) +
        "', '', '', 'Ada', 'ada@example.org', '', '', ''),"
        "('" +
        std::string(kRemote) +
        "', '', '', 'bo@remote.example', 'bo@remote.invalid', '', "
        "'', 'https://remote.example/users/bo');"
        "INSERT INTO ap_keys (user, created, public_pem, private_pem) VALUES ('" +
        std::string(kAda) + "', '', '" + test_support::kCavagePublicPem + "', '" +
        test_support::kCavagePrivatePem + "');");
  }

  // Opens the database file again, as a restarted server would.
  void Open() {
    keys.reset();
    db.reset();
    auto opened = storage::Database::Open({.path = dir.path() + "/data.db"});
    INFO((opened.ok() ? "" : opened.error().message));
    REQUIRE(opened.ok());
    db = std::move(opened).value();
    keys = std::make_unique<ActorKeys>(*db, clock);
  }

  DeliveryQueue Queue(DeliveryOptions options = {}, net::UrlClient client = LoopbackClient()) {
    return DeliveryQueue(*db, *keys, iris, std::move(client), clock, std::move(options));
  }

  void Run(const std::string& sql) {
    REQUIRE(db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
                CAIRN_RETURN_IF_ERROR(c.ExecuteScript(sql));
                return 0;
              }).ok());
  }

  void Enqueue(const std::string& inbox, const std::string& sender = kAda,
               const std::string& activity = kActivity) {
    const int64_t now = clock.NowMillis() / 1000;
    REQUIRE(db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
                CAIRN_RETURN_IF_ERROR(DeliveryQueue::Enqueue(c, sender, inbox, activity, now));
                return 0;
              }).ok());
  }

  std::vector<QueuedRow> Rows() {
    auto rows = db->Read<std::vector<QueuedRow>>(
        [](storage::Connection& c) -> util::Result<std::vector<QueuedRow>> {
          CAIRN_ASSIGN_OR_RETURN(auto result, c.Query("SELECT inbox, attempts, next_attempt, "
                                                      "last_error FROM ap_deliveries ORDER BY id"));
          std::vector<QueuedRow> out;
          for (auto& r : result.rows) {
            out.push_back({std::get<std::string>(r[0]), std::get<int64_t>(r[1]),
                           std::get<int64_t>(r[2]), std::get<std::string>(r[3])});
          }
          return out;
        });
    REQUIRE(rows.ok());
    return *rows;
  }
};

int Deliver(DeliveryQueue& queue) {
  auto attempted = queue.DeliverDue();
  REQUIRE(attempted.ok());
  return *attempted;
}

// What the inbox received, as its server would check it.
test_support::TestRequest AsReceived(const RecordedRequest& r) {
  test_support::TestRequest request{r.method, r.target, {}, r.body};
  for (const auto& [name, value] : r.headers) request.headers.push_back({name, value});
  return request;
}

TEST_CASE("A queued activity arrives once, signed by its sender, and leaves the queue",
          "[delivery]") {
  Fixture f;
  TestInbox inbox;
  const std::string url = inbox.url() + "?shared=1";
  f.Enqueue(url);
  REQUIRE(f.Rows().size() == 1);
  DeliveryQueue queue = f.Queue();

  CHECK(Deliver(queue) == 1);
  CHECK(Deliver(queue) == 0);

  const auto requests = inbox.requests();
  REQUIRE(requests.size() == 1);
  const RecordedRequest& r = requests[0];
  CHECK(r.method == "POST");
  CHECK(r.target == "/inbox?shared=1");
  CHECK(r.body == kActivity);
  CHECK(r.Header("Content-Type") == "application/activity+json");
  CHECK(r.Header("Date") == util::HttpDate(kT0));
  CHECK(activitypub::CheckDigestHeader(r.Header("Digest"), r.body) ==
        activitypub::DigestCheck::kMatches);
  const auto received = AsReceived(r);
  auto verified =
      activitypub::VerifySignedRequest(received.Incoming(), test_support::kCavagePublicPem, kT0);
  INFO((verified.ok() ? "" : verified.error().message));
  REQUIRE(verified.ok());
  CHECK(verified->key_id == "https://trails.example.org/api/v1/activitypub/user/ada#main-key");
  CHECK(verified->headers ==
        std::vector<std::string>{"(request-target)", "host", "date", "digest"});

  CHECK(f.Rows().empty());
  CHECK(*queue.Pending() == 0);
  const DeliveryStats stats = queue.Stats();
  CHECK(stats.delivered == 1);
  CHECK(stats.retried + stats.failed_permanently + stats.gave_up == 0);
}

TEST_CASE("A failed delivery waits a minute, then goes again with a fresh signature",
          "[delivery]") {
  Fixture f;
  TestInbox inbox;
  inbox.Answer({500});
  f.Enqueue(inbox.url());
  DeliveryQueue queue = f.Queue();

  CHECK(Deliver(queue) == 1);
  auto rows = f.Rows();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].attempts == 1);
  CHECK(rows[0].next_attempt == kT0 + 60);
  CHECK(rows[0].last_error == "HTTP 500");

  f.clock.SetSeconds(kT0 + 30);
  CHECK(Deliver(queue) == 0);
  CHECK(inbox.requests().size() == 1);

  f.clock.SetSeconds(kT0 + 60);
  CHECK(Deliver(queue) == 1);
  const auto requests = inbox.requests();
  REQUIRE(requests.size() == 2);
  CHECK(requests[0].Header("Date") == util::HttpDate(kT0));
  CHECK(requests[1].Header("Date") == util::HttpDate(kT0 + 60));
  CHECK(requests[1].Header("Signature") != requests[0].Header("Signature"));
  CHECK(requests[1].body == requests[0].body);
  CHECK(activitypub::VerifySignedRequest(AsReceived(requests[1]).Incoming(),
                                         test_support::kCavagePublicPem, kT0 + 60)
            .ok());
  CHECK(f.Rows().empty());
  CHECK(queue.Stats().retried == 1);
  CHECK(queue.Stats().delivered == 1);
}

TEST_CASE("A refusal drops the row at once, while 408, 429 and 5xx are retried", "[delivery]") {
  struct Case {
    int status;
    bool retried;
  };
  const std::vector<Case> cases = {{410, false}, {400, false}, {404, false}, {401, false},
                                   {429, true},  {408, true},  {503, true}};
  Fixture f;
  TestInbox inbox;
  DeliveryQueue queue = f.Queue();
  for (const Case& c : cases) {
    INFO("HTTP " << c.status);
    inbox.Answer({c.status});
    f.Enqueue(inbox.url());
    CHECK(Deliver(queue) == 1);
    const auto rows = f.Rows();
    if (c.retried) {
      REQUIRE(rows.size() == 1);
      CHECK(rows[0].attempts == 1);
      CHECK(rows[0].next_attempt == kT0 + 60);
      CHECK(rows[0].last_error == "HTTP " + std::to_string(c.status));
    } else {
      CHECK(rows.empty());
    }
    f.Run("DELETE FROM ap_deliveries");
  }
  CHECK(queue.Stats().failed_permanently == 4);
  CHECK(queue.Stats().retried == 3);
  CHECK(inbox.requests().size() == cases.size());
}

TEST_CASE("Unreachable inboxes and refused addresses are retried, with a short reason",
          "[delivery]") {
  Fixture f;
  TestInbox inbox;
  const std::string closed =
      "http://127.0.0.1:" + std::to_string(test_support::UnusedLoopbackPort()) + "/inbox?token=s3";
  f.Enqueue(closed);
  DeliveryQueue loopback = f.Queue();
  CHECK(Deliver(loopback) == 1);
  auto rows = f.Rows();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].attempts == 1);
  CHECK_FALSE(rows[0].last_error.empty());
  CHECK(rows[0].last_error.find("token") == std::string::npos);
  f.Run("DELETE FROM ap_deliveries");

  // Without --federation-allow-private, loopback is not a peer.
  auto public_only = net::UrlClient::Create({});
  REQUIRE(public_only.ok());
  DeliveryQueue guarded = f.Queue({}, *public_only);
  f.Enqueue(inbox.url());
  CHECK(Deliver(guarded) == 1);
  rows = f.Rows();
  REQUIRE(rows.size() == 1);
  CHECK(rows[0].attempts == 1);
  CHECK(rows[0].last_error.find("not a public address") != std::string::npos);
  CHECK(inbox.requests().empty());
}

TEST_CASE("A row failing for two days is tried on the schedule, then given up", "[delivery]") {
  Fixture f;
  TestInbox inbox(503);
  f.Enqueue(inbox.url());
  DeliveryQueue queue = f.Queue();
  // 0, +1 min, +5 min, +30 min, +2 h, +6 h, then every 12 h, the last moved up to 48 h.
  const std::vector<int64_t> expected = {0,     60,    360,    2160,   9360,
                                         30960, 74160, 117360, 160560, 172800};
  std::vector<int64_t> tried_at;
  for (int step = 0; step < 20 && !f.Rows().empty(); ++step) {
    const int64_t now = f.Rows()[0].next_attempt;
    f.clock.SetSeconds(now);
    CHECK(Deliver(queue) == 1);
    tried_at.push_back(now - kT0);
  }
  CHECK(tried_at == expected);
  CHECK(f.Rows().empty());
  CHECK(inbox.requests().size() == expected.size());
  CHECK(queue.Stats().gave_up == 1);
  CHECK(queue.Stats().retried == static_cast<int64_t>(expected.size()) - 1);
}

TEST_CASE("Five failures in a row rest a host for ten minutes while other hosts go on",
          "[delivery]") {
  Fixture f;
  TestInbox down(503);
  TestInbox up;
  for (int i = 0; i < 7; ++i) f.Enqueue(down.url());
  f.Enqueue(up.url());
  DeliveryQueue queue = f.Queue();

  // Five attempts trip the breaker; the other two rows wait for the rest without an attempt.
  CHECK(Deliver(queue) == 6);
  CHECK(down.requests().size() == 5);
  CHECK(up.requests().size() == 1);
  auto rows = f.Rows();
  REQUIRE(rows.size() == 7);
  for (int i = 0; i < 5; ++i) {
    CHECK(rows[i].attempts == 1);
    CHECK(rows[i].next_attempt == kT0 + 60);
  }
  for (int i = 5; i < 7; ++i) {
    CHECK(rows[i].attempts == 0);
    CHECK(rows[i].next_attempt == kT0 + 600);
  }

  // A minute on, the retries are held as well, while the other host still gets its rows.
  f.clock.SetSeconds(kT0 + 60);
  f.Enqueue(up.url());
  CHECK(Deliver(queue) == 1);
  CHECK(down.requests().size() == 5);
  CHECK(up.requests().size() == 2);
  rows = f.Rows();
  REQUIRE(rows.size() == 7);
  for (const QueuedRow& row : rows) {
    CHECK(row.attempts <= 1);
    CHECK(row.next_attempt == kT0 + 600);
  }

  // After the rest, the host is tried again, and its recovery lets every row go.
  down.AnswerFromNowOn(202);
  f.clock.SetSeconds(kT0 + 600);
  CHECK(Deliver(queue) == 7);
  CHECK(down.requests().size() == 12);
  CHECK(f.Rows().empty());
}

TEST_CASE("A host that fails its trial after the rest rests again", "[delivery]") {
  Fixture f;
  TestInbox down(503);
  for (int i = 0; i < 7; ++i) f.Enqueue(down.url());
  DeliveryQueue queue = f.Queue();
  CHECK(Deliver(queue) == 5);

  f.clock.SetSeconds(kT0 + 600);
  CHECK(Deliver(queue) == 1);  // one trial; it fails, and the rest are held again
  CHECK(down.requests().size() == 6);
  const auto rows = f.Rows();
  REQUIRE(rows.size() == 7);
  CHECK(rows[0].attempts == 2);  // the trial, a second failure: back in five minutes
  CHECK(rows[0].next_attempt == kT0 + 900);
  for (size_t i = 1; i < rows.size(); ++i) {
    CHECK(rows[i].next_attempt == kT0 + 1200);
  }
}

TEST_CASE("Rows queued before a restart are delivered by the next run's workers", "[delivery]") {
  Fixture f;
  TestInbox inbox;
  {
    DeliveryQueue before = f.Queue();
    for (int i = 0; i < 3; ++i) f.Enqueue(inbox.url());
  }
  f.Open();
  DeliveryQueue after = f.Queue();
  after.Start();
  CHECK(Eventually([&] { return *after.Pending() == 0; }));
  CHECK(inbox.requests().size() == 3);
  after.Stop();
  after.Stop();  // idempotent
  CHECK(after.Stats().delivered == 3);
}

TEST_CASE("Woken workers deliver what is queued while they run", "[delivery]") {
  Fixture f;
  TestInbox inbox;
  DeliveryQueue queue = f.Queue();
  queue.Start();
  f.Enqueue(inbox.url());
  queue.Wake();
  CHECK(Eventually([&] { return *queue.Pending() == 0; }));
  CHECK(inbox.requests().size() == 1);
}

TEST_CASE("A hung inbox does not delay deliveries to another", "[delivery]") {
  Fixture f;
  LocalHttpServer hung;
  hung.Post("/inbox", [&hung](const httplib::Request&, httplib::Response& response) {
    hung.Wait(10s);
    response.status = 202;
  });
  TestInbox quick;
  const auto timeout = 1000ms;
  DeliveryQueue queue = f.Queue({.workers = 2}, LoopbackClient(timeout));
  f.Enqueue(hung.url() + "/inbox");
  f.Enqueue(hung.url() + "/inbox");
  f.Enqueue(quick.url());
  queue.Start();
  REQUIRE(Eventually([&] { return queue.Stats().delivered == 1; }));
  REQUIRE(Eventually([&] { return hung.requests().size() == 1; }));
  // The hung delivery had not yet timed out when the other was done.
  CHECK(queue.Stats().retried == 0);
  CHECK(quick.requests().size() == 1);
  CHECK(*queue.Pending() == 2);
  // One delivery at a time per host: the hung peer holds one worker, not both.
  CHECK(hung.requests().size() == 1);
  queue.Stop();  // waits for the hung delivery to time out
  CHECK(queue.Stats().retried == 1);
  CHECK(queue.Stats().delivered == 1);
}

TEST_CASE("Inboxes on a blocked domain or under it are never queued", "[delivery]") {
  Fixture f;
  f.Run("INSERT INTO ap_blocked_domains (domain, created) VALUES ('Blocked.example', '')");
  for (const char* inbox :
       {"https://blocked.example/inbox", "https://a.b.BLOCKED.example:8443/users/x/inbox",
        "https://blocked.example./inbox"}) {
    INFO(inbox);
    f.Enqueue(inbox);
    CHECK(f.Rows().empty());
  }
  f.Enqueue("https://notblocked.example/inbox");
  f.Enqueue("https://blocked.example.org/inbox");
  CHECK(f.Rows().size() == 2);

  auto not_a_url = f.db->Write<int>([&](storage::Connection& c) -> util::Result<int> {
    CAIRN_RETURN_IF_ERROR(DeliveryQueue::Enqueue(c, kAda, "mailto:x@example.org", "{}", kT0));
    return 0;
  });
  REQUIRE_FALSE(not_a_url.ok());
  CHECK(not_a_url.error().kind == util::ErrorKind::kInvalidArgument);
}

TEST_CASE("Rows for a domain blocked after they were queued are dropped unsent", "[delivery]") {
  Fixture f;
  TestInbox inbox;
  f.Enqueue(inbox.url());
  f.Run("INSERT INTO ap_blocked_domains (domain, created) VALUES ('127.0.0.1', '')");
  DeliveryQueue queue = f.Queue();
  CHECK(Deliver(queue) == 0);
  CHECK(f.Rows().empty());
  CHECK(inbox.requests().empty());
}

TEST_CASE("A row whose sender is gone or remote is dropped without a request", "[delivery]") {
  Fixture f;
  TestInbox inbox;
  f.Enqueue(inbox.url(), "gone00000000001");
  f.Enqueue(inbox.url(), kRemote);
  DeliveryQueue queue = f.Queue();
  CHECK(Deliver(queue) == 0);
  CHECK(f.Rows().empty());
  CHECK(inbox.requests().empty());
  CHECK(queue.Stats().failed_permanently == 2);
}

}  // namespace
}  // namespace cairn::services
