// Blocked domains cover their subdomains, never a name that merely ends the same way.
#include "services/federation/domain_blocks.h"

#include <catch2/catch.hpp>

#include "test_support/temp_dir.h"

namespace cairn::services {
namespace {

TEST_CASE("a blocked domain covers itself and its subdomains only", "[federation]") {
  test_support::TempDir dir;
  auto db = std::move(storage::Database::Open({dir.path() + "/data.db", 1})).value();
  REQUIRE(BlockDomain(*db, "Spam.Example", "2026-01-01 00:00:00.000Z").ok());
  REQUIRE(BlockDomain(*db, "spam.example", "2026-01-01 00:00:00.000Z").ok());  // twice: one row
  CHECK_FALSE(BlockDomain(*db, "not a domain", "now").ok());
  CHECK_FALSE(BlockDomain(*db, "https://x.org/", "now").ok());
  CHECK(*BlockedDomains(*db) == std::vector<std::string>{"spam.example"});
  const auto blocked = [&](const std::string& url) {
    return *db->Read<bool>([&](storage::Connection& c) { return IsBlockedUrl(c, url); });
  };
  CHECK(blocked("https://spam.example/users/a"));
  CHECK(blocked("https://a.b.SPAM.example:8443/inbox"));
  CHECK_FALSE(blocked("https://notspam.example/users/a"));
  CHECK_FALSE(blocked("https://spam.example.org/users/a"));
  CHECK(blocked("not a url"));
  CHECK(*UnblockDomain(*db, "SPAM.example"));
  CHECK_FALSE(*UnblockDomain(*db, "spam.example"));
  CHECK_FALSE(blocked("https://spam.example/users/a"));
}

}  // namespace
}  // namespace cairn::services
