// The test values of draft-cavage-http-signatures-12 Appendix C, verbatim: its key pair
// ("keyId=Test") and the request all its examples sign. The draft calls the key 2048-bit; its
// modulus has 1024 bits, the smallest Cairn accepts.
#pragma once

#include <cstdint>

#include "test_support/test_request.h"

namespace cairn::test_support {

// Sun, 05 Jan 2014 21:31:40 GMT, the request's Date.
inline constexpr int64_t kCavageDate = 1'388'957'500;

inline constexpr const char* kCavagePublicPem =
    "-----BEGIN PUBLIC KEY-----\n"
    "MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDCFENGw33yGihy92pDjZQhl0C3\n"
    "6rPJj+CvfSC8+q28hxA161QFNUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6\n"
    "Z4UMR7EOcpfdUE9Hf3m/hs+FUR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJw\n"
    "oYi+1hqp1fIekaxsyQIDAQAB\n"
    "-----END PUBLIC KEY-----\n";

// PKCS#1 ("BEGIN RSA PRIVATE KEY"), as the draft prints it.
inline constexpr const char* kCavagePrivatePem =
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIICXgIBAAKBgQDCFENGw33yGihy92pDjZQhl0C36rPJj+CvfSC8+q28hxA161QF\n"
    "NUd13wuCTUcq0Qd2qsBe/2hFyc2DCJJg0h1L78+6Z4UMR7EOcpfdUE9Hf3m/hs+F\n"
    "UR45uBJeDK1HSFHD8bHKD6kv8FPGfJTotc+2xjJwoYi+1hqp1fIekaxsyQIDAQAB\n"
    "AoGBAJR8ZkCUvx5kzv+utdl7T5MnordT1TvoXXJGXK7ZZ+UuvMNUCdN2QPc4sBiA\n"
    "QWvLw1cSKt5DsKZ8UETpYPy8pPYnnDEz2dDYiaew9+xEpubyeW2oH4Zx71wqBtOK\n"
    "kqwrXa/pzdpiucRRjk6vE6YY7EBBs/g7uanVpGibOVAEsqH1AkEA7DkjVH28WDUg\n"
    "f1nqvfn2Kj6CT7nIcE3jGJsZZ7zlZmBmHFDONMLUrXR/Zm3pR5m0tCmBqa5RK95u\n"
    "412jt1dPIwJBANJT3v8pnkth48bQo/fKel6uEYyboRtA5/uHuHkZ6FQF7OUkGogc\n"
    "mSJluOdc5t6hI1VsLn0QZEjQZMEOWr+wKSMCQQCC4kXJEsHAve77oP6HtG/IiEn7\n"
    "kpyUXRNvFsDE0czpJJBvL/aRFUJxuRK91jhjC68sA7NsKMGg5OXb5I5Jj36xAkEA\n"
    "gIT7aFOYBFwGgQAQkWNKLvySgKbAZRTeLBacpHMuQdl1DfdntvAyqpAZ0lY0RKmW\n"
    "G6aFKaqQfOXKCyWoUiVknQJAXrlgySFci/2ueKlIE1QqIiLSZ8V8OlpFLRnb1pzI\n"
    "7U1yQXnTAEFYM560yJlzUpOb1V4cScGd365tiSMvxLOvTA==\n"
    "-----END RSA PRIVATE KEY-----\n";

inline TestRequest CavageRequest() {
  return {"POST",
          "/foo?param=value&pet=dog",
          {{"Host", "example.com"},
           {"Date", "Sun, 05 Jan 2014 21:31:40 GMT"},
           {"Content-Type", "application/json"},
           {"Digest", "SHA-256=X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE="},
           {"Content-Length", "18"}},
          R"({"hello": "world"})"};
}

}  // namespace cairn::test_support
