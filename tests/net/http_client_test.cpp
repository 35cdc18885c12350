// HttpClient against real HTTP and HTTPS servers on 127.0.0.1: what is sent where, and every
// failure as the error kind and message an admin can act on.
#include "net/http_client.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <string>

#include "test_support/local_http_server.h"
#include "test_support/local_smtp_server.h"  // SelfSignedCertificate
#include "test_support/scoped_env.h"

namespace cairn::net {
namespace {

using namespace std::chrono_literals;
using test_support::LocalHttpServer;
using test_support::ScopedEnv;

HttpClient ClientFor(const std::string& base_url, HttpClientOptions options = {}) {
  options.name = "test server";
  options.base_url = base_url;
  auto client = HttpClient::Create(std::move(options));
  REQUIRE(client.ok());
  return std::move(client).value();
}

TEST_CASE("Base URLs other than absolute http and https ones are refused", "[net][http]") {
  for (const char* bad :
       {"", "valhalla:8002", "valhalla.lan", "ftp://valhalla.lan", "file:///etc/passwd",
        "gopher://h", "http://", "http://h/#part", "http://h:99999", "http://h :80", "smtp://h"}) {
    INFO(bad);
    auto client = HttpClient::Create({.base_url = bad});
    REQUIRE_FALSE(client.ok());
    CHECK(client.error().kind == util::ErrorKind::kInvalidArgument);
  }
  for (const char* good : {"http://h", "https://valhalla.example.org:8443/base/",
                           "http://[::1]:8002", "HTTP://H:80", "http://u:p@h/?api_key=1"}) {
    INFO(good);
    CHECK(HttpClient::Create({.base_url = good}).ok());
  }
  auto no_timeout = HttpClient::Create({.base_url = "http://h", .total_timeout = 0ms});
  CHECK_FALSE(no_timeout.ok());
}

TEST_CASE("The display URL drops the password and the query", "[net][http]") {
  CHECK(ClientFor("http://ada:s3cret@valhalla.lan:8002/v1/?key=k3y").display_url() ==
        "http://valhalla.lan:8002/v1");
  CHECK(ClientFor("https://h").display_url() == "https://h");
}

TEST_CASE("A POST goes to the base path with its JSON body, and any status comes back",
          "[net][http]") {
  LocalHttpServer server;
  server.Post("/valhalla/route", [](const httplib::Request&, httplib::Response& res) {
    res.status = 400;
    res.set_content(R"({"error":"no"})", "application/json");
  });
  const HttpClient client = ClientFor(server.url() + "/valhalla/");
  auto answer = client.PostJson("/route", R"({"a":1})");
  REQUIRE(answer.ok());
  CHECK(answer->status == 400);
  CHECK(answer->body == R"({"error":"no"})");
  CHECK(answer->content_type.starts_with("application/json"));
  const auto requests = server.requests();
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].method == "POST");
  CHECK(requests[0].target == "/valhalla/route");
  CHECK(requests[0].body == R"({"a":1})");
  CHECK(requests[0].Header("Content-Type") == "application/json");
  CHECK(requests[0].Header("Expect").empty());
}

TEST_CASE("The base URL's credentials and query go with every request", "[net][http]") {
  LocalHttpServer server;
  server.Get("/status", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("{}", "application/json");
  });
  const std::string base =
      "http://ada:s3cret@127.0.0.1:" + std::to_string(server.port()) + "/?api_key=k3y";
  auto answer = ClientFor(base).Get("/status");
  REQUIRE(answer.ok());
  CHECK(answer->status == 200);
  const auto requests = server.requests();
  REQUIRE(requests.size() == 1);
  CHECK(requests[0].target == "/status?api_key=k3y");
  CHECK(requests[0].Header("Authorization") == "Basic YWRhOnMzY3JldA==");
}

TEST_CASE("A request path can only extend the base path", "[net][http]") {
  LocalHttpServer server;
  const HttpClient client = ClientFor(server.url() + "/valhalla");
  for (const char* bad : {"route", "/../status", "/route/..", "/./route", "/route?url=x",
                          "/route#x", "/a b", "/%2e%2e/x", "/route\r\nHost: evil", ""}) {
    INFO(bad);
    auto answer = client.PostJson(bad, "{}");
    REQUIRE_FALSE(answer.ok());
    CHECK(answer.error().kind == util::ErrorKind::kInvalidArgument);
  }
  CHECK(server.requests().empty());
}

TEST_CASE("A slow server is a timeout within the configured time", "[net][http]") {
  LocalHttpServer server;
  server.Post("/route", [&](const httplib::Request&, httplib::Response& res) {
    server.Wait(10s);
    res.set_content("{}", "application/json");
  });
  const HttpClient client = ClientFor(server.url(), {.total_timeout = 400ms});
  const auto started = std::chrono::steady_clock::now();
  auto answer = client.PostJson("/route", "{}");
  const auto took = std::chrono::steady_clock::now() - started;
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().kind == util::ErrorKind::kUpstreamTimeout);
  CHECK(answer.error().message.find("test server " + server.url() +
                                    "/route: no answer within 400 ms") == 0);
  CHECK(took < 3s);
}

TEST_CASE("A port nobody listens on is a failed connection, without secrets in the message",
          "[net][http]") {
  const std::string base =
      "http://ada:s3cret@127.0.0.1:" + std::to_string(test_support::UnusedLoopbackPort()) +
      "/v?key=k3y";
  auto answer = ClientFor(base).PostJson("/route", R"({"secret_body":1})");
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
  const std::string& message = answer.error().message;
  CHECK(message.find("could not connect") != std::string::npos);
  for (const char* secret : {"s3cret", "k3y", "ada:", "secret_body"}) {
    INFO(secret);
    CHECK(message.find(secret) == std::string::npos);
  }
}

TEST_CASE("An unknown host is a failed connection that says so", "[net][http]") {
  auto answer = ClientFor("http://no-such-host.invalid").Get("/status");
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(answer.error().message.find("could not be resolved") != std::string::npos);
}

TEST_CASE("Answers over the size limit are refused, announced or streamed", "[net][http]") {
  LocalHttpServer server;
  server.Get("/announced", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(std::string(300'000, 'x'), "application/json");
  });
  server.Get("/streamed", [](const httplib::Request&, httplib::Response& res) {
    res.set_chunked_content_provider("application/json", [](size_t, httplib::DataSink& sink) {
      const std::string chunk(10'000, 'x');
      for (int i = 0; i < 30; ++i) {
        if (!sink.write(chunk.data(), chunk.size())) return false;
      }
      sink.done();
      return true;
    });
  });
  const HttpClient client = ClientFor(server.url(), {.max_response_bytes = 100'000});
  for (const char* path : {"/announced", "/streamed"}) {
    INFO(path);
    auto answer = client.Get(path);
    REQUIRE_FALSE(answer.ok());
    CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
    CHECK(answer.error().message.find("larger than 100000 bytes") != std::string::npos);
  }
  const HttpClient roomy = ClientFor(server.url(), {.max_response_bytes = 300'000});
  auto fits = roomy.Get("/streamed");
  REQUIRE(fits.ok());
  CHECK(fits->body.size() == 300'000);
}

TEST_CASE("Redirects are not followed", "[net][http]") {
  LocalHttpServer elsewhere;
  LocalHttpServer server;
  const std::string target = elsewhere.url() + "/route";
  server.Post("/route", [&](const httplib::Request&, httplib::Response& res) {
    res.set_redirect(target, 307);
  });
  auto answer = ClientFor(server.url()).PostJson("/route", "{}");
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(answer.error().message.find("redirect (HTTP 307)") != std::string::npos);
  CHECK(elsewhere.requests().empty());
}

TEST_CASE("Proxy settings in the environment are ignored unless a proxy is configured",
          "[net][http]") {
  LocalHttpServer proxy;
  LocalHttpServer server;
  server.Get("/status", [](const httplib::Request&, httplib::Response& res) {
    res.set_content("{}", "application/json");
  });
  ScopedEnv http_proxy("http_proxy", proxy.url());
  ScopedEnv all_proxy("ALL_PROXY", proxy.url());
  ScopedEnv no_proxy("no_proxy", "");
  ScopedEnv no_proxy_upper("NO_PROXY", "");
  auto direct = ClientFor(server.url()).Get("/status");
  REQUIRE(direct.ok());
  CHECK(direct->status == 200);
  CHECK(server.requests().size() == 1);
  CHECK(proxy.requests().empty());
  // Configured, the proxy is used: it gets the request in its absolute form.
  auto proxied = ClientFor(server.url(), {.proxy = proxy.url()}).Get("/status");
  REQUIRE(proxied.ok());
  REQUIRE(proxy.requests().size() == 1);
  CHECK(proxy.requests()[0].target == server.url() + "/status");
}

TEST_CASE("With public addresses only, loopback is refused before anything is sent",
          "[net][http]") {
  LocalHttpServer server;
  auto answer =
      ClientFor(server.url(), {.addresses = AddressRule::kPublicOnly}).PostJson("/route", "{}");
  REQUIRE_FALSE(answer.ok());
  CHECK(answer.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(answer.error().message.find("127.0.0.1 is not a public address") != std::string::npos);
  CHECK(server.requests().empty());
}

TEST_CASE("Public and non-public addresses", "[net][http]") {
  for (const char* ip : {"8.8.8.8", "1.1.1.1", "2a00:1450:4001:80b::200e", "172.32.0.1",
                         "100.128.0.1", "::ffff:8.8.8.8", "2002:808:808::1"}) {
    INFO(ip);
    CHECK(IsPublicAddress(ip));
  }
  for (const char* ip : {"127.0.0.1",
                         "127.255.255.254",
                         "10.1.2.3",
                         "172.16.0.1",
                         "172.31.255.255",
                         "192.168.1.10",
                         "169.254.169.254",
                         "100.64.0.1",
                         "0.0.0.0",
                         "255.255.255.255",
                         "224.0.0.1",
                         "192.0.2.1",
                         "198.18.0.1",
                         "::1",
                         "::",
                         "fe80::1",
                         "fd00::1",
                         "fc00::1",
                         "ff02::1",
                         "::ffff:127.0.0.1",
                         "::ffff:10.0.0.1",
                         "::127.0.0.1",
                         "64:ff9b::a00:1",
                         "2002:7f00:1::1",
                         "2001:db8::1",
                         "localhost",
                         "",
                         "1.2.3",
                         "8.8.8.8 "}) {
    INFO(ip);
    CHECK_FALSE(IsPublicAddress(ip));
  }
}

TEST_CASE("HTTPS: certificates are verified, and a CA file makes a private one trusted",
          "[net][http]") {
  test_support::SelfSignedCertificate certificate;
  LocalHttpServer server(certificate.cert_path(), certificate.key_path());
  server.Get("/status", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(R"({"ok":true})", "application/json");
  });
  REQUIRE(server.url().starts_with("https://"));

  auto refused = ClientFor(server.url(), {.ca_setting = "--routing-ca"}).Get("/status");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().kind == util::ErrorKind::kUpstreamFailed);
  CHECK(refused.error().message.find("certificate was refused") != std::string::npos);
  CHECK(refused.error().message.find("--routing-ca") != std::string::npos);

  auto trusted = ClientFor(server.url(), {.ca_file = certificate.cert_path()}).Get("/status");
  REQUIRE(trusted.ok());
  CHECK(trusted->body == R"({"ok":true})");

  // The certificate is for 127.0.0.1 and localhost, not for another name of this machine.
  test_support::SelfSignedCertificate other_name("DNS:elsewhere.example");
  LocalHttpServer misnamed(other_name.cert_path(), other_name.key_path());
  auto wrong_host = ClientFor(misnamed.url(), {.ca_file = other_name.cert_path()}).Get("/status");
  REQUIRE_FALSE(wrong_host.ok());
  CHECK(wrong_host.error().kind == util::ErrorKind::kUpstreamFailed);

  auto missing_ca = ClientFor(server.url(), {.ca_file = "/nonexistent/ca.pem"}).Get("/status");
  REQUIRE_FALSE(missing_ca.ok());
  CHECK(missing_ca.error().message.find("/nonexistent/ca.pem") != std::string::npos);
}

}  // namespace
}  // namespace cairn::net
