// A minimal SMTP client (RFC 5321) for password-reset mail, speaking plain SMTP to a relay.
//
// There is no TLS: Cairn links only Debian's packaged libraries and deliberately keeps OpenSSL out
// of its direct dependencies. TLS towards the outside world is expected to come from a local relay
// (postfix, OpenSMTPD, dma) listening on localhost, e.g. --smtp-url smtp://localhost:25.
// Credentials travel in clear text over plain SMTP, so configure a user and password only towards
// such a local relay, never towards a server across a network.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::mail {

// How long connecting may take, and how long each server reply may take.
inline constexpr std::chrono::milliseconds kDefaultSmtpTimeout{10'000};

// Where and as whom to send mail; usually parsed from --smtp-url by ParseSmtpUrl.
struct SmtpSettings {
  std::string host;  // a name, an IPv4 address or a bare IPv6 address ("::1", no brackets)
  int port = 25;
  // AUTH PLAIN is used when `username` is non-empty; both empty means no AUTH.
  std::string username;
  std::string password;
  std::string from;  // envelope sender and header From, e.g. "cairn@pi.local"
  // Applies to connecting and to each reply separately; tests shorten it.
  std::chrono::milliseconds timeout = kDefaultSmtpTimeout;
};

// Parses "smtp://[user[:password]@]host[:port][?from=addr]". The user, password and from address
// are percent-decoded ('+' stays '+'); an IPv6 host is written in brackets ("smtp://[::1]:2525");
// the port defaults to 25 and the sender to "cairn@<host>" ("cairn@[IPv6:<host>]" for IPv6). A
// user needs a password and vice versa. Anything else fails with InvalidArgument and a message
// naming the problem: another scheme (smtps://: use a local relay for TLS), a missing host, a port
// outside 1..65535, a path, an unknown parameter, a malformed percent escape, or CR/LF anywhere
// (raw or decoded). Messages never contain the password.
util::Result<SmtpSettings> ParseSmtpUrl(std::string_view url);

// One plain-text mail to one recipient.
struct MailMessage {
  std::string to;         // a bare address, e.g. "hiker@example.org"
  std::string subject;    // UTF-8; encoded per RFC 2047 when not ASCII
  std::string text_body;  // UTF-8; any line endings, sent as CRLF
};

// Delivers `message` to the server in `settings`: EHLO (HELO when EHLO is refused), AUTH PLAIN
// when a username is set, MAIL FROM, RCPT TO, DATA with headers From, To, Subject, Date, Message-ID
// and MIME headers for 8-bit UTF-8 text, then QUIT.
//
// Fails with InvalidArgument, before connecting, when `to` or the sender is not a bare address
// (no '@', or whitespace, control characters or angle brackets), when `subject` holds CR, LF or
// other control characters (header injection), or when a body line exceeds SMTP's 998 octets.
// Fails with Unavailable "smtp: <stage> failed: <first line of the server's reply>" (stages:
// connect, greeting, EHLO, HELO, AUTH, MAIL FROM, RCPT TO, DATA, end of DATA) when the server
// cannot be reached, answers with an unexpected code, or is silent for longer than
// `settings.timeout`; also when credentials are set but the server does not offer AUTH PLAIN, in
// which case neither the credentials nor the mail are sent. Once the server has accepted the
// message, a failed QUIT is ignored so that callers never resend a delivered mail. Messages never
// contain the password; no exceptions escape.
//
// Blocks for the whole exchange (the host name is resolved without a timeout). Thread-safe: it
// keeps no state between calls.
util::Status SendMail(const SmtpSettings& settings, const MailMessage& message);

}  // namespace cairn::mail
