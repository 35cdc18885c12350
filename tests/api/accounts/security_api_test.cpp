// Security behaviour over HTTP: sessions and CSRF, login throttling, API keys, password resets,
// instance modes and injection through the newer collections.
#include <catch2/catch.hpp>
#include <chrono>
#include <regex>
#include <thread>

#include "api/test_server.h"
#include "test_support/local_smtp_server.h"

namespace cairn::api_test {
namespace {

const Json kBadLogin = {{"username", "alice"}, {"password", "wrong-password"}};

// The cairn_auth=... pair of a Set-Cookie header.
std::string SessionPair(const Reply& reply) {
  const std::string cookie = reply.Header("Set-Cookie");
  return cookie.substr(0, cookie.find(';'));
}

// The most recent reset code the server wrote to its log (no SMTP configured).
std::string ResetCodeFromLog(const TestServer& server) {
  const std::string log = server.ReadLog();
  static const std::regex kCode("enter this code: ([a-z0-9]{32})");
  std::string code;
  for (auto it = std::sregex_iterator(log.begin(), log.end(), kCode); it != std::sregex_iterator();
       ++it) {
    code = (*it)[1];
  }
  return code;
}

std::string WaitForResetCode(const TestServer& server, const std::string& previous = "") {
  for (int i = 0; i < 200; ++i) {
    const std::string code = ResetCodeFromLog(server);
    if (!code.empty() && code != previous) return code;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return "";
}

TEST_CASE("a login sets an HttpOnly SameSite cookie that reads, and writes only same-origin",
          "[api][security]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply login =
      server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "correct-horse"}});
  const std::string cookie = login.Header("Set-Cookie");
  CHECK(cookie.rfind("cairn_auth=" + login.body["token"].get<std::string>(), 0) == 0);
  CHECK(cookie.find("HttpOnly") != std::string::npos);
  CHECK(cookie.find("SameSite=Lax") != std::string::npos);
  CHECK(cookie.find("Path=/") != std::string::npos);
  CHECK(cookie.find("Secure") == std::string::npos);  // plain http here
  const std::string session = SessionPair(login);
  const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
  const std::string body = Json{{"name", "x"}, {"public", false}, {"author", alice}}.dump();

  Reply read = server.SendWithHeaders("GET", "/api/v1/user/" + alice, {{"Cookie", session}});
  CHECK(read.status == 200);
  CHECK(read.body.contains("email"));  // it is alice

  // Writes with only the cookie need this server as their origin.
  CHECK(server.SendWithHeaders("PUT", "/api/v1/trail", {{"Cookie", session}}, body).status == 403);
  CHECK(server
            .SendWithHeaders("PUT", "/api/v1/trail",
                             {{"Cookie", session}, {"Origin", "https://evil.example"}}, body)
            .status == 403);
  CHECK(server
            .SendWithHeaders("PUT", "/api/v1/trail",
                             {{"Cookie", session}, {"Referer", "https://evil.example/" + own}},
                             body)
            .status == 403);
  CHECK(server.Get("/api/v1/trail", token).body["totalItems"] == 0);  // nothing was created
  CHECK(server.SendWithHeaders("PUT", "/api/v1/trail", {{"Cookie", session}, {"Origin", own}}, body)
            .status == 200);
  CHECK(server
            .SendWithHeaders("PUT", "/api/v1/trail",
                             {{"Cookie", session}, {"Referer", own + "/trails/new"}}, body)
            .status == 200);
  // A bearer token needs no origin: browsers cannot attach one to a cross-site request.
  CHECK(server.Send("PUT", "/api/v1/trail", token, body).status == 200);

  Reply logout = server.SendWithHeaders("POST", "/api/v1/auth/logout", {{"Cookie", session}});
  CHECK(logout.status == 200);
  CHECK(logout.Header("Set-Cookie").find("Max-Age=0") != std::string::npos);
}

TEST_CASE("behind an https proxy the cookie is Secure and the proxy's origin counts",
          "[api][security]") {
  TestServer server("", {"--behind-proxy"});
  auto [alice, token] = server.CreateUser("alice");
  const httplib::Headers proxied = {{"X-Forwarded-Proto", "https"},
                                    {"X-Forwarded-Host", "trails.example.org"}};
  Reply login =
      server.SendWithHeaders("POST", "/api/v1/auth/login", proxied,
                             Json{{"username", "alice"}, {"password", "correct-horse"}}.dump());
  CHECK(login.Header("Set-Cookie").find("; Secure") != std::string::npos);
  httplib::Headers write = proxied;
  write.emplace("Cookie", SessionPair(login));
  write.emplace("Origin", "https://trails.example.org");
  CHECK(server
            .SendWithHeaders("PUT", "/api/v1/trail", write,
                             Json{{"name", "x"}, {"public", true}, {"author", alice}}.dump())
            .status == 200);
}

TEST_CASE("ten failed logins lock out the address and the account, with Retry-After",
          "[api][security]") {
  TestServer server("", {"--behind-proxy"});
  server.CreateUser("alice");
  server.CreateUser("bob");
  auto from = [&](const std::string& address, const Json& body) {
    return server.SendWithHeaders("POST", "/api/v1/auth/login", {{"X-Forwarded-For", address}},
                                  body.dump());
  };
  for (int i = 0; i < 10; ++i) CHECK(from("10.0.0.1", kBadLogin).status == 400);
  Reply locked = from("10.0.0.1", kBadLogin);
  CHECK(locked.status == 429);
  const int retry = std::stoi(locked.Header("Retry-After"));
  CHECK(retry > 14 * 60);
  CHECK(retry <= 15 * 60);
  // Even the right password waits: the lock is on the address and on the account.
  CHECK(from("10.0.0.1", {{"username", "alice"}, {"password", "correct-horse"}}).status == 429);
  CHECK(from("10.0.0.2", {{"username", "alice"}, {"password", "correct-horse"}}).status == 429);
  // Other accounts from other addresses are not affected.
  CHECK(from("10.0.0.3", {{"username", "bob"}, {"password", "correct-horse"}}).status == 200);
  // A forged X-Forwarded-For prefix does not escape: the proxy's last entry counts.
  CHECK(from("1.1.1.1, 10.0.0.1", {{"username", "bob"}, {"password", "correct-horse"}}).status ==
        429);
}

TEST_CASE("API keys: shown once, stored hashed, usable as bearer, revoked and expired at once",
          "[api][security]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply created = server.Put("/api/v1/api-token", {{"name", "backup script"}}, token);
  REQUIRE(created.status == 200);
  const std::string key = created.body["token"];
  CHECK(key.rfind("cairn_", 0) == 0);
  CHECK(key.size() == 46);
  CHECK(created.body["user"] == alice);
  CHECK(created.body["last_used"] == "");
  Reply listed = server.Get("/api/v1/api-token", token);
  REQUIRE(listed.body.size() == 1);
  CHECK_FALSE(listed.body[0].contains("token"));
  CHECK(listed.raw.find(key) == std::string::npos);

  Reply as_key = server.Get("/api/v1/user/" + alice, key);
  CHECK(as_key.status == 200);
  CHECK(as_key.body["username"] == "alice");
  CHECK_FALSE(as_key.body.contains("token"));  // no login token is minted for a key
  CHECK(server.Get("/api/v1/api-token", token).body[0]["last_used"] != "");
  // A key acts for its user, but cannot take over the account.
  CHECK(server
            .Post("/api/v1/user/" + alice,
                  {{"password", "new-password-1"},
                   {"passwordConfirm", "new-password-1"},
                   {"oldPassword", "correct-horse"}},
                  key)
            .status == 403);
  CHECK(server.Delete("/api/v1/user/" + alice, key).status == 403);
  CHECK(server.Put("/api/v1/api-token", {{"name", "more"}}, key).status == 403);
  // Filters and sorts cannot reach the stored hash.
  CHECK(server.Get("/api/v1/api-token?filter=" + Url("token_hash != ''"), token).status == 400);
  CHECK(server.Get("/api/v1/api-token?sort=token_hash", token).status == 400);
  // Not in a cookie either: keys belong to scripts.
  CHECK(server.SendWithHeaders("GET", "/api/v1/user/" + alice, {{"Cookie", "cairn_auth=" + key}})
            .status == 401);

  CHECK(server.Delete("/api/v1/api-token/" + created.body["id"].get<std::string>(), token).status ==
        200);
  CHECK(server.Get("/api/v1/user/" + alice, key).status == 401);

  Reply past = server.Put("/api/v1/api-token",
                          {{"name", "old"}, {"expiration", "2001-01-01T00:00:00Z"}}, token);
  CHECK(past.status == 400);
  CHECK(past.body["detail"]["data"]["expiration"]["code"] == "validation_date_in_past");
  const auto soon = std::chrono::system_clock::now() + std::chrono::seconds(2);
  const std::time_t soon_t = std::chrono::system_clock::to_time_t(soon);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&soon_t));
  Reply short_lived =
      server.Put("/api/v1/api-token", {{"name", "brief"}, {"expiration", stamp}}, token);
  REQUIRE(short_lived.status == 200);
  const std::string brief = short_lived.body["token"];
  CHECK(server.Get("/api/v1/user/" + alice, brief).status == 200);
  std::this_thread::sleep_until(soon + std::chrono::milliseconds(200));
  Reply expired = server.Get("/api/v1/user/" + alice, brief);
  CHECK(expired.status == 401);
  CHECK(expired.body["message"].get<std::string>().find("expired") != std::string::npos);
  // And a deleted account takes its keys along.
  Reply last = server.Put("/api/v1/api-token", {{"name", "last"}}, token);
  REQUIRE(server.Delete("/api/v1/user/" + alice, token).status == 200);
  CHECK(server.Get("/api/v1/category", last.body["token"].get<std::string>()).status == 401);
}

TEST_CASE("password reset: same answer for every email, single use, one hour, signs out",
          "[api][security]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  Reply unknown = server.Post("/api/v1/auth/reset", {{"email", "nobody@example.com"}});
  Reply known = server.Post("/api/v1/auth/reset", {{"email", "ALICE@example.com"}});
  CHECK(unknown.status == 200);
  CHECK(known.status == 200);
  CHECK(unknown.raw == known.raw);
  const std::string first = WaitForResetCode(server);
  REQUIRE(first.size() == 32);
  CHECK(server.ReadLog().find("nobody@example.com") == std::string::npos);
  // Asking again voids the first code.
  REQUIRE(server.Post("/api/v1/auth/reset", {{"email", "alice@example.com"}}).status == 200);
  const std::string second = WaitForResetCode(server, first);
  REQUIRE(second.size() == 32);
  auto confirm = [&](const std::string& code, const std::string& password) {
    return server.Post("/api/v1/auth/confirm-reset",
                       {{"token", code}, {"password", password}, {"passwordConfirm", password}});
  };
  Reply stale = confirm(first, "brand-new-secret");
  CHECK(stale.status == 400);
  CHECK(stale.body["detail"]["data"]["token"]["code"] == "validation_invalid_token");
  Reply mismatch = server.Post(
      "/api/v1/auth/confirm-reset",
      {{"token", second}, {"password", "brand-new-secret"}, {"passwordConfirm", "other"}});
  CHECK(mismatch.status == 400);
  CHECK(mismatch.body["detail"]["data"]["passwordConfirm"]["code"] == "validation_values_mismatch");
  CHECK(confirm(second, "brand-new-secret").status == 200);
  CHECK(confirm(second, "another-secret-1").status == 400);         // used up
  CHECK(server.Get("/api/v1/user/" + alice, token).status == 401);  // old sessions end
  CHECK(server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "correct-horse"}})
            .status == 400);
  CHECK(server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "brand-new-secret"}})
            .status == 200);
}

TEST_CASE("reset requests are throttled per address so the endpoint cannot flood inboxes",
          "[api][security]") {
  TestServer server;
  server.CreateUser("alice");
  for (int i = 0; i < 10; ++i) {
    CHECK(server.Post("/api/v1/auth/reset", {{"email", "alice@example.com"}}).status == 200);
  }
  Reply flooded = server.Post("/api/v1/auth/reset", {{"email", "alice@example.com"}});
  CHECK(flooded.status == 429);
  CHECK_FALSE(flooded.Header("Retry-After").empty());
  // Logins from the same address are a separate budget.
  CHECK(server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "correct-horse"}})
            .status == 200);
}

TEST_CASE("with --smtp-url the reset code goes out by mail over STARTTLS, not to the log",
          "[api][security]") {
  const test_support::SelfSignedCertificate certificate;
  test_support::LocalSmtpServer smtp(
      {test_support::LocalSmtpServer::Mode::kStartTls, &certificate, "cairn:mail%pass"});
  TestServer server("", {"--smtp-url",
                         "smtp://cairn:mail%25pass@127.0.0.1:" + std::to_string(smtp.port()) +
                             "?from=cairn@pi.test",
                         "--smtp-require-tls", "--smtp-ca", certificate.cert_path()});
  server.CreateUser("alice");
  REQUIRE(server.Post("/api/v1/auth/reset", {{"email", "alice@example.com"}}).status == 200);
  REQUIRE(smtp.WaitForMails(1, std::chrono::seconds(10)));
  const test_support::ReceivedMail mail = smtp.Mails()[0];
  CHECK(mail.tls);
  CHECK(mail.login == "cairn");
  CHECK(mail.rcpt_tos == std::vector<std::string>{"alice@example.com"});
  CHECK(mail.message.find("To: alice@example.com") != std::string::npos);
  CHECK(mail.message.find("From: cairn@pi.test") != std::string::npos);
  std::smatch code;
  REQUIRE(std::regex_search(mail.message, code, std::regex("enter this code: ([a-z0-9]{32})")));
  CHECK(server.ReadLog().find(code[1].str()) == std::string::npos);
  CHECK(server
            .Post("/api/v1/auth/confirm-reset", {{"token", code[1].str()},
                                                 {"password", "via-mail-1"},
                                                 {"passwordConfirm", "via-mail-1"}})
            .status == 200);
}

TEST_CASE("a mail server whose certificate is not trusted gets no reset mail, and the log says why",
          "[api][security]") {
  const test_support::SelfSignedCertificate certificate;
  test_support::LocalSmtpServer smtp(
      {test_support::LocalSmtpServer::Mode::kSmtps, &certificate, "cairn:Sup3rS3cret"});
  TestServer server("", {"--smtp-url", "smtps://cairn:Sup3rS3cret@127.0.0.1:" +
                                           std::to_string(smtp.port()) + "?from=cairn@pi.test"});
  server.CreateUser("alice");
  REQUIRE(server.Post("/api/v1/auth/reset", {{"email", "alice@example.com"}}).status == 200);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (server.ReadLog().find("not sent") == std::string::npos &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  const std::string log = server.ReadLog();
  CHECK_THAT(log, Catch::Contains("error: mail to alice@example.com not sent: smtp: sending to "
                                  "127.0.0.1:" +
                                  std::to_string(smtp.port()) +
                                  " failed: the server's TLS certificate was refused"));
  CHECK_THAT(log, !Catch::Contains("S3cret"));
  CHECK(smtp.Mails().empty());
}

TEST_CASE("cairn serve refuses to start with an --smtp-ca it cannot read", "[api][security]") {
  test_support::TempDir dir;
  int exit_code = 0;
  const std::string output = RunCommand(
      std::string(CAIRN_BINARY) + " serve --http 127.0.0.1:" + std::to_string(FreePort()) +
          " --dir " + dir.path() + " --smtp-url smtp://127.0.0.1:2525 --smtp-ca " + dir.path() +
          "/missing.pem 2>&1",
      &exit_code);
  CHECK(exit_code != 0);
  CHECK_THAT(output, Catch::Contains("--smtp-ca: cannot read " + dir.path() + "/missing.pem"));
}

TEST_CASE("a private instance shows anonymous callers nothing but login, sign-up and health",
          "[api][security]") {
  TestServer server("", {"--private"});
  auto [alice, token] = server.CreateUser("alice");  // sign-up and login stay open
  Reply trail =
      server.Put("/api/v1/trail", {{"name", "x"}, {"public", true}, {"author", alice}}, token);
  REQUIRE(trail.status == 200);
  Reply link = server.Put("/api/v1/trail-link-share",
                          {{"trail", trail.body["id"]}, {"permission", "view"}}, token);
  for (const std::string& path :
       {std::string("/api/v1/trail"), "/api/v1/trail/" + trail.body["id"].get<std::string>(),
        "/api/v1/trail/" + trail.body["id"].get<std::string>() +
            "?share=" + link.body["token"].get<std::string>(),
        std::string("/api/v1/category"), "/api/v1/user/" + alice, std::string("/api/v1/list")}) {
    INFO(path);
    CHECK(server.Get(path).status == 401);
    CHECK(server.Get(path, token).status == 200);
  }
  CHECK(server.Get("/api/health").status == 200);
  CHECK(server.Get("/api/v1/auth/oauth").status == 200);
}

TEST_CASE(
    "sign-up is refused with 403 under --disable-signup, and GET /auth/oauth lists no providers",
    "[api][security]") {
  TestServer server("", {"--disable-signup"});
  Reply refused = server.Put("/api/v1/user", {{"username", "mallory"},
                                              {"email", "m@example.com"},
                                              {"password", "password-1"},
                                              {"passwordConfirm", "password-1"}});
  CHECK(refused.status == 403);
  CHECK(refused.body["message"].get<std::string>().find("disabled") != std::string::npos);
  Reply oauth = server.Get("/api/v1/auth/oauth");
  CHECK(oauth.body["authProviders"] == Json::array());
  CHECK(oauth.body["usernamePassword"] == true);
}

TEST_CASE("injection through filter, sort and expand on every collection is inert",
          "[api][security]") {
  TestServer server;
  auto [alice, token] = server.CreateUser("alice");
  REQUIRE(server.Put("/api/v1/trail", {{"name", "x"}, {"public", true}, {"author", alice}}, token)
              .status == 200);
  for (const char* collection :
       {"trail", "list", "waypoint", "comment", "summit-log", "trail-share", "list-share",
        "trail-link-share", "api-token", "settings"}) {
    for (const std::string& query :
         {"filter=" + Url("id = '' || 1=1 --"), "filter=" + Url("id = \"x') OR 1=1 --\""),
          "filter=" + Url("id = 'x'; DROP TABLE users; --"), "sort=" + Url("id; DROP TABLE users"),
          "sort=" + Url("(SELECT password_hash FROM users)"),
          "expand=" + Url("user.password_hash,author.token_key"),
          "filter=" + Url("user.password_hash != ''"), "filter=" + Url("author.email ~ '@'")}) {
      const std::string path = std::string("/api/v1/") + collection + "?" + query;
      Reply r = server.Get(path, token);
      INFO(path << " -> " << r.raw);
      CHECK((r.status == 200 || r.status == 400));
      CHECK(r.raw.find("argon2") == std::string::npos);
      CHECK(r.raw.find("@example.com") == std::string::npos);
    }
  }
  CHECK(server.Get("/api/v1/trail", token).body["totalItems"] == 1);  // the table is intact
  CHECK(server.Post("/api/v1/auth/login", {{"username", "alice"}, {"password", "correct-horse"}})
            .status == 200);
}

}  // namespace
}  // namespace cairn::api_test
