// UrlClient against real HTTP servers on 127.0.0.1: the address rule and the flag that lifts
// it, redirects and their limits, size and time limits, and headers sent exactly as given.
#include "net/url_client.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <tuple>
#include <vector>

#include "test_support/local_http_server.h"
#include "test_support/scoped_env.h"

namespace cairn::net {
namespace {

using namespace std::chrono_literals;
using test_support::LocalHttpServer;

// Loopback is all a test can reach: allowed here, as --federation-allow-private allows it.
UrlClient LoopbackClient(UrlClientOptions options = {}) {
  options.addresses = AddressRule::kAnyAddress;
  auto client = UrlClient::Create(std::move(options));
  REQUIRE(client.ok());
  return std::move(client).value();
}

void AnswerText(LocalHttpServer& server, const std::string& path, const std::string& text) {
  server.Get(path, [text](const httplib::Request&, httplib::Response& res) {
    res.set_content(text, "application/activity+json");
  });
}

// /hop/N redirects to /hop/N+1, and /hop/4 to /final: /hop/1 is three redirects from /final.
void AnswerHops(LocalHttpServer& server) {
  server.Get(R"(/hop/(\d+))", [](const httplib::Request& req, httplib::Response& res) {
    const int hop = std::stoi(req.matches[1]);
    res.set_redirect(hop >= 3 ? "/final" : "/hop/" + std::to_string(hop + 1), 302);
  });
  AnswerText(server, "/final", R"({"type":"Person"})");
}

TEST_CASE("By default loopback is refused before anything is sent, and the message says why",
          "[net][url]") {
  LocalHttpServer server;
  AnswerText(server, "/users/ada", "{}");
  auto client = UrlClient::Create({});
  REQUIRE(client.ok());
  CHECK(client->options().addresses == AddressRule::kPublicOnly);
  for (const std::string& url :
       {server.url() + "/users/ada", "http://localhost:" + std::to_string(server.port()) + "/x"}) {
    INFO(url);
    auto answer = client->Get(url);
    REQUIRE_FALSE(answer.ok());
    CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
    CHECK(answer.error().message.find(
              "is not a public address, and only public ones may be reached "
              "(--federation-allow-private lifts this, for tests)") != std::string::npos);
  }
  auto posted = client->Post(server.url() + "/inbox", "{}", {});
  REQUIRE_FALSE(posted.ok());
  CHECK(posted.error().message ==
        server.url() +
            "/inbox: the address 127.0.0.1 is not a public address, and only public ones may be "
            "reached (--federation-allow-private lifts this, for tests)");
  CHECK(server.requests().empty());
}

TEST_CASE("With private addresses allowed, loopback answers", "[net][url]") {
  LocalHttpServer server;
  AnswerText(server, "/users/ada", R"({"type":"Person"})");
  auto answer = LoopbackClient().Get(server.url() + "/users/ada");
  REQUIRE(answer.ok());
  CHECK(answer->status == 200);
  CHECK(answer->body == R"({"type":"Person"})");
  CHECK(answer->content_type.starts_with("application/activity+json"));
  CHECK(answer->final_url == server.url() + "/users/ada");
  CHECK(answer->redirects == 0);
}

TEST_CASE("Headers are sent as given, Host and the target as the URL says", "[net][url]") {
  LocalHttpServer server;
  server.Post("/users/ada/inbox",
              [](const httplib::Request&, httplib::Response& res) { res.status = 202; });
  AnswerText(server, "/users/ada", "{}");
  const UrlClient client = LoopbackClient({.user_agent = "cairn/0.1 (+https://trails.example)"});
  const std::string inbox = server.url() + "/users/ada/inbox";
  const std::vector<HttpHeader> headers = {
      {"Content-Type", "application/activity+json"},
      {"Date", "Tue, 14 Nov 2023 22:13:20 GMT"},
      {"Digest", "SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE="},
      {"Signature", R"(keyId="https://trails.example/u#main-key",signature="AAAA")"},
  };
  auto posted = client.Post(inbox, R"({"hello": "world"})", headers);
  REQUIRE(posted.ok());
  CHECK(posted->status == 202);
  auto fetched = client.Get(server.url() + "/users/ada?page=2#main-key",
                            {{"Accept", "application/activity+json"}});
  REQUIRE(fetched.ok());

  const auto requests = server.requests();
  REQUIRE(requests.size() == 2);
  CHECK(requests[0].method == "POST");
  CHECK(requests[0].body == R"({"hello": "world"})");
  for (const HttpHeader& header : headers) {
    INFO(header.name);
    CHECK(requests[0].Header(header.name) == header.value);
  }
  CHECK(requests[0].Header("Host") == *HostHeaderValue(inbox));
  CHECK(requests[0].target == *RequestTargetOf(inbox));
  CHECK(requests[0].Header("User-Agent") == "cairn/0.1 (+https://trails.example)");
  CHECK(requests[0].Header("Expect").empty());
  CHECK(requests[1].method == "GET");
  CHECK(requests[1].target == "/users/ada?page=2");  // the fragment stays here
  CHECK(requests[1].target == *RequestTargetOf(server.url() + "/users/ada?page=2#main-key"));
  CHECK(requests[1].Header("Accept") == "application/activity+json");
}

TEST_CASE("A POST without a Content-Type is sent without one", "[net][url]") {
  LocalHttpServer server;
  server.Post("/inbox", [](const httplib::Request&, httplib::Response& res) { res.status = 202; });
  REQUIRE(LoopbackClient().Post(server.url() + "/inbox", "data", {}).ok());
  REQUIRE(server.requests().size() == 1);
  CHECK(server.requests()[0].Header("Content-Type").empty());
}

TEST_CASE("Redirects are followed up to the limit, then refused", "[net][url]") {
  LocalHttpServer server;
  AnswerHops(server);
  auto three = LoopbackClient().Get(server.url() + "/hop/1");
  REQUIRE(three.ok());
  CHECK(three->body == R"({"type":"Person"})");
  CHECK(three->final_url == server.url() + "/final");
  CHECK(three->redirects == 3);

  auto four = LoopbackClient().Get(server.url() + "/hop/0");
  REQUIRE_FALSE(four.ok());
  CHECK(four.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(four.error().message == server.url() + "/hop/0: more than 3 redirects");

  auto none = LoopbackClient({.max_redirects = 0}).Get(server.url() + "/hop/3");
  REQUIRE_FALSE(none.ok());
  CHECK(none.error().message.find("answered with a redirect (HTTP 302) that was not followed") !=
        std::string::npos);
  auto one = LoopbackClient({.max_redirects = 1}).Get(server.url() + "/hop/3");
  REQUIRE(one.ok());
  CHECK(one->redirects == 1);
}

TEST_CASE("A redirect to another server is followed, and reported", "[net][url]") {
  LocalHttpServer elsewhere;
  AnswerText(elsewhere, "/users/ada", R"({"id":"moved"})");
  LocalHttpServer server;
  const std::string target = elsewhere.url() + "/users/ada";
  server.Get("/@ada", [&](const httplib::Request&, httplib::Response& res) {
    res.set_redirect(target, 301);
  });
  auto answer = LoopbackClient().Get(server.url() + "/@ada", {{"Accept", "application/json"}});
  REQUIRE(answer.ok());
  CHECK(answer->final_url == target);
  REQUIRE(elsewhere.requests().size() == 1);
  // Host follows the URL to the new server; the caller's headers go along.
  CHECK(elsewhere.requests()[0].Header("Host") == *HostHeaderValue(target));
  CHECK(elsewhere.requests()[0].Header("Accept") == "application/json");
}

TEST_CASE("A 307 keeps the POST and its body", "[net][url]") {
  LocalHttpServer server;
  server.Post("/inbox", [](const httplib::Request&, httplib::Response& res) {
    res.set_redirect("/shared-inbox", 307);
  });
  server.Post("/shared-inbox",
              [](const httplib::Request&, httplib::Response& res) { res.status = 202; });
  auto answer = LoopbackClient().Post(server.url() + "/inbox", "{}",
                                      {{"Content-Type", "application/activity+json"}});
  REQUIRE(answer.ok());
  CHECK(answer->status == 202);
  const auto requests = server.requests();
  REQUIRE(requests.size() == 2);
  CHECK(requests[1].method == "POST");
  CHECK(requests[1].body == "{}");
}

TEST_CASE("A redirect to a scheme other than http or https is refused", "[net][url]") {
  LocalHttpServer server;
  for (const char* location :
       {"ftp://127.0.0.1/actor", "file:///etc/passwd", "gopher://127.0.0.1:70/x"}) {
    INFO(location);
    const std::string path = "/to-" + std::string(location).substr(0, 3);
    server.Get(path, [location](const httplib::Request&, httplib::Response& res) {
      res.set_redirect(location, 302);
    });
    auto answer = LoopbackClient().Get(server.url() + path);
    REQUIRE_FALSE(answer.ok());
    CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
    CHECK(answer.error().message.find("redirected to a URL that is not http:// or https://") !=
          std::string::npos);
  }
}

TEST_CASE("Answers over the size limit are refused", "[net][url]") {
  LocalHttpServer server;
  AnswerText(server, "/big", std::string(2'000, 'x'));
  auto answer = LoopbackClient({.max_response_bytes = 1'000}).Get(server.url() + "/big");
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(answer.error().message == server.url() + "/big: the answer is larger than 1000 bytes");
  auto fits = LoopbackClient({.max_response_bytes = 2'000}).Get(server.url() + "/big");
  REQUIRE(fits.ok());
  CHECK(fits->body.size() == 2'000);
  CHECK(UrlClientOptions{}.max_response_bytes == 1024 * 1024);
}

TEST_CASE("A slow peer is a timeout within the configured time", "[net][url]") {
  LocalHttpServer server;
  server.Get("/slow", [&](const httplib::Request&, httplib::Response& res) {
    server.Wait(10s);
    res.set_content("{}", "application/json");
  });
  const auto started = std::chrono::steady_clock::now();
  auto answer = LoopbackClient({.total_timeout = 400ms}).Get(server.url() + "/slow");
  const auto took = std::chrono::steady_clock::now() - started;
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().kind == util::ErrorKind::kUpstreamTimeout);
  CHECK(answer.error().message.find(server.url() + "/slow: no answer within 400 ms") == 0);
  CHECK(took < 3s);
}

TEST_CASE("Proxy settings in the environment are ignored", "[net][url]") {
  LocalHttpServer proxy;
  LocalHttpServer server;
  AnswerText(server, "/users/ada", "{}");
  test_support::ScopedEnv http_proxy("http_proxy", proxy.url());
  test_support::ScopedEnv all_proxy("ALL_PROXY", proxy.url());
  test_support::ScopedEnv no_proxy("no_proxy", "");
  auto answer = LoopbackClient().Get(server.url() + "/users/ada");
  REQUIRE(answer.ok());
  CHECK(server.requests().size() == 1);
  CHECK(proxy.requests().empty());
}

TEST_CASE("URLs and headers that cannot be sent are refused before any connection", "[net][url]") {
  LocalHttpServer server;
  AnswerText(server, "/x", "{}");
  const UrlClient client = LoopbackClient();
  const std::string port = std::to_string(server.port());
  for (const std::string& url :
       {std::string(), std::string("not a url"), std::string("ftp://127.0.0.1:" + port + "/x"),
        std::string("file:///etc/passwd"), std::string("http://"),
        std::string("//127.0.0.1:" + port + "/x"),
        std::string("http://ada:secret@127.0.0.1:" + port + "/x"),
        std::string("http://127.0.0.1:" + port + "/x y")}) {
    INFO(url);
    auto answer = client.Get(url);
    REQUIRE_FALSE(answer.ok());
    CHECK(answer.error().kind == util::ErrorKind::kInvalidArgument);
    CHECK(answer.error().message.find("secret") == std::string::npos);
  }
  const std::vector<std::vector<HttpHeader>> bad_headers = {
      {{"Host", "evil.example"}},
      {{"content-length", "1"}},
      {{"Transfer-Encoding", "chunked"}},
      {{"Bad Name", "x"}},
      {{"", "x"}},
      {{"Date", "Tue\r\nX-Injected: 1"}},
      {{"Date", std::string("Tue\0x", 5)}},
  };
  for (const auto& headers : bad_headers) {
    INFO(headers[0].name);
    auto answer = client.Get(server.url() + "/x", headers);
    REQUIRE_FALSE(answer.ok());
    CHECK(answer.error().kind == util::ErrorKind::kInvalidArgument);
  }
  CHECK(server.requests().empty());
  CHECK_FALSE(UrlClient::Create({.total_timeout = 0ms}).ok());
  CHECK_FALSE(UrlClient::Create({.max_response_bytes = 0}).ok());
  CHECK_FALSE(UrlClient::Create({.max_redirects = -1}).ok());
}

TEST_CASE("The Host header and request target a signature must cover", "[net][url]") {
  const std::tuple<const char*, const char*, const char*> cases[] = {
      {"https://mastodon.example/users/ada", "mastodon.example", "/users/ada"},
      {"https://mastodon.example:443/inbox", "mastodon.example", "/inbox"},
      {"http://h.example:80", "h.example", "/"},
      {"https://h.example:8443/a/b?page=2&x=y#frag", "h.example:8443", "/a/b?page=2&x=y"},
      {"http://h.example:443/", "h.example:443", "/"},
      {"http://[::1]:8080/inbox", "[::1]:8080", "/inbox"},
      {"http://127.0.0.1:3000/users/ada/inbox", "127.0.0.1:3000", "/users/ada/inbox"},
  };
  for (const auto& [url, host, target] : cases) {
    INFO(url);
    auto host_value = HostHeaderValue(url);
    auto target_value = RequestTargetOf(url);
    REQUIRE(host_value.ok());
    REQUIRE(target_value.ok());
    CHECK(*host_value == host);
    CHECK(*target_value == target);
  }
  CHECK_FALSE(HostHeaderValue("ftp://h.example/").ok());
  CHECK_FALSE(RequestTargetOf("no url").ok());
}

}  // namespace
}  // namespace cairn::net
