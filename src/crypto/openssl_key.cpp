// PEM decoding with OpenSSL 3's decoders, which read both the generic and the RSA-specific forms.
#include "crypto/openssl_key.h"

#include <openssl/decoder.h>
#include <openssl/err.h>

namespace cairn::crypto::internal {
namespace {

struct DecoderDeleter {
  void operator()(OSSL_DECODER_CTX* context) const { OSSL_DECODER_CTX_free(context); }
};

// Refuses every pass phrase request: keys are stored unencrypted, and OpenSSL's default would
// prompt on the terminal of a server.
int NoPassphrase(char*, int, int, void*) { return -1; }

}  // namespace

util::Result<PKey> ReadRsaKey(std::string_view pem, KeyHalf half, int min_bits) {
  const char* what = half == KeyHalf::kPrivate ? "private" : "public";
  EVP_PKEY* decoded = nullptr;
  const int selection = half == KeyHalf::kPrivate ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY;
  std::unique_ptr<OSSL_DECODER_CTX, DecoderDeleter> decoder(OSSL_DECODER_CTX_new_for_pkey(
      &decoded, "PEM", /*input_structure=*/nullptr, "RSA", selection, nullptr, nullptr));
  if (!decoder) {
    return util::Error::Internal("no RSA key decoder: " + TakeOpenSslError());
  }
  OSSL_DECODER_CTX_set_pem_password_cb(decoder.get(), &NoPassphrase, nullptr);
  const auto* data = reinterpret_cast<const unsigned char*>(pem.data());
  size_t length = pem.size();
  const bool ok = OSSL_DECODER_from_data(decoder.get(), &data, &length) == 1;
  PKey key(decoded);
  TakeOpenSslError();  // the decoders that did not match leave errors behind
  if (!ok || !key) {
    return util::Error::InvalidArgument(std::string("the ") + what +
                                        " key is not an RSA key in PEM form");
  }
  if (EVP_PKEY_get_base_id(key.get()) != EVP_PKEY_RSA) {
    return util::Error::InvalidArgument(std::string("the ") + what + " key is not an RSA key");
  }
  if (const int bits = EVP_PKEY_get_bits(key.get()); bits < min_bits) {
    return util::Error::InvalidArgument(std::string("the ") + what + " key has " +
                                        std::to_string(bits) + " bits, fewer than the " +
                                        std::to_string(min_bits) + " required");
  }
  return key;
}

std::string TakeOpenSslError() {
  const unsigned long code = ERR_get_error();
  std::string reason;
  if (code != 0) {
    const char* text = ERR_reason_error_string(code);
    reason = text != nullptr ? text : "error " + std::to_string(code);
  }
  ERR_clear_error();
  return reason;
}

}  // namespace cairn::crypto::internal
