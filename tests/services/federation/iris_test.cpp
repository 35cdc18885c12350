// This server's IRIs, made and read back: what is published is what the inbox recognises.
#include "services/federation/iris.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

TEST_CASE("the server's own IRIs are read back, any other is not", "[federation]") {
  const FederationIris iris("https://trails.example.org");
  const auto trail = iris.Parse(iris.Trail("abc123"));
  REQUIRE(trail);
  CHECK(trail->kind == "trail");
  CHECK(trail->key == "abc123");
  CHECK(trail->part.empty());
  const auto person = iris.Parse(iris.Actor("Ada"));
  REQUIRE(person);
  CHECK(person->kind == "user");
  CHECK(person->key == "ada");
  const auto inbox = iris.Parse(iris.Inbox("ada"));
  REQUIRE(inbox);
  CHECK(inbox->part == "inbox");
  const auto follow = iris.Parse(iris.Activity("f1") + "/accept");
  REQUIRE(follow);
  CHECK(follow->kind == "activity");
  CHECK(follow->key == "f1");
  CHECK(follow->part == "accept");
  CHECK(iris.Parse(iris.Trail("abc") + "#update-3")->key == "abc");
  CHECK(iris.Parse("HTTPS://TRAILS.example.org/api/v1/activitypub/comment/c1")->kind == "comment");
  CHECK_FALSE(iris.Parse("https://other.example.org/api/v1/activitypub/trail/abc"));
  CHECK_FALSE(iris.Parse("https://trails.example.org.evil.net/api/v1/activitypub/trail/abc"));
  CHECK_FALSE(iris.Parse("https://trails.example.org/api/v1/activitypub/trail/"));
  CHECK_FALSE(iris.Parse("https://trails.example.org/api/v1/activitypub/trail"));
  CHECK_FALSE(iris.Parse("https://trails.example.org/trail/abc"));
  CHECK_FALSE(iris.Parse(""));
}

}  // namespace
}  // namespace cairn::services
