// The digest pass: find the recipients who are due, render one plain-text mail each, mark what
// it covered, and hand the mail to the outbox after the marks are committed.
#include "services/feed/notification_digest.h"

#include <algorithm>
#include <map>

#include "util/log.h"
#include "util/search_fold.h"
#include "util/timestamp.h"

namespace cairn::services {
namespace {

// Recipients handled per pass; the rest wait for the next pass.
constexpr int kRecipientsPerPass = 100;
// The longest a comment quoted in a mail is, in characters.
constexpr size_t kQuoteLength = 200;

std::string Text(const storage::SqlValue& value) {
  const auto* text = std::get_if<std::string>(&value);
  return text ? *text : std::string();
}

// `text` on one line (control characters as spaces), cut to `limit` characters.
std::string OneLine(std::string_view text, size_t limit) {
  std::u32string characters = util::DecodeUtf8(text);
  for (char32_t& c : characters) {
    if (c < 0x20 || c == 0x7f) c = U' ';
  }
  if (characters.size() > limit) characters = characters.substr(0, limit) + U"…";
  return util::EncodeUtf8(characters);
}

// `metadata[key]` quoted, or `otherwise` when it is missing (taken out as no longer visible).
std::string Named(const Json& metadata, const char* key, const char* otherwise) {
  auto it = metadata.find(key);
  if (it == metadata.end() || !it->is_string()) return otherwise;
  return "\"" + OneLine(it->get<std::string>(), kQuoteLength) + "\"";
}

// One line of the digest for one notification.
std::string DescribeLine(const std::string& type, const std::string& actor, const Json& metadata) {
  const std::string who = actor.empty() ? "Someone" : "@" + actor;
  const std::string trail = Named(metadata, "trail_name", "a trail");
  std::string comment;
  if (auto it = metadata.find("comment"); it != metadata.end() && it->is_string()) {
    comment = ": " + OneLine(it->get<std::string>(), kQuoteLength);
  }
  if (type == "new_follower") return who + " follows you now";
  if (type == "follow_request") return who + " asks to follow you";
  if (type == "trail_like") return who + " likes your trail " + trail;
  if (type == "trail_comment") return who + " commented on your trail " + trail + comment;
  if (type == "comment_reply") return who + " also commented on " + trail + comment;
  if (type == "summit_log_create") return who + " logged a summit on your trail " + trail;
  if (type == "trail_share") {
    return who + " shared the trail " + Named(metadata, "trail", "(no longer shared)") +
           " with you";
  }
  if (type == "list_share") {
    return who + " shared the list " + Named(metadata, "list", "(no longer shared)") + " with you";
  }
  return who + ": " + type;
}

// Whether `settings_notifications` (settings.notifications, JSON text or empty) has e-mail on
// for `type`: missing means on.
bool MailOn(const Json& settings, const std::string& type) {
  if (!settings.is_object()) return true;
  auto kind = settings.find(type);
  if (kind == settings.end() || !kind->is_object()) return true;
  auto email = kind->find("email");
  return email == kind->end() || !email->is_boolean() || email->get<bool>();
}

}  // namespace

NotificationDigest::NotificationDigest(storage::Database& database,
                                       const NotificationService& notifications,
                                       mail::MailOutbox& outbox, const util::Clock& clock,
                                       DigestOptions options)
    : database_(database),
      notifications_(notifications),
      outbox_(outbox),
      clock_(clock),
      options_(options) {}

NotificationDigest::~NotificationDigest() {
  if (worker_.joinable()) {
    worker_.request_stop();
    wake_.notify_all();
    worker_.join();
  }
}

void NotificationDigest::Start() {
  const auto poll = std::clamp<std::chrono::milliseconds>(
      std::chrono::duration_cast<std::chrono::milliseconds>(options_.interval) / 60,
      std::chrono::milliseconds(100), std::chrono::milliseconds(30'000));
  worker_ = std::jthread([this, poll](std::stop_token stop) {
    while (!stop.stop_requested()) {
      if (auto sent = SendDue(); !sent.ok()) {
        util::LogWarning("notification mail: " + sent.error().message);
      }
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, stop, poll, [] { return false; });
    }
  });
}

util::Result<int> NotificationDigest::SendDue() {
  const int64_t now = clock_.NowMillis();
  const int64_t interval_ms =
      std::chrono::duration_cast<std::chrono::milliseconds>(options_.interval).count();
  // Due: the oldest pending notification has waited long enough, and the last digest (the
  // largest `mailed` time among the recipient's) is an interval old.
  CAIRN_ASSIGN_OR_RETURN(
      std::vector<std::string> due,
      database_.Read<std::vector<std::string>>(
          [&](storage::Connection& c) -> util::Result<std::vector<std::string>> {
            CAIRN_ASSIGN_OR_RETURN(
                storage::QueryResult rows,
                c.Query("SELECT p.recipient FROM (SELECT recipient, min(created) AS oldest FROM "
                        "notifications WHERE mailed = '' GROUP BY recipient) p WHERE p.oldest <= ? "
                        "AND coalesce((SELECT max(n.mailed) FROM notifications n WHERE "
                        "n.recipient = p.recipient AND n.mailed GLOB '[0-9]*'), '') <= ? LIMIT ?",
                        {util::FormatTimestamp(now - interval_ms / 12),
                         util::FormatTimestamp(now - interval_ms),
                         static_cast<int64_t>(kRecipientsPerPass)}));
            std::vector<std::string> out;
            for (const auto& row : rows.rows) out.push_back(Text(row[0]));
            return out;
          }));
  int sent = 0;
  for (const std::string& recipient : due) {
    CAIRN_ASSIGN_OR_RETURN(int mails, SendDigest(recipient));
    sent += mails;
  }
  return sent;
}

util::Result<int> NotificationDigest::SendDigest(const std::string& recipient) {
  struct Pending {
    std::string address, username;
    Json settings;
    std::vector<std::string> ids;
    std::vector<Json> notifications;  // {id, type, metadata, actor}
  };
  CAIRN_ASSIGN_OR_RETURN(
      Pending pending,
      database_.Read<Pending>([&](storage::Connection& c) -> util::Result<Pending> {
        Pending out;
        CAIRN_ASSIGN_OR_RETURN(storage::QueryResult user,
                               c.Query("SELECT u.email, u.username, s.notifications FROM users u "
                                       "LEFT JOIN settings s ON s.user = u.id WHERE u.id = ?",
                                       {recipient}));
        if (!user.rows.empty()) {
          out.address = Text(user.rows[0][0]);
          out.username = Text(user.rows[0][1]);
          out.settings = Json::parse(Text(user.rows[0][2]), nullptr, false);
        }
        CAIRN_ASSIGN_OR_RETURN(
            storage::QueryResult rows,
            c.Query("SELECT n.id, n.type, n.metadata, coalesce(u.username, '') FROM "
                    "notifications n LEFT JOIN users u ON u.id = n.author WHERE n.recipient = ? "
                    "AND n.mailed = '' ORDER BY n.created, n.rowid",
                    {recipient}));
        for (const auto& row : rows.rows) {
          Json metadata = Json::parse(Text(row[2]), nullptr, false);
          out.ids.push_back(Text(row[0]));
          out.notifications.push_back({{"id", Text(row[0])},
                                       {"type", Text(row[1])},
                                       {"metadata", metadata.is_object() ? metadata : Json{}},
                                       {"actor", Text(row[3])}});
        }
        std::vector<Json*> items;
        for (Json& n : out.notifications) items.push_back(&n);
        Caller reader;
        reader.user_id = recipient;
        CAIRN_RETURN_IF_ERROR(notifications_.Redact(c, reader, items));
        return out;
      }));

  std::vector<std::string> mailed, skipped;
  std::string lines;
  for (const Json& n : pending.notifications) {
    const std::string type = n.value("type", "");
    if (!outbox_.HasSmtp() || pending.address.empty() || !MailOn(pending.settings, type)) {
      skipped.push_back(n.value("id", ""));
      continue;
    }
    mailed.push_back(n.value("id", ""));
    lines += "- " + DescribeLine(type, n.value("actor", ""), n["metadata"]) + "\n";
  }
  const std::string stamp = util::FormatTimestamp(clock_.NowMillis());
  CAIRN_RETURN_IF_ERROR(database_.Write<bool>([&](storage::Connection& c) -> util::Result<bool> {
    using Marks = std::pair<const std::vector<std::string>*, std::string>;
    for (const auto& [ids, mark] : {Marks{&mailed, stamp}, Marks{&skipped, "-"}}) {
      if (ids->empty()) continue;
      const storage::SqlFragment in = storage::IdIn("id", *ids);
      storage::SqlParams params{mark};
      params.insert(params.end(), in.params.begin(), in.params.end());
      CAIRN_RETURN_IF_ERROR(
          c.Execute("UPDATE notifications SET mailed = ? WHERE mailed = '' AND " + in.sql, params));
    }
    return true;
  }));
  if (mailed.empty()) return 0;
  const std::string count = std::to_string(mailed.size());
  outbox_.Send({.to = pending.address,
                .subject = mailed.size() == 1 ? "Cairn: 1 new notification"
                                              : "Cairn: " + count + " new notifications",
                .text_body = "Hello @" + pending.username +
                             ",\n\nOn Cairn since the last mail:\n\n" + lines +
                             "\nWhich notifications come by mail is up to you: see the "
                             "notification settings.\n"});
  return 1;
}

}  // namespace cairn::services
