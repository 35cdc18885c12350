// When the server federates and under which origin: --public-url, --federation, --private.
#include "services/federation/federation_settings.h"

#include <catch2/catch.hpp>

#include "services/federation/iris.h"

namespace cairn::services {
namespace {

TEST_CASE("federation is on by default exactly with an https public URL", "[federation]") {
  auto https =
      ResolveFederation("https://Trails.Example.org/", FederationMode::kAuto, false, false);
  REQUIRE(https.ok());
  CHECK(https->enabled);
  CHECK(https->origin == "https://trails.example.org");
  CHECK(https->authority == "trails.example.org");
  for (const char* url : {"", "http://trails.lan:8090"}) {
    INFO(url);
    auto off = ResolveFederation(url, FederationMode::kAuto, false, false);
    REQUIRE(off.ok());
    CHECK_FALSE(off->enabled);
    CHECK_FALSE(off->off_reason.empty());
  }
  auto off = ResolveFederation("https://trails.example.org", FederationMode::kOff, false, false);
  REQUIRE(off.ok());
  CHECK_FALSE(off->enabled);
  CHECK(off->off_reason == "--federation off");
}

TEST_CASE("federation on: the origin keeps a port that is not the scheme's own", "[federation]") {
  struct Row {
    const char* url;
    const char* origin;
    const char* authority;
  };
  for (const Row& row :
       {Row{"http://127.0.0.1:8090", "http://127.0.0.1:8090", "127.0.0.1:8090"},
        Row{"https://trails.example.org:443", "https://trails.example.org", "trails.example.org"},
        Row{"http://pi.lan:80/", "http://pi.lan", "pi.lan"},
        Row{"https://pi.lan:8443", "https://pi.lan:8443", "pi.lan:8443"}}) {
    INFO(row.url);
    auto on = ResolveFederation(row.url, FederationMode::kOn, true, false);
    REQUIRE(on.ok());
    CHECK(on->enabled);
    CHECK(on->allow_private);
    CHECK(on->origin == row.origin);
    CHECK(on->authority == row.authority);
  }
}

TEST_CASE("federation on is refused where it cannot work", "[federation]") {
  struct Row {
    const char* url;
    bool private_instance;
    const char* message;
  };
  for (const Row& row : {Row{"", false, "needs --public-url"},
                         Row{"https://example.org/cairn", false, "without a path"},
                         Row{"https://example.org/?x=1", false, "without a path"},
                         Row{"https://user@example.org", false, "no usable host"},
                         Row{"ftp://example.org", false, "http:// or https://"},
                         Row{"https://example.org", true, "--private"}}) {
    INFO(row.url);
    auto refused = ResolveFederation(row.url, FederationMode::kOn, false, row.private_instance);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().message, Catch::Contains(row.message));
    // auto is never an error: off, with the reason.
    auto automatic = ResolveFederation(row.url, FederationMode::kAuto, false, row.private_instance);
    REQUIRE(automatic.ok());
    CHECK_FALSE(automatic->enabled);
  }
  CHECK_FALSE(ParseFederationMode("yes").ok());
  CHECK(*ParseFederationMode("on") == FederationMode::kOn);
}

TEST_CASE("IRIs name actors in lower case under the origin", "[federation]") {
  FederationIris iris("https://trails.example.org");
  CHECK(iris.Actor("Ada") == "https://trails.example.org/api/v1/activitypub/user/ada");
  CHECK(iris.KeyId("Ada") == "https://trails.example.org/api/v1/activitypub/user/ada#main-key");
  CHECK(iris.Inbox("ada") == "https://trails.example.org/api/v1/activitypub/user/ada/inbox");
  CHECK(iris.SharedInbox() == "https://trails.example.org/api/v1/activitypub/inbox");
  CHECK(iris.Trail("abc") == "https://trails.example.org/api/v1/activitypub/trail/abc");
  CHECK(iris.ProfilePage("Ada") == "https://trails.example.org/profile/@Ada");
}

}  // namespace
}  // namespace cairn::services
