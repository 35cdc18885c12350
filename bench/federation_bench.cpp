// Federation figures (docs/FEDERATION.md, bench/federation.sh):
//   deliveries DIR FOLLOWERS INBOXES POSTS [shared|personal]
//     A local person with FOLLOWERS remote followers spread over INBOXES loopback servers
//     publishes POSTS public trails; the real outbox and delivery queue sign and POST them.
//     Prints the deliveries made, the seconds until every inbox had every post, and rates.
//   verify DIR POSTS
//     POSTS signed Likes from one remote person (its key kept, as after the first contact)
//     through the real inbox: signature, digest and date checked, key read, activity applied.
//     Prints inbox posts per second, and the bare signature checks per second beside it.
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "activitypub/digest.h"
#include "activitypub/request_signer.h"
#include "activitypub/request_verifier.h"
#include "crypto/rsa_keys.h"
#include "records/record_engine.h"
#include "services/core/family_registry.h"
#include "services/core/record_service.h"
#include "services/families/families.h"
#include "services/federation/activity_outbox.h"
#include "services/federation/delivery_queue.h"
#include "services/federation/inbox.h"
#include "services/federation/remote_actors.h"
#include "storage/blob_store.h"
#include "storage/database.h"
#include "util/http_date.h"
#include "util/ids.h"
#include "util/text.h"
#include "util/timestamp.h"

namespace {

using namespace cairn;  // NOLINT: a driver
using Clock = std::chrono::steady_clock;

[[noreturn]] void Die(const std::string& message) {
  std::fprintf(stderr, "federation_bench: %s\n", message.c_str());
  std::exit(1);
}

template <class T>
T Must(util::Result<T> result, const char* what) {
  if (!result.ok()) Die(std::string(what) + ": " + result.error().message);
  return std::move(result).value();
}

void Must(util::Status status, const char* what) {
  if (!status.ok()) Die(std::string(what) + ": " + status.error().message);
}

double Seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

std::string Now() {
  return util::FormatTimestamp(std::chrono::duration_cast<std::chrono::milliseconds>(
                                   std::chrono::system_clock::now().time_since_epoch())
                                   .count());
}

void Exec(storage::Database& db, const std::string& sql, const storage::SqlParams& params) {
  Must(db.Write<int64_t>([&](storage::Connection& c) { return c.Execute(sql, params); }), "sql");
}

std::string AddLocalPerson(storage::Database& db, const std::string& name) {
  const std::string id = util::NewRecordId();
  Exec(db,
       "INSERT INTO users (id, created, updated, username, email, password_hash, token_key) "
       "VALUES (?, ?, ?, ?, ?, '', 'k')",
       {id, Now(), Now(), name, name + "@example.com"});
  return id;
}

// A remote person kept as after a first contact: users row, actor row with key and inboxes.
std::string AddRemotePerson(storage::Database& db, const std::string& origin, int n,
                            const std::string& shared_inbox, const std::string& public_pem) {
  const std::string id = util::NewRecordId();
  const std::string iri = origin + "/users/p" + std::to_string(n);
  Exec(db,
       "INSERT INTO users (id, created, updated, username, email, password_hash, token_key, "
       "remote_actor) VALUES (?, ?, ?, ?, ?, '', 'k', ?)",
       {id, Now(), Now(), "p" + std::to_string(n) + "@" + origin.substr(7), id + "@remote.invalid",
        iri});
  Exec(db,
       "INSERT INTO ap_actors (user, iri, inbox, shared_inbox, key_id, public_pem, fetched) "
       "VALUES (?, ?, ?, ?, ?, ?, ?)",
       {id, iri, iri + "/inbox", shared_inbox, iri + "#main-key", public_pem,
        static_cast<int64_t>(std::time(nullptr))});
  return id;
}

struct Services {
  util::SystemClock clock;
  std::unique_ptr<storage::Database> db;
  services::FamilyRegistry families;
  std::unique_ptr<records::RecordEngine> engine;
  std::unique_ptr<storage::BlobStore> blobs;
  std::unique_ptr<services::RecordService> records;
  std::unique_ptr<services::ActorKeys> keys;
  std::unique_ptr<services::ActivityPubDocuments> documents;
  std::string origin = "http://127.0.0.1:1";

  explicit Services(const std::string& dir) {
    db = Must(storage::Database::Open({dir + "/data.db", 2}), "open");
    services::BuildFamilies(families, clock);
    engine = std::make_unique<records::RecordEngine>(families.collections(), clock);
    blobs = std::make_unique<storage::BlobStore>(dir + "/storage", dir);
    records = std::make_unique<services::RecordService>(*db, families, *engine, *blobs);
    keys = std::make_unique<services::ActorKeys>(*db, clock);
    documents = std::make_unique<services::ActivityPubDocuments>(*db, *keys,
                                                                 services::FederationIris(origin));
  }
};

net::UrlClient LoopbackClient() {
  return Must(net::UrlClient::Create({.addresses = net::AddressRule::kAnyAddress}), "client");
}

int Deliveries(const std::string& dir, int followers, int inbox_count, int posts, bool shared) {
  Services s(dir);
  // The inboxes: loopback servers that count what reaches them.
  std::vector<std::unique_ptr<httplib::Server>> servers;
  std::vector<std::thread> threads;
  std::vector<int> ports;
  std::atomic<int64_t> received{0};
  for (int i = 0; i < inbox_count; ++i) {
    auto server = std::make_unique<httplib::Server>();
    server->Post(R"(/.*)", [&received](const httplib::Request&, httplib::Response& res) {
      received.fetch_add(1);
      res.status = 202;
    });
    ports.push_back(server->bind_to_any_port("127.0.0.1"));
    threads.emplace_back([srv = server.get()] { srv->listen_after_bind(); });
    servers.push_back(std::move(server));
  }
  const std::string author = AddLocalPerson(*s.db, "author");
  Must(s.keys->KeysOf(author), "key");
  const crypto::RsaKeyPair remote_key = Must(crypto::GenerateRsaKeyPair(), "remote key");
  for (int n = 0; n < followers; ++n) {
    const std::string origin = "http://127.0.0.1:" + std::to_string(ports[n % inbox_count]);
    const std::string follower =
        AddRemotePerson(*s.db, origin, n, shared ? origin + "/inbox" : "", remote_key.public_pem);
    Exec(*s.db,
         "INSERT INTO follows (id, created, updated, follower, followee, status) "
         "VALUES (?, ?, ?, ?, ?, 'accepted')",
         {util::NewRecordId(), Now(), Now(), follower, author});
  }
  Must(services::ActivityOutbox::SetRecording(*s.db, true, Now()), "recording");
  for (int p = 0; p < posts; ++p) {
    Exec(*s.db,
         "INSERT INTO trails (id, created, updated, author, name, public, distance, "
         "elevation_gain, duration) VALUES (?, ?, ?, ?, ?, 1, 12345, 678, 14400)",
         {util::NewRecordId(), Now(), Now(), author, "Trail " + std::to_string(p)});
  }
  services::ActivityOutbox outbox(*s.db, *s.documents, s.clock);
  services::DeliveryQueue queue(*s.db, *s.keys, s.documents->iris(), LoopbackClient(), s.clock);
  const int64_t expected = static_cast<int64_t>(posts) * (shared ? inbox_count : followers);
  const auto start = Clock::now();
  const int events = Must(outbox.Drain(), "drain");
  const double queued_after = Seconds(start);
  queue.Start();
  queue.Wake();
  while (received.load() < expected && Seconds(start) < 600) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  const double seconds = Seconds(start);
  queue.Stop();
  for (auto& server : servers) server->stop();
  for (auto& thread : threads) thread.join();
  if (received.load() < expected) Die("not every delivery arrived within 600 s");
  std::printf(
      "deliveries: %d followers on %d inboxes (%s), %d posts (%d events): %lld deliveries in "
      "%.2f s (queued in %.3f s) = %.0f deliveries/s, %.0f follower-posts/s\n",
      followers, inbox_count, shared ? "shared inboxes" : "personal inboxes", posts, events,
      static_cast<long long>(expected), seconds, queued_after, expected / seconds,
      static_cast<double>(posts) * followers / seconds);
  return 0;
}

int Verify(const std::string& dir, int posts) {
  Services s(dir);
  const std::string author = AddLocalPerson(*s.db, "author");
  const std::string trail = util::NewRecordId();
  Exec(*s.db,
       "INSERT INTO trails (id, created, updated, author, name, public) VALUES (?, ?, ?, ?, ?, 1)",
       {trail, Now(), Now(), author, "Ridge"});
  const crypto::RsaKeyPair key = Must(crypto::GenerateRsaKeyPair(), "key");
  const std::string origin = "http://127.0.0.1:9";  // never contacted: the key is kept
  AddRemotePerson(*s.db, origin, 0, origin + "/inbox", key.public_pem);
  const std::string actor = origin + "/users/p0";
  services::RemoteActors actors(*s.db, LoopbackClient(), s.clock, s.origin);
  services::Inbox inbox(*s.db, *s.records, actors, s.documents->iris(), s.clock);
  const std::string object = s.documents->iris().Trail(trail);
  const std::string target = "/api/v1/activitypub/inbox";
  struct Signed {
    std::string body;
    std::vector<activitypub::RequestHeader> headers;
  };
  std::vector<Signed> requests;
  const int64_t now = std::time(nullptr);
  for (int i = 0; i < posts; ++i) {
    Signed r;
    // Likes and their Undos in turn: each post changes something.
    const bool undo = i % 2 == 1;
    const std::string like_id = actor + "/likes/" + std::to_string(i / 2);
    nlohmann::json like = {{"id", like_id}, {"type", "Like"}, {"actor", actor}, {"object", object}};
    r.body = undo ? nlohmann::json{{"id", like_id + "/undo"},
                                   {"type", "Undo"},
                                   {"actor", actor},
                                   {"object", like}}
                        .dump()
                  : like.dump();
    r.headers = {{"Host", "127.0.0.1:1"},
                 {"Date", util::HttpDate(now)},
                 {"Digest", activitypub::DigestHeaderValue(r.body)},
                 {"Content-Type", "application/activity+json"}};
    r.headers.push_back(
        {"Signature", Must(activitypub::SignRequest({"POST", target, r.headers},
                                                    actor + "#main-key", key.private_pem),
                           "sign")});
    requests.push_back(std::move(r));
  }
  const auto incoming = [&](const Signed& r) {
    return activitypub::IncomingRequest{
        .method = "POST",
        .target = target,
        .headers = [&r](std::string_view name) -> std::optional<std::string> {
          for (const auto& h : r.headers) {
            if (util::EqualsIgnoringAsciiCase(h.name, name)) return h.value;
          }
          return std::nullopt;
        },
        .body = r.body};
  };
  auto start = Clock::now();
  for (const Signed& r : requests) Must(inbox.Receive(incoming(r), ""), "receive");
  const double inbox_seconds = Seconds(start);
  start = Clock::now();
  for (const Signed& r : requests) {
    Must(activitypub::VerifySignedRequest(incoming(r), key.public_pem, now), "verify");
  }
  const double verify_seconds = Seconds(start);
  std::printf(
      "inbox: %d signed posts (Like/Undo alternating) in %.2f s = %.0f posts/s applied; "
      "signature checks alone: %.0f/s\n",
      posts, inbox_seconds, posts / inbox_seconds, posts / verify_seconds);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "deliveries" && argc >= 6) {
    return Deliveries(argv[2], std::atoi(argv[3]), std::atoi(argv[4]), std::atoi(argv[5]),
                      argc < 7 || std::string(argv[6]) != "personal");
  }
  if (mode == "verify" && argc >= 4) return Verify(argv[2], std::atoi(argv[3]));
  std::fprintf(stderr,
               "usage: cairn_federation_bench deliveries DIR FOLLOWERS INBOXES POSTS "
               "[shared|personal]\n       cairn_federation_bench verify DIR POSTS\n");
  return 2;
}
