// SMTP URL parsing, and SendMail against a scripted SMTP server on 127.0.0.1.
#include "mail/smtp_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <string>
#include <thread>
#include <vector>

#include "test_support/fake_smtp_server.h"

namespace cairn::mail {
namespace {

using namespace std::chrono_literals;

using test_support::FakeSmtpServer;

std::string ErrorText(const util::Status& status) {
  return status.ok() ? "ok" : status.error().message;
}

SmtpSettings SettingsFor(const FakeSmtpServer& server) {
  SmtpSettings settings;
  settings.host = "127.0.0.1";
  settings.port = server.port();
  settings.from = "cairn@pi.local";
  settings.timeout = 2s;  // a broken test fails in seconds, not in the default 10
  return settings;
}

MailMessage ResetMail() {
  return {"hiker@example.org", "Reset your Cairn password",
          "Hello,\nopen this link to choose a new password:\n.\n.hidden\nBye\n"};
}

// The header lines of a received message, each without its CRLF.
std::vector<std::string> HeaderLines(const std::string& message) {
  std::vector<std::string> lines;
  const std::string headers = message.substr(0, message.find("\r\n\r\n"));
  size_t start = 0;
  while (start <= headers.size()) {
    const size_t end = headers.find("\r\n", start);
    lines.push_back(headers.substr(start, end - start));
    if (end == std::string::npos) break;
    start = end + 2;
  }
  return lines;
}

// The value of the header `name`, or "" when it is missing.
std::string HeaderValue(const std::vector<std::string>& headers, const std::string& name) {
  const std::string prefix = name + ": ";
  for (const std::string& line : headers) {
    if (line.rfind(prefix, 0) == 0) return line.substr(prefix.size());
  }
  return "";
}

std::string Body(const std::string& message) {
  return message.substr(message.find("\r\n\r\n") + 4);
}

bool EveryLineEndsWithCrlf(const std::string& bytes) {
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (bytes[i] == '\n' && (i == 0 || bytes[i - 1] != '\r')) return false;
    if (bytes[i] == '\r' && (i + 1 == bytes.size() || bytes[i + 1] != '\n')) return false;
  }
  return !bytes.empty() && bytes.back() == '\n';
}

// A port on 127.0.0.1 that nothing listens on.
int UnusedPort() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t length = sizeof address;
  REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
  ::close(fd);
  return ntohs(address.sin_port);
}

TEST_CASE("SMTP URLs with credentials, ports, IPv6 hosts and a from address are understood",
          "[mail]") {
  struct Case {
    const char* url;
    const char* host;
    int port;
    const char* username;
    const char* password;
    const char* from;
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
      {"smtps://localhost", "smtps:// is not supported"},
      {"http://localhost", "only the smtp:// scheme"},
      {"localhost:25", "expected smtp://"},
      {"", "expected smtp://"},
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
      "smtps://bob:Sup3rS3cret@localhost",      "http://bob:Sup3rS3cret@localhost",
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

TEST_CASE("a reset mail is delivered with AUTH PLAIN, full headers and a dot-stuffed CRLF body",
          "[mail]") {
  FakeSmtpServer server({});
  SmtpSettings settings = SettingsFor(server);
  settings.username = "user";
  settings.password = "pass";

  const util::Status sent = SendMail(settings, ResetMail());
  server.Stop();
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());

  const std::vector<std::string> expected_commands = {
      "EHLO [127.0.0.1]",
      "AUTH PLAIN AHVzZXIAcGFzcw==",  // base64 of "\0user\0pass"
      "MAIL FROM:<cairn@pi.local> BODY=8BITMIME",
      "RCPT TO:<hiker@example.org>",
      "DATA",
      "QUIT",
  };
  CHECK(server.commands() == expected_commands);
  CHECK(server.connections() == 1);
  CHECK(EveryLineEndsWithCrlf(server.received()));

  const std::string& message = server.message();
  CHECK(EveryLineEndsWithCrlf(message));
  CHECK_THAT(message, Catch::EndsWith("\r\n.\r\n"));
  const std::vector<std::string> headers = HeaderLines(message);
  const auto has_header = [&](const std::string& line) {
    return std::find(headers.begin(), headers.end(), line) != headers.end();
  };
  CHECK(has_header("From: cairn@pi.local"));
  CHECK(has_header("To: hiker@example.org"));
  CHECK(has_header("Subject: Reset your Cairn password"));
  CHECK(has_header("MIME-Version: 1.0"));
  CHECK(has_header("Content-Type: text/plain; charset=utf-8"));
  CHECK(has_header("Content-Transfer-Encoding: 8bit"));
  // RFC 5322 date in UTC, within a minute of now.
  const std::string date = HeaderValue(headers, "Date");
  std::tm parsed{};
  const char* parsed_to = ::strptime(date.c_str(), "%a, %d %b %Y %H:%M:%S +0000", &parsed);
  REQUIRE(parsed_to != nullptr);
  CHECK(*parsed_to == '\0');
  CHECK(date.size() == std::string_view("Tue, 02 Jul 2024 09:10:05 +0000").size());
  CHECK(std::abs(::timegm(&parsed) - std::time(nullptr)) < 60);
  const std::string message_id = HeaderValue(headers, "Message-ID");
  CHECK_THAT(message_id, Catch::StartsWith("<") && Catch::EndsWith("@pi.local>"));
  CHECK(message_id.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789", 1) ==
        message_id.find('@'));
  CHECK(Body(message) ==
        "Hello,\r\nopen this link to choose a new password:\r\n..\r\n..hidden\r\nBye\r\n.\r\n");
}

TEST_CASE("every kind of line ending in a body is sent as CRLF and the message is always ended",
          "[mail]") {
  struct Case {
    const char* body;
    const char* sent;  // what follows the blank line after the headers
  };
  const Case cases[] = {
      {"", ".\r\n"},
      {"one line, no newline", "one line, no newline\r\n.\r\n"},
      {"unix\nlines\n", "unix\r\nlines\r\n.\r\n"},
      {"dos\r\nlines\r\n", "dos\r\nlines\r\n.\r\n"},
      {"old mac\rlines", "old mac\r\nlines\r\n.\r\n"},
      {"blank\n\nline", "blank\r\n\r\nline\r\n.\r\n"},
      {".", "..\r\n.\r\n"},
      {"a\n.\nb", "a\r\n..\r\nb\r\n.\r\n"},
      {"a\r\n.\r\n", "a\r\n..\r\n.\r\n"},
      {"not. a dot line", "not. a dot line\r\n.\r\n"},
      {"Grüße vom Berg ⛰", "Grüße vom Berg ⛰\r\n.\r\n"},
  };
  for (const Case& c : cases) {
    INFO(c.body);
    FakeSmtpServer server({});
    const util::Status sent = SendMail(SettingsFor(server), {"hiker@example.org", "Hi", c.body});
    server.Stop();
    INFO(ErrorText(sent));
    REQUIRE(sent.ok());
    CHECK(Body(server.message()) == c.sent);
  }
}

TEST_CASE("a subject that is not ASCII is sent as RFC 2047 encoded words", "[mail]") {
  FakeSmtpServer server({});
  const util::Status sent =
      SendMail(SettingsFor(server), {"hiker@example.org", "Grüße vom Berg", "text"});
  server.Stop();
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());
  const std::vector<std::string> headers = HeaderLines(server.message());
  CHECK(std::find(headers.begin(), headers.end(),
                  "Subject: =?UTF-8?B?R3LDvMOfZSB2b20gQmVyZw==?=") != headers.end());
}

TEST_CASE("a multi-line EHLO reply is read to its end before the client goes on", "[mail]") {
  FakeSmtpServer::Script script;
  // AUTH in the middle, the pre-standard AUTH= form, no 8BITMIME; a bare "250" ends the reply.
  script.ehlo =
      "250-fake.test Hello\r\n250-PIPELINING\r\n250-SIZE 10240000\r\n250-AUTH=LOGIN\r\n"
      "250-AUTH LOGIN PLAIN\r\n250-ENHANCEDSTATUSCODES\r\n250 DSN\r\n";
  script.greeting = "220-fake.test ESMTP\r\n220-no spam please\r\n220 ready\r\n";
  FakeSmtpServer server(script);
  SmtpSettings settings = SettingsFor(server);
  settings.username = "user";
  settings.password = "pass";

  const util::Status sent = SendMail(settings, ResetMail());
  server.Stop();
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());
  const std::vector<std::string> expected_commands = {
      "EHLO [127.0.0.1]",
      "AUTH PLAIN AHVzZXIAcGFzcw==",
      "MAIL FROM:<cairn@pi.local>",  // no BODY=8BITMIME: the server did not offer it
      "RCPT TO:<hiker@example.org>",
      "DATA",
      "QUIT",
  };
  CHECK(server.commands() == expected_commands);
}

TEST_CASE("a server that refuses EHLO is greeted with HELO instead", "[mail]") {
  FakeSmtpServer::Script script;
  script.ehlo = "502 5.5.1 Command not implemented\r\n";
  FakeSmtpServer server(script);

  const util::Status sent = SendMail(SettingsFor(server), ResetMail());
  server.Stop();
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());
  const std::vector<std::string> expected_commands = {
      "EHLO [127.0.0.1]",
      "HELO [127.0.0.1]",
      "MAIL FROM:<cairn@pi.local>",
      "RCPT TO:<hiker@example.org>",
      "DATA",
      "QUIT",
  };
  CHECK(server.commands() == expected_commands);
}

TEST_CASE("a refusal at any stage fails as Unavailable naming the stage and the server's reply",
          "[mail]") {
  struct Case {
    const char* stage;
    std::string FakeSmtpServer::Script::*reply;
    const char* refusal;
    const char* message;
  };
  const Case cases[] = {
      {"greeting", &FakeSmtpServer::Script::greeting, "554 5.3.2 go away\r\n",
       "smtp: greeting failed: 554 5.3.2 go away"},
      {"EHLO", &FakeSmtpServer::Script::ehlo, "421 4.3.2 shutting down\r\n",
       "smtp: EHLO failed: 421 4.3.2 shutting down"},
      {"MAIL FROM", &FakeSmtpServer::Script::mail, "553 5.7.1 sender rejected\r\n",
       "smtp: MAIL FROM failed: 553 5.7.1 sender rejected"},
      {"RCPT TO", &FakeSmtpServer::Script::rcpt,
       "550-5.1.1 The email account that you tried to reach does not exist.\r\n"
       "550 5.1.1 Please try double-checking the address.\r\n",
       "smtp: RCPT TO failed: 550-5.1.1 The email account that you tried to reach does not "
       "exist."},
      {"DATA", &FakeSmtpServer::Script::data, "451 4.3.0 try later\r\n",
       "smtp: DATA failed: 451 4.3.0 try later"},
      {"end of DATA", &FakeSmtpServer::Script::end_of_data, "554 5.7.1 looks like spam\r\n",
       "smtp: end of DATA failed: 554 5.7.1 looks like spam"},
  };
  for (const Case& c : cases) {
    INFO(c.stage);
    FakeSmtpServer::Script script;
    script.*c.reply = c.refusal;
    FakeSmtpServer server(script);
    const util::Status sent = SendMail(SettingsFor(server), ResetMail());
    server.Stop();
    REQUIRE_FALSE(sent.ok());
    CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
    CHECK(sent.error().message == c.message);
    // The session is still ended politely.
    REQUIRE_FALSE(server.commands().empty());
    CHECK(server.commands().back() == "QUIT");
  }
}

TEST_CASE("a server that never answers fails within the timeout", "[mail]") {
  FakeSmtpServer::Script script;
  script.silent = true;
  FakeSmtpServer server(script);
  SmtpSettings settings = SettingsFor(server);
  settings.timeout = 300ms;

  const auto start = std::chrono::steady_clock::now();
  const util::Status sent = SendMail(settings, ResetMail());
  const auto elapsed = std::chrono::steady_clock::now() - start;
  server.Stop();
  REQUIRE_FALSE(sent.ok());
  CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
  CHECK(sent.error().message == "smtp: greeting failed: no reply within 300 ms");
  CHECK(elapsed >= 290ms);
  CHECK(elapsed < 2s);
  CHECK(server.received().empty());
}

TEST_CASE("a refused connection fails as Unavailable", "[mail]") {
  SmtpSettings settings;
  settings.host = "127.0.0.1";
  settings.port = UnusedPort();
  settings.from = "cairn@pi.local";
  settings.timeout = 2s;
  const util::Status sent = SendMail(settings, ResetMail());
  REQUIRE_FALSE(sent.ok());
  CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
  CHECK_THAT(sent.error().message, Catch::StartsWith("smtp: connect failed: 127.0.0.1:"));
  CHECK_THAT(sent.error().message, Catch::Contains("refused"));
}

TEST_CASE("header injection and unusable addresses are rejected before connecting", "[mail]") {
  struct Case {
    MailMessage message;
    const char* message_part;
  };
  const Case cases[] = {
      {{"hiker@example.org", "Reset\r\nBcc: victim@example.org", "x"}, "subject"},
      {{"hiker@example.org", "Reset\nBcc: victim@example.org", "x"}, "subject"},
      {{"hiker@example.org", "Reset\rBcc: victim@example.org", "x"}, "subject"},
      {{"hiker@example.org", std::string("Reset\0x", 7), "x"}, "subject"},
      {{"hiker@example.org\r\nBcc: victim@example.org", "Reset", "x"}, "recipient"},
      {{"hiker@example.org>\r\nRCPT TO:<victim@example.org", "Reset", "x"}, "recipient"},
      {{"hiker@example.org\n", "Reset", "x"}, "recipient"},
      {{"Hiker <hiker@example.org>", "Reset", "x"}, "recipient"},
      {{"", "Reset", "x"}, "recipient"},
      {{"hiker", "Reset", "x"}, "recipient"},
      {{"hiker@example.org", "Reset", std::string(999, 'x')}, "longer than 998"},
  };
  FakeSmtpServer server({});
  for (const Case& c : cases) {
    INFO(c.message.to + " / " + c.message.subject);
    const util::Status sent = SendMail(SettingsFor(server), c.message);
    REQUIRE_FALSE(sent.ok());
    CHECK(sent.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_THAT(sent.error().message, Catch::Contains(c.message_part));
  }
  server.Stop();
  CHECK(server.connections() == 0);
}

TEST_CASE("credentials are never sent to a server that does not offer AUTH PLAIN", "[mail]") {
  const char* const ehlo_replies[] = {
      "250-fake.test\r\n250 8BITMIME\r\n", "250-fake.test\r\n250 AUTH LOGIN CRAM-MD5\r\n",
      "500 5.5.1 EHLO? never heard of it\r\n",  // HELO offers no extensions at all
  };
  for (const char* ehlo : ehlo_replies) {
    INFO(ehlo);
    FakeSmtpServer::Script script;
    script.ehlo = ehlo;
    FakeSmtpServer server(script);
    SmtpSettings settings = SettingsFor(server);
    settings.username = "hiker";
    settings.password = "Sup3r:S3cret@";

    const util::Status sent = SendMail(settings, ResetMail());
    server.Stop();
    REQUIRE_FALSE(sent.ok());
    CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
    CHECK_THAT(sent.error().message, Catch::StartsWith("smtp: AUTH failed:"));
    CHECK_THAT(sent.error().message, Catch::Contains("does not offer AUTH PLAIN"));
    CHECK_THAT(server.received(), !Catch::Contains("AUTH"));
    CHECK_THAT(server.received(), !Catch::Contains("MAIL FROM"));
    CHECK_THAT(server.received(), !Catch::Contains("S3cret"));
    CHECK(server.message().empty());
    CHECK(server.commands().back() == "QUIT");
  }
}

TEST_CASE("a rejected AUTH never reveals the password, even when the server echoes it", "[mail]") {
  FakeSmtpServer::Script script;
  script.auth =
      "535 5.7.8 bad credentials AGhpa2VyAFN1cDNyOlMzY3JldEA= for Sup3r:S3cret@ and then some\r\n";
  FakeSmtpServer server(script);
  SmtpSettings settings = SettingsFor(server);
  settings.username = "hiker";
  settings.password = "Sup3r:S3cret@";

  const util::Status sent = SendMail(settings, ResetMail());
  server.Stop();
  REQUIRE_FALSE(sent.ok());
  CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
  CHECK(sent.error().message ==
        "smtp: AUTH failed: 535 5.7.8 bad credentials *** for *** and then some");
  CHECK(std::find(server.commands().begin(), server.commands().end(),
                  "MAIL FROM:<cairn@pi.local> BODY=8BITMIME") == server.commands().end());
}

}  // namespace
}  // namespace cairn::mail
