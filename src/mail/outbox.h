// Sending account mail (password resets) off the request thread.
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <thread>

#include "mail/smtp_client.h"

namespace cairn::mail {

// A queue drained by one background thread, so a request that triggers mail answers at once and
// in the same time whether or not a mail goes out (no account enumeration through timing).
// Without SMTP settings, messages are written to the server log for the admin instead.
// Thread-safe. The destructor sends what is queued, then stops.
class MailOutbox {
 public:
  explicit MailOutbox(std::optional<SmtpSettings> smtp);
  ~MailOutbox();
  MailOutbox(const MailOutbox&) = delete;
  MailOutbox& operator=(const MailOutbox&) = delete;

  void Send(MailMessage message);

  // Blocks until everything queued so far has been handled (for the admin CLI and tests).
  void Flush();

  bool HasSmtp() const { return smtp_.has_value(); }

 private:
  void Run();
  void Deliver(const MailMessage& message) const;

  const std::optional<SmtpSettings> smtp_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable drained_;
  std::deque<MailMessage> queue_;
  bool busy_ = false;
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace cairn::mail
