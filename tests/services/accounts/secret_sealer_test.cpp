#include "services/accounts/secret_sealer.h"

#include <catch2/catch.hpp>

namespace cairn::services {
namespace {

TEST_CASE("Sealed secrets open only with their installation secret", "[accounts][secrets]") {
  const SecretSealer sealer("installation secret one");
  const std::string sealed = sealer.Seal("client-secret-123");
  CHECK(SecretSealer::IsSealed(sealed));
  CHECK(sealed.find("client-secret-123") == std::string::npos);
  CHECK(sealer.Seal("client-secret-123") != sealed);  // a fresh nonce each time
  auto opened = sealer.Open(sealed);
  REQUIRE(opened.ok());
  CHECK(*opened == "client-secret-123");
  auto empty = sealer.Open(sealer.Seal(""));
  REQUIRE(empty.ok());
  CHECK(empty->empty());

  const SecretSealer other("installation secret two");
  CHECK_FALSE(other.Open(sealed).ok());
  std::string changed = sealed;
  changed[changed.size() - 3] = changed[changed.size() - 3] == 'A' ? 'B' : 'A';
  auto tampered = sealer.Open(changed);
  REQUIRE_FALSE(tampered.ok());
  CHECK(tampered.error().message.find("client-secret") == std::string::npos);
  CHECK_FALSE(sealer.Open("plain text").ok());
  CHECK_FALSE(sealer.Open("sealed:1:").ok());
  CHECK_FALSE(SecretSealer::IsSealed("client-secret-123"));
}

}  // namespace
}  // namespace cairn::services
