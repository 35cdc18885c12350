// Notifications by e-mail: at most one digest per recipient per interval (an hour), listing
// everything that happened since the last one, sent by a background thread through the mail
// outbox so that no request ever waits for mail.
#pragma once

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "mail/outbox.h"
#include "services/feed/notification_service.h"
#include "storage/database.h"
#include "util/clock.h"

namespace cairn::services {

struct DigestOptions {
  // At most one digest per recipient per interval (--mail-digest-seconds, for tests). A digest
  // goes out once the oldest notification in it has waited a twelfth of the interval (five
  // minutes of an hour), so that a burst of events makes one mail.
  std::chrono::seconds interval{3600};
};

// Thread-safe. The references must outlive it.
class NotificationDigest {
 public:
  NotificationDigest(storage::Database& database, const NotificationService& notifications,
                     mail::MailOutbox& outbox, const util::Clock& clock, DigestOptions options);
  // Stops the thread (between two passes) and joins it.
  ~NotificationDigest();
  NotificationDigest(const NotificationDigest&) = delete;
  NotificationDigest& operator=(const NotificationDigest&) = delete;

  // Runs SendDue every few seconds (a sixtieth of the interval, between 0.1 and 30 s) on a thread
  // of its own until destruction; failures are logged and tried again on the next pass.
  void Start();

  // One pass: for every recipient whose notifications not yet mailed (mailed = '') are due, one
  // mail listing those whose type has e-mail on in their settings (missing means on), with what
  // they may no longer see taken out; each notification handled is marked with the time it was
  // mailed, or '-' when its mail is off (or no --smtp-url is set: nothing is ever mailed then).
  // Returns the number of mails handed to the outbox.
  util::Result<int> SendDue();

 private:
  // The mail for `recipient`'s pending notifications, marked in one write; 0 or 1 mails.
  util::Result<int> SendDigest(const std::string& recipient);

  storage::Database& database_;
  const NotificationService& notifications_;
  mail::MailOutbox& outbox_;
  const util::Clock& clock_;
  const DigestOptions options_;
  std::mutex mutex_;
  std::condition_variable_any wake_;
  std::jthread worker_;
};

}  // namespace cairn::services
