// Sending password-reset mail over SMTP: smtps:// or STARTTLS through libcurl (net/), with the
// checks and the formatting that keep a mail well-formed and free of header injection.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "net/smtp_transfer.h"
#include "util/result.h"

namespace cairn::mail {

// How long connecting (TCP, TLS, greeting, EHLO, STARTTLS, login) may take; the whole delivery
// may take twice as long.
inline constexpr std::chrono::milliseconds kDefaultSmtpTimeout{10'000};

// Where and as whom to send mail; usually parsed from --smtp-url by ParseSmtpUrl.
struct SmtpSettings {
  std::string host;  // a name, an IPv4 address or a bare IPv6 address ("::1", no brackets)
  int port = 25;
  // smtps:// is kImplicit; smtp:// upgrades with STARTTLS when offered, or must with
  // kStartTlsRequired (--smtp-require-tls, or ?tls=required in the URL).
  net::SmtpTls tls = net::SmtpTls::kStartTlsIfOffered;
  // Extra trusted certificates, PEM (--smtp-ca), for a self-signed server; empty: system CAs.
  std::string ca_file;
  // A login when `username` is non-empty; both empty means no login.
  std::string username;
  std::string password;
  std::string from;  // envelope sender and header From, e.g. "cairn@pi.local"
  // Bounds connecting, up to and including the login; twice this bounds the whole delivery.
  std::chrono::milliseconds timeout = kDefaultSmtpTimeout;
};

// Parses "smtp[s]://[user[:password]@]host[:port][?from=addr][&tls=required]". The user,
// password and from address are percent-decoded ('+' stays '+'); an IPv6 host is written in
// brackets ("smtp://[::1]:2525"); the port defaults to 25 for smtp:// and 465 for smtps://, and
// the sender to "cairn@<host>" ("cairn@[IPv6:<host>]" for IPv6). smtps:// means TLS from the
// first byte; smtp:// means STARTTLS when the server offers it, and tls=required makes that a
// condition. A user needs a password and vice versa. Anything else fails with InvalidArgument
// and a message naming the problem: another scheme, a missing host, a port outside 1..65535, a
// path, an unknown parameter, a malformed percent escape, or CR/LF anywhere (raw or decoded).
// Messages never contain the password.
util::Result<SmtpSettings> ParseSmtpUrl(std::string_view url);

// One plain-text mail to one recipient.
struct MailMessage {
  std::string to;         // a bare address, e.g. "hiker@example.org"
  std::string subject;    // UTF-8; encoded per RFC 2047 when not ASCII
  std::string text_body;  // UTF-8; any line endings, sent as CRLF
};

// Delivers `message` to the server in `settings` with headers From, To, Subject, Date,
// Message-ID and MIME headers for 8-bit UTF-8 text (see net::SendSmtp for the dialogue, the
// certificate checks and the errors). A password is only ever sent over TLS, or to a server on
// this machine (localhost, 127.0.0.0/8, ::1): with credentials towards any other host, smtp://
// requires STARTTLS as if tls=required were set.
//
// Fails with InvalidArgument, before connecting, when `to` or the sender is not a bare address
// (no '@', or whitespace, control characters or angle brackets), when `subject` holds CR, LF or
// other control characters (header injection), or when a body line exceeds SMTP's 998 octets.
// Fails with Unavailable "smtp: sending to HOST:PORT failed: <reason>" when the delivery fails.
// Messages never contain the password; no exceptions escape.
//
// Blocks for the whole exchange. Thread-safe: it keeps no state between calls.
util::Status SendMail(const SmtpSettings& settings, const MailMessage& message);

}  // namespace cairn::mail
