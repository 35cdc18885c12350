// libsodium's secretbox over secrets kept for plugins.
#include "services/accounts/secret_sealer.h"

#include <sodium.h>

#include "util/base64.h"
#include "util/sodium.h"

namespace cairn::services {
namespace {

constexpr std::string_view kPrefix = "sealed:1:";
constexpr std::string_view kContext = "cairn plugin secrets 1";

}  // namespace

SecretSealer::SecretSealer(std::string_view installation_secret) {
  util::EnsureSodiumReady();
  key_.resize(crypto_secretbox_KEYBYTES);
  const std::string input = std::string(kContext) + '\0' + std::string(installation_secret);
  crypto_generichash(reinterpret_cast<unsigned char*>(key_.data()), key_.size(),
                     reinterpret_cast<const unsigned char*>(input.data()), input.size(), nullptr,
                     0);
}

std::string SecretSealer::Seal(std::string_view plain) const {
  std::string box(crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES + plain.size(), '\0');
  auto* nonce = reinterpret_cast<unsigned char*>(box.data());
  randombytes_buf(nonce, crypto_secretbox_NONCEBYTES);
  crypto_secretbox_easy(nonce + crypto_secretbox_NONCEBYTES,
                        reinterpret_cast<const unsigned char*>(plain.data()), plain.size(), nonce,
                        reinterpret_cast<const unsigned char*>(key_.data()));
  return std::string(kPrefix) + util::Base64Encode(box, util::Base64Alphabet::kUrlSafeUnpadded);
}

util::Result<std::string> SecretSealer::Open(std::string_view sealed) const {
  if (!IsSealed(sealed)) return util::Error::InvalidArgument("not a sealed secret");
  const auto box =
      util::Base64Decode(sealed.substr(kPrefix.size()), util::Base64Alphabet::kUrlSafeUnpadded);
  if (!box || box->size() < crypto_secretbox_NONCEBYTES + crypto_secretbox_MACBYTES) {
    return util::Error::InvalidArgument("a sealed secret is damaged");
  }
  const auto* nonce = reinterpret_cast<const unsigned char*>(box->data());
  std::string plain(box->size() - crypto_secretbox_NONCEBYTES - crypto_secretbox_MACBYTES, '\0');
  if (crypto_secretbox_open_easy(reinterpret_cast<unsigned char*>(plain.data()),
                                 nonce + crypto_secretbox_NONCEBYTES,
                                 box->size() - crypto_secretbox_NONCEBYTES, nonce,
                                 reinterpret_cast<const unsigned char*>(key_.data())) != 0) {
    return util::Error::InvalidArgument(
        "a sealed secret does not open (changed, or sealed with another installation secret)");
  }
  return plain;
}

bool SecretSealer::IsSealed(std::string_view value) { return value.starts_with(kPrefix); }

}  // namespace cairn::services
