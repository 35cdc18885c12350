// Notifications by e-mail: at most one digest per recipient per interval (an hour; here
// --mail-digest-seconds 24, so a digest waits 2 s for a burst to end), sent by a background
// thread through the mail outbox, holding only the types whose e-mail is on.
#include <catch2/catch.hpp>
#include <thread>

#include "api/feed/social_calls.h"
#include "api/test_server.h"
#include "test_support/local_smtp_server.h"

namespace cairn::api_test {
namespace {

TEST_CASE("notification mail: two events within the interval make one digest, then no more",
          "[api][notifications][mail]") {
  test_support::LocalSmtpServer smtp({test_support::LocalSmtpServer::Mode::kPlain});
  TestServer server(
      "", {"--smtp-url", "smtp://127.0.0.1:" + std::to_string(smtp.port()) + "?from=cairn@pi.test",
           "--mail-digest-seconds", "24"});
  auto [alice, alice_token] = server.CreateUser("alice");
  auto [bob, bob_token] = server.CreateUser("bob");
  auto [carol, carol_token] = server.CreateUser("carol");
  REQUIRE(server
              .Put("/api/v1/settings", {{"notifications", {{"trail_like", {{"email", false}}}}}},
                   alice_token)
              .status == 200);
  const std::string trail = server.CreateTrail(alice_token, alice, {{"name", "Ridge"}});
  REQUIRE(server
              .Put("/api/v1/comment", {{"author", bob}, {"trail", trail}, {"text", "Great\nviews"}},
                   bob_token)
              .status == 200);
  REQUIRE(server.Put("/api/v1/summit-log", {{"trail", trail}, {"date", "2024-06-02"}}, bob_token)
              .status == 200);
  Like(server, bob_token, trail);  // in the app, not by mail

  REQUIRE(smtp.WaitForMails(1, std::chrono::seconds(15)));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  REQUIRE(smtp.Mails().size() == 1);
  const test_support::ReceivedMail mail = smtp.Mails()[0];
  CHECK(mail.rcpt_tos == std::vector<std::string>{"alice@example.com"});
  CHECK(mail.message.find("Subject: Cairn: 2 new notifications") != std::string::npos);
  CHECK(mail.message.find("@bob commented on your trail \"Ridge\": Great views") !=
        std::string::npos);
  CHECK(mail.message.find("@bob logged a summit on your trail \"Ridge\"") != std::string::npos);
  CHECK(mail.message.find("likes") == std::string::npos);
  // All three are in the app.
  CHECK(server.Get("/api/v1/notification", alice_token).body["totalItems"] == 3);

  // A third event within the interval waits for alice's next digest; bob, who commented before,
  // hears of the reply in his first one.
  REQUIRE(server
              .Put("/api/v1/comment", {{"author", carol}, {"trail", trail}, {"text", "Me too"}},
                   carol_token)
              .status == 200);
  REQUIRE(smtp.WaitForMails(2, std::chrono::seconds(15)));
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const auto mails = smtp.Mails();
  REQUIRE(mails.size() == 2);
  CHECK(mails[1].rcpt_tos == std::vector<std::string>{"bob@example.com"});
  CHECK(mails[1].message.find("Subject: Cairn: 1 new notification") != std::string::npos);
  CHECK(mails[1].message.find("@carol also commented on \"Ridge\": Me too") != std::string::npos);
}

}  // namespace
}  // namespace cairn::api_test
