// RSA-SHA256 with OpenSSL 3's EVP digest-sign interface, PKCS#1 v1.5 padding stated explicitly.
#include "crypto/rsa_signature.h"

#include <openssl/rsa.h>

#include "crypto/openssl_key.h"

namespace cairn::crypto {
namespace {

using internal::KeyHalf;
using internal::PKey;
using internal::TakeOpenSslError;

struct DigestContextDeleter {
  void operator()(EVP_MD_CTX* context) const { EVP_MD_CTX_free(context); }
};
using DigestContext = std::unique_ptr<EVP_MD_CTX, DigestContextDeleter>;

const unsigned char* Bytes(std::string_view text) {
  return reinterpret_cast<const unsigned char*>(text.data());
}

}  // namespace

util::Result<std::string> SignRsaSha256(std::string_view private_pem, std::string_view data) {
  CAIRN_ASSIGN_OR_RETURN(PKey key,
                         internal::ReadRsaKey(private_pem, KeyHalf::kPrivate, kMinRsaKeyBits));
  DigestContext context(EVP_MD_CTX_new());
  EVP_PKEY_CTX* key_context = nullptr;  // owned by `context`
  size_t length = 0;
  if (!context ||
      EVP_DigestSignInit(context.get(), &key_context, EVP_sha256(), nullptr, key.get()) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(key_context, RSA_PKCS1_PADDING) <= 0 ||
      EVP_DigestSign(context.get(), nullptr, &length, Bytes(data), data.size()) != 1) {
    return util::Error::Internal("RSA-SHA256 signing failed: " + TakeOpenSslError());
  }
  std::string signature(length, '\0');
  if (EVP_DigestSign(context.get(), reinterpret_cast<unsigned char*>(signature.data()), &length,
                     Bytes(data), data.size()) != 1) {
    return util::Error::Internal("RSA-SHA256 signing failed: " + TakeOpenSslError());
  }
  signature.resize(length);
  return signature;
}

util::Result<bool> VerifyRsaSha256(std::string_view public_pem, std::string_view data,
                                   std::string_view signature) {
  CAIRN_ASSIGN_OR_RETURN(PKey key,
                         internal::ReadRsaKey(public_pem, KeyHalf::kPublic, kMinRsaKeyBits));
  DigestContext context(EVP_MD_CTX_new());
  EVP_PKEY_CTX* key_context = nullptr;  // owned by `context`
  if (!context ||
      EVP_DigestVerifyInit(context.get(), &key_context, EVP_sha256(), nullptr, key.get()) != 1 ||
      EVP_PKEY_CTX_set_rsa_padding(key_context, RSA_PKCS1_PADDING) <= 0) {
    return util::Error::Internal("RSA-SHA256 verification failed: " + TakeOpenSslError());
  }
  // 1 is a match; 0 a mismatch, and a negative value a signature OpenSSL could not even read
  // (a wrong length): both are "no" to the caller.
  const bool valid = EVP_DigestVerify(context.get(), Bytes(signature), signature.size(),
                                      Bytes(data), data.size()) == 1;
  TakeOpenSslError();
  return valid;
}

}  // namespace cairn::crypto
