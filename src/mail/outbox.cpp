// The outbox thread: SMTP when configured, the log otherwise.
#include "mail/outbox.h"

#include <string>

#include "util/log.h"

namespace cairn::mail {

MailOutbox::MailOutbox(std::optional<SmtpSettings> smtp)
    : smtp_(std::move(smtp)), worker_([this] { Run(); }) {}

MailOutbox::~MailOutbox() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  worker_.join();
}

void MailOutbox::Send(MailMessage message) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(message));
  }
  wake_.notify_one();
}

void MailOutbox::Flush() {
  std::unique_lock lock(mutex_);
  drained_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

void MailOutbox::Run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping with nothing left
    MailMessage message = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    Deliver(message);
    lock.lock();
    busy_ = false;
    if (queue_.empty()) drained_.notify_all();
  }
}

void MailOutbox::Deliver(const MailMessage& message) const {
  if (!smtp_) {
    // No mail server: the admin reads it from the log (journald) and passes it on.
    util::LogInfo("mail (no --smtp-url configured) to " + message.to + ": " + message.subject +
                  "\n" + message.text_body);
    return;
  }
  auto sent = mail::SendMail(*smtp_, message);
  if (!sent.ok()) {
    util::LogError("mail to " + message.to + " not sent: " + sent.error().message);
  }
}

}  // namespace cairn::mail
