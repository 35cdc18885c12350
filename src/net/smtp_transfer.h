// Delivering one composed mail to an SMTP server, over TLS when it can be, through libcurl.
#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "util/result.h"

namespace cairn::net {

// How the connection to the mail server is protected.
enum class SmtpTls {
  kImplicit,           // smtps://: TLS from the first byte (usually port 465)
  kStartTlsIfOffered,  // smtp://: upgraded with STARTTLS when the server offers it, else plain
  kStartTlsRequired,   // smtp://: upgraded with STARTTLS, or nothing is sent
};

// One delivery: where, how protected, as whom, from and to whom, and how long it may take.
struct SmtpTransfer {
  std::string host;  // a name, an IPv4 address or a bare IPv6 address ("::1", no brackets)
  int port = 25;
  SmtpTls tls = SmtpTls::kStartTlsIfOffered;
  // A PEM file of further certificates to trust, for a self-signed server or a private CA; empty:
  // the system's CAs only. (libcurl reads it in place of the CA bundle file; Debian's build keeps
  // trusting the system's CAs through /etc/ssl/certs.)
  std::string ca_file;
  // Login (with the strongest SASL mechanism both sides know) when `username` is non-empty.
  std::string username;
  std::string password;
  std::string from;  // envelope sender, a bare address
  std::string to;    // envelope recipient, a bare address
  // TCP, TLS, greeting, EHLO, STARTTLS and login must be done within `connect_timeout`, and
  // the whole delivery within `total_timeout`.
  std::chrono::milliseconds connect_timeout{10'000};
  std::chrono::milliseconds total_timeout{20'000};
};

// Sends `message` (headers, a blank line and the body, every line ending in CRLF, not
// dot-stuffed and without the terminating "." line: both are added here) to `transfer.to`.
//
// The server's certificate is always verified, chain and host name, against the system's CAs or
// `ca_file`; TLS 1.2 is the oldest version accepted. With kStartTlsIfOffered and a server that
// offers no STARTTLS, the mail (and any login) goes in plain text.
//
// Fails with Unavailable "smtp: sending to HOST:PORT failed: <reason>" when the server cannot be
// resolved or reached, does not answer within the timeouts, fails the TLS handshake, presents a
// certificate that is not trusted or not for `host` (the reason says so and names --smtp-ca),
// offers no STARTTLS under kStartTlsRequired, refuses the login, the sender, the recipient or
// the message; a refusal's reply line is quoted, except during login, where only its codes are.
// Fails with InvalidArgument, before connecting, for a host that is not a name or an address.
// No message ever contains the password. Once the server has accepted the message, a failing
// QUIT is ignored, so callers never resend a delivered mail. No exceptions escape.
//
// Blocks for the whole exchange. Thread-safe: each call has its own connection.
util::Status SendSmtp(const SmtpTransfer& transfer, std::string_view message);

}  // namespace cairn::net
