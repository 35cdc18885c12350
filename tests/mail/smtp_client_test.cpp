// SendMail against a real SMTP server on 127.0.0.1 (aiosmtpd): smtps://, STARTTLS, certificates
// trusted and refused, logins, timeouts, refusals, and the mail exactly as it arrives.
#include "mail/smtp_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "test_support/local_smtp_server.h"

namespace cairn::mail {
namespace {

using namespace std::chrono_literals;

using test_support::LocalSmtpServer;
using test_support::SelfSignedCertificate;
using Mode = LocalSmtpServer::Mode;

std::string ErrorText(const util::Status& status) {
  return status.ok() ? "ok" : status.error().message;
}

SmtpSettings SettingsFor(const LocalSmtpServer& server, net::SmtpTls tls,
                         const SelfSignedCertificate* trusted) {
  SmtpSettings settings;
  settings.host = "127.0.0.1";
  settings.port = server.port();
  settings.tls = tls;
  if (trusted) settings.ca_file = trusted->cert_path();
  settings.from = "cairn@pi.local";
  settings.timeout = 5s;  // a broken test fails in seconds, not in the default 10
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

// A TCP listener that completes connections (in the kernel's backlog) and never says a word.
class SilentListener {
 public:
  SilentListener() : fd_(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(::listen(fd_, 4) == 0);
    REQUIRE(::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) == 0);
    port_ = ntohs(address.sin_port);
  }
  ~SilentListener() { ::close(fd_); }
  int port() const { return port_; }

 private:
  int fd_;
  int port_ = 0;
};

TEST_CASE("smtps:// delivers over TLS to a server whose certificate --smtp-ca names, with a login",
          "[mail]") {
  const SelfSignedCertificate certificate;
  LocalSmtpServer server({Mode::kSmtps, &certificate, "hiker:Sup3r:S3cret@"});
  SmtpSettings settings = SettingsFor(server, net::SmtpTls::kImplicit, &certificate);
  settings.username = "hiker";
  settings.password = "Sup3r:S3cret@";

  const util::Status sent = SendMail(settings, ResetMail());
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());
  const std::vector<test_support::ReceivedMail> mails = server.Mails();
  REQUIRE(mails.size() == 1);
  CHECK(mails[0].tls);
  CHECK(mails[0].login == "hiker");
  CHECK(mails[0].mail_from == "cairn@pi.local");
  CHECK(mails[0].rcpt_tos == std::vector<std::string>{"hiker@example.org"});
}

TEST_CASE("smtp:// upgrades with STARTTLS when the server offers it", "[mail]") {
  const SelfSignedCertificate certificate;
  LocalSmtpServer server({Mode::kStartTls, &certificate, ""});
  for (const net::SmtpTls tls :
       {net::SmtpTls::kStartTlsIfOffered, net::SmtpTls::kStartTlsRequired}) {
    const util::Status sent = SendMail(SettingsFor(server, tls, &certificate), ResetMail());
    INFO(ErrorText(sent));
    REQUIRE(sent.ok());
  }
  const std::vector<test_support::ReceivedMail> mails = server.Mails();
  REQUIRE(mails.size() == 2);
  CHECK(mails[0].tls);
  CHECK(mails[1].tls);
}

TEST_CASE("the mail arrives with its headers, an RFC 2047 subject and lines that start with a dot",
          "[mail]") {
  const SelfSignedCertificate certificate;
  LocalSmtpServer server({Mode::kStartTls, &certificate, ""});
  const MailMessage mail = {"hiker@example.org", "Grüße vom Berg",
                            "Hello,\nopen this link:\n.\n.hidden\n..two\nnot. a dot line\nBye"};

  const util::Status sent =
      SendMail(SettingsFor(server, net::SmtpTls::kStartTlsRequired, &certificate), mail);
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());
  const std::vector<test_support::ReceivedMail> mails = server.Mails();
  REQUIRE(mails.size() == 1);
  const std::string& message = mails[0].message;
  // The server undid the transport's dot-stuffing: had it been missing, the lone "." would have
  // ended the mail early and ".hidden" would have lost its dot.
  CHECK(Body(message) ==
        "Hello,\r\nopen this link:\r\n.\r\n.hidden\r\n..two\r\nnot. a dot line\r\nBye\r\n");

  const std::vector<std::string> headers = HeaderLines(message);
  REQUIRE(headers.size() == 8);
  CHECK(headers[0] == "From: cairn@pi.local");
  CHECK(headers[1] == "To: hiker@example.org");
  CHECK(headers[2] == "Subject: =?UTF-8?B?R3LDvMOfZSB2b20gQmVyZw==?=");
  CHECK(headers[5] == "MIME-Version: 1.0");
  CHECK(headers[6] == "Content-Type: text/plain; charset=utf-8");
  CHECK(headers[7] == "Content-Transfer-Encoding: 8bit");
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
}

TEST_CASE("a certificate that is not trusted, or not for the host, is refused and nothing is sent",
          "[mail]") {
  const SelfSignedCertificate certificate;
  const SelfSignedCertificate other_host("DNS:mail.example.org");
  struct Case {
    const char* name;
    Mode mode;
    const SelfSignedCertificate* served;
    const SelfSignedCertificate* trusted;
  };
  const Case cases[] = {
      {"smtps, no --smtp-ca", Mode::kSmtps, &certificate, nullptr},
      {"STARTTLS, no --smtp-ca", Mode::kStartTls, &certificate, nullptr},
      {"smtps, another certificate trusted", Mode::kSmtps, &certificate, &other_host},
      {"STARTTLS, a trusted certificate for another host", Mode::kStartTls, &other_host,
       &other_host},
  };
  for (const Case& c : cases) {
    INFO(c.name);
    LocalSmtpServer server({c.mode, c.served, "hiker:Sup3rS3cret"});
    SmtpSettings settings = SettingsFor(
        server, c.mode == Mode::kSmtps ? net::SmtpTls::kImplicit : net::SmtpTls::kStartTlsIfOffered,
        c.trusted);
    settings.username = "hiker";
    settings.password = "Sup3rS3cret";
    const util::Status sent = SendMail(settings, ResetMail());
    REQUIRE_FALSE(sent.ok());
    CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
    CHECK_THAT(sent.error().message,
               Catch::StartsWith("smtp: sending to 127.0.0.1:" + std::to_string(server.port()) +
                                 " failed: the server's TLS certificate was refused ("));
    CHECK_THAT(sent.error().message, Catch::Contains("--smtp-ca FILE"));
    CHECK_THAT(sent.error().message, !Catch::Contains("S3cret"));
    CHECK(server.Mails().empty());
  }
}

TEST_CASE("TLS required against a server without STARTTLS sends nothing, and plain works otherwise",
          "[mail]") {
  LocalSmtpServer server({Mode::kPlain, nullptr, ""});
  const util::Status refused =
      SendMail(SettingsFor(server, net::SmtpTls::kStartTlsRequired, nullptr), ResetMail());
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().kind == util::ErrorKind::kUnavailable);
  CHECK_THAT(refused.error().message,
             Catch::Contains("TLS is required but the server does not offer STARTTLS"));
  CHECK(server.Mails().empty());

  const util::Status sent =
      SendMail(SettingsFor(server, net::SmtpTls::kStartTlsIfOffered, nullptr), ResetMail());
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());
  const std::vector<test_support::ReceivedMail> mails = server.Mails();
  REQUIRE(mails.size() == 1);
  CHECK_FALSE(mails[0].tls);
}

TEST_CASE("a password goes in plain text to this machine only, never to another host", "[mail]") {
  // A relay on this machine without TLS is a legitimate set-up; "127.1" is this machine too, but
  // not by a name SendMail recognises, so it stands for a host across a network.
  LocalSmtpServer server({Mode::kPlain, nullptr, ""});
  SmtpSettings settings = SettingsFor(server, net::SmtpTls::kStartTlsIfOffered, nullptr);
  settings.username = "hiker";
  settings.password = "Sup3rS3cret";
  settings.host = "127.1";
  const util::Status refused = SendMail(settings, ResetMail());
  REQUIRE_FALSE(refused.ok());
  CHECK_THAT(refused.error().message, Catch::Contains("does not offer STARTTLS"));
  CHECK(server.Mails().empty());

  settings.host = "127.0.0.1";
  const util::Status sent = SendMail(settings, ResetMail());
  INFO(ErrorText(sent));
  CHECK(sent.ok());
  CHECK(server.Mails().size() == 1);
}

TEST_CASE("a login with the right password delivers, a wrong one is refused without revealing it",
          "[mail]") {
  const SelfSignedCertificate certificate;
  LocalSmtpServer server({Mode::kStartTls, &certificate, "hiker:Sup3r:S3cret@"});
  SmtpSettings settings = SettingsFor(server, net::SmtpTls::kStartTlsIfOffered, &certificate);
  settings.username = "hiker";

  settings.password = "Wr0ng:S3cret@";
  const util::Status refused = SendMail(settings, ResetMail());
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().kind == util::ErrorKind::kUnavailable);
  CHECK_THAT(refused.error().message, Catch::Contains("the server refused the login"));
  CHECK_THAT(refused.error().message, Catch::Contains("the server said: 535"));
  CHECK_THAT(refused.error().message, !Catch::Contains("S3cret"));
  CHECK(server.Mails().empty());

  // No login at all: the server insists on one.
  settings.username.clear();
  settings.password.clear();
  const util::Status anonymous = SendMail(settings, ResetMail());
  REQUIRE_FALSE(anonymous.ok());
  CHECK_THAT(anonymous.error().message, Catch::Contains("the server said: 530"));
  CHECK(server.Mails().empty());

  settings.username = "hiker";
  settings.password = "Sup3r:S3cret@";
  const util::Status sent = SendMail(settings, ResetMail());
  INFO(ErrorText(sent));
  REQUIRE(sent.ok());
  REQUIRE(server.Mails().size() == 1);
  CHECK(server.Mails()[0].login == "hiker");
}

TEST_CASE("a refused recipient fails as Unavailable quoting the server's reply", "[mail]") {
  const SelfSignedCertificate certificate;
  LocalSmtpServer server({Mode::kStartTls, &certificate, ""});
  const util::Status sent =
      SendMail(SettingsFor(server, net::SmtpTls::kStartTlsRequired, &certificate),
               {"nobody@refused.example", "Hi", "text"});
  REQUIRE_FALSE(sent.ok());
  CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
  CHECK_THAT(sent.error().message,
             Catch::EndsWith(
                 "; the server said: 550 5.1.1 <nobody@refused.example>: no such mailbox here"));
  CHECK(server.Mails().empty());
}

TEST_CASE("a server that never answers fails within the timeout", "[mail]") {
  SilentListener silent;
  for (const net::SmtpTls tls : {net::SmtpTls::kStartTlsIfOffered, net::SmtpTls::kImplicit}) {
    SmtpSettings settings;
    settings.host = "127.0.0.1";
    settings.port = silent.port();
    settings.tls = tls;
    settings.from = "cairn@pi.local";
    settings.timeout = 300ms;
    const auto start = std::chrono::steady_clock::now();
    const util::Status sent = SendMail(settings, ResetMail());
    const auto elapsed = std::chrono::steady_clock::now() - start;
    REQUIRE_FALSE(sent.ok());
    CHECK(sent.error().kind == util::ErrorKind::kUnavailable);
    CHECK_THAT(sent.error().message, Catch::Contains("timed out"));
    CHECK(elapsed >= 290ms);
    CHECK(elapsed < 2s);
  }
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
  CHECK_THAT(sent.error().message,
             Catch::StartsWith("smtp: sending to 127.0.0.1:" + std::to_string(settings.port) +
                               " failed: Failed to connect"));
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
  // Nothing listens there: a connection attempt would fail as Unavailable instead.
  SmtpSettings settings;
  settings.host = "127.0.0.1";
  settings.port = UnusedPort();
  settings.from = "cairn@pi.local";
  for (const Case& c : cases) {
    INFO(c.message.to + " / " + c.message.subject);
    const util::Status sent = SendMail(settings, c.message);
    REQUIRE_FALSE(sent.ok());
    CHECK(sent.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK_THAT(sent.error().message, Catch::Contains(c.message_part));
  }
}

}  // namespace
}  // namespace cairn::mail
