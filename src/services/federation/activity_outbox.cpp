// Events become activities here, rendered when they are sent (so an edit made since is what goes
// out) and addressed to followers' shared inboxes or to the one remote person concerned.
#include "services/federation/activity_outbox.h"

#include <algorithm>

#include "services/federation/delivery_queue.h"
#include "util/log.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

using Json = nlohmann::json;

constexpr char kPublic[] = "https://www.w3.org/ns/activitystreams#Public";
constexpr int kEventsPerRound = 50;

}  // namespace

struct ActivityOutbox::Event {
  int64_t id = 0;
  std::string kind, family, object, actor, target, detail;
};

util::Result<std::optional<ActivityOutbox::Outgoing>> ActivityOutbox::PrepareDeparture(
    const Event& event) {
  using Result = std::optional<Outgoing>;
  // `detail`: the users ids of the remote people to tell, as a JSON array.
  const Json people = Json::parse(event.detail, nullptr, false);
  return database_.Read<Result>([&](storage::Connection& c) -> util::Result<Result> {
    CAIRN_ASSIGN_OR_RETURN(
        auto departed, c.Query("SELECT username FROM ap_departed WHERE user = ?", {event.actor}));
    if (departed.rows.empty()) return Result();
    const std::string actor = documents_.iris().Actor(storage::AsText(departed.rows[0][0]));
    std::vector<std::string> inboxes;
    for (const Json& person : people.is_array() ? people : Json::array()) {
      if (!person.is_string()) continue;
      CAIRN_ASSIGN_OR_RETURN(
          auto rows, c.Query("SELECT CASE WHEN shared_inbox != '' THEN shared_inbox ELSE inbox "
                             "END FROM ap_actors WHERE user = ?",
                             {person.get<std::string>()}));
      for (const auto& row : rows.rows) {
        const std::string inbox = storage::AsText(row[0]);
        if (std::find(inboxes.begin(), inboxes.end(), inbox) == inboxes.end()) {
          inboxes.push_back(inbox);
        }
      }
    }
    if (inboxes.empty()) return Result();
    return Result(Outgoing{WithContext({{"id", actor + "#delete"},
                                        {"type", "Delete"},
                                        {"actor", actor},
                                        {"object", actor},
                                        {"to", {kPublic}}}),
                           std::move(inboxes)});
  });
}

util::Result<std::optional<ActivityOutbox::Outgoing>> ActivityOutbox::Prepare(const Event& event) {
  using Result = std::optional<Outgoing>;
  if (event.family == "users" && event.kind == "delete") return PrepareDeparture(event);
  const FederationIris& iris = documents_.iris();
  struct People {
    std::string username;    // the local person acting
    std::string target_iri;  // the remote person concerned, if any
    std::string target_inbox;
    std::vector<std::string> followers;  // their followers' inboxes, one per server
    // For a comment or summit log on a remote person's trail: where that person hears of it.
    std::string trail_author_inbox;
    // For a like of a remote person's trail: its IRI there.
    std::string remote_trail;
  };
  CAIRN_ASSIGN_OR_RETURN(
      std::optional<People> people,
      database_.Read<std::optional<People>>(
          [&](storage::Connection& c) -> util::Result<std::optional<People>> {
            CAIRN_ASSIGN_OR_RETURN(
                auto user, c.Query("SELECT username FROM users WHERE id = ? AND remote_actor = ''",
                                   {event.actor}));
            if (user.rows.empty()) return std::optional<People>();
            People found{storage::AsText(user.rows[0][0]), "", "", {}};
            if (!event.target.empty()) {
              CAIRN_ASSIGN_OR_RETURN(
                  auto target,
                  c.Query("SELECT iri, inbox FROM ap_actors WHERE user = ?", {event.target}));
              if (!target.rows.empty()) {
                found.target_iri = storage::AsText(target.rows[0][0]);
                found.target_inbox = storage::AsText(target.rows[0][1]);
              }
            }
            CAIRN_ASSIGN_OR_RETURN(
                auto inboxes,
                c.Query("SELECT DISTINCT CASE WHEN a.shared_inbox != '' THEN a.shared_inbox "
                        "ELSE a.inbox END FROM follows f JOIN ap_actors a ON a.user = f.follower "
                        "WHERE f.followee = ? AND f.status = 'accepted'",
                        {event.actor}));
            for (const auto& row : inboxes.rows) found.followers.push_back(storage::AsText(row[0]));
            // The trail a comment, summit log (target) or like (detail) is on, when remote.
            const std::string trail = event.family == "trail_likes" ? event.detail : event.target;
            if (event.family != "trails" && event.family != "trail_share" && !trail.empty()) {
              CAIRN_ASSIGN_OR_RETURN(
                  auto remote,
                  c.Query("SELECT CASE WHEN a.shared_inbox != '' THEN a.shared_inbox ELSE "
                          "a.inbox END, coalesce((SELECT m.iri FROM ap_objects m WHERE "
                          "m.local_id = t.id AND m.family = 'trails'), '') FROM trails t JOIN "
                          "ap_actors a ON a.user = t.author WHERE t.id = ?",
                          {trail}));
              if (!remote.rows.empty()) {
                found.trail_author_inbox = storage::AsText(remote.rows[0][0]);
                found.remote_trail = storage::AsText(remote.rows[0][1]);
              }
            }
            return std::optional<People>(std::move(found));
          }));
  if (!people) return Result();  // the person is gone: nothing can be signed for them
  const std::string actor = iris.Actor(people->username);
  const std::string followers = iris.Followers(people->username);
  const auto to_followers = [&](Json activity) {
    return Result(Outgoing{WithContext(std::move(activity)), people->followers});
  };
  const auto to_target = [&](Json activity) {
    if (people->target_inbox.empty()) return Result();
    return Result(Outgoing{WithContext(std::move(activity)), {people->target_inbox}});
  };
  // A Note of this server, or nullopt when it is gone or no longer public.
  const auto note_of = [&](util::Result<Json> note) -> util::Result<std::optional<Json>> {
    if (!note.ok()) {
      if (note.error().kind == util::ErrorKind::kNotFound) return std::optional<Json>();
      return std::move(note).error();
    }
    Json object = std::move(*note);
    object.erase("@context");
    return std::optional<Json>(std::move(object));
  };
  const auto tombstone = [&](const std::string& iri) {
    return to_followers({{"id", iri + "#delete"},
                         {"type", "Delete"},
                         {"actor", actor},
                         {"to", {kPublic}},
                         {"cc", {followers}},
                         {"object", {{"id", iri}, {"type", "Tombstone"}}}});
  };

  if (event.family == "trails" || event.family == "comments" || event.family == "summit_logs") {
    const std::string iri = event.family == "trails"     ? iris.Trail(event.object)
                            : event.family == "comments" ? iris.Comment(event.object)
                                                         : iris.SummitLog(event.object);
    if (event.kind == "delete") return tombstone(iri);
    const auto render = [&]() -> util::Result<Json> {
      if (event.family == "trails") return documents_.Trail(event.object);
      if (event.family == "comments") return documents_.Comment(event.object);
      return documents_.SummitLog(event.object);
    };
    CAIRN_ASSIGN_OR_RETURN(std::optional<Json> note, note_of(render()));
    if (!note) return Result();
    // A reply to a remote person's trail goes to them as well.
    if (event.family != "trails" && !people->trail_author_inbox.empty() &&
        std::find(people->followers.begin(), people->followers.end(), people->trail_author_inbox) ==
            people->followers.end()) {
      people->followers.push_back(people->trail_author_inbox);
    }
    if (event.kind == "create") return to_followers(CreateOf(std::move(*note)));
    if (event.kind == "update") {
      Json update = {{"id", iri + "#update-" + std::to_string(event.id)},
                     {"type", "Update"},
                     {"actor", actor},
                     {"published", (*note)["updated"]},
                     {"to", (*note)["to"]},
                     {"cc", (*note)["cc"]}};
      update["object"] = std::move(*note);
      return to_followers(std::move(update));
    }
    return Result();
  }
  if (event.family == "trail_likes" && !people->remote_trail.empty()) {
    const std::string like = iris.Activity(event.object);
    const Json liked = {
        {"id", like}, {"type", "Like"}, {"actor", actor}, {"object", people->remote_trail}};
    if (event.kind == "like") return to_target(liked);
    if (event.kind == "undo") {
      return to_target(
          {{"id", like + "/undo"}, {"type", "Undo"}, {"actor", actor}, {"object", liked}});
    }
    return Result();
  }
  if (event.family == "trail_share" && !people->target_iri.empty()) {
    // A public trail shared with them (the trail's id in `detail`).
    const std::string share = iris.Activity(event.object);
    const Json announce = {{"id", share},
                           {"type", "Announce"},
                           {"actor", actor},
                           {"object", iris.Trail(event.detail)},
                           {"to", {people->target_iri}}};
    if (event.kind == "announce") return to_target(announce);
    if (event.kind == "undo") {
      return to_target(
          {{"id", share + "/undo"}, {"type", "Undo"}, {"actor", actor}, {"object", announce}});
    }
    return Result();
  }
  if (event.family == "follows" && !people->target_iri.empty()) {
    const std::string follow = iris.Activity(event.object);
    if (event.kind == "follow") {
      return to_target(
          {{"id", follow}, {"type", "Follow"}, {"actor", actor}, {"object", people->target_iri}});
    }
    if (event.kind == "undo") {
      return to_target({{"id", follow + "/undo"},
                        {"type", "Undo"},
                        {"actor", actor},
                        {"object",
                         {{"id", follow},
                          {"type", "Follow"},
                          {"actor", actor},
                          {"object", people->target_iri}}}});
    }
    if (event.kind == "accept" || event.kind == "reject") {
      // Their Follow as they sent it: its id is what their server matches the answer with.
      std::string their_follow = event.detail;
      if (their_follow.empty()) {
        CAIRN_ASSIGN_OR_RETURN(
            their_follow,
            database_.Read<std::string>([&](storage::Connection& c) -> util::Result<std::string> {
              CAIRN_ASSIGN_OR_RETURN(
                  auto rows, c.Query("SELECT iri FROM ap_objects WHERE local_id = ? AND family = "
                                     "'follows' ORDER BY rowid DESC LIMIT 1",
                                     {event.object}));
              return rows.rows.empty() ? std::string() : storage::AsText(rows.rows[0][0]);
            }));
      }
      Json their = {{"type", "Follow"}, {"actor", people->target_iri}, {"object", actor}};
      if (!their_follow.empty()) their["id"] = their_follow;
      const bool accept = event.kind == "accept";
      return to_target({{"id", follow + (accept ? "/accept" : "/reject")},
                        {"type", accept ? "Accept" : "Reject"},
                        {"actor", actor},
                        {"object", std::move(their)}});
    }
  }
  return Result();
}

util::Status ActivityOutbox::SetRecording(storage::Database& database, bool on,
                                          const std::string& now) {
  CAIRN_RETURN_IF_ERROR(
      database.Write<int64_t>([&](storage::Connection& c) -> util::Result<int64_t> {
        CAIRN_RETURN_IF_ERROR(c.Execute("DELETE FROM ap_switch"));
        if (!on) return c.Execute("DELETE FROM ap_events");
        return c.Execute("INSERT INTO ap_switch (since) VALUES (?)", {now});
      }));
  return util::OkStatus();
}

util::Result<int> ActivityOutbox::Drain() {
  int handled = 0;
  for (;;) {
    CAIRN_ASSIGN_OR_RETURN(
        std::vector<Event> events,
        database_.Read<std::vector<Event>>(
            [&](storage::Connection& c) -> util::Result<std::vector<Event>> {
              CAIRN_ASSIGN_OR_RETURN(
                  auto rows, c.Query("SELECT id, kind, family, object, actor, target, detail FROM "
                                     "ap_events ORDER BY id LIMIT ?",
                                     {int64_t{kEventsPerRound}}));
              std::vector<Event> out;
              for (const auto& row : rows.rows) {
                out.push_back({static_cast<int64_t>(storage::AsNumber(row[0])),
                               storage::AsText(row[1]), storage::AsText(row[2]),
                               storage::AsText(row[3]), storage::AsText(row[4]),
                               storage::AsText(row[5]), storage::AsText(row[6])});
              }
              return out;
            }));
    if (events.empty()) {
      CAIRN_RETURN_IF_ERROR(ForgetDeparted());
      return handled;
    }
    for (const Event& event : events) {
      auto prepared = Prepare(event);
      if (!prepared.ok()) {
        // One event that cannot be read must not hold up every later one.
        util::LogWarning("federation: event " + std::to_string(event.id) + " (" + event.kind + " " +
                         event.family + ") is dropped: " + prepared.error().message);
      }
      const std::optional<Outgoing> outgoing =
          prepared.ok() ? std::move(*prepared) : std::optional<Outgoing>();
      const int64_t now = clock_.NowMillis() / 1000;
      CAIRN_RETURN_IF_ERROR(
          database_.Write<int64_t>([&](storage::Connection& c) -> util::Result<int64_t> {
            if (outgoing) {
              const std::string body = outgoing->activity.dump();
              for (const std::string& inbox : outgoing->inboxes) {
                CAIRN_RETURN_IF_ERROR(DeliveryQueue::Enqueue(c, event.actor, inbox, body, now));
              }
            }
            return c.Execute("DELETE FROM ap_events WHERE id = ?", {event.id});
          }));
      ++handled;
    }
  }
}

util::Status ActivityOutbox::ForgetDeparted() {
  // Looked at every round: a read, and a write only while someone's departure is kept.
  CAIRN_ASSIGN_OR_RETURN(
      bool any, database_.Read<bool>([](storage::Connection& c) -> util::Result<bool> {
        CAIRN_ASSIGN_OR_RETURN(auto rows, c.Query("SELECT 1 FROM ap_departed LIMIT 1"));
        return !rows.rows.empty();
      }));
  if (!any) return util::OkStatus();
  const int64_t now = clock_.NowMillis();
  // Kept an hour after the last delivery of their departure (a server may check the signature
  // a little later), two days at most, as deliveries are.
  CAIRN_RETURN_IF_ERROR(database_.Write<int64_t>([&](storage::Connection& c) {
    return c.Execute(
        "DELETE FROM ap_departed WHERE deleted < ?2 OR (deleted < ?1 AND NOT EXISTS (SELECT 1 "
        "FROM ap_deliveries d WHERE d.sender = ap_departed.user) AND NOT EXISTS (SELECT 1 FROM "
        "ap_events e WHERE e.actor = ap_departed.user))",
        {util::FormatTimestamp(now - 3600 * 1000), util::FormatTimestamp(now - 48 * 3600 * 1000)});
  }));
  return util::OkStatus();
}

void ActivityOutbox::Start(std::function<void()> delivered, std::chrono::milliseconds interval) {
  std::lock_guard lock(mutex_);
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this, delivered = std::move(delivered), interval] {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
      lock.unlock();
      auto drained = Drain();
      if (!drained.ok()) {
        util::LogError("federation: the outbox could not be drained: " + drained.error().message);
      } else if (*drained > 0 && delivered) {
        delivered();
      }
      lock.lock();
      wake_.wait_for(lock, interval, [this] { return stopping_; });
    }
  });
}

void ActivityOutbox::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

}  // namespace cairn::services
