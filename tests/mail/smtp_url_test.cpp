// Parsing of --smtp-url: schemes, TLS, credentials, ports, IPv6 hosts and the sender.
#include <catch2/catch.hpp>

#include "mail/smtp_client.h"

namespace cairn::mail {
namespace {

TEST_CASE("SMTP URLs with credentials, ports, IPv6 hosts and a from address are understood",
          "[mail]") {
  struct Case {
    const char* url;
    const char* host;
    int port;
    const char* username;
    const char* password;
    const char* from;
    net::SmtpTls tls = net::SmtpTls::kStartTlsIfOffered;
  };
  const Case cases[] = {
      {"smtp://localhost", "localhost", 25, "", "", "cairn@localhost"},
      {"smtp://localhost/", "localhost", 25, "", "", "cairn@localhost"},
      {"SMTP://mail.pi.local:2525", "mail.pi.local", 2525, "", "", "cairn@mail.pi.local"},
      {"smtp://127.0.0.1:587", "127.0.0.1", 587, "", "", "cairn@127.0.0.1"},
      {"smtp://bob:hunter2@relay.example.org:587", "relay.example.org", 587, "bob", "hunter2",
       "cairn@relay.example.org"},
      // Percent-encoded '@' and ':' in the password, and an encoded '@' in the user name.
      {"smtp://bob%40example.org:p%40ss%3Aw%25rd@localhost", "localhost", 25, "bob@example.org",
       "p@ss:w%rd", "cairn@localhost"},
      // An unencoded '@' or ':' in the password: the last '@' ends the user info.
      {"smtp://bob:p@ss:word@localhost:25", "localhost", 25, "bob", "p@ss:word", "cairn@localhost"},
      {"smtp://[::1]", "::1", 25, "", "", "cairn@[IPv6:::1]"},
      {"smtp://u:p@[fe80::1]:2525", "fe80::1", 2525, "u", "p", "cairn@[IPv6:fe80::1]"},
      {"smtp://localhost?from=noreply@trails.example.org", "localhost", 25, "", "",
       "noreply@trails.example.org"},
      {"smtp://localhost:25/?from=cairn%2Breset%40pi.local", "localhost", 25, "", "",
       "cairn+reset@pi.local"},
      {"smtp://localhost?from=cairn+reset@pi.local", "localhost", 25, "", "",
       "cairn+reset@pi.local"},
      {"smtp://localhost:65535", "localhost", 65535, "", "", "cairn@localhost"},
      // TLS from the first byte, on port 465 unless another is named.
      {"smtps://bob:hunter2@mail.example.org", "mail.example.org", 465, "bob", "hunter2",
       "cairn@mail.example.org", net::SmtpTls::kImplicit},
      {"SMTPS://mail.example.org:2465?from=trails@example.org", "mail.example.org", 2465, "", "",
       "trails@example.org", net::SmtpTls::kImplicit},
      {"smtps://mail.example.org?tls=required", "mail.example.org", 465, "", "",
       "cairn@mail.example.org", net::SmtpTls::kImplicit},
      // STARTTLS made a condition, alone or beside from=.
      {"smtp://mail.example.org:587?tls=required", "mail.example.org", 587, "", "",
       "cairn@mail.example.org", net::SmtpTls::kStartTlsRequired},
      {"smtp://u:p@mail.example.org:587?from=a@example.org&tls=required", "mail.example.org", 587,
       "u", "p", "a@example.org", net::SmtpTls::kStartTlsRequired},
  };
  for (const Case& c : cases) {
    INFO(c.url);
    const util::Result<SmtpSettings> settings = ParseSmtpUrl(c.url);
    REQUIRE(settings.ok());
    CHECK(settings->host == c.host);
    CHECK(settings->port == c.port);
    CHECK(settings->username == c.username);
    CHECK(settings->password == c.password);
    CHECK(settings->from == c.from);
    CHECK(settings->tls == c.tls);
    CHECK(settings->ca_file.empty());
    CHECK(settings->timeout == kDefaultSmtpTimeout);
  }
}

TEST_CASE("unsupported or malformed SMTP URLs are rejected with a message naming the problem",
          "[mail]") {
  struct Case {
    const char* url;
    const char* message_part;
  };
  const Case cases[] = {
      {"http://localhost", "only the smtp:// and smtps:// schemes"},
      {"smtp+tls://localhost", "only the smtp:// and smtps:// schemes"},
      {"localhost:25", "expected smtp[s]://"},
      {"", "expected smtp[s]://"},
      {"smtps://", "missing host"},
      {"smtp://", "missing host"},
      {"smtp://:25", "missing host"},
      {"smtp://bob:pw@", "missing host"},
      {"smtp://[]:25", "not an IPv6 address"},
      {"smtp://[::1", "unterminated IPv6"},
      {"smtp://::1", "in brackets"},
      {"smtp://localhost:0", "port"},
      {"smtp://localhost:70000", "port"},
      {"smtp://localhost:abc", "port"},
      {"smtp://localhost:", "port"},
      {"smtp://localhost:-25", "port"},
      {"smtp://local host", "host may contain only"},
      {"smtp://localhost/mail", "path"},
      {"smtp://localhost#top", "fragment"},
      {"smtp://localhost?to=x@y", "unknown query parameter"},
      {"smtp://localhost?tls=maybe", "unknown query parameter"},
      {"smtp://localhost?from=", "from="},
      {"smtp://localhost?from=nobody", "from="},
      {"smtp://localhost?from=a%0D%0AB@c", "from="},
      {"smtp://localhost?from=%zz", "percent"},
      {"smtp://bob@localhost", "a user name needs a password"},
      {"smtp://:pw@localhost", "a password needs a user name"},
      {"smtp://bob:p%2@localhost", "percent escape in the password"},
      {"smtp://bob:p%0Aw@localhost", "password must not contain control characters"},
      {"smtp://localhost\r\nRCPT TO:<x@y>", "line breaks"},
      {"smtp://localhost\n", "line breaks"},
  };
  for (const Case& c : cases) {
    INFO(c.url);
    const util::Result<SmtpSettings> settings = ParseSmtpUrl(c.url);
    REQUIRE_FALSE(settings.ok());
    CHECK(settings.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_THAT(settings.error().message, Catch::Contains(c.message_part));
  }
}

TEST_CASE("SMTP URL errors never repeat the password", "[mail]") {
  // Each URL is wrong somewhere; the password must not appear in the message whatever the cause.
  const char* const urls[] = {
      "smtps://bob:Sup3rS3cret@localhost:0",    "http://bob:Sup3rS3cret@localhost",
      "smtp://bob:Sup3rS3cret@localhost:99999", "smtp://bob:Sup3rS3cret@",
      "smtp://bob:Sup3rS3cret%zz@localhost",    "smtp://bob:Sup3rS3cret@localhost?cc=Sup3rS3cret",
      "smtp://bob:Sup3/rS3cret@localhost",      "smtp://bob:Sup3?rS3cret@localhost",
      "smtp://bob:Sup3#rS3cret@localhost",      "smtp://bob:Sup3rS3cret@local host",
      "smtp://bob:Sup3rS3cret@localhost\r\n",
  };
  for (const char* url : urls) {
    INFO(url);
    const util::Result<SmtpSettings> settings = ParseSmtpUrl(url);
    REQUIRE_FALSE(settings.ok());
    CHECK_THAT(settings.error().message, !Catch::Contains("Sup3"));
    CHECK_THAT(settings.error().message, !Catch::Contains("S3cret"));
  }
}

}  // namespace
}  // namespace cairn::mail
