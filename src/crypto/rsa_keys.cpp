// RSA key generation and PEM writing with OpenSSL 3's EVP interface.
#include "crypto/rsa_keys.h"

#include <openssl/bio.h>
#include <openssl/pem.h>
#include <openssl/rsa.h>

#include "crypto/openssl_key.h"

namespace cairn::crypto {
namespace {

using internal::PKey;
using internal::TakeOpenSslError;

struct BioDeleter {
  void operator()(BIO* bio) const { BIO_free(bio); }
};
using Bio = std::unique_ptr<BIO, BioDeleter>;

std::string Contents(BIO* bio) {
  char* data = nullptr;
  const long length = BIO_get_mem_data(bio, &data);
  return length > 0 ? std::string(data, static_cast<size_t>(length)) : std::string();
}

util::Result<std::string> PublicPem(EVP_PKEY* key) {
  Bio bio(BIO_new(BIO_s_mem()));
  if (!bio || PEM_write_bio_PUBKEY(bio.get(), key) != 1) {
    return util::Error::Internal("the public key could not be written: " + TakeOpenSslError());
  }
  return Contents(bio.get());
}

}  // namespace

util::Result<RsaKeyPair> GenerateRsaKeyPair() {
  PKey key(EVP_RSA_gen(kRsaKeyBits));
  if (!key) return util::Error::Internal("no RSA key was made: " + TakeOpenSslError());
  // Secure memory is wiped when freed, so no copy of the private key outlives this call but the
  // one returned.
  Bio bio(BIO_new(BIO_s_secmem()));
  // PEM_write_bio_PrivateKey writes PKCS#8 ("BEGIN PRIVATE KEY"), unencrypted without a cipher.
  if (!bio ||
      PEM_write_bio_PrivateKey(bio.get(), key.get(), nullptr, nullptr, 0, nullptr, nullptr) != 1) {
    return util::Error::Internal("the private key could not be written: " + TakeOpenSslError());
  }
  RsaKeyPair pair;
  pair.private_pem = Contents(bio.get());
  CAIRN_ASSIGN_OR_RETURN(pair.public_pem, PublicPem(key.get()));
  return pair;
}

util::Result<std::string> PublicPemOfPrivate(std::string_view private_pem) {
  CAIRN_ASSIGN_OR_RETURN(
      PKey key, internal::ReadRsaKey(private_pem, internal::KeyHalf::kPrivate, kMinRsaKeyBits));
  return PublicPem(key.get());
}

}  // namespace cairn::crypto
