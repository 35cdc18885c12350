// SHA-256 against FIPS 180-2's examples, whole and in pieces.
#include "util/sha256.h"

#include <catch2/catch.hpp>

#include "util/base64.h"

namespace cairn::util {
namespace {

TEST_CASE("SHA-256 of FIPS 180-2's examples, as hex and as raw bytes", "[util][sha256]") {
  CHECK(Sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  CHECK(Sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  const std::string digest = Sha256Digest("abc");
  REQUIRE(digest.size() == 32);
  CHECK(static_cast<unsigned char>(digest[0]) == 0xba);
  CHECK(static_cast<unsigned char>(digest[31]) == 0xad);
  Sha256 pieces;
  pieces.Update("abcdbcdecdefdefgefghfghighijhijk");
  pieces.Update("ijkljklmklmnlmnomnopnopq");
  CHECK(pieces.FinishHex() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  // The body of draft-cavage-http-signatures-12's examples and its Digest header's value.
  CHECK(Base64Encode(Sha256Digest(R"({"hello": "world"})")) ==
        "X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=");
}

}  // namespace
}  // namespace cairn::util
