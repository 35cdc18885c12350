// The checks and the formatting SendMail applies to a mail before it connects.
#pragma once

#include <string>

#include "mail/smtp_client.h"
#include "util/result.h"

namespace cairn::mail::internal {

// OK when `settings` and `message` can be sent as they are. Fails with InvalidArgument, naming the
// problem, when the host is empty, the port is outside 1..65535, the sender or the recipient is
// not a plain address (see IsPlainAddress), the user name or password holds control characters,
// or the subject holds a line break or another control character than tab.
util::Status ValidateRequest(const SmtpSettings& settings, const MailMessage& message);

// The mail as it goes after DATA, before the transport doubles leading dots and adds the final
// "." line: headers From, To, Subject (RFC 2047 encoded when not short ASCII), Date (now,
// RFC 5322, UTC), a random Message-ID at the sender's domain and MIME headers for 8-bit UTF-8
// text, a blank line, then the body as CRLF lines. Expects a request that passed
// ValidateRequest. Fails with InvalidArgument when a body line, once its leading dot is doubled,
// exceeds SMTP's 998 octets.
util::Result<std::string> FormatMessageData(const SmtpSettings& settings,
                                            const MailMessage& message);

}  // namespace cairn::mail::internal
