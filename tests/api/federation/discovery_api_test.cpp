// How other servers find this one and its people, against the real server: WebFinger (acct:,
// actor IRI, profile page), NodeInfo and host-meta with their media types; and every one of them
// a 404 while federation is off.
#include <catch2/catch.hpp>

#include "api/test_server.h"
#include "test_support/local_http_server.h"

namespace cairn::api_test {
namespace {

// A federating server on loopback: its --public-url is its own address, which is http://, so
// --federation on is needed (auto federates only over https).
std::vector<std::string> Federating() {
  return {"--public-url", "{origin}", "--federation", "on", "--federation-allow-private"};
}

std::string Authority(const TestServer& server) {
  return "127.0.0.1:" + std::to_string(server.port());
}

TEST_CASE("webfinger finds a person by acct:, actor IRI or profile page", "[api][federation]") {
  TestServer server("", Federating());
  server.CreateUser("Ada");
  const std::string actor = server.origin() + "/api/v1/activitypub/user/ada";
  const std::string page = server.origin() + "/profile/@Ada";
  for (const std::string& resource :
       {"acct:ada@" + Authority(server), "acct:ADA@" + Authority(server),
        "@Ada@" + Authority(server), actor, page}) {
    INFO(resource);
    Reply r = server.Get("/.well-known/webfinger?resource=" + Url(resource));
    INFO(r.raw);
    REQUIRE(r.status == 200);
    CHECK(r.headers.find("Content-Type")->second == "application/jrd+json");
    CHECK(r.headers.find("Access-Control-Allow-Origin")->second == "*");
    CHECK(r.body["subject"] == "acct:Ada@" + Authority(server));
    CHECK(r.body["aliases"] == Json({actor, page}));
    REQUIRE(r.body["links"].size() == 2);
    CHECK(r.body["links"][0] ==
          Json({{"rel", "self"}, {"type", "application/activity+json"}, {"href", actor}}));
    CHECK(r.body["links"][1]["rel"] == "http://webfinger.net/rel/profile-page");
    CHECK(r.body["links"][1]["href"] == page);
  }
}

TEST_CASE("webfinger: unknown people, other hosts and malformed resources", "[api][federation]") {
  TestServer server("", Federating());
  server.CreateUser("ada");
  struct Row {
    std::string resource;
    int status;
  };
  for (const Row& row :
       {Row{"acct:bob@" + Authority(server), 404}, Row{"acct:ada@example.org", 404},
        Row{"acct:ada@127.0.0.1:1", 404},
        Row{"https://example.org/api/v1/activitypub/user/ada", 404},
        Row{server.origin() + "/api/v1/activitypub/user/ada/outbox", 404}, Row{"acct:ada", 400},
        Row{"acct:@" + Authority(server), 400}, Row{"", 400}}) {
    INFO(row.resource);
    Reply r = server.Get("/.well-known/webfinger?resource=" + Url(row.resource));
    CHECK(r.status == row.status);
    CHECK(r.body.contains("message"));
  }
  CHECK(server.Get("/.well-known/webfinger").status == 400);
}

TEST_CASE("nodeinfo says what this server is and counts its people and public trails",
          "[api][federation]") {
  TestServer server("", Federating());
  auto [ada, token] = server.CreateUser("ada");
  server.CreateUser("bob");
  server.CreateTrail(token, ada, {{"name", "Open"}, {"public", true}});
  server.CreateTrail(token, ada, {{"name", "Mine"}, {"public", false}});
  Reply links = server.Get("/.well-known/nodeinfo");
  INFO(links.raw);
  REQUIRE(links.status == 200);
  CHECK(links.body["links"][0]["rel"] == "http://nodeinfo.diaspora.software/ns/schema/2.1");
  CHECK(links.body["links"][0]["href"] == server.origin() + "/nodeinfo/2.1");
  Reply info = server.Get("/nodeinfo/2.1");
  INFO(info.raw);
  REQUIRE(info.status == 200);
  CHECK_THAT(info.headers.find("Content-Type")->second,
             Catch::Contains("nodeinfo.diaspora.software/ns/schema/2.1"));
  CHECK(info.body["version"] == "2.1");
  CHECK(info.body["software"]["name"] == "cairn");
  CHECK(info.body["protocols"] == Json({"activitypub"}));
  CHECK(info.body["openRegistrations"] == true);
  CHECK(info.body["usage"]["users"]["total"] == 2);
  CHECK(info.body["usage"]["users"]["activeMonth"] == 1);
  CHECK(info.body["usage"]["users"]["activeHalfyear"] == 1);
  CHECK(info.body["usage"]["localPosts"] == 1);
  // No e-mail address, no private trail's name anywhere in it.
  CHECK(info.raw.find("@example") == std::string::npos);
  CHECK(info.raw.find("Mine") == std::string::npos);
}

TEST_CASE("host-meta points at webfinger", "[api][federation]") {
  TestServer server("", Federating());
  Reply r = server.Get("/.well-known/host-meta");
  REQUIRE(r.status == 200);
  CHECK(r.headers.find("Content-Type")->second == "application/xrd+xml");
  CHECK_THAT(r.raw, Catch::Contains("template=\"" + server.origin() +
                                    "/.well-known/webfinger?resource={uri}\""));
}

TEST_CASE("without federation every discovery path is a 404", "[api][federation]") {
  // Off by default without an https --public-url, and when asked.
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{}, std::vector<std::string>{"--public-url", "{origin}"},
        std::vector<std::string>{"--public-url", "https://trails.example.org", "--federation",
                                 "off"}}) {
    TestServer server("", args);
    server.CreateUser("ada");
    for (const std::string& path :
         {std::string("/.well-known/webfinger?resource=acct:ada@127.0.0.1:") +
              std::to_string(server.port()),
          std::string("/.well-known/nodeinfo"), std::string("/nodeinfo/2.1"),
          std::string("/.well-known/host-meta")}) {
      INFO(path);
      CHECK(server.Get(path).status == 404);
    }
  }
}

TEST_CASE("a server asked to federate where it cannot refuses to start", "[api][federation]") {
  test_support::TempDir dir;
  // A setting that cannot work is 1 (as a bad --public-url); a value the flag does not take is a
  // command-line mistake, 2.
  const std::vector<std::pair<std::string, int>> rows = {
      {"--federation on", 1},
      {"--federation on --public-url https://example.org/cairn", 1},
      {"--federation on --private --public-url https://example.org", 1},
      {"--federation sometimes", 2}};
  for (const auto& [flags, expected] : rows) {
    INFO(flags);
    int code = 0;
    const std::string out = RunCommand(
        // timeout: a server that wrongly starts must not hang the test.
        "timeout 20 " + std::string(CAIRN_BINARY) +
            " serve --http 127.0.0.1:" + std::to_string(test_support::UnusedLoopbackPort()) +
            " --dir " + dir.path() + " " + flags + " 2>&1",
        &code);
    INFO(out);
    CHECK(code == expected);
    CHECK_THAT(out, Catch::Contains("--federation") || Catch::Contains("--public-url"));
  }
}

}  // namespace
}  // namespace cairn::api_test
